#!/usr/bin/env bash
# Shows that export streams: peak memory (max RSS) and time of `mealplan export` in each
# format for two plan sizes, in a release build. Streaming means the peak is the same for
# both sizes; only the time grows.
#
# Usage: Benchmarks/export-memory.sh [--meals "N1 N2"] [--seed S]
#   --meals "N1 N2"  plan sizes (default "100000 1000000")
# Needs: swift, python3, GNU time at /usr/bin/time (Debian: apt-get install time).
set -euo pipefail

sizes="100000 1000000"
seed=42
while [ $# -gt 0 ]; do
    case "$1" in
        --meals) sizes="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        *) echo "usage: $0 [--meals \"N1 N2\"] [--seed S]" >&2; exit 2 ;;
    esac
done
[ -x /usr/bin/time ] || { echo "$0: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }

cd "$(dirname "$0")/.."
source Benchmarks/common.sh
require_tools swift python3
use_work_folder ""
build_release mealplan >/dev/null
bin="$bin/mealplan"

printf "%-10s %-7s %12s %10s %12s\n" meals format "max RSS MiB" seconds "output MiB"
for meals in $sizes; do
    python3 Benchmarks/generate-meals.py --meals "$meals" --seed "$seed" --output "$work/meals.csv"
    rm -f "$work/meals.sqlite"*
    "$bin" import --db "$work/meals.sqlite" "$work/meals.csv" >/dev/null
    for format in csv ics json; do
        extra=()
        [ "$format" = ics ] && extra=(--slot-time breakfast=08:00 --slot-time dinner=19:00)
        /usr/bin/time -f "%M %e" -o "$work/time" \
            "$bin" export --db "$work/meals.sqlite" --format "$format" "${extra[@]}" --output "$work/out" >/dev/null
        read -r kib seconds < "$work/time"
        printf "%-10s %-7s %12.1f %10s %12.1f\n" "$meals" "$format" "$(echo "$kib / 1024" | bc -l)" "$seconds" \
            "$(echo "$(stat -c %s "$work/out") / 1048576" | bc -l)"
    done
done
