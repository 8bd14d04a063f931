# Shared by the benchmark scripts: source it first, from the folder the script is in.

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

# Sets `work` to the folder for generated data: DIR when given (kept afterwards), else a
# temporary folder removed on exit.
use_work_folder() {
    if [ -n "$1" ]; then
        mkdir -p "$1"
        work="$(cd "$1" && pwd)"
    else
        work="$(mktemp -d)"
        trap 'rm -rf "$work"' EXIT
    fi
}

# Builds the given products in release as the README tells users to build the binary they
# install: the Swift standard library linked statically, and every function (the dependencies'
# too) in a section of its own, so that the linker can lay out the ones the planner runs side by
# side (see Data/linker-order.txt). Sets `bin` to the folder holding them.
release_flags=(-c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections)
build_release() {
    local product
    for product in "$@"; do
        swift build "${release_flags[@]}" --product "$product"
    done
    bin="$(swift build "${release_flags[@]}" --show-bin-path)"
    # A binary the linker has just written sits in the page cache in large blocks, and each
    # page fault then maps a whole block: the planner would show ~9 MiB more resident memory
    # than the same binary read from disk, as after installing it or a reboot. Dropping the
    # file's cached pages makes every measurement start from that state.
    for product in "$@"; do
        dd if="$bin/$product" iflag=nocache count=0 status=none
    done
}

# Sets `db` to $work/meals-COUNT.sqlite, COUNT meals of generate-meals.py (seed 42) centred on
# today so that the planner's first screen is full of them; made once, kept with --keep.
#   centred_database COUNT    (after build_release mealplan)
centred_database() {
    local count="$1" start
    db="$work/meals-$count.sqlite"
    if [ -f "$db" ]; then
        return
    fi
    start=$(python3 -c "import datetime; print(datetime.date.today() - datetime.timedelta(days=$count // 8))")
    echo "== generating and importing $count meals from $start"
    python3 Benchmarks/generate-meals.py --meals "$count" --seed 42 --start "$start" --output "$work/meals-$count.csv"
    "$bin/mealplan" import --db "$db" "$work/meals-$count.csv"
}

# Prints a date (YYYY-MM-DD) as mealplan stores days: the number of days since 1970-01-01.
day_number() {
    echo $(( $(date -u -d "$1" +%s) / 86400 ))
}

# Sets `list_sql` to the query mealplan's store runs for `list --from FIRST --days DAYS`, and
# `export_sql` to the one for `export`, as plain SQL for the sqlite3 shell on the same file.
# Days are integers (days since 1970-01-01), shown as ISO dates with SQLite's date() so that
# sqlite3 formats dates as mealplan does. The columns are export's: date,slot,title,note,recipe,servings.
set_meal_queries() {
    local first last
    first=$(day_number "$1")
    last=$((first + $2 - 1))
    local columns="date(meal.day + 2440587.5) AS date, slot.name AS slot, meal.title AS title, meal.note AS note,
        meal.recipe AS recipe, meal.servings AS servings"
    local from_meals="FROM meal JOIN slot ON slot.id = meal.slotId"
    local order="ORDER BY meal.day, slot.position, meal.position"
    list_sql="SELECT meal.id, $columns $from_meals WHERE meal.day BETWEEN $first AND $last $order"
    export_sql="SELECT $columns $from_meals $order"
}
