#!/usr/bin/env bash
# Measures the schema upgrade that gives every meal, repeat rule and template its UID: a plan
# of N meals made by the mealplan before UIDs (OLD_MEALPLAN_BIN, a binary of schema 10), then
# opened by the mealplan measured (`list` of one day, whose first open upgrades the file). The
# peer is the same command on the file once upgraded: what opening costs without the upgrade.
#
# Before timing, it checks that the old binary made a schema-10 plan of N meals, and that the
# upgraded file has N meals with N distinct UIDs.
#
# Usage: [MEALPLAN_BIN=FILE] OLD_MEALPLAN_BIN=FILE Benchmarks/upgrade.sh [--meals N] [--runs R] [--keep DIR]
#   MEALPLAN_BIN      the mealplan binary to measure (default: a release build made here)
#   OLD_MEALPLAN_BIN  a mealplan binary of schema 10, which makes the plan to upgrade
#   --meals N         meals to generate, four a day from 1700-01-01 (default 1000000)
#   --runs R          upgrades timed, each of a fresh copy of the old plan (default 3)
#   --keep DIR        leave the CSV and databases in DIR (the CSV is the other scripts')
# Needs: python3, sqlite3, hyperfine (.ci/install-deps); swift to build.
# Exit status: 0 after measuring, 2 on a usage or setup error or a failed check.
set -euo pipefail
meals=1000000
runs=3
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--meals N] [--runs R] [--keep DIR]" meals runs keep -- "$@"
[ -n "${OLD_MEALPLAN_BIN:-}" ] && [ -x "$OLD_MEALPLAN_BIN" ] || fail "OLD_MEALPLAN_BIN must name a mealplan binary of schema 10"
old_bin="$(realpath -- "$OLD_MEALPLAN_BIN")"
cd "$(dirname "$0")/.."
require_tools python3 sqlite3 hyperfine
use_work_folder "$keep"
mealplan_binary
plan_csv "$meals" 42
old="$work/schema-10-$meals.sqlite"
if [ ! -f "$old" ]; then
    echo "== importing $meals meals with $old_bin"
    rm -f "$old.part"*
    "$old_bin" import --db "$old.part" "$csv" >/dev/null
    mv "$old.part" "$old"
fi
[ "$(sqlite3 "$old" "PRAGMA user_version")" = 10 ] || fail "$old_bin did not make a plan of schema 10"
[ "$(sqlite3 "$old" "SELECT COUNT(*) FROM meal")" = "$meals" ] || fail "$old does not hold $meals meals"
copy="$work/upgraded.sqlite"
prepare="sh -c 'rm -f $copy $copy-wal $copy-shm && cp $old $copy'"
echo "== upgrade: first open of a copy of the old plan ($runs runs)"
hyperfine -N --runs "$runs" --prepare "$prepare" --export-json "$work/upgrade.json" \
    "$mealplan list --db $copy --from 2026-03-02 --days 1"
uids=$(sqlite3 "$copy" "SELECT COUNT(DISTINCT uid) FROM meal WHERE length(uid) = 16")
[ "$uids" = "$meals" ] || fail "the upgraded plan has $uids distinct UIDs for $meals meals"
echo "== peer: the same command on the upgraded plan"
hyperfine -N --warmup 2 --runs 10 --export-json "$work/opened.json" \
    "$mealplan list --db $copy --from 2026-03-02 --days 1"
python3 - "$work" "$meals" "$old" "$copy" <<'PY'
import json, os, sys
work, meals, old, new = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
def result(name):
    (r,) = json.load(open(f"{work}/{name}.json"))["results"]
    return r["median"], r["user"] + r["system"]
upgrade, opened = result("upgrade"), result("opened")
def show(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"
print(f"\nmedians, {meals:,} meals; CPU is user + system, hyperfine's mean")
print("| first `list` | wall | CPU | file |")
print("|---|---|---|---|")
print(f"| upgrading the plan of schema 10 | {show(upgrade[0])} | {show(upgrade[1])} | {os.path.getsize(old) / 2**20:.0f} MiB before |")
print(f"| the plan upgraded (peer) | {show(opened[0])} | {show(opened[1])} | {os.path.getsize(new) / 2**20:.0f} MiB after |")
PY
record_hyperfine "$work/upgrade.json" "first list, upgrading the plan of schema 10"
record_hyperfine "$work/opened.json" "peer: the same list on the plan upgraded"
record "plan of schema 10" "$(stat -c %s "$old")" bytes
record "plan upgraded" "$(stat -c %s "$copy")" bytes
