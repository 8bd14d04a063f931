#!/usr/bin/env bash
# Times the repeat engine alone: the repeat-expansion helper, built here in release, expands
# each of a set of rules into a 5-week window N times, for the rule begun the day before the
# window and begun in the year 1 (or as early as its date allows), and prints the time per
# expansion. The two must cost the same, since expanding never walks from a rule's first day.
# It times library code, not a mealplan binary, so MEALPLAN_BIN plays no part.
#
# Usage: Benchmarks/repeat-expansion.sh [--expansions N]
#   --expansions N   expansions timed per rule (default 200000)
# Needs: swift.
# Exit status: 0, or 2 on a usage or setup error.
set -euo pipefail

expansions=200000
source "$(dirname "$0")/common.sh"
parse_options "[--expansions N]" expansions -- "$@"
cd "$(dirname "$0")/.."
[[ "$expansions" =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [--expansions N] (N at least 1)" >&2; exit 2; }

use_work_folder ""
echo "== building the repeat-expansion helper (release)"
build_release repeat-expansion
"$bin/repeat-expansion" "$expansions" | tee "$work/expansion.txt"
# Each rule's line: its description (46 columns), then the time per expansion begun yesterday
# and begun in the year 1.
while IFS= read -r line; do
    if [[ "$line" =~ ^(.{46})([0-9]+)\ ns\ +([0-9]+)\ ns$ ]]; then
        rule="$(echo "${BASH_REMATCH[1]}" | sed 's/ *$//')"
        record "$rule, begun yesterday, per expansion" "${BASH_REMATCH[2]}" ns
        record "$rule, begun in the year 1, per expansion" "${BASH_REMATCH[3]}" ns
    fi
done < "$work/expansion.txt"
