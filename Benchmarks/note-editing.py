#!/usr/bin/env python3
"""Times each key of editing a long note in the planner; run by note-editing.sh.

    note-editing.py MEALPLAN_BINARY WORK_FOLDER NOTE_BYTES RUNS

Imports one meal whose note is NOTE_BYTES long (words with a wide character in each), opens
the planner on its day at 120x40 in a private tmux server, and times every key from send-keys
until capture-pane shows a different screen or cursor. Prints milliseconds per key (median and
slowest of RUNS); exits 1 when a key is slower than the goal.
"""
import statistics
import subprocess
import sys
import time

from tmux_pane import DEADLINE, Tmux

WIDTH, HEIGHT = 120, 40
GOAL_MS = 20
DAY = "2026-03-02"
WORDS = "leek 葱 soup "


def write_plan(binary, work, note_bytes):
    words = WORDS * (note_bytes // len(WORDS.encode()))
    csv_path, database = f"{work}/note.csv", f"{work}/note-{note_bytes}.sqlite"
    with open(csv_path, "w", encoding="utf-8") as csv:
        csv.write(f'date,slot,title,note\n{DAY},dinner,Soup,"{words}END"\n')
    subprocess.run([binary, "import", "--db", database, csv_path], check=True, stdout=subprocess.DEVNULL)
    return database


def shown(tmux):
    """The screen's text and the cursor's place."""
    return tmux.screen() + tmux.run("display-message", "-p", "-t", "0", "#{cursor_x},#{cursor_y}")


def timed_key(tmux, key):
    """Seconds from sending `key` until the screen or the cursor changes."""
    before = shown(tmux)
    started = time.monotonic()
    tmux.run("send-keys", "-t", "0", key)
    while shown(tmux) == before:
        if time.monotonic() - started > DEADLINE:
            sys.exit(f"timed out waiting for the screen after {key}")
    return time.monotonic() - started


def measure(binary, database, runs):
    """Per key, the times of `runs` rounds: open the note, move and type in it, save it."""
    keys = ["e", "Enter", "Home", "End", "x", "BSpace", "Home", "y", "Delete", "Left", "Right", "Enter"]
    times = {}
    tmux = Tmux(WIDTH, HEIGHT)
    try:
        tmux.first_screen(f"exec env LANG=C.UTF-8 TERM=tmux-256color MEALPLAN_TODAY={DAY} {binary} --db {database}",
                          lambda screen: "? help" in screen)
        for _ in range(runs):
            for number, key in enumerate(keys):
                times.setdefault((number, key), []).append(timed_key(tmux, key))
    finally:
        tmux.close()
    return times


def main():
    binary, work, note_bytes, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    database = write_plan(binary, work, note_bytes)
    print(f"\nediting a note of {note_bytes:,} bytes at {WIDTH}x{HEIGHT}, release build, {runs} rounds")
    print("| key | median | slowest |")
    print("|---|---|---|")
    slowest = 0.0
    for (_, key), times in measure(binary, database, runs).items():
        slowest = max(slowest, max(times))
        print(f"| {key} | {statistics.median(times) * 1000:.1f} ms | {max(times) * 1000:.1f} ms |")
    met = slowest * 1000 <= GOAL_MS
    print(f"\ngoal: every key ≤ {GOAL_MS} ms: {'met' if met else 'MISSED'}")
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
