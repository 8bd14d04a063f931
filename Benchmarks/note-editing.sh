#!/usr/bin/env bash
# Times each key of editing a long note in the planner: `e`, Enter to the
# note, End, Home, typing at the start and at the end, Backspace, and Enter to save. The goal
# is at most 20 ms per key for a note of 1 MB (what import accepts), whatever its length, in a
# plan of a million meals (`--meals`).
#
# The planner runs in a private tmux server at 120x40; each key is timed from send-keys until
# capture-pane shows the screen (text or cursor) it leads to: the planner's CPU time meanwhile
# (the goal's measure, which a busy machine does not stretch) and the wall time, which includes
# tmux's round trip.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/note-editing.sh [--bytes N] [--meals M] [--runs R] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --bytes N   the note's length in bytes (default 1000000)
#   --meals M   other meals in the plan, generate-meals.py's from the day after the note's (default 0)
#   --runs R    times each key is measured (default 5)
#   --keep DIR  leave the CSV file and database in DIR instead of a temporary folder
# Needs: python3, tmux (.ci/install-deps); swift to build.
# Exit status: 0 when every key meets the goal, 1 when one misses it, 2 on a usage or setup error.
set -euo pipefail

bytes=1000000
meals=0
runs=5
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--bytes N] [--meals M] [--runs R] [--keep DIR]" bytes meals runs keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 tmux
use_work_folder "$keep"

mealplan_binary

python3 Benchmarks/note-editing.py "$mealplan" "$work" "$bytes" "$runs" "$meals"
