#!/usr/bin/env bash
# Measures the interactive planner on a large and a small database, in a release build with the
# Swift standard library linked statically, and checks the goals:
#
#   start to first drawn screen (120x40)     at most 0.1 s, median of --runs starts
#   resident memory after the first screen   at most 15 MiB (VmRSS, and VmHWM as the peak)
#   memory after scrolling 100,000 days      no growth (VmRSS sampled along the way)
#
# The planner runs in a private tmux server; "drawn" means capture-pane shows its status line.
# The time includes starting the process in tmux, so it is an upper bound of the planner's own.
#
# Usage: Benchmarks/planner-first-screen.sh [--meals N] [--small N] [--runs R] [--keep DIR]
#   --meals N   meals in the large database (default 1000000: four a day for ~684 years)
#   --small N   meals in the database compared with it (default 1000)
#   --runs R    starts measured per database (default 7)
#   --keep DIR  leave the CSV files and databases in DIR instead of a temporary folder
# Needs: swift, python3, tmux.
# Exit status: 0 when every goal is met, 1 when one is missed, 2 on a usage or setup error.
set -euo pipefail

meals=1000000
small=1000
runs=7
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--meals N] [--small N] [--runs R] [--keep DIR]" meals small runs keep -- "$@"
cd "$(dirname "$0")/.."
require_tools swift python3 tmux
use_work_folder "$keep"

echo "== building (release, static Swift standard library)"
build_release mealplan
for count in "$meals" "$small"; do
    centred_database "$count"
done

python3 Benchmarks/planner-first-screen.py "$bin/mealplan" "$runs" "$work/meals-$meals.sqlite" "$work/meals-$small.sqlite"
