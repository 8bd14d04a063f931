#!/usr/bin/env python3
"""Times Tab in the planner's title field; run by title-completion.sh.

    title-completion.py MEALPLAN_BINARY DATABASE RECIPES_FOLDER RUNS

Opens the planner at 120x40 on DATABASE with RECIPES_FOLDER, then RUNS times: `a`, Enter on
the proposed slot, and in the title field the first Tab (the lists are read), four more Tabs,
a letter typed after Ctrl-U and a Tab on it, then Esc. Prints the planner's CPU time and the wall
time per kind of key; exits 1 when a key takes more CPU than the goal.
"""
import sys

from tmux_pane import print_key_table, start_planner

WIDTH, HEIGHT = 120, 40
GOAL_MS = 5


def main():
    binary, database, recipes, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    times = {"first Tab (reads titles and recipe names)": [], "next Tab (in memory)": [],
             "a letter typed": [], "Tab after the letter": []}
    with start_planner(binary, database, "--recipes", recipes, width=WIDTH, height=HEIGHT) as (tmux, pid):
        for _ in range(runs):
            tmux.timed_key(pid, "a", lambda screen: "Slot:" in screen)
            tmux.timed_key(pid, "Enter", lambda screen: "Title:" in screen)
            times["first Tab (reads titles and recipe names)"].append(tmux.timed_key(pid, "Tab"))
            for _ in range(4):
                times["next Tab (in memory)"].append(tmux.timed_key(pid, "Tab"))
            tmux.timed_key(pid, "C-u")
            times["a letter typed"].append(tmux.timed_key(pid, "p"))
            times["Tab after the letter"].append(tmux.timed_key(pid, "Tab"))
            tmux.timed_key(pid, "Escape", lambda screen: "Title:" not in screen)
    sys.exit(1 if print_key_table(times, GOAL_MS) else 0)


main()
