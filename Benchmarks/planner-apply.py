#!/usr/bin/env python3
"""Times the planner's `A` laying a template down many times, its `u` and its Ctrl-R; run by
template-apply.sh.

    planner-apply.py MEALPLAN_BINARY DATABASE TEMPLATE TIMES MEALS_PER_COPY

The planner runs at 120x40 in a private tmux server on DATABASE (a copy the caller made of its
plan). `g` goes to 2030-01-01, `A` lays TEMPLATE down TIMES times from there, then `u` takes it
away and Ctrl-R puts it back. For each key: the wall time until the status line says it is done
("Added …", "Undid: …", "Redid: …"), the wall time until it first said how far it was (the
progress shown past a second), the planner's CPU time meanwhile and its peak memory so far
(VmHWM; both from /proc). The plan is checked with Python's sqlite3 after each.
Prints one line per key: "label wall first-progress CPU peak-MiB".
"""
import sqlite3
import sys
import time

from tmux_pane import DEADLINE, cpu_seconds, memory_kib, start_planner, status_line, wait_until_idle

WIDTH, HEIGHT = 120, 40


def count_meals(database):
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        return connection.execute("SELECT COUNT(*) FROM meal").fetchone()[0]


def timed(tmux, pid, key, progress, done):
    """Sends `key`; returns wall seconds until `done` shows in the status line, until
    `progress` first showed there (None if it never did), the planner's CPU seconds, and its
    peak memory so far in MiB."""
    cpu = cpu_seconds(pid)
    started = time.monotonic()
    first_progress = None
    tmux.run("send-keys", "-t", "0", key)
    while True:
        line = status_line(tmux.screen())
        now = time.monotonic() - started
        if first_progress is None and progress in line:
            first_progress = now
        if done in line:
            wait_until_idle(pid)
            return now, first_progress, cpu_seconds(pid) - cpu, memory_kib(pid)[1] / 1024
        if now > DEADLINE * 10:
            sys.exit(f"timed out waiting for '{done}'; the status line: {line}")
        # Pacing, not synchronisation: a capture every 20 ms keeps tmux off the planner's cores.
        time.sleep(0.02)


def main():
    binary, database, template, times, per_copy = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    before = count_meals(database)
    laid = times * per_copy
    with start_planner(binary, database, width=WIDTH, height=HEIGHT) as (tmux, pid):
        tmux.run("send-keys", "-t", "0", "g")
        tmux.wait_for(lambda screen: "Go to:" in screen, "the date prompt")
        tmux.run("send-keys", "-t", "0", "-l", "2030-01-01")
        tmux.run("send-keys", "-t", "0", "Enter")
        tmux.wait_for(lambda screen: status_line(screen).startswith("Tue 1 Jan 2030"), "2030-01-01")
        tmux.run("send-keys", "-t", "0", "A")
        tmux.wait_for(lambda screen: "Template:" in screen, "the template prompt")
        tmux.run("send-keys", "-t", "0", "-l", f"{template} x{times}")
        tmux.wait_for(lambda screen: f"{template} x{times}" in screen, "the typed template")
        applied = timed(tmux, pid, "Enter", f"Applying '{template}':", f"Added {laid} meals from '{template}'")
        if count_meals(database) != before + laid:
            sys.exit(f"the plan holds {count_meals(database)} meals after A, expected {before + laid}")
        undone = timed(tmux, pid, "u", "Undoing:", "Undid:")
        if count_meals(database) != before:
            sys.exit(f"the plan holds {count_meals(database)} meals after u, expected {before}")
        redone = timed(tmux, pid, "C-r", "Redoing:", "Redid:")
        if count_meals(database) != before + laid:
            sys.exit(f"the plan holds {count_meals(database)} meals after Ctrl-R, expected {before + laid}")
        tmux.run("send-keys", "-t", "0", "q")
        tmux.wait_for_exit()
    keys = ((f"planner: A {template} x{times}", applied), ("planner: u of it", undone), ("planner: Ctrl-R of it", redone))
    for label, (wall, progress, cpu, peak) in keys:
        shown = f"{progress:.2f}" if progress is not None else "-"
        print(f"{label}\t{wall:.2f}\t{shown}\t{cpu:.2f}\t{peak:.1f}")


if __name__ == "__main__":
    main()
