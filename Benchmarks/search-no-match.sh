#!/usr/bin/env bash
# Times a search of the whole plan for a text no meal holds, at a million meals:
# `mealplan list --search` (hyperfine) for an ASCII and a non-ASCII text and for a text
# of 2 characters (too short for the index, so every meal is read), and the planner's `/` for
# the same texts (in tmux). Also times what the search index costs: the import of the
# generated CSV into a fresh database, and the first open of a database made before the index
# existed (the migration that builds it).
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/search-no-match.sh [--meals N] [--seed S] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --meals N   meals to generate, four a day from 1700-01-01 (default 1000000, ~684 years)
#   --seed S    generator seed (default 42)
#   --keep DIR  leave the CSV, databases and hyperfine JSON in DIR instead of a temporary folder
#               (the CSV is shared with cli-vs-sqlite3.sh and export-memory.sh)
# Needs: python3, sqlite3, hyperfine, tmux (.ci/install-deps); swift to build.
# Exit status: 0, or 2 on a usage or setup error or a failed check (an import that did not
# store every meal, a first open that did not index every meal, a text that matches a meal).
set -euo pipefail

meals=1000000
seed=42
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--meals N] [--seed S] [--keep DIR]" meals seed keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 sqlite3 hyperfine tmux
use_work_folder "$keep"
db="$work/search.sqlite"
older="$work/older.sqlite"
# No generated meal holds these; "zq" is shorter than a trigram.
texts=(zzqqxx ƶƶƶ zq)

mealplan_binary
plan_csv "$meals" "$seed"

echo "== import (fresh database each run)"
hyperfine -N --runs 3 --prepare "rm -f $db $db-wal $db-shm" --export-json "$work/import.json" \
    "$mealplan import --db $db $csv"
stored=$(sqlite3 "$db" "SELECT COUNT(*) FROM meal")
[ "$stored" = "$meals" ] || fail "the database holds $stored meals, expected $meals"

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
    "$mealplan list --db $older.copy --days 1"
[ "$(sqlite3 "$older.copy" "SELECT (SELECT count(*) FROM meal_search) = (SELECT count(*) FROM meal)")" = 1 ] ||
    fail "the first open did not index every meal"

echo "== list --search of the whole plan, no match"
commands=()
for text in "${texts[@]}"; do
    case "$("$mealplan" list --db "$db" --search "$text")" in
        "no meal matches"*) ;;
        *) fail "'$text' matches a meal" ;;
    esac
    commands+=("$mealplan list --db $db --search $text")
done
hyperfine -N --warmup 3 --runs 20 --export-json "$work/search.json" "${commands[@]}"

echo "== the planner's / over the whole plan, no match"
python3 Benchmarks/search-no-match.py "$mealplan" "$db" 15 "${texts[@]}"
