#!/usr/bin/env bash
# Times `mealplan shop`, end to end (process start to exit), on a plan whose meals cook 60
# recipes: the sample recipes of Data/recipes and 25 more made from them under other names.
# The goals: the list for 4 weeks (4 meals a day, 112 meals with recipes) within 20 ms, also
# with a long tick log, and for a whole year of such a plan (1,460 meals) within 50 ms; the
# plan also holds a million meals without recipes around that year, which the list must not
# pay for. "4 weeks, ticked" reads a .shopping-checked of 10,000 entries (a long season of
# shopping) beside the recipes, with every other item of the 4 weeks ticked at half its amount
# (so each has a top-up line). The goals are judged on CPU time (user + system), which the
# machine's other work stretches far less than the wall time; both are printed, and beside them
# `mealplan --version`, what any command costs before it does anything.
#
# `shop --send` of the 4 weeks is timed after: into a tasks folder that already holds the list
# (the usual send: every task read and compared, nothing written), and into an empty one (every
# task written, each file synced to disk), beside the list alone. No goal is set for them.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/shopping-list.sh [--runs R] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --runs R    runs per measurement (default 30)
#   --keep DIR  leave the recipes and the database in DIR instead of a temporary folder
# Needs: python3, sqlite3, hyperfine (.ci/install-deps); swift to build.
# Exit status: 0 when every goal is met, 1 when one is missed, 2 on a usage or setup error or a
# failed check (the plan does not hold the meals it should, or a list comes out empty).
set -euo pipefail

runs=30
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--runs R] [--keep DIR]" runs keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 sqlite3 hyperfine
use_work_folder "$keep"

mealplan_binary

echo "== recipes and plan"
rm -rf "$work/recipes" "$work/plan.sqlite"*
cp -R Data/recipes "$work/recipes"
python3 - "$work" <<'PY'
import csv, os, random, sys
sys.path.insert(0, "Benchmarks")
import recipe_variants
work = sys.argv[1]
root = os.path.join(work, "recipes")
random.seed(12)
names = recipe_variants.grow(root, 60)
with open(os.path.join(work, "year.csv"), "w", newline="", encoding="utf-8") as output:
    writer = csv.writer(output, lineterminator="\r\n")
    writer.writerow(["date", "slot", "title", "recipe", "servings"])
    import datetime
    day = datetime.date(2026, 1, 1)
    for offset in range(365):
        for slot in ["breakfast", "lunch", "dinner", "snack"]:
            recipe = random.choice(names)
            writer.writerow([(day + datetime.timedelta(days=offset)).isoformat(), slot, recipe.split("/")[-1],
                             recipe, random.choice(["2", "3", "4", "6"])])
PY
plan_csv 1000000 5
db="$work/plan.sqlite"
"$mealplan" import "$csv" --db "$db" > /dev/null
"$mealplan" import "$work/year.csv" --db "$db" --allow-duplicates
export MEALPLAN_RECIPES="$work/recipes" MEALPLAN_DB="$db"
with_recipes=$(sqlite3 "$db" "SELECT COUNT(*) FROM meal WHERE recipe IS NOT NULL")
all_meals=$(sqlite3 "$db" "SELECT COUNT(*) FROM meal")
echo "meals: $all_meals, of which $with_recipes cook a recipe"
[ "$with_recipes" = 1460 ] && [ "$all_meals" = 1001460 ] || fail "the plan should hold 1001460 meals, 1460 of them with recipes"
for range in "--from 2026-03-02 --days 28" "--from 2026-01-01 --to 2026-12-31"; do
    # shellcheck disable=SC2086
    [ "$("$mealplan" shop $range | wc -l)" -gt 10 ] || fail "mealplan shop $range lists almost nothing"
done

