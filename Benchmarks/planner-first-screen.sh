#!/usr/bin/env bash
# Measures the interactive planner on a large and a small database, and checks the goals:
#
#   start to first drawn screen (120x40)     at most 0.1 s, median of --runs starts
#   memory after scrolling 100,000 days      no growth (VmRSS sampled along the way)
#
# and prints the resident memory after the first screen (VmRSS, and VmHWM as the peak), the
# measure planner-session-memory.sh holds to its goal over a whole session.
#
# The planner runs in a private tmux server; "drawn" means capture-pane shows its status line.
# The time includes starting the process in tmux, so it is an upper bound of the planner's own.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/planner-first-screen.sh [--meals N] [--small N] [--runs R] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --meals N   meals in the large database (default 1000000: four a day for ~684 years)
#   --small N   meals in the database compared with it (default 1000)
#   --runs R    starts measured per database (default 7)
#   --keep DIR  leave the CSV files and databases in DIR instead of a temporary folder (the
#               million meals are shared with history.sh, title-completion.sh, repeat-rules.sh)
# Needs: python3, sqlite3, tmux (.ci/install-deps); swift to build.
# Exit status: 0 when every goal is met, 1 when one is missed, 2 on a usage or setup error.
set -euo pipefail

meals=1000000
small=1000
runs=7
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--meals N] [--small N] [--runs R] [--keep DIR]" meals small runs keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 sqlite3 tmux
use_work_folder "$keep"

mealplan_binary
centred_database "$meals"
large="$db"
centred_database "$small"

python3 Benchmarks/planner-first-screen.py "$mealplan" "$runs" "$large" "$db"
