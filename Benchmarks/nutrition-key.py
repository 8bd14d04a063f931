#!/usr/bin/env python3
"""Times the planner's nutrition key `F`, what the meals of the days shown add up to; run by
nutrition.sh.

    nutrition-key.py MEALPLAN_BINARY DATABASE RECIPES_FOLDER RUNS

Opens the planner at 120x40 on DATABASE with RECIPES_FOLDER (today as the environment's
MEALPLAN_TODAY), then RUNS times: `s` (the shopping list of the same days, the peer: the same
recipes read and scaled) and Esc, `F` and Esc, `F` on the next week (after `]`, its recipes
not read before) and Esc. Prints the planner's CPU time and the wall time per key; exits 1 when
the slowest of a key takes more CPU than the goal (every key ≤ 20 ms).
"""
import sys

from tmux_pane import planner_drawn, print_key_table, start_planner

WIDTH, HEIGHT = 120, 40
GOAL_MS = 20
HEADING = "Nutrition per person ·"


def main():
    binary, database, recipes, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    peer = "s, the shopping list of the days shown (peer)"
    times = {"F, nutrition of the days shown": [], "F after ], the next days": [], peer: [], "Esc (from the page)": []}
    with start_planner(binary, database, width=WIDTH, height=HEIGHT, MEALPLAN_RECIPES=recipes) as (tmux, pid):
        for _ in range(runs):
            times[peer].append(tmux.timed_key(pid, "s", lambda screen: "Shopping list ·" in screen))
            tmux.timed_key(pid, "Escape", planner_drawn)
            times["F, nutrition of the days shown"].append(
                tmux.timed_key(pid, "F", lambda screen: HEADING in screen and "kcal" in screen))
            times["Esc (from the page)"].append(tmux.timed_key(pid, "Escape", planner_drawn))
            tmux.timed_key(pid, "]")
            times["F after ], the next days"].append(
                tmux.timed_key(pid, "F", lambda screen: HEADING in screen and "kcal" in screen))
            tmux.timed_key(pid, "Escape", planner_drawn)
            tmux.timed_key(pid, "[")
    sys.exit(1 if print_key_table(times, GOAL_MS) else 0)


main()
