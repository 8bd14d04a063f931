// swift-tools-version:6.1
import Foundation
import PackageDescription

/// A folder of linker scripts named as shared libraries (`libstdc++.so`, `libsqlite3.so`,
/// `libncursesw.so`), each naming the static library instead: searched first, it links the C++
/// library the static Swift runtime needs, SQLite and ncurses statically (see its files).
let linkStatically = String(#filePath.dropLast("Package.swift".count)) + "Data/link-statically"

let package = Package(
    name: "mealplan",
    products: [
        .library(name: "Timeline", targets: ["Timeline"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
    ],
    targets: [
        // Small helpers of text every module shares: trimming typed text, ASCII digits, a message's
        // excerpt of a value, a system error's text, a hidden name for a file made whole first.
        .target(name: "TextHelpers"),
        .target(name: "MealPlanCore", dependencies: ["TextHelpers"]),
        .target(name: "Cooklang", dependencies: ["MealPlanCore", "TextHelpers"]),
        // What the user set: the environment, config.toml section by section, aisle.conf,
        // pantry.conf, and the units and densities they set; every mistake names file and line.
        .target(name: "Settings", dependencies: ["Cooklang", "MealPlanCore", "TextHelpers"]),
        .target(name: "ShoppingList", dependencies: ["Cooklang", "MealPlanCore", "Settings", "TextHelpers"]),
        // Nutrition from USDA SR21, pure: the food table built in, names to foods, figures per
        // serving, day and average (see scripts/generate-nutrition-tables.py).
        .target(
            name: "Nutrition", dependencies: ["Cooklang", "MealPlanCore", "Settings", "ShoppingList", "TerminalKit", "TextHelpers"],
            exclude: ["README.md"]),
        .target(
            name: "RecipeLibrary", dependencies: ["Cooklang", "ShoppingList", "MealPlanCore", "Settings", "TextHelpers"]),
        // The shopping list of some days from the files beside the recipes (aisle.conf,
        // pantry.conf, the tick log, the extra items): one core for `shop`, `print` and the planner.
        .target(
            name: "ShoppingFiles", dependencies: ["Cooklang", "MealPlanCore", "RecipeLibrary", "Settings", "ShoppingList", "TerminalKit", "TextHelpers"]),
        .target(
            name: "MealPlanStore",
            dependencies: [
                "MealPlanCore", "Recurrence", "TextHelpers",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]),
        .target(name: "MealPlanExchange", dependencies: ["MealPlanCore", "Recurrence", "TextHelpers"]),
        // The shopping list as tasks in a tasks folder (a vdir), and tasks done there as ticks.
        .target(
            name: "ShoppingTasks", dependencies: ["MealPlanCore", "MealPlanExchange", "RecipeLibrary", "ShoppingFiles", "ShoppingList", "TextHelpers", "Vdir"]),
        // A printed week and its shopping list, as one HTML page for a browser to print.
        .target(
            name: "PrintedWeek", dependencies: ["MealPlanCore", "ShoppingList", "TerminalKit", "TextHelpers"]),
        .target(name: "Timeline", dependencies: ["MealPlanCore"]),
        .target(name: "Recurrence", dependencies: ["MealPlanCore", "TextHelpers"]),
        // What a two-way sync does with each item, from the last agreed state and both sides'.
        .target(name: "TwoWaySync"),
        .target(name: "Vdir", dependencies: ["MealPlanCore", "TextHelpers"]),
        // `mealplan sync`: the plan and a vdir kept in step, item by item, through TwoWaySync.
        .target(
            name: "PlanSync",
            dependencies: ["TwoWaySync", "Vdir", "MealPlanCore", "MealPlanStore", "MealPlanExchange", "Recurrence", "Settings", "TextHelpers"]),
        .target(name: "TerminalKit"),
        .systemLibrary(name: "CNcursesw"),
        .target(name: "NCursesTerminal", dependencies: ["CNcursesw", "TerminalKit"]),
        .target(name: "PlannerUI", dependencies: ["MealPlanCore", "Recurrence", "Timeline", "TerminalKit", "TextHelpers", "TwoWaySync"]),
        // The planner's run loop: PlannerUI, the store and a terminal backend wired together.
        .target(
            name: "PlannerRuntime",
            dependencies: [
                "MealPlanCore", "MealPlanStore", "Nutrition", "PlanSync", "PlannerUI", "PrintedWeek", "TerminalKit", "RecipeLibrary", "Settings", "ShoppingFiles", "ShoppingList", "Cooklang",
                "TextHelpers",
            ]),
        .executableTarget(
            name: "mealplan",
            dependencies: [
                "MealPlanCore", "MealPlanStore", "TerminalKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "MealPlanExchange", "PlannerUI", "PlannerRuntime", "NCursesTerminal", "Timeline", "Recurrence",
                "Cooklang", "ShoppingFiles", "ShoppingList", "ShoppingTasks", "RecipeLibrary", "Nutrition", "Settings", "TextHelpers", "PlanSync", "TwoWaySync", "Vdir",
                "PrintedWeek",
            ],
            // The sample plan `--demo` opens travels inside the binary (a link to Data/), with
            // the sample recipes its meals name (Data/recipes/ as one file, made by
            // scripts/bundle-sample-recipes.sh).
            resources: [.embedInCode("sample-plan.csv"), .embedInCode("sample-recipes.bundle")],
            // The static runtime's C++ library, SQLite and ncurses are linked statically too
            // (`linkStatically`), so that the installed binary needs only the C library (README).
            // As shared libraries they also cost the planner's session 1.9 MiB more at its peak
            // (23.5 against 21.6 MiB: Benchmarks/runs/2026-12-02/planner-session-memory.after.tsv
            // and .without-linker-flags.tsv) and a command 8 % more instructions at its start.
            linkerSettings: [
                .unsafeFlags(
                    ["-Xclang-linker", "-L\(linkStatically)"], .when(platforms: [.linux], configuration: .release)),
            ]),
        // Times the CSV reader and writer alone; see Benchmarks/cli-vs-sqlite3.sh.
        .executableTarget(
            name: "csv-throughput", dependencies: ["MealPlanExchange", "MealPlanCore"], path: "Benchmarks/csv-throughput"),
        // Times `j` and its frame on a day of many meals; see Benchmarks/planner-keys.sh.
        .executableTarget(
            name: "planner-keys", dependencies: ["PlannerUI", "MealPlanCore", "TerminalKit"], path: "Benchmarks/planner-keys"),
        // Times a repeating meal's expansion into a window by the age of the rule; see README.
        .executableTarget(
            name: "repeat-expansion", dependencies: ["Recurrence", "MealPlanCore"], path: "Benchmarks/repeat-expansion"),
        // Helpers shared by the test targets: day literals, temporary folders, the built
        // binary, the tmux driver, the rule for missing tools, a seeded random generator, recipes
        // from texts (`TextBook`).
        .target(
            name: "TestSupport", dependencies: ["MealPlanCore", "Cooklang", "ShoppingList"], path: "Tests/TestSupport",
            // Run by path (`#filePath`): a Python program, not a resource of the test bundle.
            exclude: ["caldav-phone.py"]),
        .testTarget(name: "CooklangTests", dependencies: ["Cooklang", "TestSupport"]),
        .testTarget(name: "RecipeLibraryTests", dependencies: ["RecipeLibrary", "ShoppingFiles", "ShoppingList", "Cooklang", "TestSupport"]),
        .testTarget(
            name: "NutritionTests", dependencies: ["Nutrition", "ShoppingList", "Settings", "Cooklang", "MealPlanCore", "TestSupport"]),
        .testTarget(name: "ShoppingFilesTests", dependencies: ["ShoppingFiles", "RecipeLibrary", "ShoppingList", "MealPlanCore", "TestSupport"]),
        .testTarget(name: "ShoppingListTests", dependencies: ["ShoppingList", "Cooklang", "MealPlanCore", "MealPlanExchange", "Settings", "TestSupport"]),
        .testTarget(name: "SettingsTests", dependencies: ["Settings", "MealPlanCore", "TestSupport"]),
        .testTarget(name: "MealPlanCoreTests", dependencies: ["MealPlanCore", "TextHelpers", "TestSupport"]),
        .testTarget(
            name: "MealPlanStoreTests", dependencies: ["MealPlanStore", "MealPlanExchange", "Recurrence", "TestSupport"],
            // Read by path (`#filePath`): SQL text, not a resource of the test bundle.
            exclude: ["Fixtures"]),
        .testTarget(
            name: "MealPlanExchangeTests",
            dependencies: ["MealPlanExchange", "MealPlanCore", "TestSupport", .product(name: "CSV", package: "CSV.swift")]),
        .testTarget(
            name: "ShoppingTasksTests",
            dependencies: ["ShoppingTasks", "ShoppingFiles", "ShoppingList", "RecipeLibrary", "MealPlanExchange", "MealPlanCore", "TestSupport"]),
        .testTarget(name: "RecurrenceTests", dependencies: ["Recurrence", "MealPlanCore", "TestSupport"]),
        .testTarget(name: "PrintedWeekTests", dependencies: ["PrintedWeek", "MealPlanCore", "ShoppingList", "TestSupport"]),
        .testTarget(name: "TimelineTests", dependencies: ["Timeline", "MealPlanCore", "TestSupport"]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
        .testTarget(name: "TwoWaySyncTests", dependencies: ["TwoWaySync", "TestSupport"]),
        .testTarget(name: "VdirTests", dependencies: ["Vdir", "TextHelpers", "TestSupport"]),
        .testTarget(
            name: "PlannerUITests",
            dependencies: [
                "PlannerUI", "PlannerRuntime", "MealPlanCore", "MealPlanStore", "Nutrition", "Recurrence", "Timeline", "TerminalKit", "RecipeLibrary",
                "ShoppingFiles", "TwoWaySync", "TestSupport",
            ]),
        .testTarget(
            name: "PlannerRuntimeTests",
            dependencies: [
                "PlannerRuntime", "PlannerUI", "PlanSync", "MealPlanCore", "MealPlanStore", "Settings", "TerminalKit", "RecipeLibrary", "ShoppingFiles", "ShoppingList",
                "TestSupport",
            ]),
        .testTarget(
            name: "MealplanCLITests",
            dependencies: [
                "mealplan", "MealPlanCore", "MealPlanStore", "PlannerRuntime", "PlannerUI", "RecipeLibrary", "Settings", "ShoppingFiles", "ShoppingList",
                "TestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The slow tiers, each a target of its own so that the fast command leaves them out
        // by name (docs/TESTING.md): crashes, concurrent writers and huge hostile imports; and
        // comparisons with an independent program over hundreds of random cases.
        .testTarget(name: "StressTests", dependencies: ["mealplan", "MealPlanCore", "MealPlanStore", "TestSupport"]),
        .testTarget(
            name: "OracleComparisonTests", dependencies: ["mealplan", "Recurrence", "MealPlanCore", "TestSupport"]),
        .testTarget(
            name: "PlannerEndToEndTests",
            dependencies: ["mealplan", "MealPlanCore", "MealPlanStore", "PlannerUI", "TerminalKit", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

/// A module's `README.md`, its map beside the code (DESIGN.md links to it), is no source file:
/// excluded from each target whose folder holds one.
for target in package.targets {
    let folder = target.path ?? (target.type == .test ? "Tests/" : "Sources/") + target.name
    if FileManager.default.fileExists(atPath: String(#filePath.dropLast("Package.swift".count)) + folder + "/README.md") {
        target.exclude.append("README.md")
    }
}
