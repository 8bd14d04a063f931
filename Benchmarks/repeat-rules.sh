#!/usr/bin/env bash
# Measures what repeat rules cost the planner: the same million meals with
# and without 1,000 varied rules (a quarter of them begun on 0001-01-01), and the goal that the
# first screen and each scroll step cost within 10 % of the plan without rules.
#
# The rules are added with `mealplan repeat add` (every pattern, intervals 1 to 4, ends of
# every kind; --active of them still happen today, the others ended before, as in a plan kept
# for years). The planner runs in a private tmux server at 120x40, the plans in turn:
# first screen timed from start until drawn, scroll keys (J, Ctrl-E, PgDn, ]) from send-keys
# until the screen changed; the measure is the planner's CPU time from /proc (which a busy
# machine does not stretch), the wall time is printed beside it.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/repeat-rules.sh [--meals N] [--rules N] [--active N] [--runs R] [--steps S] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --meals N   meals in both plans (default 1000000: four a day for ~684 years)
#   --rules N   rules added to the second plan (default 1000)
#   --active N  how many of them still happen today (default 20)
#   --runs R    starts measured per plan (default 9)
#   --steps S   presses measured per scroll key in each of 5 planners per plan (default 30)
#   --keep DIR  leave the CSV file and databases in DIR instead of a temporary folder (the
#               million meals are shared with planner-first-screen.sh, history.sh and
#               title-completion.sh given the same DIR)
# The plan with rules shows more meals a day than the one without (9 today instead of 4), and
# drawing them costs more: a third plan shows the same screens as the one with rules, its
# occurrences stored as single meals, so that the cost of the rules alone shows too.
#
# Needs: python3, sqlite3, tmux (.ci/install-deps); swift to build.
# Exit status: 0 when the goal is met, 1 when it is missed, 2 on a usage or setup error or a
# failed check (the plans do not hold the rules and meals they should).
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
require_tools python3 sqlite3 tmux
use_work_folder "$keep"

mealplan_binary
centred_database "$meals"
ruled="${db%.sqlite}-rules-$rules-$active.sqlite"
if [ ! -f "$ruled" ]; then
    echo "== adding $rules rules ($active happening today) with mealplan repeat add"
    cp "$db" "$ruled.part"
    python3 Benchmarks/repeat-rules.py add-rules "$mealplan" "$ruled.part" "$rules" "$active"
    stored=$(sqlite3 "$ruled.part" "SELECT COUNT(*) FROM rule")
    [ "$stored" = "$rules" ] || fail "the plan with rules holds $stored rules, expected $rules"
    mv "$ruled.part" "$ruled"
fi

# The same screens without rules: the plan without rules, with the meals of the plan with rules
# (stored ones and occurrences) of three years each side of today stored as single meals.
same="${ruled%.sqlite}-as-meals.sqlite"
if [ ! -f "$same" ]; then
    echo "== storing the meals of the plan with rules, 3 years each side of today, as single meals"
    from=$(date -d "-3 years" +%F) to=$(date -d "+3 years" +%F)
    "$mealplan" export --db "$ruled" --from "$from" --to "$to" --format csv >"$work/as-meals.csv"
    cp "$db" "$same.part"
    sqlite3 "$same.part" "DELETE FROM meal WHERE day BETWEEN $(python3 -c "
import datetime; epoch = datetime.date(1970, 1, 1)
print(*((datetime.date.fromisoformat(d) - epoch).days for d in ('$from', '$to')), sep=' AND ')")"
    "$mealplan" import --db "$same.part" "$work/as-meals.csv" >/dev/null
    mv "$same.part" "$same"
fi
# The plan without rules and the one with the meals stored show the same meals over those years.
from=$(date -d "-3 years" +%F) to=$(date -d "+3 years" +%F)
for plan in "$ruled" "$same"; do
    "$mealplan" export --db "$plan" --from "$from" --to "$to" --format csv >"$work/check-$(basename "$plan").csv"
done
cmp -s "$work/check-$(basename "$ruled").csv" "$work/check-$(basename "$same").csv" ||
    fail "the plan with rules and the one with its meals stored differ from $from to $to"

python3 Benchmarks/repeat-rules.py measure "$mealplan" "$runs" "$steps" "$db" "$ruled" "$same"
