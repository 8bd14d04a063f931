#!/usr/bin/env bash
# Times `mealplan sync` of a ten-year plan (14,600 meals, four a day from 89 days ago, all in
# the sync's window) with a vdir folder, and checks the goals:
#
#   the first sync (every meal written as a file)      at most 3 s
#   a sync with nothing changed                        at most 0.3 s
#   a sync after one meal was edited                   at most 0.3 s
#
# Each is timed in wall and CPU time (user + system). The peers, in the same run:
# `export --format ics` of the same plan (the same events, into one file) and Python writing
# the same files the same way (hidden name, one sync, rename: the file system's floor) for the
# first sync,
# and `find -printf` of the folder's files' modification time, inode and size (what a sync
# compares with its records, each file's stat) for a sync with nothing changed.
#
# Before timing, it checks that the first sync wrote one file per meal, that a sync with
# nothing changed says so, and that a sync after an edit sends one file.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/sync.sh [--runs R] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --runs R      runs of each timed command (default 10; the first sync: R / 2, at least 3)
#   --keep DIR    leave the plan, the folder and hyperfine's JSON in DIR
# Needs: python3, sqlite3, hyperfine (.ci/install-deps); swift to build.
# Exit status: 0 when every goal is met, 1 when one is missed, 2 on a usage or setup error or
# a failed check.
set -euo pipefail

