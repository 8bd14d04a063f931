#!/usr/bin/env python3
"""The planner's memory over a whole session; run by planner-session-memory.sh.

    planner-session-memory.py add-rules MEALPLAN_BINARY DATABASE RULES
    planner-session-memory.py add-recipes DATABASE RECIPES_FOLDER FIRST_DAY DAYS
    planner-session-memory.py measure MEALPLAN_BINARY RUNS RECIPES_FOLDER DATABASE_WITH_RULES DATABASE_WITHOUT \
        CALCURSE_FOLDER CALCURSE_COMMAND

add-rules stores RULES varied repeat rules in DATABASE (deterministic): all but the last with
SQLite's INSERT, as another program would, and the last with `mealplan repeat add`, whose write
stores every rule's last possible day (the column the store fills for rules it did not write).
Every frequency, intervals 1 to 4; a quarter begin on 0001-01-01, the others on any day from
then to 30 years ago; the first 20 never end, the others last 20 to 30 years or a count of 1 to
500 times, so that the year 500, like any year, has rules that happen in it.

add-recipes gives the meals of DAYS days from FIRST_DAY (ISO) a recipe of RECIPES_FOLDER and 4
servings, so that the shopping list of those days lists ingredients.

measure runs RUNS sessions on each plan in turn (the plan without rules is the peer: what the
rules add shows beside it). A session starts the planner at 80x24 in a private tmux server and
goes, in order, reading VmRSS and VmHWM from /proc after each step, through: the first screen;
2,000 weeks scrolled with "]" (sent in batches, each waited for on the status line); a search
("/" and a title planned 3 days after the day shown); the shopping list of the days shown ("s");
the add prompt with a title completed by Tab; a jump ("g") to 0500-01-01. Every wait is a
bounded poll of the screen, then of the process being idle. Then RUNS first screens of calcurse
(CALCURSE_COMMAND, on CALCURSE_FOLDER, the same meals), at the same size, each until it shows
today's appointments, VmHWM read after each. Prints a table; exits 1 when a goal is missed: the
final VmHWM of the worst session with rules above a fifth of calcurse's (median), or VmRSS after
the 2,000 weeks more than 1 MiB above VmRSS after the first screen in a session with rules.
"""
import datetime
import os
import random
import sqlite3
import statistics
import subprocess
import sys

import run_record
from tmux_pane import Tmux, calcurse_drawn, memory_kib, start_planner, status_date, status_line, wait_until_idle

WIDTH, HEIGHT = 80, 24
# The session's peak at most a fifth of calcurse's first screen on the same meals.
CALCURSE_MEMORY_GOAL = 5
# VmRSS after the 2,000 weeks at most this much above VmRSS after the first screen.
GROWTH_GOAL_KIB = 1024
WEEKS = 2000
BATCH = 250
JUMP = datetime.date(500, 1, 1)
EPOCH = datetime.date(1970, 1, 1)
SLOTS = 4
NEVER_ENDING = 20


def day_number(date):
    return (date - EPOCH).days


def rule_row(number, today, rng):
    """The columns of rule `number`: every frequency, intervals 1 to 4, ends of every kind."""
    year_one = datetime.date(1, 1, 1)
    first = year_one if rng.random() < 0.25 else \
        year_one + datetime.timedelta(days=rng.randrange((today - year_one).days - 30 * 366))
    frequency = ("day", "week", "month", "year")[number % 4]
    row = {"slotId": 1 + number % SLOTS, "title": f"Rule {number}", "firstDay": day_number(first),
           "frequency": frequency, "interval": rng.randint(1, 4), "weekdays": None, "monthDay": None,
           "ordinal": None, "weekday": None, "untilDay": None, "count": None}
    if frequency == "week":
        row["weekdays"] = rng.randint(1, 127)
    elif frequency == "month" and rng.random() < 0.5:
        row["ordinal"], row["weekday"] = rng.choice((1, 2, 3, 4, -1)), rng.randint(1, 7)
    elif frequency == "month":
        row["monthDay"] = rng.randint(1, 28)
    if number >= NEVER_ENDING:
        if rng.random() < 0.3:
            row["count"] = rng.randint(1, 500)
        else:
            row["untilDay"] = row["firstDay"] + 20 * 366 + rng.randrange(10 * 366)
    return row


