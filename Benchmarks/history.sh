#!/usr/bin/env bash
# Times `mealplan history TEXT` and `mealplan forgotten` on a plan of a million meals centred on
# today (hyperfine): history for the title planned most often up to today,
# for a text no title holds, and for a text of 2 characters no title holds;
# forgotten with its defaults. The goal is at most 20 ms for each history command, in wall time
# and in CPU time (user + system). Also times what history's title index costs the writes: the
# import of the plan's CSV into a fresh database (and its size), and `mealplan add` on the plan.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/history.sh [--meals N] [--runs R] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --meals N   meals in the plan (default 1000000), centred on today
#   --runs R    runs of each timed command (default 20)
#   --keep DIR  leave the CSV file, databases and hyperfine JSON in DIR (the plan is shared
#               with planner-first-screen.sh, title-completion.sh and repeat-rules.sh)
# Needs: python3, sqlite3, hyperfine (.ci/install-deps); swift to build.
# Exit status: 0 when every history command meets the goal, 1 when one misses it, 2 on a usage
# or setup error or a failed check (a command that does not find what it should).
set -euo pipefail

meals=1000000
runs=20
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--meals N] [--runs R] [--keep DIR]" meals runs keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 sqlite3 hyperfine
use_work_folder "$keep"

mealplan_binary
centred_database "$meals"

today=$(day_number "$(date -u +%F)")
frequent=$(sqlite3 "$db" "SELECT title FROM meal WHERE day <= $today GROUP BY title ORDER BY COUNT(*) DESC LIMIT 1")
# No generated title holds these.
texts=("$frequent" zzqqxx zq)
case "$("$mealplan" history --db "$db" --dates 0 "$frequent")" in
    "$frequent  "*" times, last "*) ;;
    *) fail "history does not find '$frequent'" ;;
esac
for text in zzqqxx zq; do
    case "$("$mealplan" history --db "$db" "$text")" in
        "nothing planned matches"*) ;;
        *) fail "'$text' matches a title" ;;
    esac
done

echo "== history TEXT and forgotten ('$frequent' is planned $(sqlite3 "$db" \
    "SELECT COUNT(*) FROM meal WHERE title = '${frequent//\'/\'\'}' AND day <= $today") times up to today)"
commands=()
for text in "${texts[@]}"; do
    commands+=("$mealplan history --db $db '$text'")
done
hyperfine -N --warmup 3 --runs "$runs" --export-json "$work/history.json" \
    "${commands[@]}" "$mealplan forgotten --db $db"

echo "== add one meal to a copy of the plan"
writes="$work/writes.sqlite"
sqlite3 "$db" ".backup $writes"
hyperfine -N --warmup 1 --runs "$runs" --export-json "$work/add.json" \
    "$mealplan add --db $writes 2026-01-01 dinner 'Stew'"
added=$(sqlite3 "$writes" "SELECT COUNT(*) FROM meal") expected=$(( meals + runs + 1 ))
[ "$added" = "$expected" ] || fail "the copy holds $added meals after the adds, expected $expected"

echo "== import of the plan's CSV (fresh database each run)"
imported="$work/imported.sqlite"
hyperfine -N --runs 3 --prepare "rm -f $imported $imported-wal $imported-shm" --export-json "$work/import.json" \
    "$mealplan import --db $imported $csv"
stored=$(sqlite3 "$imported" "SELECT COUNT(*) FROM meal")
[ "$stored" = "$meals" ] || fail "the import stored $stored meals, expected $meals"
echo "database file: $(stat -c %s "$imported") bytes"

python3 Benchmarks/hyperfine_report.py --goal history "$work/history.json" "$work/add.json" "$work/import.json"
