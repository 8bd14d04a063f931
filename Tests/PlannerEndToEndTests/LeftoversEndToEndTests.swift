import Foundation
import TestSupport
import Testing

/// In a real terminal: `c` marks the stew done then skipped, `L` plans its leftovers for
/// tomorrow's lunch (the household's 2 portions from the config file), the marks and the source
/// line show, skipping the stew warns, and `u` takes each step back.
@Suite(.requires(.tmux))
struct LeftoversEndToEndTests {
    @Test func marksLeftoversAndTheirSourceAndUndo() throws {
        let recipes = try RecipesEndToEndTests.recipesFolder()
        let config = recipes.file("config") + "/mealplan"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try Data("servings = 2\n".utf8).write(to: URL(fileURLWithPath: config + "/config.toml"))
        let planner = try RecipesEndToEndTests.planner(recipes, environment: ["XDG_CONFIG_HOME": recipes.file("config")])
        let stew = "  dinner    Beef stew"
        try planner.waitFor(stew + " ℞ · 6 servings")
        try planner.press("c")
        try planner.waitFor(stew + " ✓ ℞ · 6 servings")
        try planner.press("L")
        try planner.waitFor("Eat the rest on:")
        try planner.type("tomorrow lunch")
        try planner.press("Enter")
        let leftovers = "  lunch     Beef stew ⇠ ℞ · 2 servings · leftovers from Wed dinner"
        try planner.waitForScreen("the leftovers and the stew") { $0.contains(leftovers) && $0.contains(stew + " ✓ ℞ · 6 servings") }
        try planner.press("K")
        try planner.press("c")
        try planner.waitForScreen("the stew skipped, warned") { $0.contains(stew + " ✗ ℞ · 6 servings") && $0.shows("was skipped") }
        try planner.press("u")
        try planner.waitFor(stew + " ✓ ℞ · 6 servings")
        try planner.press("u")
        try planner.waitForAbsence(of: "⇠")
        try planner.press("u")
        try planner.waitFor(stew + " ℞ · 6 servings")
    }
}
