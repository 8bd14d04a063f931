"""Prints hyperfine's results of mealplan commands, one line each, and writes them to the run's
data file (run_record.py): the command without its database and folders, its median wall time
and mean CPU time (user + system), and for the commands named by --goal (their first word after
`mealplan`) whether both stay within 20 ms. Exits 1 when one of those misses it.

Usage: python3 Benchmarks/hyperfine_report.py --goal history,leftovers RESULT.json…
"""
import argparse
import json
import shlex
import sys

import run_record

parser = argparse.ArgumentParser()
parser.add_argument("--goal", default="", help="commands held to 20 ms, comma-separated")
parser.add_argument("results", nargs="+")
options = parser.parse_args()
goals = set(filter(None, options.goal.split(",")))
missed = False
for path in options.results:
    for result in json.load(open(path))["results"]:
        words = shlex.split(result["command"])
        # The command without the database and without the folders of the binary and the files.
        shown = " ".join(["mealplan"] + [w.split("/")[-1] for before, w in zip(words, words[1:]) if "--db" not in (before, w)])
        wall, cpu = result["median"] * 1000, (result["user"] + result["system"]) * 1000
        goal = words[1] in goals
        met = wall <= 20 and cpu <= 20
        missed |= goal and not met
        run_record.timed(shown, result["median"], result["user"] + result["system"])
        print(f"{shown:45}  wall median {wall:8.1f} ms  CPU mean {cpu:7.1f} ms (user {result['user'] * 1000:.1f})"
              + (f"  goal 20 ms: {'met' if met else 'MISSED'}" if goal else ""))
sys.exit(1 if missed else 0)
