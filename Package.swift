// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "mealplan",
    products: [
        .library(name: "Timeline", targets: ["Timeline"]),
    ],
    targets: [
        .target(name: "MealPlanCore"),
        .target(name: "Timeline", dependencies: ["MealPlanCore"]),
        .testTarget(name: "TimelineTests", dependencies: ["Timeline", "MealPlanCore"]),
    ],
    swiftLanguageModes: [.v6]
)
