#!/usr/bin/env bash
# Measures mealplan against the sqlite3 command-line tool on the same database file, and checks
# the speed goals:
#
#   mealplan import of the generated CSV          at most 1 s
#   mealplan list of one week                     at most 3x sqlite3 running the same query
#   mealplan export of all meals                  at most 1x sqlite3 -csv of the same rows
#
# The import's peers, in the same run: sqlite3's `.import` of the same CSV into a table of text
# columns, and the same work as mealplan's import done by sqlite3 alone (the floor): `.import`
# into such a table, then one INSERT of its rows into a fresh mealplan database's meal table
# (days and slot ids looked up, a 16-byte UID each, ascending as mealplan's time-ordered UIDs
# are, so the UID index is kept row by row as mealplan keeps it; positions all 0) with its
# triggers on new meals dropped, then the title and note indexes built, the distinct titles
# and notes filled in and the triggers made again, as mealplan's import into an empty plan does.
# It also times the CSV reader and writer alone (csv-throughput), without a database, and the
# title index's sort on the text against the same sort on a number per title (what storing each
# title once would save the import).
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

echo "== import (fresh database each run), and its peers in sqlite3"
# A fresh mealplan database (a header-only CSV imports no meal), copied before each floor run.
empty="$work/empty.sqlite"
rm -f "$empty" "$empty-wal" "$empty-shm"
printf 'date,slot,title,note,recipe,servings\r\n' >"$work/empty.csv"
"$mealplan" import --db "$empty" "$work/empty.csv" >/dev/null
sqlite3 "$empty" "PRAGMA journal_mode = DELETE" >/dev/null
schema_of() { sqlite3 "$empty" "SELECT sql || ';' FROM sqlite_master WHERE name IN ($1)"; }
made_again=$(schema_of "'meal_by_title', 'meal_by_note', 'meal_title_after_insert', 'meal_note_after_insert', 'meal_uid_after_insert'")
ascii_folded() { echo "CASE WHEN length(CAST($1 AS BLOB)) = length($1) THEN lower($1) END"; }
cat >"$work/floor.sql" <<SQL
PRAGMA journal_mode = WAL;
.import --csv $csv staging
BEGIN IMMEDIATE;
DROP INDEX meal_by_title; DROP INDEX meal_by_note;
DROP TRIGGER meal_title_after_insert; DROP TRIGGER meal_note_after_insert; DROP TRIGGER meal_uid_after_insert;
INSERT INTO meal(day, slotId, position, title, note, recipe, servings, uid, status, eaters)
    SELECT CAST(julianday(date) - 2440587.5 AS INTEGER), slot.id, 0,
        title, nullif(note, ''), nullif(recipe, ''), CAST(nullif(servings, '') AS REAL), CAST(printf('%016d', staging.rowid) AS BLOB),
        nullif(status, ''), CAST(nullif(eaters, '') AS REAL)
    FROM staging JOIN slot ON slot.name = staging.slot;
$made_again
INSERT OR IGNORE INTO mealTitle SELECT title, $(ascii_folded title) FROM meal GROUP BY title;
INSERT INTO mealNote(note, folded)
    SELECT text, $(ascii_folded text) FROM (SELECT DISTINCT note AS text FROM meal NOT INDEXED WHERE note IS NOT NULL)
    WHERE NOT EXISTS (SELECT 1 FROM mealNote WHERE substr(note, 1, 64) = substr(text, 1, 64)
        AND length(CAST(note AS BLOB)) = length(CAST(text AS BLOB)) AND +note = text);
DROP TABLE staging;
COMMIT;
SQL
floor="$work/floor.sqlite"
hyperfine -N --runs 3 --export-json "$work/import-peers.json" \
    --prepare "sh -c 'rm -f $work/plain.sqlite $floor $floor-wal $floor-shm && cp $empty $floor'" \
    "sqlite3 $work/plain.sqlite \".import --csv $csv meal\"" \
    "sqlite3 $floor \".read $work/floor.sql\""
hyperfine -N --runs 3 --prepare "rm -f $db $db-wal $db-shm" \
    --export-json "$work/import.json" "$mealplan import --db $db $csv"
# The floor numbers no positions: the generated plan has one meal a day in each slot.
[ "$(sqlite3 "$db" "SELECT MAX(position) FROM meal")" = 0 ] || fail "the plan has more than one meal in a slot"
[ "$(sqlite3 "$floor" "SELECT COUNT(*) FROM meal")" = "$meals" ] || fail "the floor's database does not hold $meals meals"
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

