#!/usr/bin/env bash
# Measures what repeat rules cost the planner, in a release build: the same million meals with
# and without 1,000 varied rules (a quarter of them begun on 0001-01-01), and the goal that the
# first screen and each scroll step cost within 10 % of the plan without rules.
#
# The rules are added with `mealplan repeat add` (every pattern, intervals 1 to 4, ends of
# every kind; --active of them still happen today, the others ended before, as in a plan kept
# for years). The planner runs in a private tmux server at 120x40, the two plans in turn:
# first screen timed from start until drawn, scroll keys (J, Ctrl-E, PgDn, ]) from send-keys
# until the screen changed; the measure is the planner's CPU time from /proc (which a busy
# machine does not stretch), the wall time is printed beside it.
#
# Usage: Benchmarks/repeat-rules.sh [--meals N] [--rules N] [--active N] [--runs R] [--steps S] [--keep DIR]
#   --meals N   meals in both plans (default 1000000: four a day for ~684 years)
#   --rules N   rules added to the second plan (default 1000)
#   --active N  how many of them still happen today (default 20)
#   --runs R    starts measured per plan (default 9)
#   --steps S   presses measured per scroll key (default 30)
#   --keep DIR  leave the CSV file and databases in DIR instead of a temporary folder (the
#               million meals are shared with planner-first-screen.sh given the same DIR)
# Needs: swift, python3, tmux.
# Exit status: 0 when the goal is met, 1 when it is missed, 2 on a usage or setup error.
set -euo pipefail

meals=1000000
rules=1000
active=20
runs=9
steps=30
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--meals N] [--rules N] [--active N] [--runs R] [--steps S] [--keep DIR]" \
    meals rules active runs steps keep -- "$@"
cd "$(dirname "$0")/.."
require_tools swift python3 tmux
use_work_folder "$keep"

echo "== building (release, static Swift standard library)"
build_release mealplan
centred_database "$meals"
ruled="$work/meals-$meals-rules-$rules-$active.sqlite"
if [ ! -f "$ruled" ]; then
    echo "== adding $rules rules ($active happening today) with mealplan repeat add"
    cp "$db" "$ruled.part"
    python3 Benchmarks/repeat-rules.py add-rules "$bin/mealplan" "$ruled.part" "$rules" "$active"
    mv "$ruled.part" "$ruled"
fi

python3 Benchmarks/repeat-rules.py measure "$bin/mealplan" "$runs" "$steps" "$db" "$ruled"
