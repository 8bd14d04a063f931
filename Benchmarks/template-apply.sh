#!/usr/bin/env bash
# Times `mealplan template apply` of a big day laid down many times: a template of one day of
# 200 meals (four slots), applied --times T (default 1000: 200,000 meals) into a copy of the
# plan that holds only that day. CPU time (user + system) and peak memory come from GNU time.
# The peer, in the same run, is `mealplan import` of the same meals as a CSV file into a copy
# of the same plan: the bulk path for the same rows. The apply runs twice, with standard error
# a pipe (no progress line) and a terminal (script(1)'s, so the line is drawn past a second):
# the difference is what the progress costs. Each result is checked with sqlite3: the plan holds
# the day's meals and every meal laid down, and the template's days hold exactly them.
# Then the planner's `A` lays the same copies down in tmux, `u` takes them away and Ctrl-R
# puts them back (planner-apply.py): wall time, when the progress first showed, the planner's
# CPU time, and its peak memory so far.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/template-apply.sh [--times T] [--runs R] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --times T     copies of the day (default 1000)
#   --runs R      runs of the apply on a pipe and on a terminal, one after the other (default 1)
#   --keep DIR    leave the plans in DIR instead of a temporary folder
# Needs: python3, sqlite3, script, tmux, GNU time at /usr/bin/time (.ci/install-deps); swift to
# build.
# Exit status: 0, or 2 on a usage or setup error or a failed check.
set -euo pipefail

times=1000
runs=1
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--times T] [--runs R] [--keep DIR]" times runs keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 sqlite3 script tmux
[ -x /usr/bin/time ] || fail "/usr/bin/time is missing (see .ci/install-deps)"
use_work_folder "$keep"
mealplan_binary
meals_a_day=200
base="$work/template-apply-base.sqlite"
rm -f "$base"* "$work/day.csv" "$work/copies.csv"
python3 - "$work/day.csv" "$work/copies.csv" "$meals_a_day" "$times" <<'PY'
import csv, datetime, sys
day_file, copies_file, per_day, times = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
slots = ["breakfast", "lunch", "dinner", "snack"]
rows = [(slots[i % 4], f"Meal {i}", f"note {i}") for i in range(per_day)]
with open(day_file, "w", newline="") as out:
    writer = csv.writer(out)
    writer.writerow(["date", "slot", "title", "note"])
    writer.writerows(("2026-01-05",) + row for row in rows)
first = datetime.date(2030, 1, 1)
with open(copies_file, "w", newline="") as out:
    writer = csv.writer(out)
    writer.writerow(["date", "slot", "title", "note"])
    for copy in range(times):
        day = (first + datetime.timedelta(days=copy)).isoformat()
        writer.writerows((day,) + row for row in rows)
PY
"$mealplan" import --db "$base" "$work/day.csv" >/dev/null
"$mealplan" template save --db "$base" big --from 2026-01-05 >/dev/null
last=$(python3 -c "import datetime; print(datetime.date(2030, 1, 1) + datetime.timedelta(days=$times - 1))")
expected=$((meals_a_day * (times + 1)))

# Runs one command on a fresh copy of the plan (with --terminal first: its standard error a
# terminal, through script(1)); appends "label wall CPU max-RSS" to the results.
results=()
measure() {
    local terminal="" db="$work/template-apply-run.sqlite"
    if [ "$1" = --terminal ]; then terminal=yes; shift; fi
    local label="$1"
    shift
    rm -f "$db"*
    cp "$base" "$db"
    if [ -n "$terminal" ]; then
        /usr/bin/time -f "%e %U %S %M" -o "$work/time" \
            script -qec "$(printf '%q ' "$@" --db "$db") >/dev/null" /dev/null > /dev/null
    else
        /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" --db "$db" > /dev/null
    fi
    read -r wall user system kib < "$work/time"
    stored=$(sqlite3 "$db" "SELECT COUNT(*) FROM meal")
    [ "$stored" = "$expected" ] || fail "$label: the plan holds $stored meals, expected $expected"
    laid=$(sqlite3 "$db" "SELECT COUNT(*) FROM meal WHERE day BETWEEN julianday('2030-01-01') - 2440587.5 AND julianday('$last') - 2440587.5")
    [ "$laid" = "$((meals_a_day * times))" ] || fail "$label: $laid meals on the template's days, expected $((meals_a_day * times))"
    results+=("$(printf "%-40s %8s %8.2f %10.1f" "$label" "$wall" "$(echo "$user + $system" | bc -l)" "$(echo "$kib / 1024" | bc -l)")")
    record "$label, wall" "$wall" s
    record "$label, CPU" "$(echo "$user + $system" | bc -l)" s
    record "$label, max RSS" "$(echo "$kib / 1024" | bc -l)" MiB
}

for run in $(seq "$runs"); do
    measure "template apply big --times $times" "$mealplan" template apply big --to 2030-01-01 --times "$times"
    measure --terminal "the same, progress line on a terminal" "$mealplan" template apply big --to 2030-01-01 --times "$times"
done
measure "peer: import of the same meals" "$mealplan" import "$work/copies.csv"

echo "== $meals_a_day meals a day, $times copies: $((meals_a_day * times)) meals laid down"
printf "%-40s %8s %8s %10s\n" command "wall s" "CPU s" "max RSS MiB"
printf "%s\n" "${results[@]}"

# The planner's A and u on a fresh copy, in tmux (the plan checked by the script itself).
db="$work/template-apply-planner.sqlite"
rm -f "$db"*
cp "$base" "$db"
echo
printf "%-40s %8s %16s %8s %10s\n" "planner key" "wall s" "progress from s" "CPU s" "peak MiB"
python3 Benchmarks/planner-apply.py "$mealplan" "$db" big "$times" "$meals_a_day" |
    while IFS=$'\t' read -r label wall progress cpu peak; do
        printf "%-40s %8s %16s %8s %10s\n" "$label" "$wall" "$progress" "$cpu" "$peak"
        record "$label, wall" "$wall" s
        record "$label, progress shown after" "$progress" s
        record "$label, planner CPU" "$cpu" s
        record "$label, peak" "$peak" MiB
    done || fail "the planner's A, u or Ctrl-R failed (said above)"
