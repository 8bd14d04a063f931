// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "mealplan",
    targets: [
        .target(name: "MealPlanCore"),
        .testTarget(name: "MealPlanCoreTests", dependencies: ["MealPlanCore"]),
    ],
    swiftLanguageModes: [.v6]
)
