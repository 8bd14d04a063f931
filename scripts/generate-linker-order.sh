#!/usr/bin/env bash
# Writes Data/linker-order.txt: the functions of the release binary that the planner and `list`
# run, one `.text.SYMBOL` section name per line, planner first. Package.swift hands the file to
# the linker (gold's --section-ordering-file) so that those functions sit side by side instead
# of being scattered over 17 MB of code, which keeps about 3 MiB of code pages out of the
# planner's memory and out of every command's start-up.
#
# It builds the release binary, fills a database with generated meals (those around the day
# shown cooking recipes of a copy of Data/recipes) and repeat rules, runs the planner in tmux
# under valgrind's callgrind through a scripted session (first screen, scrolling, 200 weeks in a
# row, paging, a far jump, a search, the help overlay, the shopping list, a title completed
# with Tab, a jump to the year 500 among the rules, quit; at 80x24, with the rules of
# Benchmarks/planner-session-memory.py) and `mealplan list` the same way, and
# keeps the function names callgrind saw that the binary defines, then every function without a
# symbol (the file's last line, a pattern gold matches section names against). Rerun it after
# changes that add or rename many functions; a stale file only costs memory, never correctness.
#
# Usage: scripts/generate-linker-order.sh
# Needs: swift, python3, tmux, valgrind (Debian: apt-get install valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/common.sh
require_tools swift python3 tmux valgrind nm
use_work_folder ""

build_release mealplan
binary="$bin/mealplan"
python3 Benchmarks/generate-meals.py --meals 20000 --seed 7 --start 2020-01-01 --output "$work/meals.csv"
"$binary" import --db "$work/meals.sqlite" "$work/meals.csv" >/dev/null
cp -R Data/recipes "$work/recipes"
export MEALPLAN_RECIPES="$work/recipes"
python3 Benchmarks/planner-session-memory.py add-recipes "$work/meals.sqlite" "$work/recipes" 2026-02-23 21
# The memory benchmark's rules (every frequency and kind of end), fewer of them.
python3 Benchmarks/planner-session-memory.py add-rules "$binary" "$work/meals.sqlite" 1000

callgrind() {
    valgrind -q --tool=callgrind --demangle=no --callgrind-out-file="$1" "${@:2}"
}

# The planner, driven like a person would, waiting on the screen rather than on the clock
# (valgrind makes it some fifty times slower).
socket="linker-order-$$"
# At the benchmark's 80x24: fewer days shown sort their shopping list another way.
tmux -L "$socket" -f /dev/null new-session -d -x 80 -y 24 \
    "env LANG=C.UTF-8 TERM=tmux-256color MEALPLAN_TODAY=2026-03-04 valgrind --tool=callgrind --demangle=no \
     --callgrind-out-file=$work/planner.out $binary --db $work/meals.sqlite --recipes $work/recipes 2>/dev/null; sleep 60"
trap 'tmux -L "$socket" kill-server 2>/dev/null; rm -rf "$work"' EXIT
wait_for() {
    for _ in $(seq 1 600); do
        tmux -L "$socket" capture-pane -p | grep -q -- "$1" && return 0
        sleep 0.1
    done
    echo "$0: the planner never showed '$1'" >&2
    exit 1
}
keys() { tmux -L "$socket" send-keys "$@"; sleep 1; }
wait_for "Wed 4 Mar"
keys j j k J K
keys ' ' ' ' PgUp C-e C-y ']' '['
keys g; keys 2035-06-01 Enter; wait_for "Fri 1 Jun"
keys t; wait_for "Wed 4 Mar"
# 200 weeks in a row, as the memory benchmark scrolls: days loaded and the window recentred
# again and again, through other months and years.
tmux -L "$socket" send-keys -l "$(printf ']%.0s' $(seq 1 200))"; wait_for "Wed 2 Jan 2030"
keys t; wait_for "Wed 4 Mar"
keys /; keys Soup Enter; keys n N
keys '?'; keys Escape
keys s; wait_for "Shopping list ·"; keys Escape
keys a; keys Enter; keys -l Po; keys Tab; keys Escape Escape
keys g; keys 0500-01-01 Enter; wait_for "Jan 500"
keys q
for _ in $(seq 1 300); do [ -s "$work/planner.out" ] && break; sleep 0.1; done
sleep 2

callgrind "$work/list.out" "$binary" list --db "$work/meals.sqlite" --from 2026-03-02 --days 7 >/dev/null

python3 - "$binary" "$work/planner.out" "$work/list.out" >Data/linker-order.txt <<'EOF'
import re, subprocess, sys

binary, profiles = sys.argv[1], sys.argv[2:]
defined = set(line.split()[-1] for line in subprocess.run(["nm", binary], capture_output=True, text=True, check=True)
              .stdout.splitlines() if line.split()[-2:-1] and line.split()[-2] in "tTwW")
seen = []
for profile in profiles:
    names = set()
    for line in open(profile, errors="replace"):
        match = re.match(r"c?fn=\(\d+\) (.+)", line)
        if match and match.group(1) in defined:
            names.add(match.group(1))
    seen += sorted(names - set(seen))
print("\n".join(".text." + name for name in seen))
# The functions the compiler leaves without a symbol (a closure context's destroy function,
# `.Lobjectdestroy`; `.L__unnamed_N`; key path accessors) are invisible to callgrind and nm, so
# no name above can place them: one pattern lays them all beside the rest (docs/PERFORMANCE.md,
# "Functions without a symbol, laid out").
print(".text..L*")
EOF
echo "$(grep -c -v '[*]' Data/linker-order.txt) functions named in Data/linker-order.txt"
