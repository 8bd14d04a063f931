#!/usr/bin/env bash
# Times the planner's recipe keys: `r` (the selected meal's recipe, scaled to
# its servings) on a meal of each sample recipe, and `s` (the shopping list of the days on
# screen). The goal: the recipe view opens in at most 5 ms.
#
# The plan: four weeks of four meals a day, each cooking a recipe of Data/recipes in turn (the
# folder's aisle.conf and pantry.conf shape the list). The planner runs in a private tmux
# server at 120x40; each key is timed from send-keys until capture-pane shows its screen and
# the planner waits for input again: the planner's CPU time meanwhile (the goal's measure,
# which a busy machine does not stretch) and the wall time, which includes tmux's round trip.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/recipe-view.sh [--runs R] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --runs R    rounds of every key (default 5)
#   --keep DIR  leave the CSV file and database in DIR instead of a temporary folder
# Needs: python3, tmux (.ci/install-deps); swift to build.
# Exit status: 0 when the goal is met, 1 when it is missed, 2 on a usage or setup error.
set -euo pipefail

runs=5
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--runs R] [--keep DIR]" runs keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 tmux
use_work_folder "$keep"

mealplan_binary

python3 Benchmarks/recipe-view.py "$mealplan" "$work" Data/recipes "$runs"
