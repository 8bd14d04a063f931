# Shared by the benchmark scripts: source it first, before the script changes folder (so that a
# relative MEALPLAN_BIN or --keep DIR means what it meant where the script was started).
#
# The mealplan binary measured is $MEALPLAN_BIN when set (an installed binary, as users run it);
# only when it is unset does a script build one (see mealplan_binary). Every script prints the
# machine's load average when it starts and when it ends, since wall times stretch with it.

# The folder the script was started in, where a relative --keep DIR lies (see use_work_folder).
started_in="$PWD"
# The binary to measure, as an absolute path, or empty: resolved now, before any `cd`.
if [ -n "${MEALPLAN_BIN:-}" ]; then
    MEALPLAN_BIN="$(realpath -m -- "$MEALPLAN_BIN")"
fi

# Prints one line naming the script's failed self-check and exits with status 2: a figure
# measured on the wrong data or output is worse than none.
#   fail "the database holds $stored meals, expected $meals"
fail() {
    echo "$0: $*" >&2
    exit 2
}

# Prints "== TEXT: load average 1, 5 and 15 minutes" (as uptime shows them).
show_load() {
    echo "== $1: load average $(cut -d ' ' -f 1-3 /proc/loadavg), $(nproc) cores"
}
show_load "$(date -u '+%F %H:%M UTC') start"

# The run's data file, Benchmarks/runs/DATE/SCRIPT.tsv (run_record.py says what it holds): the
# script's figures go there through `record`, and its Python programs' through run_record.add.
run_record="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/run_record.py"
MEALPLAN_RUN_FILE="$(python3 "$run_record" start "$0")"
export MEALPLAN_RUN_FILE

# Adds one figure to the run's data file: its name, its value (a number, or a word such as
# met), its unit.
#   record "history, median" 5.9 ms
record() {
    python3 "$run_record" add "$@"
}

# Adds the commands of a hyperfine --export-json file to the run's data file: each one's median
# wall time and mean CPU time, named by NAMEs in order (else by the command).
#   record_hyperfine "$work/list.json" "list one week" "peer: sqlite3"
record_hyperfine() {
    python3 "$run_record" hyperfine "$@"
}

# Adds a line saying more of the run (a peer's version, the plan's size) to its data file.
#   record_note calcurse "$(calcurse --version | head -n 1)"
record_note() {
    python3 "$run_record" note "$1" "$2"
}

work_to_remove=""
finish() {
    local status=$?
    show_load "$(date -u '+%F %H:%M UTC') end, exit status $status"
    local kept
    kept="$(python3 "$run_record" end "$status")"
    [ -z "$kept" ] || echo "== the run is in $kept"
    if [ -n "$work_to_remove" ]; then
        rm -rf "$work_to_remove"
    fi
    exit "$status"
}
trap finish EXIT

