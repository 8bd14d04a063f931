#!/usr/bin/env bash
# Shows whether `list` streams: peak memory (max RSS) and CPU time of `mealplan list --search
# porridge` on a plan of a million meals with a repeat that never ends (porridge every weekday
# from 2020-01-06), in each format, for a search of the whole plan (repeats up to the search
# horizon, a year after the last meal) and from 0001-01-01 to 9999-12-31 (two million
# occurrences more).
# The peer, in the same run, is `export --to 9999-12-31` of the same binary, which streams.
# Each listing is checked first: its CSV has one row per weekday of the rule up to its last day
# (counted by Python) and one per stored meal that matches (counted by sqlite3).
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/list-memory.sh [--meals N] [--seed S] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --meals N     meals to generate, four a day from 1700-01-01 (default 1000000)
#   --seed S      generator seed (default 42)
#   --keep DIR    leave the CSV and the database in DIR instead of a temporary folder (the CSV
#                 is shared with export-memory.sh, cli-vs-sqlite3.sh and search-no-match.sh)
# Needs: python3, sqlite3, GNU time at /usr/bin/time (.ci/install-deps); swift to build.
# Exit status: 0, or 2 on a usage or setup error or a failed check.
set -euo pipefail

meals=1000000
seed=42
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--meals N] [--seed S] [--keep DIR]" meals seed keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 sqlite3
[ -x /usr/bin/time ] || fail "/usr/bin/time is missing (see .ci/install-deps)"
use_work_folder "$keep"
mealplan_binary
plan_csv "$meals" "$seed"
db="$work/list-memory-$meals-seed-$seed.sqlite"
if [ ! -f "$db" ]; then
    echo "== importing $meals meals and adding the repeat"
    rm -f "$db.part"*
    "$mealplan" import --db "$db.part" "$csv" >/dev/null
    "$mealplan" repeat add --db "$db.part" 2020-01-06 breakfast Porridge --every week --on mon,tue,wed,thu,fri >/dev/null
    mv "$db.part" "$db"
fi
stored=$(sqlite3 "$db" "SELECT COUNT(*) FROM meal")
[ "$stored" = "$meals" ] || fail "the database holds $stored meals, expected $meals"
# The stored meals the search finds (generated titles and notes are ASCII where they hold it).
matching=$(sqlite3 "$db" "SELECT COUNT(*) FROM meal WHERE lower(title) LIKE '%porridge%' OR lower(note) LIKE '%porridge%'")
last_meal=$(sqlite3 "$db" "SELECT date(MAX(day) * 86400, 'unixepoch') FROM meal")
today=$(date +%F)

# Weekdays from 2020-01-06 through the day given.
weekdays() {
    python3 -c "
import datetime, sys
first, last = datetime.date(2020, 1, 6), datetime.date.fromisoformat(sys.argv[1])
print(sum(1 for n in range((last - first).days + 1) if (first + datetime.timedelta(n)).weekday() < 5))" "$1"
}
# The horizon: a year after the later of the last meal and today.
horizon=$(python3 -c "
import datetime, sys
day = max(datetime.date.fromisoformat(sys.argv[1]), datetime.date.fromisoformat(sys.argv[2]))
try: print(day.replace(year=day.year + 1))
except ValueError: print(day.replace(year=day.year + 1, day=28))" "$last_meal" "$today")

# Measures one command: appends "label max-RSS-MiB CPU-seconds output-lines" to the results.
results=()
measure() {
    local label="$1"
    shift
    /usr/bin/time -f "%M %U %S" -o "$work/time" "$@" > "$work/out" 2>/dev/null
    read -r kib user system < "$work/time"
    results+=("$(printf "%-64s %12.1f %10.2f %12s" "$label" "$(echo "$kib / 1024" | bc -l)" \
        "$(echo "$user + $system" | bc -l)" "$(wc -l < "$work/out")")")
    record "$label, max RSS" "$(echo "$kib / 1024" | bc -l)" MiB
    record "$label, CPU" "$(echo "$user + $system" | bc -l)" s
    record "$label, lines" "$(wc -l < "$work/out")"
}

for range in whole to-9999; do
    options=()
    expected=$((matching + $(weekdays "$horizon")))
    if [ "$range" = to-9999 ]; then
        # --from too: a binary from before the horizon began a search with --to alone today.
        options=(--from 0001-01-01 --to 9999-12-31)
        expected=$((matching + $(weekdays 9999-12-31)))
    fi
    rows=$(("$mealplan" list --db "$db" --search porridge "${options[@]}" --format csv 2>/dev/null || true) |
        python3 -c "import csv, sys; print(sum(1 for _ in csv.reader(sys.stdin)) - 1)")
    # A binary without the horizon lists every occurrence to 9999 in a search of the whole plan.
    if [ "$rows" != "$expected" ] && [ "$range" = whole ] && [ "$rows" = "$((matching + $(weekdays 9999-12-31)))" ]; then
        echo "== this binary shows repeats to 9999 in a search of the whole plan (no horizon)"
    elif [ "$rows" != "$expected" ]; then
        fail "list --search porridge ${options[*]} gave $rows rows, expected $expected"
    fi
    for format in text csv json; do
        measure "list --search porridge ${options[*]:-(whole plan)} $format" \
            "$mealplan" list --db "$db" --search porridge "${options[@]}" --format "$format"
    done
done
measure "peer: export --to 9999-12-31 (csv)" "$mealplan" export --db "$db" --to 9999-12-31

echo "== $meals meals, last on $last_meal; $matching stored meals match; horizon $horizon"
printf "%-64s %12s %10s %12s\n" command "max RSS MiB" "CPU s" "lines"
printf "%s\n" "${results[@]}"
