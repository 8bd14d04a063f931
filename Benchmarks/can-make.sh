#!/usr/bin/env bash
# Times `mealplan recipes --can-make` and `--can-make --use-first` on 200 recipes and a pantry of
# 40 items (goal: at most 20 ms of CPU each, median, beside `mealplan --version` in the same
# runs), then the planner's Ctrl-P in a title, which lists the same ranking (goal: at most 20 ms
# of the planner's CPU per key, median, beside the first Tab in a title in the same session;
# see can-make-key.py). The plan is not read by the ranking, so its size does not enter: the
# planner opens a plan of one meal.
#
# The folder: 200 recipes in 4 subfolders, each with front matter (servings), eight ingredients
# drawn from 60 names in mass, volume and count units, one in five using a sauce sub-recipe; an
# aisle.conf naming every ingredient with a synonym for some; a pantry of 40 of those names,
# half with an amount (some in a unit that converts through a density), half with an expiry.
#
# Usage: Benchmarks/can-make.sh [--recipes N] [--runs R] [--keep DIR]
#   --recipes N  recipes in the folder (default 200)
#   --runs R     runs of each command (default 20)
#   --keep DIR   leave the folder in DIR
# The binary: $MEALPLAN_BIN when set, else a release build made here.
# Needs: swift (without MEALPLAN_BIN), python3, tmux.
# Exit status: 0 when the goal is met, 1 when it is missed, 2 on a usage or setup error.
set -euo pipefail

recipes=200
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
echo "== writing $recipes recipes, aisle.conf and a 40-item pantry.conf to $folder"
python3 - "$folder" "$recipes" <<'PY'
import os, random, sys
folder, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(7)
units = ["g", "ml", "", "tbsp", "cup", "kg"]
names = [f"ingredient {index}" for index in range(60)]
os.makedirs(os.path.join(folder, "sauces"), exist_ok=True)
with open(os.path.join(folder, "sauces", "Sauce.cook"), "w") as file:
    file.write("---\nservings: 4\n---\nWhisk @ingredient 1{200%ml} into @ingredient 2{30%g}.\n")
for index in range(count):
    sub = os.path.join(folder, f"course{index % 4}")
    os.makedirs(sub, exist_ok=True)
    chosen = rng.sample(names, 8)
    parts = []
    for name in chosen:
        unit = rng.choice(units)
        amount = rng.randint(1, 500)
        parts.append(f"@{name}{{{amount}%{unit}}}" if unit else f"@{name}{{{amount}}}")
    lines = ["---", f"servings: {2 + index % 5}", "---", "", "Combine " + ", ".join(parts) + "."]
    if index % 5 == 0:
        lines.append("Serve with @../sauces/Sauce{2%servings}.")
    with open(os.path.join(sub, f"Dish {index}.cook"), "w") as file:
        file.write("\n".join(lines) + "\n")
with open(os.path.join(folder, "aisle.conf"), "w") as file:
    for aisle in range(6):
        file.write(f"[aisle {aisle}]\n")
        for name in names[aisle * 10:(aisle + 1) * 10]:
            file.write(f"{name}|{name} alias\n" if rng.random() < 0.3 else f"{name}\n")
with open(os.path.join(folder, "pantry.conf"), "w") as file:
    file.write("[pantry]\n")
    for position, name in enumerate(rng.sample(names, 40)):
        fields = []
        if position % 2 == 0:
            fields.append(f'quantity = "{rng.randint(50, 2000)}%{rng.choice(["g", "ml", "kg", "l"])}"')
        if position % 4 < 2:
            fields.append(f'expire = "2026-12-{1 + position % 28:02d}"')
        file.write(f'"{name}" = {{ {", ".join(fields)} }}\n')
PY

echo "== recipes --can-make, $runs runs each"
command_status=0
(python3 - "$mealplan" "$folder" "$runs" <<'PY'
import os, sys
sys.path.insert(0, "Benchmarks")
from command_timing import median_cpu, print_table, time_side_by_side
binary, folder, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
GOAL_MS = 20
environment = dict(os.environ, LANG="C.UTF-8", MEALPLAN_RECIPES=folder)
commands = {
    "mealplan recipes --can-make": ["recipes", "--can-make"],
    "mealplan recipes --can-make --use-first": ["recipes", "--can-make", "--use-first"],
    "mealplan --version (peer)": ["--version"],
}
times, outputs = time_side_by_side(binary, commands, environment, runs)
lines = outputs["mealplan recipes --can-make"].count(b"\n")
print(f"recipes ranked: {lines}")
print_table(times, runs)
met = all(median_cpu(times, name) <= GOAL_MS for name in commands if "peer" not in name)
print(f"goal: at most {GOAL_MS} ms (CPU, median) each: {'met' if met else 'MISSED'}")
sys.exit(0 if met else 1)
PY
) || command_status=$?
[ "$command_status" -le 1 ] || exit "$command_status"

echo "== the planner's Ctrl-P on the same folder, $runs times"
database="$work/can-make.sqlite"
rm -f "$database"
"$mealplan" --db "$database" add today dinner "Soup" > /dev/null
key_status=0
python3 Benchmarks/can-make-key.py "$mealplan" "$database" "$folder" "$runs" || key_status=$?
[ "$key_status" -le 1 ] || exit "$key_status"
exit $(( command_status > key_status ? command_status : key_status ))
