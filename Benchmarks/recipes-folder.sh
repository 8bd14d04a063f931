#!/usr/bin/env bash
# Times the recipes folder at 1,000 recipes: `mealplan recipes` (the folder walked once, every
# recipe's front matter read; goal at most 20 ms of CPU, beside `mealplan --version`) and Tab in the planner's title field (the folder's
# names listed; goal at most 5 ms of the planner's CPU, measured by title-completion.py).
#
# The folder: 10 subfolders of 100 recipes, each with front matter (title, servings, tags), eight
# ingredients, a sub-recipe reference and three steps, as a household's folder looks.
#
# Usage: Benchmarks/recipes-folder.sh [--recipes N] [--runs R] [--keep DIR]
#   --recipes N  recipes in the folder (default 1000)
#   --runs R     runs of `mealplan recipes`, and prompts completed in the planner (default 20)
#   --keep DIR   leave the folder and database in DIR
# The binary: $MEALPLAN_BIN when set, else a release build made here.
# Needs: swift (without MEALPLAN_BIN), python3, tmux.
# Exit status: 0 when both goals are met, 1 when one is missed, 2 on a usage or setup error.
set -euo pipefail

recipes=1000
runs=20
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--recipes N] [--runs R] [--keep DIR]" recipes runs keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 tmux
use_work_folder "$keep"

mealplan_binary

folder="$work/recipes"
rm -rf "$folder"
echo "== writing $recipes recipes to $folder"
python3 - "$folder" "$recipes" <<'PY'
import os, sys
folder, count = sys.argv[1], int(sys.argv[2])
for index in range(count):
    sub = os.path.join(folder, f"course{index % 10}")
    os.makedirs(sub, exist_ok=True)
    other = f"../course{(index + 1) % 10}/Dish {index + 1}" if index + 1 < count else None
    lines = ["---", f"title: Dish number {index}", f"servings: {2 + index % 5}", "tags: [weeknight, test]", "---", ""]
    lines.append(f"Chop @onion{{{1 + index % 3}}} and @garlic{{2%cloves}}; warm @olive oil{{2%tbsp}} in a #pan{{}}.")
    lines.append("")
    lines.append(f"Add @tomatoes{{400%g}}, @lentils{{{100 + index % 50}%g}}, @stock{{500%ml}} and @salt{{=1%tsp}}.")
    if other:
        lines.append(f"Serve with @{other}{{1%servings}}.")
    lines.append("")
    lines.append("Simmer for ~{25%minutes}, then stir in @parsley{1%bunch}(chopped) and @lemon{1/2}.")
    with open(os.path.join(sub, f"Dish {index}.cook"), "w") as file:
        file.write("\n".join(lines) + "\n")
PY

db="$work/plan.sqlite"
rm -f "$db"*
"$mealplan" add today dinner Soup --db "$db" >/dev/null

echo "== mealplan recipes, $runs runs"
set +e
python3 - "$mealplan" "$folder" "$runs" <<'PY'
import os, sys
sys.path.insert(0, "Benchmarks")
from command_timing import median_cpu, print_table, time_side_by_side
binary, folder, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
GOAL_MS = 20
environment = dict(os.environ, LANG="C.UTF-8", MEALPLAN_RECIPES=folder)
# Each run of `recipes` beside one of `--version`, the peer: what any command costs before it
# does anything, in the same seconds.
commands = {"mealplan recipes": ["recipes"], "mealplan --version (peer)": ["--version"]}
times, outputs = time_side_by_side(binary, commands, environment, runs)
lines = outputs["mealplan recipes"].count(b"\n")
print(f"recipes listed: {lines}")
print_table(times, runs)
met = median_cpu(times, "mealplan recipes") <= GOAL_MS
print(f"goal: at most {GOAL_MS} ms (CPU, median): {'met' if met else 'MISSED'}")
sys.exit(0 if met else 1)
PY
listing=$?

echo "== Tab in the planner's title, $runs prompts"
python3 Benchmarks/title-completion.py "$mealplan" "$db" "$folder" "$runs"
tab=$?
set -e
[ "$listing" -eq 0 ] && [ "$tab" -eq 0 ]