echo "== a long tick log, in a copy of the recipes folder (the other runs read none)"
rm -rf "$work/recipes-ticked"
cp -r "$work/recipes" "$work/recipes-ticked"
"$mealplan" shop --from 2026-03-02 --days 28 --format csv | python3 -c '
import csv, sys
rows = list(csv.DictReader(sys.stdin))
names = sorted({row["name"] for row in rows})
with open(sys.argv[1], "w", encoding="utf-8") as log:
    for index in range(10000 - len(names) // 2 * 2):
        log.write("%s old item %d\n" % ("+-"[index % 2], index % 500))
    for name in names[::2]:
        amounts = [row for row in rows if row["name"] == name and row["quantity"]]
        log.write("+ %s\n" % name)
        if amounts:
            log.write("# mealplan bought: %s\n" % " + ".join(
                ("%r %s" % (float(row["quantity"]) / 2, row["unit"])).strip() for row in amounts))
' "$work/recipes-ticked/.shopping-checked"
[ "$("$mealplan" shop --recipes "$work/recipes-ticked" --from 2026-03-02 --days 28 | grep -c '✓')" -gt 0 ] || fail "no item of the list is ticked"

echo "== timing"
hyperfine -N --style basic --runs "$runs" --warmup 3 --export-json "$work/times.json" \
    -n "4 weeks" "$mealplan shop --from 2026-03-02 --days 28" \
    -n "a year" "$mealplan shop --from 2026-01-01 --to 2026-12-31" \
    -n "4 weeks, JSON" "$mealplan shop --from 2026-03-02 --days 28 --format json" \
    -n "4 weeks, ticked" "$mealplan shop --recipes $work/recipes-ticked --from 2026-03-02 --days 28" \
    -n "mealplan --version (peer)" "$mealplan --version"
status=0
python3 Benchmarks/cpu_goals.py "$work/times.json" "4 weeks=20" "a year=50" "4 weeks, ticked=20" || status=1
record_hyperfine "$work/times.json"

echo "== shop --send of the 4 weeks"
rm -rf "$work/tasks" "$work/tasks-new"
"$mealplan" shop --from 2026-03-02 --days 28 --send --tasks-vdir "$work/tasks"
tasks=$(find "$work/tasks" -name '*.ics' | wc -l)
lines=$("$mealplan" shop --from 2026-03-02 --days 28 --format json 2>/dev/null | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')
echo "tasks: $tasks, lines on the list: $lines"
[ "$tasks" = "$lines" ] || fail "the folder should hold a task for each of the $lines lines"
"$mealplan" shop --from 2026-03-02 --days 28 --send --tasks-vdir "$work/tasks" | grep -q ': 0 new, 0 changed, 0 removed, 0 ticked' \
    || fail "a second send changed something"
hyperfine -N --style basic --runs "$runs" --warmup 3 --export-json "$work/send-times.json" \
    --prepare "true" -n "4 weeks, sent, nothing to change" \
    "$mealplan shop --from 2026-03-02 --days 28 --send --tasks-vdir $work/tasks" \
    --prepare "rm -rf $work/tasks-new" -n "4 weeks, sent to an empty folder" \
    "$mealplan shop --from 2026-03-02 --days 28 --send --tasks-vdir $work/tasks-new" \
    --prepare "true" -n "4 weeks, the list alone (peer)" "$mealplan shop --from 2026-03-02 --days 28" \
    --prepare "true" -n "mealplan --version (peer)" "$mealplan --version"
python3 - "$work/send-times.json" <<'EOF'
import json, sys
print("| send | wall, mean ± σ (slowest) | CPU, mean (user + system) |")
print("|---|---|---|")
for result in json.load(open(sys.argv[1]))["results"]:
    wall, spread, slowest = result["mean"] * 1000, result["stddev"] * 1000, result["max"] * 1000
    cpu = (result["user"] + result["system"]) * 1000
    print(f"| {result['command']} | {wall:.1f} ± {spread:.1f} ms ({slowest:.1f}) | {cpu:.1f} ms |")
EOF
record_hyperfine "$work/send-times.json"
record "tasks sent" "$tasks"
exit $status
