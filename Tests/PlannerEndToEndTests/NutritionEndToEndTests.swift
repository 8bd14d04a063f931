import Foundation
import TestSupport
import Testing

/// Nutrition in a real terminal: `F` shows what the days shown add up to per person, wrapped
/// to the screen at 80×24 and 53×17 and again after a resize while it is open; `r` shows a
/// serving's figures above the recipe.
@Suite(.requires(.tmux))
struct NutritionEndToEndTests {
    /// Buttered oats for 2 (200 g oats, 50 g butter) and today's breakfast of them for 2, a
    /// lunch without a recipe. The figures are NutritionCommandTests' by hand: a serving is 100 g
    /// oats (08120: 379 kcal, protein 13.15 g, fat 6.52 g, carbohydrate 67.70 g, fibre 10.1 g,
    /// sugars 0.99 g, sodium 6 mg per 100 g) and 25 g butter (01001: 717, 0.85, 81.11, 0.06, 0,
    /// 0.06, 576): 558.25 kcal, 2,335.7 kJ, protein 13.36, fat 26.80, carbohydrate 67.72,
    /// fibre 10.1, sugars 1.005, sodium 150.
    static let oats = "kcal 558 (2,336 kJ) · protein 13 g · fat 27 g · carbohydrate 68 g · fibre 10 g · sugars 1 g · sodium 150 mg"

    static func planner(width: Int, height: Int) throws -> (TmuxPlanner, TemporaryFolder) {
        let recipes = TemporaryFolder()
        let text = "---\ntitle: Buttered oats\nservings: 2\n---\nCook @rolled oats{200%g} with @butter{50%g}.\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: recipes.file("Oats.cook")))
        let planner = try TmuxPlanner(width: width, height: height, environment: ["MEALPLAN_RECIPES": recipes.path]) {
            try $0.mealplan("add", "today", "breakfast", "--recipe", "oats", "--servings", "2", "--recipes", recipes.path)
            try $0.mealplan("add", "today", "lunch", "Out")
        }
        return (planner, recipes)
    }

    /// The words of the screen's rows after the heading and before the footer, as one run: a
    /// line the page wrapped reads whole again.
    static func words(_ screen: [String]) -> [String] {
        screen.dropFirst().dropLast().flatMap { $0.split(separator: " ").map(String.init) }
    }

    static func holds(_ screen: [String], _ line: String) -> Bool {
        let words = words(screen), wanted = line.split(separator: " ").map(String.init)
        guard wanted.count <= words.count else { return false }
        return (0...(words.count - wanted.count)).contains { Array(words[$0..<($0 + wanted.count)]) == wanted }
    }

    /// The page as `mealplan nutrition` makes it for today: its day line, the meal's serving,
    /// the lunch not known; every row within the width.
    static func showsToday(_ screen: [String], width: Int) -> Bool {
        screen.first?.hasPrefix("Nutrition per person · ") == true
            && holds(screen, "Wed 2026-03-04: " + oats)
            && holds(screen, "breakfast Buttered oats, a serving: " + oats)
            && holds(screen, "lunch Out: no recipe, not known")
            && screen.allSatisfy { $0.count <= width }
            && screen.last?.contains("Esc closes") == true
    }

    @Test(arguments: [(80, 24), (53, 17)])
    func fShowsTheDaysPerPersonAndKeepsThemThroughAResize(width: Int, height: Int) throws {
        let (planner, recipes) = try Self.planner(width: width, height: height)
        defer { withExtendedLifetime(recipes) {} }
        try planner.waitForScreen("the breakfast") { $0.shows("Buttered oats") }
        try planner.press("F")
        try planner.waitForScreen("the nutrition page") { Self.showsToday($0, width: width) }
        // Scrolled to its end, then the terminal made smaller and larger: the page stays, wrapped anew.
        try planner.press("NPage", "NPage", "NPage", "j")
        try planner.resize(width: 53, height: 17)
        try planner.waitForScreen("the page at 53×17") { $0.count == 17 && $0.first?.hasPrefix("Nutrition per") == true && $0.shows("Esc closes") }
        try planner.press("PPage", "PPage", "PPage", "PPage", "PPage")
        try planner.waitForScreen("the page's top at 53×17") { Self.showsToday($0, width: 53) }
        try planner.resize(width: 200, height: 50)
        try planner.waitForScreen("the page at 200×50") { Self.showsToday($0, width: 200) && $0.shows("Average per day, over the 1 day with figures") }
        try planner.press("Escape")
        try planner.waitForScreen("the days again") { $0.shows("Buttered oats") && !$0.shows("Nutrition per person") }
    }

    @Test func rShowsAServingAboveTheRecipe() throws {
        let (planner, recipes) = try Self.planner(width: 80, height: 24)
        defer { withExtendedLifetime(recipes) {} }
        try planner.waitForScreen("the breakfast") { $0.shows("Buttered oats") }
        try planner.press("r")
        try planner.waitForScreen("the recipe with a serving") { screen in
            screen.first == "Wed 4 Mar 2026 · breakfast · Buttered oats"
                && Array(screen.dropFirst().prefix(3)) == [" Buttered oats", " serves 2", ""]
                && Self.holds(screen, "Nutrition (USDA SR21), a serving: " + Self.oats + " known for 100 % of the mass")
        }
        try planner.press("Escape")
        try planner.waitForAbsence(of: "Esc closes")
    }
}
