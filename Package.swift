// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "mealplan",
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .target(name: "MealPlanCore"),
        .testTarget(name: "MealPlanCoreTests", dependencies: ["MealPlanCore"]),
        .target(
            name: "MealPlanStore",
            dependencies: [
                "MealPlanCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]),
        .testTarget(name: "MealPlanStoreTests", dependencies: ["MealPlanStore"]),
        .target(name: "TerminalKit"),
        .systemLibrary(name: "CNcursesw"),
        .target(name: "NCursesTerminal", dependencies: ["CNcursesw", "TerminalKit"]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
    ],
    swiftLanguageModes: [.v6]
)
