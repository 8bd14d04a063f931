#!/usr/bin/env bash
# Times `mealplan print`, end to end (process start to exit), of a week with its shopping list
# at 1,000,000 meals: the goal is 50 ms, the browser's time apart, so the page is written as
# HTML to a file. The plan is generate-meals.py's million (four a day from 1700, without
# recipes) with the sample plan of Data/sample-plan.csv on top (its meals cook the sample
# recipes of Data/recipes), so that the week of 2026-03-02 has eight meals a day, half of them
# with a recipe. Beside it, as peers: `list` and `shop` of the same days, and
# `mealplan --version`, what any command costs before it does anything. The goal is judged on
# CPU time (user + system), which the machine's other work stretches far less than the wall
# time; both are printed. With Chromium on PATH, one PDF of the week is timed too, for the
# record: the browser's time, no goal.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/print.sh [--runs R] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --runs R    runs per measurement (default 30)
#   --keep DIR  leave the plan in DIR instead of a temporary folder
# Needs: python3, sqlite3, hyperfine (.ci/install-deps); swift to build.
# Exit status: 0 when the goal is met, 1 when it is missed, 2 on a usage or setup error or a
# failed check (the plan does not hold the meals it should, or the page lacks the week's meals).
set -euo pipefail

runs=30
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--runs R] [--keep DIR]" runs keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 sqlite3 hyperfine
use_work_folder "$keep"

mealplan_binary

echo "== plan"
plan_csv 1000000 5
db="$work/print.sqlite"
rm -f "$db"*
"$mealplan" import "$csv" --db "$db" > /dev/null
"$mealplan" import Data/sample-plan.csv --db "$db" --allow-duplicates > /dev/null
export MEALPLAN_RECIPES="$PWD/Data/recipes" MEALPLAN_DB="$db" MEALPLAN_TODAY=2026-03-04
all_meals=$(sqlite3 "$db" "SELECT COUNT(*) FROM meal")
# Rows, not lines: a quoted note may hold a line break.
sample=$(python3 -c 'import csv, sys; print(sum(1 for _ in csv.reader(open(sys.argv[1]))) - 1)' Data/sample-plan.csv)
echo "meals: $all_meals"
[ "$all_meals" = $((1000000 + sample)) ] || fail "the plan should hold $((1000000 + sample)) meals"
page="$work/week.html"
"$mealplan" print --list --output "$page" > /dev/null
[ "$(grep -c '<section class="sheet' "$page")" = 2 ] || fail "the page should be two sheets, the week and its list"
grep -q 'Spaghetti bolognese' "$page" && grep -q 'class="name">spaghetti<' "$page" || fail "the page lacks the week's meals or list"

echo "== timing"
hyperfine -N --style basic --runs "$runs" --warmup 3 --export-json "$work/times.json" \
    -n "print a week with its list" "$mealplan print --list --output $page" \
    -n "print a week (peer)" "$mealplan print --output $page" \
    -n "list of the week (peer)" "$mealplan list --from 2026-03-02 --days 7" \
    -n "shop of the week (peer)" "$mealplan shop --from 2026-03-02 --days 7" \
    -n "mealplan --version (peer)" "$mealplan --version"
status=0
python3 Benchmarks/cpu_goals.py "$work/times.json" "print a week with its list=50" || status=1
record_hyperfine "$work/times.json"

if command -v chromium > /dev/null; then
    echo "== the same week as a PDF, through Chromium (the browser's time; no goal)"
    hyperfine -N --style basic --runs 3 --export-json "$work/pdf.json" \
        -n "print a week with its list as a PDF" "$mealplan print --list --output $work/week.pdf"
    record_hyperfine "$work/pdf.json"
fi
exit $status
