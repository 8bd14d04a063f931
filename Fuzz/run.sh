#!/usr/bin/env bash
# Builds the libFuzzer targets (with AddressSanitizer) and runs each for a while:
#   date  DateInputFuzzer.swift: the date grammar and the ISO dates of imports
#   csv   CSVImportFuzzer.swift: the CSV reader and the checks of `mealplan import`
#   cooklang  CooklangFuzzer.swift: the recipe reader, amounts, scaling and shopping lists
#   toml  TOMLFuzzer.swift: config.toml and pantry.conf's reader, and aisle.conf's
#   ics   ICalendarFuzzer.swift: iCalendar files as another program writes them, and their RRULEs
#   json  JSONPlanFuzzer.swift: a whole plan's file (`import` of `export --format json --everything`)
# Usage: Fuzz/run.sh [--seconds N] [--target date|csv|cooklang|toml|ics|json|all]   (default: 60 s, all)
# Inputs found to add coverage go to .build-fuzz/corpus/TARGET and are reused by the next run;
# the committed seeds in Fuzz/corpus/TARGET are only read. A crash or a broken property stops
# the run with status 1 and leaves the input as .build-fuzz/crash-* (replay: BINARY FILE).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
target=all
while (($# > 0)); do
    case "$1" in
        --seconds) seconds="$2"; shift 2 ;;
        --target) target="$2"; shift 2 ;;
        *) echo "usage: $0 [--seconds N] [--target date|csv|cooklang|toml|ics|json|all]" >&2; exit 64 ;;
    esac
done
case "$target" in
    date) targets=(date) ;;
    csv) targets=(csv) ;;
    cooklang) targets=(cooklang) ;;
    toml) targets=(toml) ;;
    ics) targets=(ics) ;;
    json) targets=(json) ;;
    all) targets=(date csv cooklang toml ics json) ;;
    *) echo "$0: unknown target '$target' (date, csv, cooklang, toml, ics, json or all)" >&2; exit 64 ;;
esac

build=.build-fuzz
mkdir -p "$build"
# lld: gold prints hundreds of warnings about the sanitizer's local symbols.
flags=(-sanitize=fuzzer,address -O -swift-version 6 -parse-as-library -use-ld=lld)

# Each module the targets use, compiled as SwiftPM would: one module per Sources/ folder.
# -enable-testing lets the CSV target set the reader's chunk size, as the unit tests do.
compile_module() {
    local module="$1"
    swiftc "${flags[@]}" -enable-testing -I "$build" -module-name "$module" -emit-module -emit-module-path "$build/$module.swiftmodule" \
        -wmo -c -o "$build/$module.o" "Sources/$module"/*.swift
}
compile_module TextHelpers
compile_module MealPlanCore
compile_module TerminalKit
compile_module Recurrence
compile_module MealPlanExchange
compile_module Cooklang
compile_module Settings
compile_module ShoppingList

declare -A entry=([date]=DateInputFuzzer [csv]=CSVImportFuzzer [cooklang]=CooklangFuzzer [toml]=TOMLFuzzer [ics]=ICalendarFuzzer [json]=JSONPlanFuzzer)
for name in "${targets[@]}"; do
    swiftc "${flags[@]}" -I "$build" -module-name "${entry[$name]}" -o "$build/fuzz-$name" \
        "Fuzz/${entry[$name]}.swift" Fuzz/FuzzCheck.swift "$build"/TextHelpers.o "$build"/Settings.o "$build"/MealPlanCore.o "$build"/TerminalKit.o "$build"/MealPlanExchange.o \
        "$build"/Cooklang.o "$build"/ShoppingList.o "$build"/Recurrence.o
done

for name in "${targets[@]}"; do
    mkdir -p "$build/corpus/$name"
    log="$build/fuzz-$name.log"
    echo "fuzzing $name for $seconds s (log: $log)" >&2
    # -timeout: an input that takes over 2 s counts as a hang; -rss_limit_mb: over 2 GB, a leak.
    # SWIFT_BACKTRACE: the Swift runtime's crash reporter would add pages of noise (and trip
    # AddressSanitizer) after libFuzzer's own report of a failed input.
    if ! SWIFT_BACKTRACE=enable=no "$build/fuzz-$name" -max_total_time="$seconds" -timeout=2 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$build/crash-$name-" "$build/corpus/$name" "Fuzz/corpus/$name" >"$log" 2>&1; then
        tail -n 40 "$log" >&2
        echo "$0: fuzz target $name failed; the input is in $build/crash-$name-*" >&2
        exit 1
    fi
    # The coverage reached and the totals: the last status line and libFuzzer's statistics.
    grep -E "^#[0-9]+[[:space:]]+DONE|^stat::" "$log" >&2
done
