#!/usr/bin/env python3
"""Times Ctrl-P in the planner's title field, the list of what the pantry can make; run by
can-make.sh.

    can-make-key.py MEALPLAN_BINARY DATABASE RECIPES_FOLDER RUNS

Opens the planner at 120x40 on DATABASE with RECIPES_FOLDER, then RUNS times: `a`, Enter on
the proposed slot, in the title field the first Tab (the peer: it reads the recipe names and
the past titles) and Ctrl-U, then Ctrl-P (every recipe read and ranked against the pantry, both
ways), three ↓, Tab (the other order), a letter typed (narrowing the list), Esc back to the
title and Esc. Prints the planner's CPU time and the wall time per kind of key; exits 1 when a
key takes more CPU than the goal.
"""
import sys

from tmux_pane import print_key_table, start_planner

WIDTH, HEIGHT = 120, 40
GOAL_MS = 20
HEADING = "What the pantry can make"


def main():
    binary, database, recipes, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    times = {"first Tab in the title (peer: reads the names)": [], "Ctrl-P (reads and ranks every recipe)": [],
             "↓ in the list": [], "Tab (the other order)": [], "a letter typed (narrows the list)": [],
             "Esc (back to the title)": []}
    with start_planner(binary, database, width=WIDTH, height=HEIGHT, MEALPLAN_RECIPES=recipes) as (tmux, pid):
        for _ in range(runs):
            tmux.timed_key(pid, "a", lambda screen: "Slot:" in screen)
            tmux.timed_key(pid, "Enter", lambda screen: "Title:" in screen)
            times["first Tab in the title (peer: reads the names)"].append(tmux.timed_key(pid, "Tab"))
            tmux.timed_key(pid, "C-u")
            times["Ctrl-P (reads and ranks every recipe)"].append(
                tmux.timed_key(pid, "C-p", lambda screen: HEADING in screen and "Can make:" in screen))
            for _ in range(3):
                times["↓ in the list"].append(tmux.timed_key(pid, "Down"))
            times["Tab (the other order)"].append(tmux.timed_key(pid, "Tab"))
            times["a letter typed (narrows the list)"].append(tmux.timed_key(pid, "1"))
            times["Esc (back to the title)"].append(tmux.timed_key(pid, "Escape", lambda screen: HEADING not in screen))
            tmux.timed_key(pid, "Escape", lambda screen: "Title:" not in screen)
    sys.exit(1 if print_key_table(times, GOAL_MS, by_median=True) else 0)


main()
