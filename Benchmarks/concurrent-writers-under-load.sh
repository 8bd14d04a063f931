#!/usr/bin/env bash
# Runs the test of eight loops of 250 `mealplan add` under an open planner (ConcurrentWritersTests)
# RUNS times in a row while `yes > /dev/null` keeps one core busy, and prints each run's result,
# the time the adds took and the slowest add. Every run must pass: a busy machine may make
# writers slower, never make them fail. Too slow for CI; run it by hand after changing how the
# store locks or waits.
#
# Usage: Benchmarks/concurrent-writers-under-load.sh [--runs R]
#   --runs R   runs (default 10)
# Needs: swift, tmux.
set -euo pipefail
cd "$(dirname "$0")"
source common.sh

runs=10
parse_options "[--runs R]" runs -- "$@"
require_tools swift tmux
cd ..

# A build folder of its own, so that building something else meanwhile does not change the
# binaries under test.
build=.build-load
swift build --build-tests --scratch-path "$build" >&2
yes > /dev/null &
load=$!
trap 'kill "$load"' EXIT

failed=0
for run in $(seq "$runs"); do
    log="$(mktemp)"
    start=$(date +%s)
    if swift test --skip-build --scratch-path "$build" --filter ConcurrentWritersTests > "$log" 2>&1; then result=passed; else result=FAILED; failed=$((failed + 1)); fi
    summary="$(grep -o 'concurrent writers: .*' "$log" || echo 'no summary')"
    echo "run $run: $result in $(($(date +%s) - start)) s; $summary"
    [ "$result" = passed ] || grep -E '✘|error' "$log" | head -n 20
    rm -f "$log"
done
echo "$((runs - failed)) of $runs runs passed"
[ "$failed" -eq 0 ]