def add_rules(binary, database, count):
    rng = random.Random(22)
    today = datetime.date.today()
    rows = [rule_row(number, today, rng) for number in range(count - 1)]
    with sqlite3.connect(database) as connection:
        columns = list(rows[0])
        connection.executemany(
            f"INSERT INTO rule({', '.join(columns)}) VALUES ({', '.join(':' + column for column in columns)})", rows)
    subprocess.run([binary, "repeat", "add", "--db", database, "0001-01-01", "dinner", f"Rule {count - 1}",
                    "--every", "week", "--on", "sun", "--until", "0100-12-31"], check=True, stdout=subprocess.DEVNULL)


def add_recipes(database, recipes, first, days):
    names = sorted(os.path.relpath(os.path.join(folder, file), recipes)[:-len(".cook")]
                   for folder, _, files in os.walk(recipes) for file in files if file.endswith(".cook"))
    start = day_number(datetime.date.fromisoformat(first))
    with sqlite3.connect(database) as connection:
        ids = [row[0] for row in connection.execute(
            "SELECT id FROM meal WHERE day BETWEEN ? AND ? ORDER BY id", (start, start + days - 1))]
        connection.executemany("UPDATE meal SET recipe = ?, servings = 4 WHERE id = ?",
                               [(names[index % len(names)], meal) for index, meal in enumerate(ids)])


def measure(binary, database, recipes):
    steps = []
    with start_planner(binary, database, "--recipes", recipes, width=WIDTH, height=HEIGHT) as (tmux, pid):

        def press(keys, done, what, literal=True):
            """Sends `keys`, waits until `done(screen)` holds and the planner waits for input."""
            tmux.run("send-keys", "-t", "0", *(["-l"] if literal else []), keys)
            tmux.wait_for(done, what)
            wait_until_idle(pid)

        def record(name):
            steps.append((name, *memory_kib(pid)))

        wait_until_idle(pid)
        record("first screen")

        today = datetime.date.today()
        for sent in range(BATCH, WEEKS + 1, BATCH):
            wanted = status_date(today + datetime.timedelta(weeks=sent))
            press("]" * BATCH, lambda screen: status_line(screen).startswith(wanted), wanted)
        record(f"{WEEKS:,} weeks scrolled (])")
        shown = today + datetime.timedelta(weeks=WEEKS)

        # A title planned a few days after the day shown: the search has a match to move to.
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
            title = connection.execute("SELECT title FROM meal WHERE day = ? ORDER BY slotId LIMIT 1",
                                       (day_number(shown) + 3,)).fetchone()[0]
        press("/", lambda screen: "? help" not in status_line(screen), "the search prompt")
        press(title, lambda screen: title in status_line(screen), "the search text")
        press("Enter", lambda screen: "? help" in status_line(screen)
              and not status_line(screen).startswith(status_date(shown)), "the selection on a match", literal=False)
        record("search (/, a title, Enter)")

        press("s", lambda screen: "Shopping list ·" in screen, "the shopping list")
        record("shopping list of the days shown (s)")
        press("Escape", lambda screen: "Shopping list ·" not in screen, "the plan again", literal=False)

        press("a", lambda screen: "Slot:" in screen, "the slot field")
        press("Enter", lambda screen: "Title:" in screen, "the title field", literal=False)
        prefix = title[:2]
        press(prefix, lambda screen: f"Title: {prefix}" in screen, "the typed prefix")
        press("Tab", lambda screen: title_completed(screen, prefix), "a completed title", literal=False)
        record("title completed (a, Tab)")
        press("Escape", lambda screen: "Title:" not in screen, "the plan again", literal=False)

        press("g", lambda screen: "? help" not in status_line(screen), "the date prompt")
        press(JUMP.isoformat(), lambda screen: JUMP.isoformat() in screen, "the typed date")
        press("Enter", lambda screen: status_line(screen).startswith(status_date(JUMP)), status_date(JUMP), literal=False)
        record(f"jump to {JUMP.isoformat()} (g)")
        return steps


def calcurse_first_screen(folder, command):
    """VmHWM (KiB) of calcurse once its first screen shows today's appointments of `folder`."""
    today = datetime.date.today()
    date = f"{today.month:02}/{today.day:02}/{today.year:04} @"
    with open(os.path.join(folder, "apts"), encoding="utf-8") as apts:
        titles = [line.rstrip("\n").split("|", 1)[1] for line in apts if line.startswith(date)]
    if not titles:
        sys.exit(f"no appointments today in {folder}: calcurse's first screen would show none")
    tmux = Tmux(WIDTH, HEIGHT)
    try:
        tmux.first_screen(f"exec env TERM=tmux-256color {command}", calcurse_drawn(titles))
        peak = memory_kib(tmux.pane_pid())[1]
        tmux.quit("q")
        return peak
    finally:
        tmux.close()


