// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "mealplan",
    dependencies: [
        .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
    ],
    targets: [
        .target(name: "MealPlanCore"),
        .testTarget(name: "MealPlanCoreTests", dependencies: ["MealPlanCore"]),
        .target(name: "TerminalKit"),
        .systemLibrary(name: "CNcursesw"),
        .target(name: "NCursesTerminal", dependencies: ["CNcursesw", "TerminalKit"]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
        .target(name: "MealPlanExchange", dependencies: ["MealPlanCore"]),
        // Times the CSV reader and writer alone; see Benchmarks/cli-vs-sqlite3.sh.
        .executableTarget(
            name: "csv-throughput", dependencies: ["MealPlanExchange", "MealPlanCore"], path: "Benchmarks/csv-throughput"),
        .testTarget(
            name: "MealPlanExchangeTests",
            dependencies: ["MealPlanExchange", "MealPlanCore", .product(name: "CSV", package: "CSV.swift")]),
    ],
    swiftLanguageModes: [.v6]
)
