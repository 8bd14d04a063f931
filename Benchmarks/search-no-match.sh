#!/usr/bin/env bash
# Times searches of the whole plan at a million meals: texts of 1, 2, 3 and 8 characters that
# no meal holds, ASCII, accented and Chinese (`mealplan list --search`, hyperfine, and the
# planner's `/`, in tmux), and a Chinese word of 2 characters that 1 meal in 48 has, over a
# quarter (`list --search 拉麺 --days 91`), with `mealplan --version` as the peer (starting the
# program). Also times the import of the generated CSV into a fresh database, after which every
# search must already be served, and the first 10 writes (`mealplan add`) after it, against the
# `sqlite3` shell's INSERT of one meal into a copy of the same plan.
#
# Usage: [MEALPLAN_BIN=FILE] Benchmarks/search-no-match.sh [--meals N] [--seed S] [--keep DIR]
#   MEALPLAN_BIN  the mealplan binary to measure (default: a release build made here)
#   --meals N   meals to generate, four a day from 1700-01-01 (default 1000000, ~684 years)
#   --seed S    generator seed (default 42)
#   --keep DIR  leave the CSV, databases and hyperfine JSON in DIR instead of a temporary folder
#               (the CSV is shared with cli-vs-sqlite3.sh and export-memory.sh)
# Needs: python3, sqlite3, hyperfine, tmux (.ci/install-deps); swift to build.
# Exit status: 0 when every search is within 20 ms (median wall, CLI and planner) and no write
# took longer, 1 when one did, or 2 on a usage or setup error or a failed check (an import that
# did not store every meal, a text that matches a meal, a quarter's search that lists other meals
# than `sqlite3` finds).
set -euo pipefail

meals=1000000
seed=42
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--meals N] [--seed S] [--keep DIR]" meals seed keep -- "$@"
cd "$(dirname "$0")/.."
require_tools python3 sqlite3 hyperfine tmux
use_work_folder "$keep"
db="$work/search.sqlite"
# No generated meal holds these: 1, 2, 3 and 8 characters.
texts=(7 鮨 zq 寿司 zqx ƶƶƶ zzqqxxww)
# A word some meals have, searched in a quarter.
word=拉麺
week=(--from 2026-03-02 --days 91)

mealplan_binary
plan_csv "$meals" "$seed"

echo "== import (fresh database each run)"
hyperfine -N --runs 3 --prepare "rm -f $db $db-wal $db-shm" --export-json "$work/import.json" \
    "$mealplan import --db $db $csv"
stored=$(sqlite3 "$db" "SELECT COUNT(*) FROM meal")
[ "$stored" = "$meals" ] || fail "the database holds $stored meals, expected $meals"

echo "== the first writes after the import: 10 adds, one after the other, on a copy; the peer: sqlite3's INSERT"
cp "$db" "$db.writes"
cp "$db" "$db.peer"
# The import leaves its file on disk; the copies would leave it in dirty pages, which the first
# write's fsync would flush (about 40 ms for either tool), a cost of the copy, not of the write.
sync "$db.writes" "$db.peer"
hyperfine -N --runs 10 --export-json "$work/writes.json" "$mealplan add --db $db.writes 2026-03-02 dinner Stew"
hyperfine -N --runs 10 --export-json "$work/writes-peer.json" \
    "sqlite3 $db.peer \"INSERT INTO meal(day, slotId, position, title) SELECT 20514, 3, MAX(position) + 1, 'Stew' FROM meal WHERE day = 20514 AND slotId = 3\""

echo "== list --search of the whole plan, no match"
commands=()
for text in "${texts[@]}"; do
    case "$("$mealplan" list --db "$db" --search "$text")" in
        "no meal matches"*) ;;
        *) fail "'$text' matches a meal" ;;
    esac
    commands+=("$mealplan list --db $db --search $text")
