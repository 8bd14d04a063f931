#!/usr/bin/env bash
# Shows what the progress line costs: a release build imports and exports N meals with standard
# error a terminal (through script(1), so the line is drawn) and redirected to a file (no line),
# RUNS times each, and prints the median seconds of each.
#
# Usage: Benchmarks/progress-overhead.sh [--meals N] [--runs R]
#   --meals N  plan size (default 1000000)
#   --runs R   runs per case (default 5)
# Needs: swift, python3, script (Debian: bsdutils).
set -euo pipefail

meals=1000000
runs=5
while [ $# -gt 0 ]; do
    case "$1" in
        --meals) meals="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        *) echo "usage: $0 [--meals N] [--runs R]" >&2; exit 2 ;;
    esac
done

cd "$(dirname "$0")/.."
source Benchmarks/common.sh
require_tools swift python3 script
use_work_folder ""
build_release mealplan >/dev/null
bin="$bin/mealplan"
python3 Benchmarks/generate-meals.py --meals "$meals" --output "$work/meals.csv"

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
on_terminal() { script -qec "$(printf '%q ' "$bin" "$@") >/dev/null" /dev/null >/dev/null; }
redirected() { "$bin" "$@" >/dev/null 2>"$work/stderr"; }

printf "%-8s %-12s %10s\n" job "stderr" "median s"
for job in import export; do
    for where in on_terminal redirected; do
        for _ in $(seq "$runs"); do
            rm -f "$work/db.sqlite"* "$work/out.csv"
            if [ "$job" = export ]; then
                "$bin" --db "$work/db.sqlite" import "$work/meals.csv" >/dev/null
                seconds "$where" --db "$work/db.sqlite" export --output "$work/out.csv"
            else
                seconds "$where" --db "$work/db.sqlite" import "$work/meals.csv"
            fi
        done | median | xargs printf "%-8s %-12s %10s\n" "$job" "${where/_/ }"
    done
done
