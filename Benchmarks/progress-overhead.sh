#!/usr/bin/env bash
# Shows what the progress line costs: mealplan imports and exports N meals with standard error
# a terminal (through script(1), so the line is drawn) and redirected to a file (no line), RUNS
# times each, and prints the median seconds of each. Every import must store the N meals and
# every export give back the imported file.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/progress-overhead.sh [--meals N] [--runs R] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --meals N     plan size (default 1000000), four meals a day from 1700-01-01 (seed 42)
#   --runs R      runs per case (default 5)
#   --keep DIR    leave the CSV file in DIR (and reuse it: cli-vs-sqlite3.sh makes the same)
# Needs: python3, sqlite3, script (.ci/install-deps; Debian: bsdutils); swift to build.
# Exit status: 0, or 2 on a usage or setup error or a failed check.
set -euo pipefail

meals=1000000
runs=5
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--meals N] [--runs R] [--keep DIR]" meals runs keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 sqlite3 script
use_work_folder "$keep"
mealplan_binary
plan_csv "$meals" 42

# Seconds one command takes, as measured by bash around it.
seconds() {
    local start end
    start=$(date +%s.%N)
    "$@"
    end=$(date +%s.%N)
    awk -v start="$start" -v end="$end" 'BEGIN { print end - start }'
}

# Median of the numbers on standard input.
median() {
    sort -g | awk '{ v[NR] = $1 } END { printf "%.3f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Runs `mealplan ARGS…` with standard error a terminal (script's pseudo-terminal) or a file.
on_terminal() { script -qec "$(printf '%q ' "$mealplan" "$@") >/dev/null" /dev/null >/dev/null; }
redirected() { "$mealplan" "$@" >/dev/null 2>"$work/stderr"; }

# Checks the run just timed: the database holds every meal, the export is the imported file.
check() {
    local stored
    stored=$(sqlite3 "$work/db.sqlite" "SELECT COUNT(*) FROM meal")
    [ "$stored" = "$meals" ] || fail "the database holds $stored meals after $1, expected $meals"
    if [ "$1" = export ]; then
        # --output FILE.csv quotes the header's "date" (formulas protected): the rows must match.
        cmp -s <(tail -n +2 "$work/out.csv") <(tail -n +2 "$csv") || fail "the export differs from the imported $csv"
    fi
}

printf "%-8s %-12s %10s\n" job "stderr" "median s"
for job in import export; do
    for where in on_terminal redirected; do
        for _ in $(seq "$runs"); do
            rm -f "$work/db.sqlite"* "$work/out.csv"
            if [ "$job" = export ]; then
                "$mealplan" --db "$work/db.sqlite" import "$csv" >/dev/null
                seconds "$where" --db "$work/db.sqlite" export --output "$work/out.csv"
            else
                seconds "$where" --db "$work/db.sqlite" import "$csv"
            fi
            check "$job" >&2
        done | median > "$work/median"
        printf "%-8s %-12s %10s\n" "$job" "${where/_/ }" "$(cat "$work/median")"
        record "$job, standard error ${where/_/ }, median" "$(cat "$work/median")" s
    done
done
