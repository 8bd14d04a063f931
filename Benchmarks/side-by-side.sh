#!/usr/bin/env bash
# Measures mealplan side by side with calcurse (a terminal calendar that keeps its data in text
# files) and the sqlite3 shell, on the same meals. At each plan size it prints one table of
# medians with ratios:
#
#   start to first drawn screen (120x40 in tmux)   mealplan vs calcurse
#   list one week                                  mealplan list vs calcurse -Q vs sqlite3
#   export all meals                               mealplan export (CSV) vs calcurse --export=ical
#                                                  vs sqlite3 -csv of the same rows
#   import into a fresh database                   mealplan only (calcurse has no import of its
#                                                  own files: it reads them whole at every start)
#   peak memory                                    VmHWM of each planner after its first screen,
#                                                  GNU time's %M of each command above
#
# and, at 1,000,000 meals (smaller plans show the trend), checks the goals: first screen at most
# 0.1 s and at least 100x faster than calcurse's, list at most 3x sqlite3, export at most 1x
# sqlite3 -csv, import at most 1 s, planner peak memory at most a fifth of calcurse's.
#
# The meals come from generate-meals.py, four a day, written once as mealplan's CSV and once as
# a calcurse data folder. They start on January 1st five years before this year: calcurse
# refuses dates before 1902, and so today (the day both planners open at) lies inside the
# plan at every size. The week listed is this week, Monday to Sunday. calcurse runs with
# --read-only, -D on the generated folder and a HOME of its own, so nothing of the user's is
# read or written. Everything runs with TZ=UTC, so that both tools agree on today.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/side-by-side.sh [--sizes "N ..."] [--runs R] [--seed S] [--keep DIR]
#   MEALPLAN_BIN     the mealplan binary to measure (default: a release build made here)
#   --sizes "N ..."  plan sizes in meals (default "14600 146000 1000000": 10, 100, 684 years)
#   --runs R         runs per measurement, medians reported (default 5)
#   --seed S         generator seed (default 42)
#   --keep DIR       keep the generated data, databases and results in DIR and reuse them
# Needs: python3, tmux, sqlite3, calcurse, hyperfine, GNU time (installed by .ci/install-deps,
# which this script runs first); swift to build.
# Exit status: 0 when every goal is met, 1 when one is missed, 2 on a usage or setup error or
# when the tools do not hold the same meals.
set -euo pipefail

sizes="14600 146000 1000000"
runs=5
seed=42
keep=""
usage='[--sizes "N ..."] [--runs R] [--seed S] [--keep DIR]'
source "$(dirname "$0")/common.sh"
parse_options "$usage" sizes runs seed keep -- "$@"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 $usage (R at least 1)" >&2; exit 2; }
use_work_folder "$keep"
cd "$(dirname "$0")/.."
bash .ci/install-deps
require_tools python3 tmux sqlite3 calcurse hyperfine
[ -x /usr/bin/time ] || fail "/usr/bin/time is missing (see .ci/install-deps)"
export TZ=UTC

echo "== commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD 2>/dev/null || echo ' with changes'), $(uname -sm)"
mealplan_binary

start="$(( $(date +%Y) - 5 ))-01-01"
week=$(date -d "-$(( $(date +%u) - 1 )) days" +%F)
set_meal_queries "$week" 7
home="$work/home"
mkdir -p "$home"
calcurse_env="env LANG=C.UTF-8 HOME=$home XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share"

# Runs a command given as one string (as hyperfine takes it) under GNU time, keeping its peak
# memory in KiB in FOLDER/NAME.kib and its output in FOLDER/NAME.out.
peak_memory() {
    eval "/usr/bin/time -f %M -o \"$folder/$1.kib\" $2" >"$folder/$1.out"
}

