import MealPlanCore
import Nutrition
import PlannerRuntime
import PlannerUI
import RecipeLibrary
import TerminalKit
import Testing
import TestSupport

/// `F` shows what the meals of the days shown add up to per person: the days `s` lists, the
/// lines `NutritionReport` of the same plan gives, wrapped to the screen and scrolled like the
/// other pages; Esc or q goes back.
@Suite struct NutritionPageTests {
    let samples = SampleRecipes()

    /// Saturday: the soup for 4 (of its 2 servings), a lunch without a recipe; Monday the stew
    /// for 4, skipped; Tuesday the soup's leftovers.
    func planner(width: Int, height: Int) -> Harness {
        var harness = Harness(today: saturday, size: Size(width: width, height: height), meals: [
            Meal(day: saturday, slot: "lunch", title: "Soup", recipe: "Soup", servings: 4),
            Meal(day: saturday, slot: "dinner", title: "Out"),
            Meal(day: day("2026-03-02"), slot: "dinner", title: "Stew", recipe: "mains/Stew", servings: 4, status: .skipped),
        ])
        harness.add(Meal(day: day("2026-03-03"), slot: "lunch", title: "Soup", leftoversOf: 1))
        harness.recipes = samples.recipes
        return harness
    }

    /// The report of `days` as `mealplan nutrition` makes it from the harness's plan, untitled.
    func expected(_ harness: Harness, days: DayRange) throws -> [String] {
        let report = try NutritionReport.make(range: days, meals: try harness.store.meals(in: days), source: harness.store.meal(id:),
                                              recipes: try RecipeFolder(root: samples.folder.path), figures: IngredientFigures())
        return NutritionReportText.lines(report, titled: false)
    }

    /// The rows `text` takes on a page `width` wide: a column of margin each side, and no
    /// wider than 76 columns for reading; a long line wrapped under its own indent.
    static func rows(_ text: [String], width: Int) -> [String] {
        text.flatMap { RecipeViewTests.wrap($0, room: min(width - 2, 76)) }
    }

    /// A page's screen: the heading, the rows from `first` with a column of margin, blank
    /// rows, the footer.
    func screen(_ heading: String, _ text: [String], width: Int, height: Int, first: Int = 0, footer: String) -> [String] {
        let body = Self.rows(text, width: width).dropFirst(first).prefix(height - 2).map { " " + $0 }
        return ([heading] + body + Array(repeating: "", count: height - 2 - body.count) + [footer.truncated(toWidth: width)])
            .map { $0.padded(toWidth: width) }
    }

    @Test(arguments: [(80, 24), (53, 17), (200, 50)])
    func fShowsTheDaysShownPerPerson(width: Int, height: Int) throws {
        var harness = planner(width: width, height: height)
        harness.press(.character("s"))
        guard case .showShoppingList(let days) = harness.effects.last else { Issue.record("s asked for no list"); return }
        harness.press(.escape, .character("F"))
        // The days `s` lists, from the same definition.
        #expect(harness.effects.last == .showNutrition(days))
        let text = try expected(harness, days: days)
        // What the report holds, as NutritionReport works it out: the soup a serving with
        // figures, "Out" not known, the stew skipped, the leftovers on Tuesday.
        #expect(text.contains { $0.hasPrefix("  lunch   Soup, a serving: kcal ") })
        #expect(text.contains("  dinner  Out: no recipe, not known"))
        #expect(text.contains("  dinner  Stew: skipped, counts nothing"))
        #expect(text.contains { $0.hasPrefix("  lunch   Soup (leftovers), a serving: kcal ") })
        #expect(text.last?.hasPrefix("  known for ") == true)
        let count = Self.rows(text, width: width).count
        let rows = height - 2
        let position = count > rows ? "lines 1–\(rows) of \(count) · " : ""
        let heading = "Nutrition per person · \(days.first.shortLabel) – \(days.last.shortLabel) \(days.last.date.year)"
        #expect(harness.lines == screen(heading.truncated(toWidth: width), text, width: width, height: height,
                                        footer: position + "j ↓ more · k ↑ back · Esc closes"))
        // Every line fits: a long one wraps rather than runs off the screen.
        #expect(harness.lines.allSatisfy { $0.terminalWidth == width })
        harness.press(.character("q"))
        #expect(harness.state.mode == .browsing)
    }

    /// j, the wheel and PgDn scroll as on the other pages; the page stops at its last line.
    @Test func thePageScrollsToItsEndAndEscCloses() throws {
        var harness = planner(width: 53, height: 17)
        harness.press(.character("F"))
        guard case .showNutrition(let days) = harness.effects.last else { Issue.record("F asked for nothing"); return }
        let text = try expected(harness, days: days)
        let count = Self.rows(text, width: 53).count
        #expect(count > 15)
        for _ in 0..<(count + 5) { harness.press(.character("j")) }
        let last = count - 15
        let heading = "Nutrition per person · \(days.first.shortLabel) – \(days.last.shortLabel) \(days.last.date.year)"
        #expect(harness.lines == screen(heading.truncated(toWidth: 53), text, width: 53, height: 17, first: last,
                                        footer: "lines \(last + 1)–\(count) of \(count) · j ↓ more · k ↑ back · Esc closes"))
        harness.press(.escape)
        #expect(harness.state.mode == .browsing)
    }

    /// A mistake the report cannot get past (no recipes folder) is one line on the status line.
    @Test func withoutARecipesFolderTheStatusLineSaysWhy() {
        var harness = planner(width: 80, height: 24)
        harness.recipes = .none
        harness.press(.character("F"))
        #expect(harness.state.mode == .browsing)
        #expect(harness.state.message == StatusMessage("Cannot work out the nutrition: no recipes folder", isError: true))
    }
}
