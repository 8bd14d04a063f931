#!/usr/bin/env bash
# Measures the two ways of storing a UID in SQLite that mealplan chose between: 16 bytes as a
# BLOB (what it does) or 36 characters of UUID text, against no UID at all (NULL, the peer).
# Each makes a table of N meal-like rows with the sqlite3 shell (a UID made in SQL for each)
# and a UNIQUE index on the UIDs, and reports the file, the table and the index, and the time.
#
# Usage: Benchmarks/uid-storage.sh [--rows N] [--keep DIR]
#   --rows N    rows (default 1000000)
#   --keep DIR  leave the three databases in DIR
# Needs: sqlite3 (with the dbstat table, as Debian's is built).
# Exit status: 0 after measuring, 2 on a usage or setup error.
set -euo pipefail
rows=1000000
keep=""
source "$(dirname "$0")/common.sh"
parse_options "[--rows N] [--keep DIR]" rows keep -- "$@"
require_tools sqlite3
use_work_folder "$keep"
text_uid="lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
    || hex(randomblob(2)) || '-' || hex(randomblob(6)))"
echo "| UID stored as | file | table | UNIQUE index | time to fill and index (wall, CPU) |"
echo "|---|---|---|---|---|"
for kind in none blob text; do
    case $kind in
        none) uid="NULL" ;;
        blob) uid="randomblob(16)" ;;
        text) uid="$text_uid" ;;
    esac
    db="$work/uid-$kind.sqlite"
    rm -f "$db"
    start=$(date +%s.%N)
    cpu_before=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
    sqlite3 "$db" "
        CREATE TABLE meal(id INTEGER PRIMARY KEY, day INTEGER, slotId INTEGER, position INTEGER, title TEXT, uid ANY);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $rows)
        INSERT INTO meal(day, slotId, position, title, uid) SELECT i / 4, i % 4, 0, 'Meal ' || (i % 5000), $uid FROM n;
        CREATE UNIQUE INDEX meal_by_uid ON meal(uid);"
    cpu_after=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
    wall=$(echo "$(date +%s.%N) - $start" | bc)
    size() { sqlite3 "$db" "SELECT SUM(pgsize) FROM dbstat WHERE name = '$1'"; }
    mib() { awk -v bytes="$1" 'BEGIN { printf "%.1f MiB", bytes / 1048576 }'; }
    printf '| %s | %s | %s | %s | %.1f s, %.1f s |\n' "$kind" "$(mib "$(stat -c %s "$db")")" "$(mib "$(size meal)")" \
        "$(mib "$(size meal_by_uid)")" "$wall" "$(echo "($cpu_after - $cpu_before) / $(getconf CLK_TCK)" | bc -l)"
    record "UID as $kind, $rows rows: file" "$(stat -c %s "$db")" bytes
    record "UID as $kind, $rows rows: table" "$(size meal)" bytes
    record "UID as $kind, $rows rows: UNIQUE index" "$(size meal_by_uid)" bytes
    record "UID as $kind, $rows rows: fill and index, wall" "$wall" s
    record "UID as $kind, $rows rows: fill and index, CPU" "$(echo "($cpu_after - $cpu_before) / $(getconf CLK_TCK)" | bc -l)" s
done
