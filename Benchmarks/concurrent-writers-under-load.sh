#!/usr/bin/env bash
# Runs the test of eight loops of 250 `mealplan add` under an open planner (ConcurrentWritersTests)
# RUNS times in a row while `yes > /dev/null` keeps one core busy, and prints each run's result,
# the time the adds took and the slowest add. Every run must pass: a busy machine may make
# writers slower, never make them fail. Too slow for CI; run it by hand after changing how the
# store locks or waits.
#
# The test runs the mealplan binary it finds beside the test bundle; the script puts the binary
# under test there (MEALPLAN_BIN, or the release build mealplan_binary makes) after building the
# tests, so the adds and the planner are those of that binary.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/concurrent-writers-under-load.sh [--runs R]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --runs R      runs (default 10)
# Needs: swift (to build the tests), tmux.
# Exit status: 0 when every run passes, 1 when one fails, 2 on a usage or setup error.
set -euo pipefail

runs=10
source "$(dirname "$0")/common.sh"
parse_options "[--runs R]" runs -- "$@"
cd "$(dirname "$0")/.."
require_tools swift tmux
mealplan_binary

# A build folder of its own, so that building something else meanwhile does not change the
# binaries under test.
build=.build-load
swift build --build-tests --scratch-path "$build" >&2
cp "$mealplan" "$(swift build --scratch-path "$build" --show-bin-path)/mealplan"
yes > /dev/null &
load=$!
stop_load() {
    local status=$?
    kill "$load"
    (exit "$status")
    finish
}
trap stop_load EXIT

failed=0
for run in $(seq "$runs"); do
    log="$(mktemp)"
    start=$(date +%s)
    if swift test --skip-build --scratch-path "$build" --filter ConcurrentWritersTests > "$log" 2>&1; then result=passed; else result=FAILED; failed=$((failed + 1)); fi
    summary="$(grep -o 'concurrent writers: .*' "$log" || echo 'no summary')"
    echo "run $run: $result in $(($(date +%s) - start)) s; $summary"
    record "run $run" "$result"
    [ "$result" = passed ] || grep -E '✘|error' "$log" | head -n 20
    rm -f "$log"
done
echo "$((runs - failed)) of $runs runs passed"
record "runs" "$runs"
record "runs passed" "$((runs - failed))"
[ "$failed" -eq 0 ]
