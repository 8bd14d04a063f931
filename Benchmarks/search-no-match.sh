#!/usr/bin/env bash
# Times a search of the whole plan for a text no meal holds, at a million meals, in a release
# build: `mealplan list --search` (hyperfine) for an ASCII and a non-ASCII text and for a text
# of 2 characters (too short for the index, so every meal is read), and the planner's `/` for
# the same texts (in tmux). Also times what the search index costs: the import of the
# generated CSV into a fresh database, and the first open of a database made before the index
# existed (the migration that builds it).
#
# Usage: Benchmarks/search-no-match.sh [--meals N] [--seed S] [--keep DIR]
#   --meals N   meals to generate, four a day from 1700-01-01 (default 1000000, ~684 years)
#   --seed S    generator seed (default 42)
#   --keep DIR  leave the CSV, databases and hyperfine JSON in DIR instead of a temporary folder
# Needs: swift, python3, sqlite3, hyperfine, tmux.
set -euo pipefail

meals=1000000
seed=42
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--meals N] [--seed S] [--keep DIR]" meals seed keep -- "$@"
cd "$(dirname "$0")/.."
require_tools swift python3 sqlite3 hyperfine tmux
use_work_folder "$keep"
csv="$work/meals.csv"
db="$work/meals.sqlite"
older="$work/older.sqlite"
# No generated meal holds these; "zq" is shorter than a trigram.
texts=(zzqqxx ƶƶƶ zq)

echo "== building (release, static Swift standard library)"
build_release mealplan

echo "== generating $meals meals (seed $seed)"
[ -f "$csv" ] || python3 Benchmarks/generate-meals.py --meals "$meals" --seed "$seed" --output "$csv"

echo "== import (fresh database each run)"
hyperfine -N --runs 3 --prepare "rm -f $db $db-wal $db-shm" --export-json "$work/import.json" \
    "$bin/mealplan import --db $db $csv"

echo "== first open of a database without the search index (it is built)"
cp "$db" "$older"
# The index's objects go, and so does its migration's record: the migrator (GRDB runs every
# registered migration it has no record of, in order) then runs that migration alone, and keeps
# the later ones' objects. Any user_version below the schema's makes mealplan run the migrator;
# the one before the index's migration (records are kept in the order migrations ran) says so.
migration='index meal text for search'
number=$(sqlite3 "$older" "SELECT rowid FROM grdb_migrations WHERE identifier = '$migration'")
sqlite3 "$older" "DROP TRIGGER meal_search_after_insert; DROP TRIGGER meal_search_after_update;
    DROP TRIGGER meal_search_after_delete; DROP TABLE meal_search; DROP TABLE meal_search_pending;
    DROP TABLE meal_search_state; DELETE FROM grdb_migrations WHERE identifier = '$migration';
    PRAGMA user_version = $((number - 1)); VACUUM;"
hyperfine -N --runs 3 --prepare "cp $older $older.copy" --export-json "$work/upgrade.json" \
    "$bin/mealplan list --db $older.copy --days 1"
[ "$(sqlite3 "$older.copy" "SELECT (SELECT count(*) FROM meal_search) = (SELECT count(*) FROM meal)")" = 1 ] ||
    { echo "$0: the first open did not index every meal" >&2; exit 2; }

echo "== list --search of the whole plan, no match"
commands=()
for text in "${texts[@]}"; do
    case "$("$bin/mealplan" list --db "$db" --search "$text")" in
        "no meal matches"*) ;;
        *) echo "$0: '$text' matches a meal" >&2; exit 2 ;;
    esac
    commands+=("$bin/mealplan list --db $db --search $text")
done
hyperfine -N --warmup 3 --runs 20 --export-json "$work/search.json" "${commands[@]}"

echo "== the planner's / over the whole plan, no match"
python3 Benchmarks/search-no-match.py "$bin/mealplan" "$db" 15 "${texts[@]}"