done
listed=$("$mealplan" list --db "$db" --search "$word" "${week[@]}" --format csv | tail -n +2 | wc -l)
scanned=$(sqlite3 "$db" "SELECT COUNT(*) FROM meal WHERE (instr(title, '$word') OR instr(note, '$word'))
    AND day BETWEEN julianday('2026-03-02') - julianday('1970-01-01') AND julianday('2026-05-31') - julianday('1970-01-01')")
[ "$listed" = "$scanned" ] && [ "$listed" -gt 0 ] || fail "'$word' in the quarter: mealplan lists $listed meals, sqlite3 finds $scanned"
commands+=("$mealplan list --db $db --search $word ${week[*]}")
# The peer: what starting the program alone costs in the same minutes.
commands+=("$mealplan --version")
hyperfine -N --warmup 3 --runs 20 --export-json "$work/search.json" "${commands[@]}"

echo "== the planner's / over the whole plan, no match"
python3 Benchmarks/search-no-match.py "$mealplan" "$db" 15 "${texts[@]}" | tee "$work/planner-search.txt"

python3 - "$work" <<'PY'
import json, re, sys
work = sys.argv[1]
results = json.load(open(f"{work}/search.json"))["results"]
rows = [(r["command"].split(" --search ", 1)[1], r["median"] * 1000, (r["user"] + r["system"]) * 1000)
        for r in results if " --search " in r["command"]]
start = [(r["median"] * 1000, (r["user"] + r["system"]) * 1000) for r in results if r["command"].endswith(" --version")][0]
writes = json.load(open(f"{work}/writes.json"))["results"][0]
slowest_write = max(writes["times"]) * 1000
planner = [(m[1], float(m[2])) for m in re.finditer(r"planner search '(.*)': ([0-9.]+) ms", open(f"{work}/planner-search.txt").read())]
print("\n| search | wall, median | CPU, mean | goal ≤ 20 ms |")
print("|---|---|---|---|")
met = True
for text, wall, cpu in rows:
    met &= wall <= 20
    print(f"| list --search {text} | {wall:.1f} ms | {cpu:.1f} ms | {'met' if wall <= 20 else 'MISSED'} |")
for text, wall in planner:
    met &= wall <= 20
    print(f"| planner /{text} | {wall:.1f} ms | | {'met' if wall <= 20 else 'MISSED'} |")
print(f"| peer: mealplan --version | {start[0]:.1f} ms | {start[1]:.1f} ms | |")
met &= slowest_write <= 20
peer = json.load(open(f"{work}/writes-peer.json"))["results"][0]
print(f"| add, the first 10 after the import: median, slowest | {writes['median'] * 1000:.1f} ms, {slowest_write:.1f} ms "
      f"| {(writes['user'] + writes['system']) * 1000:.1f} ms | {'met' if slowest_write <= 20 else 'MISSED'} (slowest) |")
print(f"| peer: sqlite3 INSERT of one meal, 10 times: median, slowest | {peer['median'] * 1000:.1f} ms, "
      f"{max(peer['times']) * 1000:.1f} ms | {(peer['user'] + peer['system']) * 1000:.1f} ms | |")
sys.path.insert(0, "Benchmarks")
import run_record
for text, wall, cpu in rows:
    run_record.timed(f"list --search {text}", wall / 1000, cpu / 1000)
for text, wall in planner:
    run_record.add(f"planner /{text}, wall with tmux, median", wall, "ms")
run_record.timed("peer: mealplan --version", start[0] / 1000, start[1] / 1000)
run_record.timed("add, the first 10 after the import, median", writes["median"], writes["user"] + writes["system"])
run_record.add("add, the first 10 after the import, slowest, wall", slowest_write, "ms")
run_record.timed("peer: sqlite3 INSERT of one meal, median", peer["median"], peer["user"] + peer["system"])
run_record.add("peer: sqlite3 INSERT of one meal, slowest, wall", max(peer["times"]) * 1000, "ms")
run_record.hyperfine(f"{work}/import.json", ["import"])
sys.exit(0 if met else 1)
PY