def title_completed(screen, prefix):
    """Whether the title field holds more than the typed prefix (Tab completed it)."""
    for line in screen.splitlines():
        if "Title:" in line:
            return line.split("Title:", 1)[1].strip() != prefix
    return False


def mib(kib):
    return f"{kib / 1024:.1f}"


def spread(values):
    """ "median (min–max)" in MiB, or the one value when all runs agree to 0.1 MiB."""
    low, middle, high = mib(min(values)), mib(statistics.median(values)), mib(max(values))
    return middle if low == high else f"{middle} ({low}–{high})"


def main():
    command, arguments = sys.argv[1:2], sys.argv[2:]
    if command == ["add-rules"] and len(arguments) == 3:
        add_rules(arguments[0], arguments[1], int(arguments[2]))
        return
    if command == ["add-recipes"] and len(arguments) == 4:
        add_recipes(arguments[0], arguments[1], arguments[2], int(arguments[3]))
        return
    if command != ["measure"] or len(arguments) != 7:
        sys.exit(__doc__)
    binary, runs, recipes, with_rules, without, calendar, calcurse = arguments[0], int(arguments[1]), *arguments[2:]
    # The plans in turn, so that both see the same machine.
    sessions = {with_rules: [], without: []}
    for _ in range(runs):
        for database, results in sessions.items():
            results.append(measure(binary, database, recipes))
    print(f"\nplanner {binary} at {WIDTH}x{HEIGHT}, {runs} sessions per plan, in MiB: median (min–max)")
    print("| step | VmRSS, with rules | VmHWM, with rules | VmRSS, without rules (peer) | VmHWM, without rules (peer) |")
    print("|---|---|---|---|---|")
    for index, (name, *_) in enumerate(sessions[with_rules][0]):
        columns = []
        for results in sessions.values():
            columns += [spread([steps[index][1] for steps in results]), spread([steps[index][2] for steps in results])]
        print(f"| {name} | {' | '.join(columns)} |")
        for plan, results in zip(("with rules", "without rules"), sessions.values()):
            run_record.add(f"{name}, {plan}, VmRSS, median", statistics.median(steps[index][1] for steps in results) / 1024, "MiB")
            run_record.add(f"{name}, {plan}, VmHWM, median", statistics.median(steps[index][2] for steps in results) / 1024, "MiB")
    own = [spread([steps[index][3] for steps in results]) for results in sessions.values() for index in (0, -1)]
    print(f"\nthe planner's own data (RssAnon) after the first screen and at the end: with rules {own[0]} and "
          f"{own[1]}, without {own[2]} and {own[3]} MiB")
    final = max(steps[-1][2] for steps in sessions[with_rules])
    run_record.add("session peak, worst session with rules, VmHWM", final / 1024, "MiB")
    calcurse_kib = statistics.median(calcurse_first_screen(calendar, calcurse) for _ in range(runs))
    run_record.add("calcurse's first screen, VmHWM, median", calcurse_kib / 1024, "MiB")
    run_record.add("session peak against calcurse's first screen", final / calcurse_kib, "x")
    growth = max(steps[1][1] - steps[0][1] for steps in sessions[with_rules])
    run_record.add(f"VmRSS growth over {WEEKS:,} weeks, worst session with rules", growth / 1024, "MiB")
    peak_met = CALCURSE_MEMORY_GOAL * final <= calcurse_kib
    flat_met = growth <= GROWTH_GOAL_KIB
    print(f"\ngoal: peak (final VmHWM, worst session with rules) ≤ 1/{CALCURSE_MEMORY_GOAL} of calcurse's first "
          f"screen on the same meals ({mib(calcurse_kib)} MiB, median of {runs}): "
          f"{'met' if peak_met else 'MISSED'} ({mib(final)} MiB, {calcurse_kib / final:.1f}× less)")
    print(f"goal: VmRSS growth over {WEEKS:,} weeks (worst session with rules) ≤ {mib(GROWTH_GOAL_KIB)} MiB: "
          f"{'met' if flat_met else 'MISSED'} ({mib(growth)} MiB)")
    sys.exit(0 if peak_met and flat_met else 1)


if __name__ == "__main__":
    main()
