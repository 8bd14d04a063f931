#!/usr/bin/env bash
# Measures the planner's peak memory over a whole session, and checks the goals that it stays at
# most a fifth of calcurse's first screen on the same meals, measured in the same run (VmHWM at
# the end against calcurse's VmHWM), and that scrolling 2,000 weeks grows VmRSS by at most
# 1 MiB: on a million meals centred on today with 10,000 repeat rules,
# at 80x24, in order: the first screen, 2,000 weeks scrolled with "]", a search ("/"), the
# shopping list ("s", of meals that cook recipes), the add prompt's title completion (Tab), and
# a jump ("g") to the year 500. VmRSS and VmHWM are read from /proc after each step, once the
# screen shows the step done and the planner waits for input (bounded polls, no fixed sleeps).
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/planner-session-memory.sh [--meals N] [--rules N] [--runs R] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --meals N   meals in the plan (default 1000000: four a day for ~684 years)
#   --rules N   repeat rules added to a copy of it (default 10000; see planner-session-memory.py)
#   --runs R    sessions per plan, the plans in turn (default 3)
#   --keep DIR  leave the CSV file, databases and recipes in DIR instead of a temporary folder
#               (the million meals are shared with planner-first-screen.sh and the others)
# The recipes are a copy of Data/recipes; the meals of the weeks shown after the scrolling are
# given recipes in the plan's copies, so that the shopping list has ingredients to add up. The
# same sessions on the plan without the rules are the peer: what the rules add shows beside it.
# calcurse is given the same meals as a data folder of generate-meals.py (seed 42); a plan that
# begins before 1902, which calcurse refuses, is given to it from 1902-01-01 on.
#
# Needs: python3, sqlite3, tmux, calcurse (.ci/install-deps --tests); swift to build.
# Exit status: 0 when the goal is met, 1 when it is missed, 2 on a usage or setup error or a
# failed check (the plan does not hold the rules or recipes it should).
set -euo pipefail

meals=1000000
rules=10000
runs=3
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--meals N] [--rules N] [--runs R] [--keep DIR]" meals rules runs keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 sqlite3 tmux calcurse
use_work_folder "$keep"

mealplan_binary
centred_database "$meals"

recipes="$work/session-recipes"
rm -rf "$recipes"
cp -R Data/recipes "$recipes"

# The days shown after 2,000 weeks of "]" from today, and the weeks around them, cook recipes:
# the plan without rules (the peer), and a copy of it with the rules.
shown=$(date -u -d "today + 2000 weeks" +%F)
first=$(date -u -d "$shown - 2 weeks" +%F)
plain="${db%.sqlite}-recipes-$first.sqlite"
session="${plain%.sqlite}-rules-$rules.sqlite"
if [ ! -f "$plain" ]; then
    echo "== a copy with recipes from $first for 8 weeks"
    rm -f "$plain.part"*
    sqlite3 "$db" ".backup '$plain.part'"
    python3 Benchmarks/planner-session-memory.py add-recipes "$plain.part" "$recipes" "$first" 56
    mv "$plain.part" "$plain"
fi
if [ ! -f "$session" ]; then
    echo "== a copy of it with $rules repeat rules"
    rm -f "$session.part"*
    sqlite3 "$plain" ".backup '$session.part'"
    python3 Benchmarks/planner-session-memory.py add-rules "$mealplan" "$session.part" "$rules"
    mv "$session.part" "$session"
fi
listed=$("$mealplan" repeat list --db "$session" | wc -l)
[ "$listed" -ge "$rules" ] || fail "repeat list shows $listed lines, expected $rules rules"
[ "$(sqlite3 "$session" "SELECT COUNT(*) FROM rule WHERE lastDay IS NULL")" = 0 ] ||
    fail "some rules of $session have no last possible day stored"
[ "$(sqlite3 "$plain" "SELECT COUNT(*) FROM rule")" = 0 ] || fail "the plan without rules holds rules"
[ "$("$mealplan" shop --db "$plain" --recipes "$recipes" --from "$shown" --days 7 | wc -l)" -gt 10 ] ||
    fail "mealplan shop from $shown lists almost nothing"

calcurse_start=$(sqlite3 "$db" "SELECT MAX(date(MIN(day) + 2440587.5), '1902-01-01') FROM meal")
calendar="$work/calcurse-$meals-seed-42-from-$calcurse_start"
if [ ! -f "$calendar/apts" ]; then
    echo "== the same $meals meals as a calcurse folder from $calcurse_start"
    rm -rf "$calendar.part"
    python3 Benchmarks/generate-meals.py --meals "$meals" --seed 42 --start "$calcurse_start" \
        --format calcurse --output "$calendar.part"
    mv "$calendar.part" "$calendar"
fi
home="$work/calcurse-home"
mkdir -p "$home"
record_note calcurse "$(calcurse --version | head -n 1)"
export TZ=UTC
python3 Benchmarks/planner-session-memory.py measure "$mealplan" "$runs" "$recipes" "$session" "$plain" "$calendar" \
    "env LANG=C.UTF-8 HOME=$home XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share calcurse --read-only -D $calendar"
