#!/usr/bin/env bash
# Shows that export streams: peak memory (max RSS) and time of `mealplan export` in each
# format for two plan sizes. Streaming means the peak is the same for both sizes; only the time
# grows. Each export is checked first: the CSV gives back the imported file byte for byte, the
# iCalendar file holds one event and the JSON one object per meal.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/export-memory.sh [--meals "N1 N2"] [--seed S] [--keep DIR]
#   MEALPLAN_BIN     the mealplan binary to measure (default: a release build made here)
#   --meals "N1 N2"  plan sizes (default "100000 1000000"), four meals a day from 1700-01-01
#   --seed S         generator seed (default 42)
#   --keep DIR       leave the CSV files in DIR instead of a temporary folder (and reuse them:
#                    cli-vs-sqlite3.sh and search-no-match.sh make the same ones)
# Needs: python3, sqlite3, GNU time at /usr/bin/time (.ci/install-deps); swift to build.
# Exit status: 0, or 2 on a usage or setup error or a failed check.
set -euo pipefail

meals="100000 1000000"
seed=42
keep=""
source "$(dirname "$0")/common.sh"
parse_options '[--meals "N1 N2"] [--seed S] [--keep DIR]' meals seed keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 sqlite3
[ -x /usr/bin/time ] || fail "/usr/bin/time is missing (see .ci/install-deps)"
use_work_folder "$keep"
mealplan_binary
db="$work/export-memory.sqlite"

results=()
for count in $meals; do
    plan_csv "$count" "$seed"
    rm -f "$db"*
    "$mealplan" import --db "$db" "$csv" >/dev/null
    for format in csv ics json; do
        extra=()
        [ "$format" = ics ] && extra=(--slot-time breakfast=08:00 --slot-time dinner=19:00)
        /usr/bin/time -f "%M %e" -o "$work/time" \
            "$mealplan" export --db "$db" --format "$format" "${extra[@]}" --output "$work/out.$format" >/dev/null
        read -r kib seconds < "$work/time"
        case "$format" in
            # --output FILE.csv protects formulas, which quotes the header's "date"; no generated
            # field starts like a formula, so the rows after the header are the input's.
            csv) cmp -s <(tail -n +2 "$work/out.csv") <(tail -n +2 "$csv") ||
                     fail "the CSV export of $count meals differs from the imported $csv" ;;
            ics) events=$(grep -c '^BEGIN:VEVENT' "$work/out.ics" || true)
                 [ "$events" = "$count" ] || fail "the iCalendar export holds $events events, expected $count" ;;
            json) objects=$(python3 -c "import json, sys; print(len(json.load(open(sys.argv[1]))))" "$work/out.json")
                  [ "$objects" = "$count" ] || fail "the JSON export holds $objects meals, expected $count" ;;
        esac
        results+=("$(printf "%-10s %-7s %12.1f %10s %12.1f" "$count" "$format" "$(echo "$kib / 1024" | bc -l)" "$seconds" \
            "$(echo "$(stat -c %s "$work/out.$format") / 1048576" | bc -l)")")
        record "export $format, $count meals, max RSS" "$(echo "$kib / 1024" | bc -l)" MiB
        record "export $format, $count meals, wall" "$seconds" s
        rm -f "$work/out.$format"
    done
done
printf "%-10s %-7s %12s %10s %12s\n" meals format "max RSS MiB" seconds "output MiB"
printf "%s\n" "${results[@]}"
