#!/usr/bin/env python3
"""Times the planner's recipe keys; run by recipe-view.sh.

    recipe-view.py MEALPLAN_BINARY WORK_FOLDER RECIPES_FOLDER RUNS

Writes a plan of four weeks, four meals a day, each meal cooking one of the recipes in
RECIPES_FOLDER in turn (servings 2, 3, 4, 6), opens the planner on its first day at 120x40 in
a private tmux server with that recipes folder, and times:
  - `s`, the shopping list of the days on screen, and `Esc` back to the days, RUNS times;
  - `r`, the recipe view, on each of the first meals (one per recipe, walked with `j`) and
    `Esc` back, RUNS times over.
Each key is timed from send-keys until capture-pane shows its screen and the planner waits for
input again: the planner's CPU time meanwhile (from /proc, which a busy machine does not
stretch) and the wall time. Prints milliseconds per key; exits 1 when `r` takes more CPU than
the goal.
"""
import csv
import datetime
import os
import statistics
import subprocess
import sys

import run_record
from tmux_pane import planner_drawn, start_planner, status_line

WIDTH, HEIGHT = 120, 40
RECIPE_VIEW_GOAL_MS = 5
DAY = datetime.date(2026, 3, 2)
SLOTS = ("breakfast", "lunch", "dinner", "snack")
SERVINGS = ("2", "3", "4", "6")


def recipe_names(folder):
    return sorted(os.path.relpath(os.path.join(parent, name), folder)[:-len(".cook")]
                  for parent, _, names in os.walk(folder) for name in names if name.endswith(".cook"))


def write_plan(binary, work, names):
    """The plan's database; returns it and the meals' titles in the order `j` walks them."""
    csv_path, database = f"{work}/recipe-plan.csv", f"{work}/recipe-plan.sqlite"
    for leftover in (database, database + "-wal", database + "-shm"):
        if os.path.exists(leftover):
            os.remove(leftover)
    titles = []
    with open(csv_path, "w", newline="", encoding="utf-8") as output:
        writer = csv.writer(output, lineterminator="\r\n")
        writer.writerow(["date", "slot", "title", "recipe", "servings"])
        for number in range(28 * len(SLOTS)):
            name = names[number % len(names)]
            title = os.path.basename(name)
            titles.append(title)
            writer.writerow([(DAY + datetime.timedelta(days=number // len(SLOTS))).isoformat(),
                             SLOTS[number % len(SLOTS)], title, name, SERVINGS[number % len(SERVINGS)]])
    subprocess.run([binary, "import", "--db", database, csv_path], check=True, stdout=subprocess.DEVNULL)
    return database, titles[:len(names)]


def on_first_day(screen):
    """The status line shows the plan's first day selected: "Mon 2 Mar 2026"."""
    return status_line(screen).startswith(f"{DAY:%a} {DAY.day} {DAY:%b} {DAY.year}")


def measure(binary, database, recipes, titles, runs):
    """Per key, the (wall, CPU) times."""
    times = {"s (shopping list of the days on screen)": [], "Esc (from the list)": [],
             "r (recipe view)": [], "Esc (from the recipe)": []}
    with start_planner(binary, database, "--recipes", recipes, width=WIDTH, height=HEIGHT,
                       MEALPLAN_TODAY=DAY) as (tmux, pid):
        for _ in range(runs):
            times["s (shopping list of the days on screen)"].append(
                tmux.timed_key(pid, "s", lambda screen: "Shopping list ·" in screen))
            times["Esc (from the list)"].append(tmux.timed_key(pid, "Escape", planner_drawn))
        for _ in range(runs):
            if not on_first_day(tmux.screen()):
                tmux.run("send-keys", "-t", "0", "t")
                tmux.wait_for(on_first_day, "the plan's first day")
            for number, title in enumerate(titles):
                if number:
                    tmux.timed_key(pid, "j")
                times["r (recipe view)"].append(tmux.timed_key(pid, "r", lambda screen: f"· {title}" in screen))
                times["Esc (from the recipe)"].append(tmux.timed_key(pid, "Escape", planner_drawn))
    return times


def main():
    binary, work, recipes, runs = sys.argv[1], sys.argv[2], os.path.abspath(sys.argv[3]), int(sys.argv[4])
    names = recipe_names(recipes)
    database, titles = write_plan(binary, work, names)
    print(f"\nrecipe keys at {WIDTH}x{HEIGHT}, {len(names)} recipes, {runs} rounds")
    print("| key | times | planner CPU, median | slowest | wall (with tmux's round trip), median | slowest |")
    print("|---|---|---|---|---|---|")
    times = measure(binary, database, recipes, titles, runs)
    for key, pairs in times.items():
        walls, cpus = [wall for wall, _ in pairs], [cpu for _, cpu in pairs]
        print(f"| {key} | {len(pairs)} | {statistics.median(cpus) * 1000:.1f} ms | {max(cpus) * 1000:.1f} ms | "
              f"{statistics.median(walls) * 1000:.1f} ms | {max(walls) * 1000:.1f} ms |")
        run_record.key_times(key, pairs)
    slowest = max(cpu for _, cpu in times["r (recipe view)"]) * 1000
    met = slowest <= RECIPE_VIEW_GOAL_MS
    print(f"\ngoal: the recipe view opens in ≤ {RECIPE_VIEW_GOAL_MS} ms of the planner's CPU (slowest: "
          f"{slowest:.1f} ms): {'met' if met else 'MISSED'}")
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
