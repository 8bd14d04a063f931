// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "mealplan",
    dependencies: [
        .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
    ],
    targets: [
        .target(name: "MealPlanCore"),
        .target(name: "MealPlanExchange", dependencies: ["MealPlanCore"]),
        .testTarget(
            name: "MealPlanExchangeTests",
            dependencies: ["MealPlanExchange", "MealPlanCore", .product(name: "CSV", package: "CSV.swift")]),
    ],
    swiftLanguageModes: [.v6]
)
