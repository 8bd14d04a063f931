#!/usr/bin/env python3
"""Compares the planner on a plan with and without repeat rules; run by repeat-rules.sh.

    repeat-rules.py add-rules MEALPLAN_BINARY DATABASE RULES ACTIVE
    repeat-rules.py measure MEALPLAN_BINARY RUNS STEPS DATABASE_WITHOUT DATABASE_WITH DATABASE_SAME_MEALS

add-rules adds RULES varied rules to DATABASE with `mealplan repeat add` (deterministic: the
same arguments give the same rules): every pattern (days, weeks on weekdays, months on a day or
on a weekday, years; intervals of 1 to 4), a quarter beginning on 0001-01-01 and the rest on a
day from 1800 on, ACTIVE of them still happening today (no end, a far --until or a
large --count) and the others ended before (an --until in the past, or a --count that ran out
for some of those begun in the year 1),
as the rules of a plan kept for a long time are.

measure alternates RUNS starts of the planner at 120x40 in a private tmux server on each
database, timing each from the moment tmux starts it until the first screen is drawn (wall) and
reading the planner's CPU time at that point (from /proc: the measure a busy machine does not
stretch); then, in 5 planners per database (taken in turn), times STEPS presses of each scroll key from
send-keys until the screen changed and the planner waits for input again (the mean counts the
presses that load the next days). DATABASE_SAME_MEALS is measured alike: the plan without rules
showing the same meals as the one with them, stored as single meals. Prints a Markdown table
with the ratios of the plan with rules to each; exits 1 when it costs more than 10 % more CPU
(median or mean) than the plan without rules.
"""
import datetime
import random
import statistics
import subprocess
import sys
import time

import run_record
from tmux_pane import Tmux, cpu_seconds, planner_command, planner_drawn, start_planner, wait_until_idle

WIDTH, HEIGHT = 120, 40
GOAL_RATIO = 1.10
SCROLL_ROUNDS = 5
SCROLL_KEYS = (("J", "J (next day)"), ("C-e", "Ctrl-E (scroll a line)"), ("NPage", "PgDn (a page)"),
               ("]", "] (a week)"))
SLOTS = ("breakfast", "lunch", "dinner", "snack")
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


def rule_arguments(number, active, today, rng):
    """The `repeat add` arguments of rule `number`; the first `active` ones still happen today."""
    # A rule that ended lasted 20 years at least, so that even its rarest pattern happened.
    latest = today - datetime.timedelta(days=30 if number < active else 30 * 366)
    first = datetime.date(1, 1, 1) if number % 4 == 0 else \
        datetime.date(1800, 1, 1) + datetime.timedelta(days=rng.randrange((latest - datetime.date(1800, 1, 1)).days))
    interval = rng.choice((1, 1, 1, 2, 3, 4))
    kind = rng.choice(("d", "w", "w", "w", "m-day", "m-weekday", "y"))
    if kind == "w":
        pattern = ["--every", f"{interval}w", "--on", ",".join(rng.sample(WEEKDAYS, rng.randint(1, 3)))]
    elif kind == "m-day":
        pattern = ["--every", f"{interval}m", "--on", str(rng.randint(1, 31))]
    elif kind == "m-weekday":
        ordinal = rng.choice(("1", "2", "3", "4", "5", "last-", "-2"))
        pattern = ["--every", f"{interval}m", "--on", ordinal + rng.choice(WEEKDAYS)]
    else:
        pattern = ["--every", f"{interval}{kind}"]
    if number < active:
        end = rng.choice(([], [], ["--until", "9999-12-31"], ["--count", "100000000"]))
    elif first.year == 1 and rng.random() < 0.5:
        end = ["--count", str(rng.randint(1, 200))]  # over by the year 801 at the latest
    else:
        lasted = 20 * 366 + rng.randrange((today - first).days - 60 - 20 * 366)
        end = ["--until", (first + datetime.timedelta(days=lasted)).isoformat()]
    slot = SLOTS[number % len(SLOTS)]
    return [first.isoformat(), slot, f"Rule {number} {slot}", *pattern, *end]