echo "== the title index's sort, on the title and on a number per title"
# What storing each title once would save the import: the index built at its end sorts a number
# instead of the text. Measured on a copy of the imported plan given such a number, with
# SQLite's helper threads as the import sets them.
lever="$work/title-number.sqlite"
rm -f "$lever" "$lever-wal" "$lever-shm" "$lever-journal"
sqlite3 "$db" ".backup $lever"
sqlite3 "$lever" "PRAGMA journal_mode = DELETE; DROP INDEX meal_by_title;
    CREATE TABLE titleNumber(title TEXT UNIQUE); INSERT INTO titleNumber SELECT title FROM mealTitle;
    ALTER TABLE meal ADD COLUMN titleNumber INTEGER;
    UPDATE meal SET titleNumber = (SELECT rowid FROM titleNumber WHERE titleNumber.title = meal.title);" >/dev/null
helpers=$(( $(nproc) > 1 ? $(nproc) - 1 : 1 ))
hyperfine -N --runs 5 --export-json "$work/title-index.json" \
    --prepare "sqlite3 $lever 'DROP INDEX IF EXISTS sorted'" \
    "sqlite3 $lever 'PRAGMA threads = $helpers; CREATE INDEX sorted ON meal(title, day, status)'" \
    "sqlite3 $lever 'PRAGMA threads = $helpers; CREATE INDEX sorted ON meal(titleNumber, day, status)'"

python3 - "$work" "$meals" <<'PY'
import json, sys
work, meals = sys.argv[1], int(sys.argv[2])
def timed(name):
    """Each command's (median wall, mean CPU: user + system) in seconds."""
    return [(r["median"], r["user"] + r["system"]) for r in json.load(open(f"{work}/{name}.json"))["results"]]
def show(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"
def both(time):
    return f"{show(time[0])} ({show(time[1])})"
def ratio(ours, theirs):
    return f"{ours[0] / theirs[0]:.2f}× (CPU {ours[1] / theirs[1]:.2f}×)"
(imp,) = timed("import")
imp_plain, imp_floor = timed("import-peers")
list_ours, list_sqlite = timed("list")
export_ours, export_sqlite = timed("export")
read_alone, write_alone = timed("csv")
title_sorted, number_sorted = timed("title-index")
rows = [
    # operation, mealplan, sqlite3, ratio, goal, met (on wall time)
    (f"import {meals:,} meals", both(imp), "", "", "≤ 1 s", imp[0] <= 1),
    ("import: sqlite3 .import as peer", both(imp), both(imp_plain), ratio(imp, imp_plain), "", None),
    ("import: the same work in sqlite3 as peer", both(imp), both(imp_floor), ratio(imp, imp_floor), "", None),
    ("list one week", both(list_ours), both(list_sqlite), ratio(list_ours, list_sqlite), "≤ 3×",
     list_ours[0] <= 3 * list_sqlite[0]),
    ("export all meals", both(export_ours), both(export_sqlite), ratio(export_ours, export_sqlite), "≤ 1×",
     export_ours[0] <= export_sqlite[0]),
    ("import: the title index's sort, on the text (sqlite3)", "", both(title_sorted), "", "", None),
    ("import: the same sort on a number per title (sqlite3)", "", both(number_sorted),
     f"saves {show(title_sorted[0] - number_sorted[0])}", "", None),
    ("CSV parse alone", both(read_alone), "", "", "", None),
    ("CSV write alone", both(write_alone), "", "", "", None),
]
sys.path.insert(0, "Benchmarks")
import run_record
for name, time in [(f"import {meals} meals", imp), ("peer: sqlite3 .import of the CSV", imp_plain),
                   ("peer: the same work as the import in sqlite3", imp_floor), ("list one week", list_ours),
                   ("peer: sqlite3 of the same query", list_sqlite), ("export all meals", export_ours),
                   ("peer: sqlite3 -csv of the same rows", export_sqlite), ("the title index's sort on the text", title_sorted),
                   ("the title index's sort on a number per title", number_sorted), ("CSV parse alone", read_alone),
                   ("CSV write alone", write_alone)]:
    run_record.timed(name, *time)
run_record.add("import against sqlite3 .import", imp[0] / imp_plain[0], "x")
run_record.add("list one week against sqlite3", list_ours[0] / list_sqlite[0], "x")
run_record.add("export against sqlite3 -csv", export_ours[0] / export_sqlite[0], "x")
print(f"\nwall: median; CPU (user + system): mean; {meals:,} meals")
print("| operation | mealplan: wall (CPU) | sqlite3: wall (CPU) | ratio | goal | met |")
print("|---|---|---|---|---|---|")
for operation, ours, theirs, ratio_text, goal, met in rows:
    print(f"| {operation} | {ours} | {theirs} | {ratio_text} | {goal} | {'' if met is None else 'yes' if met else 'NO'} |")
sys.exit(0 if all(met is not False for *_, met in rows) else 1)
PY
