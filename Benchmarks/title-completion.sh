#!/usr/bin/env bash
# Times Tab in the planner's title field on a plan of a million meals: the
# first Tab (which reads the titles planned around today and the recipe names) and the Tabs and
# letters after it (which filter them in memory). The goal is at most 5 ms of the planner's CPU
# per keystroke.
#
# The planner runs in a private tmux server at 120x40; each key is timed from send-keys until
# the screen (or the cursor) changes and the planner waits for input again: its CPU time from
# /proc, which a busy machine does not stretch, and the wall time with tmux's round trip.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/title-completion.sh [--meals N] [--runs R] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --meals N   meals in the plan (default 1000000), centred on today
#   --runs R    prompts opened and completed (default 10)
#   --keep DIR  leave the CSV file and database in DIR (shared with planner-first-screen.sh)
# Needs: python3, sqlite3, tmux (.ci/install-deps); swift to build.
# Exit status: 0 when every key meets the goal, 1 when one misses it, 2 on a usage or setup error.
set -euo pipefail

meals=1000000
runs=10
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--meals N] [--runs R] [--keep DIR]" meals runs keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 sqlite3 tmux
use_work_folder "$keep"

mealplan_binary
centred_database "$meals"

python3 Benchmarks/title-completion.py "$mealplan" "$db" Data/recipes "$runs"
