// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "mealplan",
    targets: [
        .target(name: "MealPlanCore"),
        .target(name: "TerminalKit"),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
    ],
    swiftLanguageModes: [.v6]
)
