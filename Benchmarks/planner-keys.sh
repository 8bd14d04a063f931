#!/usr/bin/env bash
# Times the planner's `j` on one day of many meals (update and frame, as the run loop does for
# every key, without terminal or store) in the planner-keys helper, built here in release: moving
# the selection must cost the same on a day of 20,000 meals as on a day of 3. It times library
# code, not a mealplan binary, so MEALPLAN_BIN plays no part.
#
# Usage: Benchmarks/planner-keys.sh [--meals N] [--presses P]
#   --meals N     meals on the day (default 20000)
#   --presses P   presses of `j` timed (default 2000)
# Needs: swift.
# Exit status: 0, 1 when the selection does not reach the meal it should (one line says so),
# 2 on a usage or setup error.
set -euo pipefail

meals=20000
presses=2000
source "$(dirname "$0")/common.sh"
parse_options "[--meals N] [--presses P]" meals presses -- "$@"
cd "$(dirname "$0")/.."
require_tools swift

echo "== building the planner-keys helper (release)"
build_release planner-keys
for run in "3 2" "$meals $presses"; do
    read -r count times <<<"$run"
    line=$("$bin/planner-keys" "$count" "$times") || { echo "$line"; exit 1; }
    echo "$line"
    record "j on a day of $count meals, update and render, mean of $times" "$(sed -E 's/.*: ([0-9.]+) ms per j.*/\1/' <<<"$line")" ms
done
