#!/usr/bin/env python3
"""Times both planners' first screens and prints one size's table; run by side-by-side.sh.

    side-by-side.py FOLDER MEALS RUNS MEALPLAN_BINARY DATABASE CALCURSE_COMMAND LOAD_BEFORE

FOLDER holds what side-by-side.sh measured for this size: hyperfine's JSON (import, list,
export) and GNU time's peak memory in KiB (NAME.kib). This script adds the first screens: RUNS
starts of `mealplan` and of calcurse (CALCURSE_COMMAND: calcurse with its environment and data
folder) at 120x40 in a private tmux server, each until the screen shows today's meals, and
VmHWM of each after its last first screen. Exits 1 when a goal is missed.
"""
import datetime
import json
import sqlite3
import statistics
import sys

import run_record
from tmux_pane import Tmux, calcurse_drawn, memory_kib, planner_command, planner_drawn

WIDTH, HEIGHT = 120, 40
# The goals hold for a plan of a million meals; smaller plans are shown for the trend only
# (there a command's fixed start-up of ~10 ms is most of its time).
GOALS_FROM_MEALS = 1_000_000
FIRST_SCREEN_GOAL = 0.1
CALCURSE_SPEEDUP_GOAL = 100
LIST_GOAL = 3
EXPORT_GOAL = 1
IMPORT_GOAL = 1
# The planner's peak at most a fifth of calcurse's on the same plan.
CALCURSE_MEMORY_GOAL = 5


def todays_titles(database):
    """The titles of today's meals, which both planners show on their first screen."""
    today = (datetime.date.today() - datetime.date(1970, 1, 1)).days
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        titles = [row[0] for row in connection.execute("SELECT title FROM meal WHERE day = ?", (today,))]
    if not titles:
        sys.exit(f"no meals today in {database}: the first screens would not show any")
    return titles


def first_screens(command, drawn, runs, quit_key):
    """Median seconds to the first screen over `runs` starts, and VmHWM (KiB) after the last."""
    tmux = Tmux(WIDTH, HEIGHT)
    try:
        times = tmux.first_screens(command, drawn, runs, quit_key)
        peak = memory_kib(tmux.pane_pid())[1]
        tmux.quit(quit_key)
        return statistics.median(times), peak
    finally:
        tmux.close()


def hyperfine_medians(folder, name):
    return [result["median"] for result in json.load(open(f"{folder}/{name}.json"))["results"]]


def peak_kib(folder, name):
    with open(f"{folder}/{name}.kib") as file:
        return int(file.read().split()[-1])


def seconds(value):
    return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.2f} s"


def mib(kib):
    return f"{kib / 1024:.1f} MiB"


def verdict(met):
    return "" if met is None else "met" if met else "**missed**"


