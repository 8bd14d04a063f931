#!/usr/bin/env python3
"""Times each key of editing a long note in the planner; run by note-editing.sh.

    note-editing.py MEALPLAN_BINARY WORK_FOLDER NOTE_BYTES RUNS [MEALS]

Imports MEALS meals of generate-meals.py from the day after the note's (none by default), then
one meal whose note is NOTE_BYTES long (words with a wide character in each), opens
the planner on its day at 120x40 in a private tmux server, and times every key from send-keys
until capture-pane shows a different screen or cursor and the planner waits for input again: the
planner's CPU time meanwhile (from /proc, which a busy machine does not stretch) and the wall
time. Prints milliseconds per key (median and slowest of RUNS) and writes them to the run's data
file; exits 1 when a key takes more CPU than the goal.
"""
import os
import statistics
import subprocess
import sys

import run_record
from tmux_pane import start_planner, status_line

WIDTH, HEIGHT = 120, 40
GOAL_MS = 20
DAY = "2026-03-02"
NEXT_DAY = "2026-03-03"
WORDS = "leek 葱 soup "


def write_plan(binary, work, note_bytes, meals):
    words = WORDS * (note_bytes // len(WORDS.encode()))
    csv_path, database = f"{work}/note.csv", f"{work}/note-{note_bytes}-among-{meals}.sqlite"
    for leftover in (database, database + "-wal", database + "-shm"):
        if os.path.exists(leftover):
            os.remove(leftover)
    if meals:
        others = f"{work}/meals-{meals}-seed-42-from-{NEXT_DAY}.csv"
        if not os.path.exists(others):
            generator = os.path.join(os.path.dirname(os.path.abspath(__file__)), "generate-meals.py")
            subprocess.run([sys.executable, generator, "--meals", str(meals), "--seed", "42", "--start", NEXT_DAY,
                            "--output", others + ".part"], check=True)
            os.rename(others + ".part", others)
        subprocess.run([binary, "import", "--db", database, others], check=True, stdout=subprocess.DEVNULL)
    with open(csv_path, "w", encoding="utf-8") as csv:
        csv.write(f'date,slot,title,note\n{DAY},dinner,Soup,"{words}END"\n')
    subprocess.run([binary, "import", "--db", database, csv_path], check=True, stdout=subprocess.DEVNULL)
    return database


def round_keys(number):
    """The keys of round `number`: open the note, move and type in it, save it. The letter typed
    at the start takes the place of the one the previous round typed there (Delete removes it),
    so that every round changes the note and its last Enter really saves it."""
    typed = "yz"[number % 2]
    return ["e", "Enter", "Home", "End", "x", "BSpace", "Home", typed, "Delete", "Left", "Right", "Enter"]


def measure(binary, database, runs):
    """Per key, the (wall, CPU) times of `runs` rounds."""
    times = {}
    with start_planner(binary, database, width=WIDTH, height=HEIGHT, MEALPLAN_TODAY=DAY,
                       drawn=lambda screen: status_line(screen).startswith("Mon 2 Mar 2026")) as (tmux, pid):
        for round_number in range(runs):
            for number, key in enumerate(round_keys(round_number)):
                label = "y or z" if key in ("y", "z") else key
                times.setdefault((number, label), []).append(tmux.timed_key(pid, key))
            if "Saved" not in tmux.screen():
                sys.exit(f"round {round_number + 1} did not save the note; the screen:\n{tmux.screen()}")
    return times


def main():
    binary, work, note_bytes, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    meals = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    database = write_plan(binary, work, note_bytes, meals)
    print(f"\nediting a note of {note_bytes:,} bytes among {meals:,} other meals at {WIDTH}x{HEIGHT}, {runs} rounds")
    print("| key | planner CPU, median | slowest | wall (with tmux's round trip), median | slowest |")
    print("|---|---|---|---|---|")
    slowest = 0.0
    measured = measure(binary, database, runs)
    for (_, key), times in measured.items():
        walls, cpus = [wall for wall, _ in times], [cpu for _, cpu in times]
        slowest = max(slowest, max(cpus))
        print(f"| {key} | {statistics.median(cpus) * 1000:.1f} ms | {max(cpus) * 1000:.1f} ms | "
              f"{statistics.median(walls) * 1000:.1f} ms | {max(walls) * 1000:.1f} ms |")
        run_record.key_times(key, times)
    # The save in every round, in order: the first runs in a planner that has not written yet.
    saves = list(measured.values())[-1]
    print("\nsaving, planner CPU of each round in order: " + ", ".join(f"{cpu * 1000:.1f}" for _, cpu in saves) + " ms")
    run_record.add("plan", meals, "meals")
    run_record.add("note", note_bytes, "bytes")
    for number, (_, cpu) in enumerate(saves, 1):
        run_record.add(f"save of round {number}, planner CPU", cpu * 1000, "ms")
    met = slowest * 1000 <= GOAL_MS
    print(f"\ngoal: every key ≤ {GOAL_MS} ms of the planner's CPU: {'met' if met else 'MISSED'}")
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
