// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "mealplan",
    products: [
        .library(name: "Timeline", targets: ["Timeline"]),
    ],
    targets: [
        .target(name: "MealPlanCore"),
        .testTarget(name: "MealPlanCoreTests", dependencies: ["MealPlanCore"]),
        .target(name: "TerminalKit"),
        .systemLibrary(name: "CNcursesw"),
        .target(name: "NCursesTerminal", dependencies: ["CNcursesw", "TerminalKit"]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
        .target(name: "Timeline", dependencies: ["MealPlanCore"]),
        .testTarget(name: "TimelineTests", dependencies: ["Timeline", "MealPlanCore"]),
        .target(name: "PlannerUI", dependencies: ["MealPlanCore", "Timeline", "TerminalKit"]),
        .testTarget(name: "PlannerUITests", dependencies: ["PlannerUI", "MealPlanCore", "Timeline", "TerminalKit"]),
    ],
    swiftLanguageModes: [.v6]
)
