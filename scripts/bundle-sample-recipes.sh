#!/bin/sh
# Writes Sources/mealplan/sample-recipes.bundle from Data/recipes/: every file of the folder,
# each as a line "=== PATH BYTES" followed by its bytes and a line break, sorted by path.
# `mealplan --demo` carries the bundle inside the binary and unpacks it into its temporary
# folder; a test checks that the bundle equals Data/recipes/. Run after changing a sample recipe.
# With an argument, writes that file instead (the test compares its output with the bundle).
set -eu
repository="$(cd "$(dirname "$0")/.." && pwd)"
output="$(cd "$(dirname "${1:-$repository/Sources/mealplan/x}")" && pwd)/$(basename "${1:-sample-recipes.bundle}")"
cd "$repository/Data/recipes"
find . -type f | LC_ALL=C sort | while IFS= read -r file; do
    printf '=== %s %d\n' "${file#./}" "$(wc -c < "$file")"
    cat "$file"
    printf '\n'
done > "$output"
