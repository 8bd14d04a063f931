"""Prints hyperfine's results as a table, wall and CPU (user + system) of each command, and
judges the commands given a goal on their mean CPU time, which the machine's other work
stretches far less than the wall time. Exits 1 when one misses its goal. The run's data file
gets the figures from `record_hyperfine` (common.sh), not from here.

Usage: python3 Benchmarks/cpu_goals.py RESULTS.json ["NAME=MS"…]
"""
import json
import sys

goals = {name: float(ms) for name, ms in (argument.rsplit("=", 1) for argument in sys.argv[2:])}
missed = False
print("| command | wall, mean ± σ (slowest) | CPU, mean (user + system) | goal (CPU) |")
print("|---|---|---|---|")
for result in json.load(open(sys.argv[1]))["results"]:
    name = result["command"]
    wall, spread, slowest = result["mean"] * 1000, result["stddev"] * 1000, result["max"] * 1000
    cpu = (result["user"] + result["system"]) * 1000
    goal = goals.get(name)
    met = goal is None or cpu <= goal
    missed |= not met
    verdict = f"≤ {goal:g} ms: {'met' if met else 'MISSED'}" if goal else ""
    print(f"| {name} | {wall:.1f} ± {spread:.1f} ms ({slowest:.1f}) | {cpu:.1f} ms | {verdict} |")
sys.exit(1 if missed else 0)