def add_rules(binary, database, count, active):
    rng = random.Random(13)
    today = datetime.date.today()
    started = time.monotonic()
    for number in range(count):
        arguments = rule_arguments(number, active, today, rng)
        result = subprocess.run([binary, "repeat", "add", "--db", database, *arguments],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if result.returncode:
            sys.exit(f"repeat add {' '.join(arguments)}: {result.stderr.strip()}")
    elapsed = time.monotonic() - started
    print(f"{count} commands in {elapsed:.1f} s ({elapsed / max(count, 1) * 1000:.0f} ms each)")


def first_screens(binary, runs, databases):
    """Per database, the (wall, CPU) seconds of `runs` starts, the databases taken in turn."""
    times = {database: [] for database in databases}
    tmux = Tmux(WIDTH, HEIGHT)
    try:
        for _ in range(runs):
            for database in databases:
                wall = tmux.first_screen(planner_command(binary, database), planner_drawn)
                pid = tmux.pane_pid()
                wait_until_idle(pid)
                times[database].append((wall, cpu_seconds(pid)))
                tmux.run("send-keys", "-t", "0", "q")
                tmux.wait_for_exit()
    finally:
        tmux.close()
    return times


def scroll_steps(binary, steps, database):
    """Per scroll key, the (wall, CPU) seconds of `steps` presses from today on."""
    times = {}
    with start_planner(binary, database, width=WIDTH, height=HEIGHT) as (tmux, pid):
        for key, label in SCROLL_KEYS:
            times[label] = [tmux.timed_key(pid, key) for _ in range(steps)]
    return times


def occurrences_today(binary, database):
    today = datetime.date.today().isoformat()
    listed = subprocess.run([binary, "list", "--db", database, "--from", today, "--days", "1", "--format", "csv"],
                            check=True, stdout=subprocess.PIPE, text=True).stdout.splitlines()[1:]
    return len(listed)


def ms(seconds):
    return f"{seconds * 1000:.2f} ms"


def measure(binary, runs, steps, without, with_rules, same_meals):
    databases = (without, with_rules, same_meals)
    print(f"\nplanner at {WIDTH}x{HEIGHT}: meals today without rules {occurrences_today(binary, without)}, "
          f"with rules {occurrences_today(binary, with_rules)}, stored alike {occurrences_today(binary, same_meals)}")
    print("| measure | without rules | with rules | same meals stored | ratio to without | ratio to same meals |")
    print("|---|---|---|---|---|---|")
    print("| (planner CPU, median / mean; wall median) | | | | (median / mean) | (median / mean) |")
    rows = []
    starts = first_screens(binary, runs, databases)
    rows.append((f"first screen, {runs} starts", [starts[database] for database in databases]))
    # A planner's scroll keys cost alike within one process but can shift by a third from one
    # process to the next (where its memory lands, which core it runs on): the presses are
    # spread over SCROLL_ROUNDS planners per plan, the plans taken in turn.
    scrolls = [{} for _ in databases]
    for _ in range(SCROLL_ROUNDS):
        for times, database in zip(scrolls, databases):
            for label, pairs in scroll_steps(binary, steps, database).items():
                times.setdefault(label, []).extend(pairs)
    rows += [(f"{label}, {SCROLL_ROUNDS} × {steps} presses", [times[label] for times in scrolls]) for label in scrolls[0]]
    worst = worst_alike = 0.0
    for label, measured in rows:
        figures = [(statistics.median(cpu for _, cpu in pairs), statistics.mean(cpu for _, cpu in pairs),
                    statistics.median(wall for wall, _ in pairs)) for pairs in measured]
        (plain_cpu, plain_mean, _), (ruled_cpu, ruled_mean, _), (alike_cpu, alike_mean, _) = figures
        ratios = (ruled_cpu / plain_cpu, ruled_mean / plain_mean)
        alike = (ruled_cpu / alike_cpu, ruled_mean / alike_mean)
        worst, worst_alike = max(worst, *ratios), max(worst_alike, *alike)
        cells = [f"{ms(cpu)} / {ms(mean)} ({ms(wall)})" for cpu, mean, wall in figures]
        print(f"| {label} | {' | '.join(cells)} | {ratios[0]:.2f}× / {ratios[1]:.2f}× | {alike[0]:.2f}× / {alike[1]:.2f}× |")
        for plan, (cpu, mean, wall) in zip(("without rules", "with rules", "the same meals stored"), figures):
            run_record.add(f"{label}, {plan}, planner CPU, median", cpu * 1000, "ms")
            run_record.add(f"{label}, {plan}, planner CPU, mean", mean * 1000, "ms")
            run_record.add(f"{label}, {plan}, wall, median", wall * 1000, "ms")
        run_record.add(f"{label}, rules against none, median", ratios[0], "x")
        run_record.add(f"{label}, rules against none, mean", ratios[1], "x")
        run_record.add(f"{label}, rules against the same meals stored, median", alike[0], "x")
        run_record.add(f"{label}, rules against the same meals stored, mean", alike[1], "x")
    met = worst <= GOAL_RATIO
    print(f"\ngoal: with rules within {GOAL_RATIO - 1:.0%} of the CPU without (worst {worst:.2f}×): "
          f"{'met' if met else 'MISSED'}; of the same meals stored, worst {worst_alike:.2f}×")
    return met


def main():
    if sys.argv[1:2] == ["add-rules"] and len(sys.argv) == 6:
        add_rules(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    elif sys.argv[1:2] == ["measure"] and len(sys.argv) == 8:
        sys.exit(0 if measure(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), *sys.argv[5:8]) else 1)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
