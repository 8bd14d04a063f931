#!/usr/bin/env bash
# Times `mealplan nutrition` of a week, end to end (process start to exit), at 1,000,000 meals
# with a folder of 1,000 recipes: the goal is 50 ms of CPU, beside `shop` of the same week (the
# same recipes read and scaled, without the food table) and `mealplan --version`. Then the
# planner's nutrition key `F` on the same plan (goal: 20 ms of the planner's CPU, the slowest
# of the runs), beside `s`, the shopping list of the same days; see nutrition-key.py.
#
# The folder: the sample recipes of Data/recipes and copies of them under other names up to
# 1,000 (their ingredients are names a cook writes, mapped to USDA foods or not, as the samples
# are). The plan: generate-meals.py's million (four a day from 1700, without recipes), and four
# weeks from 2026-03-02 of four meals a day, each cooking a recipe drawn from the 1,000, one a
# week skipped and one a week leftovers of the day before, so that every rule of the report
# is paid for. The goals are judged on CPU time (user + system), which the machine's other
# work stretches far less than the wall time; both are printed.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/nutrition.sh [--runs R] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --runs R    runs per measurement (default 30; the planner's keys 10)
#   --keep DIR  leave the recipes and the database in DIR instead of a temporary folder
# Needs: python3, sqlite3, hyperfine, tmux (.ci/install-deps); swift to build.
# Exit status: 0 when every goal is met, 1 when one is missed, 2 on a usage or setup error or a
# failed check (the plan does not hold the meals it should, or the report has no figures).
set -euo pipefail

runs=30
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--runs R] [--keep DIR]" runs keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 sqlite3 hyperfine tmux
use_work_folder "$keep"

mealplan_binary

echo "== recipes and plan"
rm -rf "$work/nutrition-recipes" "$work/nutrition.sqlite"*
cp -R Data/recipes "$work/nutrition-recipes"
python3 - "$work" <<'PY'
import csv, datetime, os, random, sys
sys.path.insert(0, "Benchmarks")
import recipe_variants
work = sys.argv[1]
random.seed(39)
names = recipe_variants.grow(os.path.join(work, "nutrition-recipes"), 1000)
with open(os.path.join(work, "nutrition-weeks.csv"), "w", newline="", encoding="utf-8") as output:
    writer = csv.writer(output, lineterminator="\r\n")
    writer.writerow(["date", "slot", "title", "recipe", "servings", "status"])
    first = datetime.date(2026, 3, 2)
    for offset in range(28):
        for number, slot in enumerate(["breakfast", "lunch", "dinner", "snack"]):
            recipe = random.choice(names)
            status = "skipped" if offset % 7 == 3 and number == 0 else "planned"
            writer.writerow([(first + datetime.timedelta(days=offset)).isoformat(), slot, recipe.split("/")[-1],
                             recipe, random.choice(["2", "3", "4", "6"]), status])
PY
plan_csv 1000000 5
db="$work/nutrition.sqlite"
"$mealplan" import "$csv" --db "$db" > /dev/null
"$mealplan" import "$work/nutrition-weeks.csv" --db "$db" --allow-duplicates > /dev/null
export MEALPLAN_RECIPES="$work/nutrition-recipes" MEALPLAN_DB="$db" MEALPLAN_TODAY=2026-03-02
# One lunch a week eaten again the next day as leftovers: the report counts it there.
for week in 0 1 2 3; do
    cook=$(sqlite3 "$db" "SELECT meal.id FROM meal JOIN slot ON slot.id = meal.slotId WHERE day = $(( $(day_number 2026-03-02) + week * 7 + 1 )) AND slot.name = 'lunch' AND meal.recipe IS NOT NULL")
    "$mealplan" add "$(date -u -d "2026-03-02 + $(( week * 7 + 2 )) days" +%F)" lunch --leftovers-of "$cook" > /dev/null
done
with_recipes=$(sqlite3 "$db" "SELECT COUNT(*) FROM meal WHERE recipe IS NOT NULL")
all_meals=$(sqlite3 "$db" "SELECT COUNT(*) FROM meal")
echo "meals: $all_meals, of which $with_recipes cook a recipe"
[ "$with_recipes" -ge 112 ] && [ "$all_meals" = 1000116 ] || fail "the plan should hold 1000116 meals, 112 of them with recipes"
week="--from 2026-03-02 --days 7"
# shellcheck disable=SC2086
report=$("$mealplan" nutrition $week) || [ $? = 65 ] || fail "mealplan nutrition $week failed"
grep -q '^Average per day, over the 7 days with figures: kcal ' <<< "$report" || fail "the week's report has no average over 7 days"
grep -q '(leftovers), a serving: kcal ' <<< "$report" || fail "the week's report counts no leftovers"
grep -q ': skipped, counts nothing' <<< "$report" || fail "the week's report has no skipped meal"

echo "== timing"
hyperfine -N --style basic --runs "$runs" --warmup 3 --export-json "$work/times.json" \
    -n "nutrition of a week" "$mealplan nutrition $week" \
    -n "nutrition of a week, JSON" "$mealplan nutrition $week --format json" \
    -n "shop of the week (peer)" "$mealplan shop $week" \
    -n "mealplan --version (peer)" "$mealplan --version"
status=0
python3 Benchmarks/cpu_goals.py "$work/times.json" "nutrition of a week=50" "nutrition of a week, JSON=50" || status=1
record_hyperfine "$work/times.json"

echo "== the planner's F on the same plan"
key_status=0
python3 Benchmarks/nutrition-key.py "$mealplan" "$db" "$MEALPLAN_RECIPES" 10 || key_status=$?
[ "$key_status" -le 1 ] || exit "$key_status"
exit $(( status > key_status ? status : key_status ))
