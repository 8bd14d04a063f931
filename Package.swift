// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "mealplan",
    targets: [
        .target(name: "MealPlanCore"),
        .testTarget(name: "MealPlanCoreTests", dependencies: ["MealPlanCore"]),
        .target(name: "TerminalKit"),
        .systemLibrary(name: "CNcursesw"),
        .target(name: "NCursesTerminal", dependencies: ["CNcursesw", "TerminalKit"]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
    ],
    swiftLanguageModes: [.v6]
)