def main():
    folder, meals, runs, binary, database, calcurse, load_before = sys.argv[1:]
    meals, runs = int(meals), int(runs)
    titles = todays_titles(database)

    mealplan_screen, mealplan_hwm = first_screens(
        planner_command(binary, database),
        lambda screen: planner_drawn(screen) and all(title in screen for title in titles), runs, "q")
    calcurse_screen, calcurse_hwm = first_screens(
        f"exec env TERM=tmux-256color {calcurse}",
        calcurse_drawn(titles), runs, "q")

    (imported,) = hyperfine_medians(folder, "import")
    list_ours, list_calcurse, list_sqlite = hyperfine_medians(folder, "list")
    export_ours, export_calcurse, export_sqlite = hyperfine_medians(folder, "export")
    rows = [
        # measure, mealplan, calcurse, sqlite3, calcurse ÷ mealplan, mealplan ÷ sqlite3, goal, met
        ("start to first drawn screen, 120×40", seconds(mealplan_screen), seconds(calcurse_screen), "",
         f"{calcurse_screen / mealplan_screen:.0f}×", "",
         f"≤ {FIRST_SCREEN_GOAL} s, ≥ {CALCURSE_SPEEDUP_GOAL}× calcurse",
         mealplan_screen <= FIRST_SCREEN_GOAL and calcurse_screen >= CALCURSE_SPEEDUP_GOAL * mealplan_screen),
        ("list one week", seconds(list_ours), seconds(list_calcurse), seconds(list_sqlite),
         f"{list_calcurse / list_ours:.1f}×", f"{list_ours / list_sqlite:.2f}×", f"≤ {LIST_GOAL}× sqlite3",
         list_ours <= LIST_GOAL * list_sqlite),
        ("export all meals (CSV / iCalendar / `-csv`)", seconds(export_ours), seconds(export_calcurse),
         seconds(export_sqlite), f"{export_calcurse / export_ours:.1f}×", f"{export_ours / export_sqlite:.2f}×",
         f"≤ {EXPORT_GOAL}× sqlite3", export_ours <= EXPORT_GOAL * export_sqlite),
        ("import the CSV into a fresh database", seconds(imported), "none comparable", "", "", "",
         f"≤ {IMPORT_GOAL} s", imported <= IMPORT_GOAL),
        ("peak memory, planner (`VmHWM`)", mib(mealplan_hwm), mib(calcurse_hwm), "",
         f"{calcurse_hwm / mealplan_hwm:.1f}×", "", f"≤ 1/{CALCURSE_MEMORY_GOAL} of calcurse's",
         CALCURSE_MEMORY_GOAL * mealplan_hwm <= calcurse_hwm),
    ]
    for operation, tools in (("list", ("mealplan", "calcurse", "sqlite3")),
                             ("export", ("mealplan", "calcurse", "sqlite3")), ("import", ("mealplan",))):
        kib = [peak_kib(folder, f"{operation}-{tool}") for tool in tools] + [None] * (3 - len(tools))
        rows.append((f"peak memory, {operation} (GNU time `%M`)", *(mib(k) if k else "" for k in kib),
                     f"{kib[1] / kib[0]:.1f}×" if kib[1] else "", f"{kib[0] / kib[2]:.1f}×" if kib[2] else "",
                     "", None))

    for name, value, unit in [("first screen, mealplan", mealplan_screen * 1000, "ms"),
                              ("first screen, calcurse", calcurse_screen * 1000, "ms"),
                              ("first screen, calcurse against mealplan", calcurse_screen / mealplan_screen, "x"),
                              ("list one week, mealplan", list_ours * 1000, "ms"), ("list one week, calcurse -Q", list_calcurse * 1000, "ms"),
                              ("list one week, sqlite3", list_sqlite * 1000, "ms"), ("export, mealplan", export_ours * 1000, "ms"),
                              ("export, calcurse --export=ical", export_calcurse * 1000, "ms"), ("export, sqlite3 -csv", export_sqlite * 1000, "ms"),
                              ("import, mealplan", imported * 1000, "ms"),
                              ("VmHWM after the first screen, mealplan", mealplan_hwm / 1024, "MiB"),
                              ("VmHWM after the first screen, calcurse", calcurse_hwm / 1024, "MiB"),
                              ("VmHWM, calcurse against mealplan", calcurse_hwm / mealplan_hwm, "x")]:
        run_record.add(f"{meals} meals: {name}", value, unit)
    with open("/proc/loadavg") as loadavg:
        load_after = loadavg.read().split()[0]
    print(f"\n{meals:,} meals, medians of {runs} runs (load average {load_before} before, {load_after} after)")
    print("| measure | mealplan | calcurse | sqlite3 | calcurse ÷ mealplan | mealplan ÷ sqlite3 | goal | met |")
    print("|---|---|---|---|---|---|---|---|")
    if meals < GOALS_FROM_MEALS:
        rows = [(*cells[:-1], "", None) for *cells, met in rows]
    for *cells, met in rows:
        print("| " + " | ".join(cells) + f" | {verdict(met)} |")
    sys.exit(0 if all(met is not False for *_, met in rows) else 1)


if __name__ == "__main__":
    main()
