#!/usr/bin/env python3
"""Times the planner's search through the whole plan for a text no meal holds; run by
search-no-match.sh.

    search-no-match.py MEALPLAN_BINARY DATABASE RUNS TEXT...

The planner is started at 120x40 in a private tmux server; for each text, RUNS times: `/`, the
text and Enter are sent, and capture-pane is polled from the moment tmux is told to send Enter
until the status line says "No match". The time includes tmux's round trips, so it is an upper
bound of the planner's own (the days it has loaded are searched in memory, then the store
looks through the rest of the plan). Prints the median and range of each text.
"""
import statistics
import sys
import time

from tmux_pane import start_planner

binary, database, runs, texts = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
with start_planner(binary, database, width=120, height=40) as (tmux, _):
    for text in texts:
        times = []
        for _ in range(runs):
            tmux.run("send-keys", "-t", "0", "/")
            tmux.run("send-keys", "-t", "0", "-l", text)
            tmux.wait_for(lambda screen: text in screen, "the typed text")
            started = time.monotonic()
            tmux.run("send-keys", "-t", "0", "Enter")
            tmux.wait_for(lambda screen: "No match" in screen, f"'No match' for {text}")
            times.append(time.monotonic() - started)
            tmux.run("send-keys", "-t", "0", "Escape")
            tmux.wait_for(lambda screen: "No match" not in screen, "the message to clear")
        print(f"planner search '{text}': {statistics.median(times) * 1000:.1f} ms "
              f"({min(times) * 1000:.1f}–{max(times) * 1000:.1f}) over {runs} runs")
