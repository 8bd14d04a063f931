# Shared by the benchmark scripts: source it after parsing options.

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

# Builds the given products in release with the Swift standard library linked statically, as
# users are told to build, and sets `bin` to the folder holding them.
build_release() {
    local product
    for product in "$@"; do
        swift build -c release --static-swift-stdlib --product "$product"
    done
    bin="$(swift build -c release --static-swift-stdlib --show-bin-path)"
}
