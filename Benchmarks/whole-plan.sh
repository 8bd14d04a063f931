#!/usr/bin/env bash
# Time and peak memory of moving a whole plan: `mealplan export --format json --everything` and
# the `import` of that file into a fresh database, for two plan sizes, with their peers in the
# same run: the plain JSON export of the same meals (before the repeats are added), and the CSV
# import of those meals into a fresh database. Streaming means the peaks stay flat from the smaller plan to the larger.
# Each plan is the CSV of generate-meals.py (four meals a day from 1700-01-01) with three
# repeats, a skipped and a changed occurrence and a template added. Checked first: the copy
# exports the very same file, and holds every meal.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/whole-plan.sh [--meals "N1 N2"] [--runs R] [--seed S] [--keep DIR]
#   MEALPLAN_BIN     the mealplan binary to measure (default: a release build made here)
#   --meals "N1 N2"  plan sizes (default "100000 1000000")
#   --runs R         runs of each command (default 3); the table shows the median by CPU
#   --seed S         generator seed (default 42)
#   --keep DIR       leave the CSV files in DIR instead of a temporary folder (and reuse them)
# Needs: python3, GNU time at /usr/bin/time (.ci/install-deps); swift to build.
# Exit status: 0, or 2 on a usage or setup error or a failed check.
set -euo pipefail

meals="100000 1000000"
runs=3
seed=42
keep=""
source "$(dirname "$0")/common.sh"
parse_options '[--meals "N1 N2"] [--runs R] [--seed S] [--keep DIR]' meals runs seed keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3
[ -x /usr/bin/time ] || fail "/usr/bin/time is missing (see .ci/install-deps)"
use_work_folder "$keep"
mealplan_binary
db="$work/whole-plan.sqlite"
copy="$work/whole-plan-copy.sqlite"
plan="$work/whole-plan.json"

# Runs COMMAND… R times; prints "CPU-seconds peak-MiB wall-seconds" of the run with the median
# CPU (user + system). PREPARE (a shell command) runs before each run, untimed.
#   measure PREPARE COMMAND…
measure() {
    local prepare="$1" run lines=()
    shift
    for ((run = 0; run < runs; run++)); do
        eval "$prepare"
        /usr/bin/time -f "%U %S %M %e" -o "$work/time" "$@" >/dev/null
        lines+=("$(awk '{ printf "%.2f %.1f %.2f\n", $1 + $2, $3 / 1024, $4 }' "$work/time")")
    done
    printf "%s\n" "${lines[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p"
}

results=()
for count in $meals; do
    plan_csv "$count" "$seed"
    rm -f "$db"*
    "$mealplan" import --db "$db" "$csv" >/dev/null
    # The plain export's peer figure is of the meals alone: it would write each day of a
    # repeat that never ends, up to 9999.
    plain="$(measure : "$mealplan" export --db "$db" --format json --output "$work/plain.json")"
    for arguments in \
        "repeat add 1700-01-01 breakfast Porridge --every 2d" \
        "repeat add 1700-01-15 dinner Fish --every month --on 15 --count 120" \
        "repeat add 1700-01-04 lunch Soup --every week --on mon,thu --until 1800-12-31" \
        "repeat skip 1 1700-01-03" \
        "repeat change 2 1700-02-15 --to 1700-02-16 --slot lunch --title Fish-pie" \
        "template save week --from 1700-01-01 --days 7"; do
        # shellcheck disable=SC2086
        "$mealplan" $arguments --db "$db" >/dev/null
    done
    stored=$(( count + 1 ))
    "$mealplan" export --db "$db" --format json --everything --output "$plan" >/dev/null
    rm -f "$copy"*
    "$mealplan" import --db "$copy" "$plan" >/dev/null
    "$mealplan" export --db "$copy" --format json --everything | cmp -s - "$plan" ||
        fail "the copy of $count meals does not export the same file"
    objects=$(python3 -c "import json, sys; print(len(json.load(open(sys.argv[1]))['meals']))" "$plan")
    [ "$objects" = "$stored" ] || fail "the whole plan holds $objects meals, expected $stored"
    size=$(awk -v b="$(stat -c %s "$plan")" 'BEGIN { printf "%.1f", b / 1048576 }')
    results+=("$count|export --everything|$(measure : "$mealplan" export --db "$db" --format json --everything --output "$plan") $size")
    results+=("$count|import of it|$(measure "rm -f '$copy'*" "$mealplan" import --db "$copy" "$plan")")
    results+=("$count|peer: export --format json|$plain")
    results+=("$count|peer: import of the CSV|$(measure "rm -f '$copy'*" "$mealplan" import --db "$copy" "$csv")")
    rm -f "$work/plain.json" "$copy"*
done
printf "%-10s %-30s %8s %12s %8s %12s\n" meals command "CPU s" "max RSS MiB" "wall s" "file MiB"
for line in "${results[@]}"; do
    IFS='|' read -r count what figures <<< "$line"
    # shellcheck disable=SC2086
    printf "%-10s %-30s %8s %12s %8s %12s\n" "$count" "$what" $figures
    read -r cpu peak wall file <<< "$figures"
    record "$what, $count meals, CPU" "$cpu" s
    record "$what, $count meals, max RSS" "$peak" MiB
    record "$what, $count meals, wall" "$wall" s
    [ -z "$file" ] || record "$what, $count meals, file" "$file" MiB
done