status=0
for meals in $sizes; do
    folder="$work/$meals-meals-seed-$seed-from-$start"
    csv="$folder/meals.csv"
    db="$folder/meals.sqlite"
    calendar="$folder/calcurse"
    last_day=$(date -d "$start + $(( (meals - 1) / 4 )) days" +%F)
    if [[ "$last_day" < "$(date -d "$week + 6 days" +%F)" ]]; then
        echo "$0: $meals meals from $start end on $last_day, before this week ends" >&2
        exit 2
    fi
    if [ ! -f "$folder/generated" ]; then
        echo "== generating $meals meals from $start (seed $seed) as CSV and as a calcurse folder"
        rm -rf "$folder"
        mkdir -p "$folder"
        python3 Benchmarks/generate-meals.py --meals "$meals" --seed "$seed" --start "$start" --output "$csv"
        python3 Benchmarks/generate-meals.py --meals "$meals" --seed "$seed" --start "$start" \
            --format calcurse --output "$calendar"
        touch "$folder/generated"
    fi
    load_before=$(cut -d ' ' -f 1 /proc/loadavg)
    calcurse="$calcurse_env calcurse --read-only -D $calendar"
    list_mealplan="$mealplan list --db $db --from $week --days 7"
    list_calcurse="$calcurse -Q --from $week --days 7"
    list_sqlite3="sqlite3 $db \"$list_sql\""
    export_mealplan="$mealplan export --db $db"
    export_calcurse="$calcurse --export=ical"
    export_sqlite3="sqlite3 -csv -header $db \"$export_sql\""

    echo "== $meals meals: import (fresh database each run)"
    hyperfine -N --runs "$runs" --prepare "rm -f $db $db-wal $db-shm" --export-json "$folder/import.json" \
        "$mealplan import --db $db $csv"
    stored=$(sqlite3 "$db" "SELECT COUNT(*) FROM meal")
    [ "$stored" = "$meals" ] || fail "the database holds $stored meals, expected $meals"

    echo "== $meals meals: list the week from $week"
    hyperfine -N --warmup 1 --runs "$runs" --export-json "$folder/list.json" \
        "$list_mealplan" "$list_calcurse" "$list_sqlite3"

    echo "== $meals meals: export all meals"
    hyperfine -N --warmup 1 --runs "$runs" --export-json "$folder/export.json" \
        "$export_mealplan" "$export_calcurse" "$export_sqlite3"

    echo "== $meals meals: peak memory, and the outputs checked"
    rm -f "$folder/peak.sqlite"*
    peak_memory import-mealplan "$mealplan import --db $folder/peak.sqlite $csv"
    rm -f "$folder/peak.sqlite"*
    for command in list-mealplan list-calcurse list-sqlite3 export-mealplan export-calcurse export-sqlite3; do
        variable="${command//-/_}"
        peak_memory "$command" "${!variable}"
    done
    # The same week from all three: as many meals, and calcurse loaded the notes too.
    week_meals=$(sqlite3 "$db" "SELECT COUNT(*) FROM ($list_sql)")
    calcurse_week=$(grep -c -- ' -> ' "$folder/list-calcurse.out" || true)
    mealplan_week=$("$mealplan" list --db "$db" --from "$week" --days 7 --format json |
        python3 -c "import json, sys; print(len(json.load(sys.stdin)))")
    calcurse_events=$(grep -c '^BEGIN:VEVENT' "$folder/export-calcurse.out" || true)
    echo "this week: $week_meals meals in sqlite3, $mealplan_week in mealplan list, $calcurse_week in calcurse -Q"
    echo "export: $calcurse_events events from calcurse, of $meals meals"
    if [ "$calcurse_week" != "$week_meals" ] || [ "$mealplan_week" != "$week_meals" ] ||
        [ "$calcurse_events" != "$meals" ]; then
        fail "the tools do not hold the same meals (see the two lines above)"
    fi
    cmp -s "$folder/export-mealplan.out" "$csv" || fail "mealplan export differs from the generated $csv"

    echo "== $meals meals: first screens (this takes a while for calcurse at large sizes)"
    python3 Benchmarks/side-by-side.py "$folder" "$meals" "$runs" "$mealplan" "$db" "$calcurse" "$load_before" ||
        status=1
done
exit "$status"