# Reads options "--NAME VALUE" into the shell variable NAME, for each NAME listed before "--"
# (the variables hold their defaults beforehand). Anything else prints "usage: SCRIPT USAGE" and
# exits with status 2.
#   parse_options "[--runs R]" runs -- "$@"
parse_options() {
    local usage="$1" names=() name
    shift
    while [ "$1" != "--" ]; do
        names+=("$1")
        shift
    done
    shift
    while [ $# -gt 0 ]; do
        name="${1#--}"
        if [[ "$1" == --* && " ${names[*]} " == *" $name "* && $# -ge 2 ]]; then
            printf -v "$name" '%s' "$2"
            shift 2
        else
            echo "usage: $0 $usage" >&2
            exit 2
        fi
    done
}

# Exits with status 2 naming the first of the given commands that is not installed.
require_tools() {
    local tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null || { echo "$0: $tool is missing (see .ci/install-deps)" >&2; exit 2; }
    done
}

# Sets `work` to the folder for generated data: DIR when given (kept afterwards; a relative DIR
# lies in the folder the script was started in), else a temporary folder removed on exit.
use_work_folder() {
    if [ -n "$1" ]; then
        work="$(cd "$started_in" && mkdir -p "$1" && cd "$1" && pwd)"
    else
        work="$(mktemp -d)"
        work_to_remove="$work"
    fi
}

# Builds the given products in release as the README tells users to build the binary they
# install: the Swift standard library linked statically. Sets `bin` to the folder holding them. The scripts build
# this way only the helpers that time library code alone (csv-throughput, planner-keys), and
# mealplan itself only when MEALPLAN_BIN is unset (mealplan_binary).
release_flags=(-c release --static-swift-stdlib)
build_release() {
    local product
    require_tools swift
    for product in "$@"; do
        swift build "${release_flags[@]}" --product "$product"
    done
    bin="$(swift build "${release_flags[@]}" --show-bin-path)"
    for product in "$@"; do
        drop_cached "$bin/$product"
    done
}

# A binary the linker (or cp, when installing) has just written sits in the page cache in large
# blocks, and each page fault then maps a whole block: the planner would show ~9 MiB more
# resident memory than the same binary read from disk, as after a reboot. Dropping the file's
# cached pages makes every measurement start from that state.
drop_cached() {
    dd if="$1" iflag=nocache count=0 status=none
}

# Sets `mealplan` to the mealplan binary to measure: $MEALPLAN_BIN when set, else one built here
# with the README's install line (build_release). Prints which, and the binary's version.
mealplan_binary() {
    if [ -n "${MEALPLAN_BIN:-}" ]; then
        [ -f "$MEALPLAN_BIN" ] && [ -x "$MEALPLAN_BIN" ] || fail "MEALPLAN_BIN=$MEALPLAN_BIN is not an executable file"
        mealplan="$MEALPLAN_BIN"
        drop_cached "$mealplan"
    else
        echo "== building mealplan (release, static Swift standard library; set MEALPLAN_BIN to measure an installed binary instead)"
        build_release mealplan
        mealplan="$bin/mealplan"
    fi
    echo "== measuring $mealplan ($("$mealplan" --version 2>&1 | head -n 1))"
    python3 "$run_record" binary "$mealplan"
}

# Sets `csv` to COUNT meals of generate-meals.py with SEED, four a day from its first day
# (1700-01-01), in $work; made once, and kept (for the next script) with --keep.
#   plan_csv COUNT SEED
plan_csv() {
    csv="$work/meals-$1-seed-$2-from-1700.csv"
    if [ ! -f "$csv" ]; then
        echo "== generating $1 meals (seed $2)"
        python3 Benchmarks/generate-meals.py --meals "$1" --seed "$2" --output "$csv.part"
        mv "$csv.part" "$csv"
    fi
}

# Sets `db` to a database of COUNT meals of generate-meals.py (seed 42) centred on today, so
# that the planner's first screen is full of them, and `csv` to the CSV it was imported from;
# made once a day, and kept (for the next script) with --keep; a kept one is opened once first,
# so that its migration by a newer build is not timed.
#   centred_database COUNT    (after mealplan_binary)
centred_database() {
    local count="$1" start
    start=$(python3 -c "import datetime; print(datetime.date.today() - datetime.timedelta(days=$count // 8))")
    db="$work/meals-$count-from-$start.sqlite"
    csv="$work/meals-$count-from-$start.csv"
    if [ -f "$db" ]; then
        # A plan kept from another build: its first open here (a migration, when this build is
        # newer) happens now, not in what a script times.
        "$mealplan" list --db "$db" --days 1 >/dev/null ||
            fail "$mealplan cannot open the kept plan $db (made by a newer build? use another --keep folder)"
        return
    fi
    echo "== generating and importing $count meals from $start"
    python3 Benchmarks/generate-meals.py --meals "$count" --seed 42 --start "$start" --output "$csv"
    rm -f "$db.part"*
    "$mealplan" import --db "$db.part" "$csv" >/dev/null
    [ "$(sqlite3 "$db.part" "SELECT COUNT(*) FROM meal")" = "$count" ] || fail "the import of $csv did not store $count meals"
    mv "$db.part" "$db"
}

# Prints a date (YYYY-MM-DD) as mealplan stores days: the number of days since 1970-01-01.
day_number() {
    echo $(( $(date -u -d "$1" +%s) / 86400 ))
}

# Sets `list_sql` to the query mealplan's store runs for `list --from FIRST --days DAYS`, and
# `export_sql` to the one for `export`, as plain SQL for the sqlite3 shell on the same file.
# Days are integers (days since 1970-01-01), shown as ISO dates with SQLite's date() so that
# sqlite3 formats dates as mealplan does. The columns are export's: date,slot,title,note,recipe,servings,
# status,leftovers_of,eaters (the source's day and slot, read only for leftovers).
set_meal_queries() {
    local first last
    first=$(day_number "$1")
    last=$((first + $2 - 1))
    local columns="date(meal.day + 2440587.5) AS date, slot.name AS slot, meal.title AS title, meal.note AS note,
        meal.recipe AS recipe, meal.servings AS servings, meal.status AS status,
        CASE WHEN meal.leftoversOf IS NULL THEN NULL ELSE (SELECT date(source.day + 2440587.5) || ' ' || sourceSlot.name
            FROM meal AS source JOIN slot AS sourceSlot ON sourceSlot.id = source.slotId WHERE source.id = meal.leftoversOf)
        END AS leftovers_of, meal.eaters AS eaters"
    local from_meals="FROM meal JOIN slot ON slot.id = meal.slotId"
    local order="ORDER BY meal.day, slot.position, meal.position"
    list_sql="SELECT meal.id, $columns $from_meals WHERE meal.day BETWEEN $first AND $last $order"
    export_sql="SELECT $columns $from_meals $order"
}
