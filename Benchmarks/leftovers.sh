#!/usr/bin/env bash
# Times the commands of cooked meals and what became of them on a plan of a million meals
# centred on today (hyperfine): `leftovers` (goal: at most 20 ms, wall and CPU), `done` and
# `skipped` of a meal, `add --leftovers-of`, and `history` of the title planned most often once
# the plan marks meals done (its count then reads the status from the title index; goal 20 ms).
# The peer in the same runs: `mealplan --version`, and `history` on the same plan before any
# meal is marked done.
#
# On a copy of the plan, one meal a day of the 30 days before today and the 7 after is given a
# recipe and 6 servings, every third eaten by 2, and every other one a leftover meal of 2
# the next day: what a household that cooks in batches keeps.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/leftovers.sh [--meals N] [--runs R] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --meals N   meals in the plan (default 1000000), centred on today
#   --runs R    runs of each timed command (default 20)
#   --keep DIR  leave the databases and hyperfine JSON in DIR (the plan is shared with
#               history.sh and the planner's scripts)
# Needs: python3, sqlite3, hyperfine (.ci/install-deps); swift to build.
# Exit status: 0 when the goals are met, 1 when one is missed, 2 on a usage or setup error.
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
plan="$work/leftovers.sqlite"
rm -f "$plan" "$plan-wal" "$plan-shm"
sqlite3 "$db" ".backup $plan"
frequent=$(sqlite3 "$plan" "SELECT title FROM meal WHERE day <= $today GROUP BY title ORDER BY COUNT(*) DESC LIMIT 1")
quoted=${frequent//\'/\'\'}

echo "== history before any meal is marked done (peer)"
hyperfine -N --warmup 3 --runs "$runs" --export-json "$work/history-before.json" \
    "$mealplan history --db $plan '$frequent'"

echo "== cooked meals and their leftovers from $(date -u -d '-30 days' +%F) to $(date -u -d '+7 days' +%F)"
sqlite3 "$plan" <<SQL
UPDATE meal SET recipe = 'batch/' || id, servings = 6, eaters = CASE WHEN id % 3 = 0 THEN 2 END
WHERE id IN (SELECT MIN(id) FROM meal WHERE day BETWEEN $today - 30 AND $today + 7 GROUP BY day);
INSERT INTO meal(day, slotId, position, title, recipe, servings, leftoversOf)
SELECT day + 1, slotId, 90, title, recipe, 2, id FROM meal
WHERE recipe LIKE 'batch/%' AND day % 2 = 0;
SQL
cooked=$(sqlite3 "$plan" "SELECT id FROM meal WHERE recipe LIKE 'batch/%' AND leftoversOf IS NULL ORDER BY day LIMIT 1")
past=$(sqlite3 "$plan" "SELECT id FROM meal WHERE day < $today AND title = '$quoted' ORDER BY day DESC LIMIT 1")
listed=$("$mealplan" leftovers --db "$plan" | wc -l)
[ "$listed" -gt 0 ] || fail "leftovers lists nothing"
echo "leftovers lists $listed cooked meals"

echo "== leftovers, done, skipped, add --leftovers-of, history once meals are marked done"
"$mealplan" done --db "$plan" "$past" >/dev/null
hyperfine -N --warmup 3 --runs "$runs" --export-json "$work/leftovers.json" \
    "$mealplan --version" \
    "$mealplan leftovers --db $plan" \
    "$mealplan done --db $plan $past" \
    "$mealplan skipped --db $plan $cooked" \
    "$mealplan history --db $plan '$frequent'"
hyperfine -N --warmup 1 --runs "$runs" --export-json "$work/add.json" \
    "$mealplan add --db $plan $(date -u -d '+20 days' +%F) lunch --leftovers-of $cooked --servings 1"

python3 Benchmarks/hyperfine_report.py --goal leftovers,history "$work/history-before.json" "$work/leftovers.json" "$work/add.json"
