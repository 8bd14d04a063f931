#!/usr/bin/env bash
# Measures mealplan against the sqlite3 command-line tool on the same database file, and checks
# the speed goals:
#
#   mealplan import of the generated CSV          at most 3 s
#   mealplan list of one week                     at most 3x sqlite3 running the same query
#   mealplan export of all meals                  at most 1.5x sqlite3 -csv of the same rows
#
# It also times the CSV reader and writer alone (csv-throughput), without a database.
#
# Before timing, it checks that the import stored every meal, that sqlite3 and mealplan list the
# same number of meals for the week, and that the export gives back the imported file byte for
# byte.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/cli-vs-sqlite3.sh [--meals N] [--seed S] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --meals N     meals to generate, four a day from 1700-01-01 (default 1000000, ~684 years)
#   --seed S      generator seed (default 42)
#   --keep DIR    leave the CSV, database and hyperfine JSON in DIR instead of a temporary
#                 folder (the CSV is reused by search-no-match.sh given the same DIR)
# Needs: python3, sqlite3, hyperfine (.ci/install-deps); swift to build.
# Exit status: 0 when every goal is met, 1 when one is missed, 2 on a usage or setup error or
# a failed check.
set -euo pipefail

meals=1000000
seed=42
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--meals N] [--seed S] [--keep DIR]" meals seed keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 sqlite3 hyperfine
use_work_folder "$keep"
db="$work/meals.sqlite"

mealplan_binary
echo "== building the CSV helper (release)"
build_release csv-throughput
plan_csv "$meals" "$seed"
echo "$(du -h "$csv" | cut -f1) of CSV"

# The week listed: the first Monday-to-Sunday week of 2026, or of the data if it ends sooner.
first_day=$(python3 -c "
import datetime
last = datetime.date(1700, 1, 1) + datetime.timedelta(days=($meals - 1) // 4)
print(min(datetime.date(2026, 3, 2), last - datetime.timedelta(days=6)))")
set_meal_queries "$first_day" 7

echo "== import (fresh database each run)"
hyperfine -N --runs 3 --prepare "rm -f $db $db-wal $db-shm" \
    --export-json "$work/import.json" "$mealplan import --db $db $csv"
stored=$(sqlite3 "$db" "SELECT COUNT(*) FROM meal")
[ "$stored" = "$meals" ] || fail "the database holds $stored meals, expected $meals"
week_sqlite=$(sqlite3 "$db" "SELECT COUNT(*) FROM ($list_sql)")
week_mealplan=$("$mealplan" list --db "$db" --from "$first_day" --days 7 --format json |
    python3 -c "import json, sys; print(len(json.load(sys.stdin)))")
[ "$week_sqlite" = "$week_mealplan" ] && [ "$week_sqlite" -gt 0 ] ||
    fail "the week from $first_day holds $week_sqlite meals in sqlite3, $week_mealplan in mealplan list"
# The export must give back the imported file byte for byte (sqlite3's CSV is not comparable:
# it ends rows with LF and quotes every field that holds a space).
"$mealplan" export --db "$db" >"$work/export-mealplan.csv"
cmp -s "$work/export-mealplan.csv" "$csv" || fail "mealplan export differs from the imported $csv"

echo "== list one week from $first_day"
hyperfine -N --warmup 5 --export-json "$work/list.json" \
    "$mealplan list --db $db --from $first_day --days 7" \
    "sqlite3 $db \"$list_sql\""

echo "== export all meals"
hyperfine -N --warmup 1 --runs 5 --export-json "$work/export.json" \
    "$mealplan export --db $db" \
    "sqlite3 -csv -header $db \"$export_sql\""

echo "== CSV reader and writer alone"
hyperfine -N --warmup 1 --runs 5 --export-json "$work/csv.json" \
    "$bin/csv-throughput read $csv" \
    "$bin/csv-throughput write $meals"

python3 - "$work" "$meals" <<'PY'
import json, sys
work, meals = sys.argv[1], int(sys.argv[2])
def medians(name):
    return [r["median"] for r in json.load(open(f"{work}/{name}.json"))["results"]]
def show(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"
(imp,) = medians("import")
list_ours, list_sqlite = medians("list")
export_ours, export_sqlite = medians("export")
read_alone, write_alone = medians("csv")
rows = [
    # operation, mealplan, sqlite3, ratio, goal, met
    (f"import {meals:,} meals", show(imp), "", "", "≤ 3 s", imp <= 3),
    ("list one week", show(list_ours), show(list_sqlite), f"{list_ours / list_sqlite:.2f}×", "≤ 3×",
     list_ours <= 3 * list_sqlite),
    ("export all meals", show(export_ours), show(export_sqlite), f"{export_ours / export_sqlite:.2f}×", "≤ 1.5×",
     export_ours <= 1.5 * export_sqlite),
    ("CSV parse alone", show(read_alone), "", "", "", None),
    ("CSV write alone", show(write_alone), "", "", "", None),
]
print(f"\nmedians, {meals:,} meals")
print("| operation | mealplan | sqlite3 | ratio | goal | met |")
print("|---|---|---|---|---|---|")
for operation, ours, theirs, ratio, goal, met in rows:
    print(f"| {operation} | {ours} | {theirs} | {ratio} | {goal} | {'' if met is None else 'yes' if met else 'NO'} |")
sys.exit(0 if all(met is not False for *_, met in rows) else 1)
PY
