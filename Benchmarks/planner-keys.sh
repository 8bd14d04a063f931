#!/usr/bin/env bash
# Times the planner's `j` on one day of many meals (update and frame, as the run loop does for
# every key, without terminal or store) in a release build: moving the selection must cost the
# same on a day of 20,000 meals as on a day of 3.
#
# Usage: Benchmarks/planner-keys.sh [--meals N] [--presses P]
#   --meals N     meals on the day (default 20000)
#   --presses P   presses of `j` timed (default 2000)
# Needs: swift.
set -euo pipefail

meals=20000
presses=2000
source "$(dirname "$0")/common.sh"
parse_options "[--meals N] [--presses P]" meals presses -- "$@"
cd "$(dirname "$0")/.."
require_tools swift

echo "== building (release)"
build_release planner-keys
"$bin/planner-keys" 3 2
"$bin/planner-keys" "$meals" "$presses"
