#!/usr/bin/env python3
"""Times the planner's first screen and samples its memory; run by planner-first-screen.sh.

    planner-first-screen.py MEALPLAN_BINARY RUNS DATABASE...

For each database: RUNS starts of the planner at 120x40 in a private tmux server, each timed
from the moment tmux is told to start it until capture-pane shows the status line; VmRSS and
VmHWM from /proc after the first screen; then 100,000 days scrolled with "]" (a week per key),
VmRSS sampled every 10,000 days. Prints a Markdown table and writes the figures to the run's
data file (run_record.py); exits 1 when a goal is missed.
"""
import datetime
import statistics
import sys

import run_record
from tmux_pane import Tmux, memory_kib, planner_command, planner_drawn, status_date

WIDTH, HEIGHT = 120, 40
FIRST_SCREEN_GOAL = 0.1
SCROLL_DAYS = 100_000
SAMPLE_EVERY_DAYS = 10_000
# VmRSS may wobble by a few pages (allocator, SQLite's page cache filling); more is growth.
GROWTH_TOLERANCE_KIB = 512


def measure(binary, runs, database):
    tmux = Tmux(WIDTH, HEIGHT)
    command = planner_command(binary, database)
    try:
        times = tmux.first_screens(command, planner_drawn, runs, quit_key="q")
        pid = tmux.pane_pid()
        rss, _, anonymous = memory_kib(pid)
        today = datetime.date.today()
        samples = [rss]
        weeks_sent = 0
        for target in range(SAMPLE_EVERY_DAYS, SCROLL_DAYS + 1, SAMPLE_EVERY_DAYS):
            weeks = -(-target // 7) - weeks_sent
            for batch in range(0, weeks, 500):
                tmux.run("send-keys", "-t", "0", "-l", "]" * min(500, weeks - batch))
            weeks_sent += weeks
            wanted = status_date(today + datetime.timedelta(days=7 * weeks_sent))
            tmux.wait_for(lambda screen: screen.splitlines()[-1].startswith(wanted), wanted)
            samples.append(memory_kib(pid)[0])
        return {"times": times, "rss": rss, "anonymous": anonymous, "samples": samples,
                "peak": memory_kib(pid)[1]}
    finally:
        tmux.close()


def count_meals(database):
    import sqlite3
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        return connection.execute("SELECT COUNT(*) FROM meal").fetchone()[0]


def mib(kib):
    return f"{kib / 1024:.1f} MiB"


def main():
    binary, runs, databases = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    print(f"\nplanner {binary} at {WIDTH}x{HEIGHT}, {runs} starts per database")
    print("| meals | first screen, median (min–max) | VmRSS after first screen (RssAnon) | VmHWM | "
          f"VmRSS (MiB) every {SAMPLE_EVERY_DAYS:,} days scrolled | growth |")
    print("|---|---|---|---|---|---|")
    met = True
    for database in databases:
        result = measure(binary, runs, database)
        median = statistics.median(result["times"])
        growth = result["samples"][-1] - result["samples"][1]
        met &= median <= FIRST_SCREEN_GOAL and growth <= GROWTH_TOLERANCE_KIB
        meals = count_meals(database)
        run_record.add(f"first screen, {meals} meals, median", median * 1000, "ms")
        run_record.add(f"first screen, {meals} meals, fastest", min(result["times"]) * 1000, "ms")
        run_record.add(f"first screen, {meals} meals, slowest", max(result["times"]) * 1000, "ms")
        run_record.add(f"VmRSS after the first screen, {meals} meals", result["rss"] / 1024, "MiB")
        run_record.add(f"RssAnon after the first screen, {meals} meals", result["anonymous"] / 1024, "MiB")
        run_record.add(f"VmHWM, {meals} meals", result["peak"] / 1024, "MiB")
        run_record.add(f"growth over {SCROLL_DAYS} scrolled days, {meals} meals", growth, "KiB")
        samples = " ".join(f"{kib / 1024:.1f}" for kib in result["samples"])
        print(f"| {meals:,} | {median * 1000:.0f} ms ({min(result['times']) * 1000:.0f}–"
              f"{max(result['times']) * 1000:.0f}) | {mib(result['rss'])} ({mib(result['anonymous'])}) | {mib(result['peak'])} | "
              f"{samples} | {growth:+d} KiB |")
    print(f"\ngoals: first screen ≤ {FIRST_SCREEN_GOAL * 1000:.0f} ms, "
          f"growth over {SCROLL_DAYS:,} days (after the first {SAMPLE_EVERY_DAYS:,}) ≤ {GROWTH_TOLERANCE_KIB} KiB: "
          f"{'met' if met else 'MISSED'}")
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
