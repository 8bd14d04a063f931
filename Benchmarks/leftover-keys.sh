#!/usr/bin/env bash
# Times the planner's leftovers keys on a plan of a million meals: `c` (mark the selected meal
# done, skipped, planned: a save and the day read again), `L` (read how the cooked meal is
# shared, then open the prompt), Enter on "+1 lunch" (add the leftovers, read back the source
# from the loaded days and check the share for warnings), Enter on "+2m lunch" (the same, far
# away: the source is read through the store) and `u`; the peer is `+` and `-`, which save the
# same meal by keys that were there before. The goal is at most 20 ms of the planner's
# CPU per key.
#
# The cooked meal, Lasagne for 6, is added on a day of its own (9000-01-01) that `g` jumps to.
# The planner runs in a private tmux server at 120x40; each key is timed from send-keys until
# the screen changes and the planner waits for input again: its CPU time from /proc, which a
# busy machine does not stretch, and the wall time with tmux's round trip.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/leftover-keys.sh [--meals N] [--runs R] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --meals N   meals in the plan (default 1000000), centred on today
#   --runs R    rounds of the keys (default 10)
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
# A copy (SQLite's own, whatever its journal holds): the cooked meal and the keys' changes stay
# out of the shared database.
copy="$work/leftover-keys.sqlite"
rm -f "$copy" "$copy-wal" "$copy-shm"
sqlite3 "$db" ".backup '$copy'"
"$mealplan" --db "$copy" add 9000-01-01 dinner --recipe mains/Lasagne --servings 6 \
    --recipes Data/recipes >/dev/null

status=0
python3 Benchmarks/leftover-keys.py "$mealplan" "$copy" Data/recipes "$runs" || status=$?
rm -f "$copy" "$copy-wal" "$copy-shm"
exit "$status"