runs=10
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--runs R] [--keep DIR]" runs keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 sqlite3 hyperfine
use_work_folder "$keep"
mealplan_binary
meals=14600
export MEALPLAN_TODAY=2026-03-02 HOME="$work/home"
mkdir -p "$HOME"
base="$work/sync-base.sqlite"
rm -rf "$base"* "$work/sync.csv"
python3 - "$work/sync.csv" "$meals" <<'PY'
import csv, datetime, sys
path, count = sys.argv[1], int(sys.argv[2])
first = datetime.date(2026, 3, 2) - datetime.timedelta(days=89)
slots = ["breakfast", "lunch", "dinner", "snack"]
with open(path, "w", newline="") as out:
    writer = csv.writer(out)
    writer.writerow(["date", "slot", "title", "note"])
    for i in range(count):
        day = (first + datetime.timedelta(days=i // 4)).isoformat()
        writer.writerow([day, slots[i % 4], f"Meal {i}", f"note {i}" if i % 3 == 0 else ""])
PY
"$mealplan" import --db "$base" "$work/sync.csv" >/dev/null
[ "$(sqlite3 "$base" 'SELECT COUNT(*) FROM meal')" = "$meals" ] || fail "the plan does not hold $meals meals"

db="$work/sync-run.sqlite"
vdir="$work/sync-vdir"
# A fresh copy of the plan, never synced, and an empty folder.
fresh() {
    rm -rf "$db" "$db-wal" "$db-shm" "$vdir"
    cp "$base" "$db"
    mkdir "$vdir"
}

# Appends "label wall-median CPU-median" (seconds) of hyperfine's JSON file $1 to `results`,
# and its figures, named $2, to the run's data file.
results=()
timed_as() {
    record_hyperfine "$1" "$2"
    results+=("$(python3 - "$1" "$2" <<'PY'
import json, statistics, sys
result = json.load(open(sys.argv[1]))["results"][0]
print(f"{sys.argv[2]:<52} {statistics.median(result['times']):8.3f} {result['user'] + result['system']:8.3f}")
PY
)")
}

echo "== the first sync: $meals files written"
fresh
first=$("$mealplan" sync --db "$db" --vdir "$vdir")
[ "$first" = "$meals sent, 0 received, 0 removed, 0 conflicts" ] || fail "the first sync said: $first"
[ "$(find "$vdir" -name '*.ics' | wc -l)" = "$meals" ] || fail "the folder does not hold $meals files"
first_runs=$(( runs / 2 > 3 ? runs / 2 : 3 ))
hyperfine --runs "$first_runs" --prepare "rm -rf '$db' '$db-wal' '$db-shm' '$vdir' && cp '$base' '$db' && mkdir '$vdir'" \
    --export-json "$work/sync-first.json" "'$mealplan' sync --db '$db' --vdir '$vdir'" >/dev/null
timed_as "$work/sync-first.json" "sync, the first (every meal sent)"
hyperfine --runs "$first_runs" --export-json "$work/sync-export.json" \
    "'$mealplan' export --db '$base' --format ics --output '$work/plan.ics'" >/dev/null
timed_as "$work/sync-export.json" "peer: export --format ics of the same plan"
# The floor: the same files (the first sync's own) written by Python the way the sync writes
# them: each under a hidden name, one syncfs (os.sync), each renamed, the folder flushed.
cp -r "$vdir" "$work/sync-files"
hyperfine --runs "$first_runs" --prepare "rm -rf '$work/sync-floor'; mkdir '$work/sync-floor'" \
    --export-json "$work/sync-floor.json" "python3 -c \"
import os, sys
source, target = sys.argv[1], sys.argv[2]
names = sorted(os.listdir(source))
for name in names:
    data = open(os.path.join(source, name), 'rb').read()
    fd = os.open(os.path.join(target, '.' + name + '.partial'), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    os.write(fd, data)
    os.close(fd)
os.sync()
for name in names:
    final = os.path.join(target, name)
    if os.path.lexists(final): sys.exit(final + ' exists')
    os.rename(os.path.join(target, '.' + name + '.partial'), final)
fd = os.open(target, os.O_RDONLY)
os.fsync(fd)
\" '$work/sync-files' '$work/sync-floor'" >/dev/null
timed_as "$work/sync-floor.json" "peer: the same files written by Python alone"

echo "== a sync with nothing changed"
unchanged=$("$mealplan" sync --db "$db" --vdir "$vdir")
[ "$unchanged" = "0 sent, 0 received, 0 removed, 0 conflicts" ] || fail "a sync with nothing changed said: $unchanged"
hyperfine --runs "$runs" --warmup 1 --export-json "$work/sync-unchanged.json" \
    "'$mealplan' sync --db '$db' --vdir '$vdir'" >/dev/null
timed_as "$work/sync-unchanged.json" "sync, nothing changed"
hyperfine --runs "$runs" --warmup 1 --export-json "$work/sync-stat.json" \
    "find '$vdir' -name '*.ics' -printf '%T@ %i %s\n'" >/dev/null
timed_as "$work/sync-stat.json" "peer: find -printf of each file's stat"

echo "== a sync after one meal was edited"
"$mealplan" edit --db "$db" 7000 --title "Edited" >/dev/null
one=$("$mealplan" sync --db "$db" --vdir "$vdir")
[ "$one" = "1 sent, 0 received, 0 removed, 0 conflicts" ] || fail "a sync after one edit said: $one"
hyperfine --runs "$runs" --prepare "'$mealplan' edit --db '$db' 7000 --title \"Edited \$RANDOM\"" \
    --export-json "$work/sync-one.json" "'$mealplan' sync --db '$db' --vdir '$vdir'" >/dev/null
timed_as "$work/sync-one.json" "sync, one meal edited"

printf "%-52s %8s %8s\n" command "wall s" "CPU s"
printf "%s\n" "${results[@]}"
status=0
check() {
    local label="$1" limit="$2" wall cpu
    read -r wall cpu < <(python3 -c "import json,statistics; r=json.load(open('$3'))['results'][0]; print(statistics.median(r['times']), r['user']+r['system'])")
    if python3 -c "import sys; sys.exit(0 if $wall <= $limit else 1)"; then
        echo "goal: $label ≤ $limit s: met ($wall s wall, $cpu s CPU)"
    else
        echo "goal: $label ≤ $limit s: missed ($wall s wall, $cpu s CPU)"
        status=1
    fi
}
check "the first sync" 3 "$work/sync-first.json"
check "a sync with nothing changed" 0.3 "$work/sync-unchanged.json"
check "a sync after one edit" 0.3 "$work/sync-one.json"
exit "$status"
