#!/usr/bin/env python3
"""Times the planner's leftovers keys; run by leftover-keys.sh.

    leftover-keys.py MEALPLAN_BINARY DATABASE RECIPES_FOLDER RUNS

Opens the planner at 120x40 on DATABASE, jumps to 9000-01-01 (the cooked meal, Lasagne for 6,
alone on its day), then RUNS times: `+` and `-` (the peer: a save of the same meal by keys
older than these), `c` three times (done, skipped, planned), `L`, "+1 lunch"
and Enter, `u`, `L`, "+2m lunch" and Enter, `u`, and back to the cooked meal. Prints the planner's
CPU time and the wall time per kind of key; exits 1 when a key takes more CPU than the goal.
"""
import sys

from tmux_pane import print_key_table, start_planner

WIDTH, HEIGHT = 120, 40
GOAL_MS = 20
SOURCE = "Lasagne ℞ · 6 servings"


def back_to_the_cooked_meal(tmux, pid):
    """`g` 9000-01-01: the cooked meal, alone on its day, selected."""
    tmux.timed_key(pid, "g", lambda screen: "Go to:" in screen)
    tmux.run("send-keys", "-t", "0", "-l", "9000-01-01")
    tmux.timed_key(pid, "Enter", lambda screen: SOURCE in screen and "Go to:" not in screen)


def main():
    binary, database, recipes, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    times = {"c (done, skipped, planned)": [], "L (reads the share, opens the prompt)": [],
             "Enter: leftovers the next day": [], "Enter: leftovers 2 months on (source read)": [],
             "u (takes the leftovers away)": [],
             "peer: + and - (a save of the same meal, keys from before)": []}
    with start_planner(binary, database, "--recipes", recipes, width=WIDTH, height=HEIGHT) as (tmux, pid):
        back_to_the_cooked_meal(tmux, pid)
        for _ in range(runs):
            for key, servings in [("+", "7"), ("-", "6")]:
                times["peer: + and - (a save of the same meal, keys from before)"].append(
                    tmux.timed_key(pid, key, lambda screen, servings=servings: f"Lasagne ℞ · {servings} servings" in screen))
            for mark in ["✓", "✗", ""]:
                times["c (done, skipped, planned)"].append(
                    tmux.timed_key(pid, "c", lambda screen, mark=mark: f"Lasagne {mark}".rstrip() + " ℞" in screen))
            for days, key in [("+1", "Enter: leftovers the next day"), ("+2m", "Enter: leftovers 2 months on (source read)")]:
                times["L (reads the share, opens the prompt)"].append(
                    tmux.timed_key(pid, "L", lambda screen: "Eat the rest on:" in screen))
                tmux.run("send-keys", "-t", "0", "-l", f"{days} lunch")
                times[key].append(tmux.timed_key(pid, "Enter", lambda screen: "leftovers from" in screen))
                times["u (takes the leftovers away)"].append(tmux.timed_key(pid, "u", lambda screen: "Undid" in screen))
                back_to_the_cooked_meal(tmux, pid)
    sys.exit(1 if print_key_table(times, GOAL_MS) else 0)


main()
