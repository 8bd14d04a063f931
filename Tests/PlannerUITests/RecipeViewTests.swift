import Foundation
import MealPlanCore
import Nutrition
import PlannerRuntime
import PlannerUI
import RecipeLibrary
import ShoppingFiles
import TerminalKit
import Testing
import TestSupport

/// A folder of recipes for the planner's recipe keys: a stew for 2 that uses a stock, and a
/// soup for 2 with an aisle file for the shopping list.
final class SampleRecipes: Sendable {
    static let stew = """
        ---
        title: Beef stew
        servings: 2
        ---
        Brown @beef{500%g} with @onion{1}(chopped).

        Simmer with @./sauces/Stock{250%ml} for ~{2%hours}.
        """
    static let soup = "---\nservings: 2\n---\nBoil @leeks{2} in @butter{50%g}.\n"
    static let aisles = "[produce]\nleeks\n\n[dairy]\nbutter\n"

    let folder = TemporaryFolder()

    init() {
        try! FileManager.default.createDirectory(atPath: folder.file("mains"), withIntermediateDirectories: true)
        try! FileManager.default.createDirectory(atPath: folder.file("sauces"), withIntermediateDirectories: true)
        write("mains/Stew.cook", Self.stew)
        write("sauces/Stock.cook", "---\nservings: 4\n---\nBoil @bones{1%kg}.\n")
        write("Soup.cook", Self.soup)
        write("aisle.conf", Self.aisles)
    }

    func write(_ name: String, _ text: String) {
        try! Data(text.utf8).write(to: URL(fileURLWithPath: folder.file(name)))
    }

    var recipes: PlannerRecipes {
        PlannerRecipes(ShoppingSources(recipes: try! RecipeFolder(root: folder.path), aisles: nil, pantry: nil))
    }
}

/// `r` shows the selected meal's recipe scaled to its servings, `R` asks for the editor on it,
/// `s` shows the shopping list of the days on screen; failures are one line in the status line.
@Suite struct RecipeViewTests {
    let samples = SampleRecipes()
    static let stewMeal = Meal(day: saturday, slot: "dinner", title: "Stew", recipe: "mains/Stew", servings: 4)

    func planner(_ meals: [Meal] = [stewMeal], width: Int = 60, height: Int = 14) -> Harness {
        var harness = Harness(today: saturday, size: Size(width: width, height: height), meals: meals)
        harness.recipes = samples.recipes
        return harness
    }

    /// The stew for 4 of its 2 servings: every amount doubled, the stock's reference named;
    /// after the heading, a serving as `NutritionReport` works it out for the meal.
    var stewFor4: [String] {
        let report = NutritionReport.make(range: DayRange(start: saturday, count: 1), meals: [Self.stewMeal], sources: [:],
                                          recipes: try! RecipeFolder(root: samples.folder.path), figures: IngredientFigures())
        let serving = NutritionReportText.serving(report.days[0].meals[0], named: "Nutrition (USDA SR21)")
        return ["Beef stew", "serves 4", "", serving[0]] + serving.dropFirst().map { "  " + $0 } + [
            "",
            // 500 g × 4 / 2 = 1000 g, which reads as 1 kg.
            "  beef  \(500 * 4 / 2 / 1000) kg", "  onion  \(1 * 4 / 2)  (chopped)", "  Stock  \(250 * 4 / 2) ml  → ./sauces/Stock",
            "", "1. Brown beef with onion.", "2. Simmer with Stock for 2 hours.",
        ]
    }

    /// A line of a page `room` columns wide: kept whole when it fits, else wrapped with its
    /// pieces under the first one's indent.
    static func wrap(_ line: String, room: Int) -> [String] {
        guard line.count > room else { return [line] }
        let indent = String(line.prefix { $0 == " " })
        return line.dropFirst(indent.count).description.wrapped(toWidth: room - indent.count).map { indent + $0 }
    }

    /// A page's screen: the heading, the text with a column of margin from line `first`,
    /// blank rows, the footer.
    func page(_ heading: String, _ text: [String], width: Int, height: Int, first: Int = 0, footer: String) -> [String] {
        let body = text.flatMap { Self.wrap($0, room: width - 2) }.dropFirst(first).prefix(height - 2).map { " " + $0 }
        return ([heading] + body + Array(repeating: "", count: height - 2 - body.count) + [footer.truncated(toWidth: width)])
            .map { $0.padded(toWidth: width) }
    }

    @Test func rShowsTheRecipeScaledToTheMealsServingsAndEscClosesIt() {
        var harness = planner()
        harness.press(.character("r"))
        #expect(harness.effects.last == .showRecipe(Self.stewMeal.stored(id: 1, in: harness)))
        let count = stewFor4.flatMap { Self.wrap($0, room: 58) }.count
        #expect(harness.lines == page("Sat 28 Feb 2026 · dinner · Stew", stewFor4, width: 60, height: 14,
                                      footer: (count > 12 ? "lines 1–12 of \(count) · " : "") + "j ↓ more · k ↑ back · R edits · Esc closes"))
        harness.press(.escape)
        #expect(harness.state.mode == .browsing)
    }

    @Test func aNarrowScreenWrapsAndScrollsTheRecipe() {
        var harness = planner(width: 20, height: 6)
        harness.press(.character("r"))
        let count = stewFor4.flatMap { Self.wrap($0, room: 18) }.count
        for _ in 0..<30 { harness.press(.character("j")) }
        let last = count - 4
        #expect(harness.lines == page("Sat 28 Feb 2026 · dinner · Stew".truncated(toWidth: 20), stewFor4, width: 20, height: 6,
                                      first: last, footer: "lines \(last + 1)–\(count) of \(count) · j ↓ more"))
    }

    @Test func aMealWithoutARecipeSaysSo() {
        var harness = planner([Meal(day: saturday, slot: "lunch", title: "Soup")])
        harness.press(.character("r"))
        #expect(harness.state.message == StatusMessage("'Soup' has no recipe"))
        harness.press(.character("R"))
        #expect(!harness.effects.contains { if case .editRecipe = $0 { true } else { false } })
    }

    @Test func aMissingOrMalformedRecipeIsOneLineInTheStatusLine() {
        var harness = planner([Meal(day: saturday, slot: "lunch", title: "Gone", recipe: "Gone", servings: 2)])
        harness.press(.character("r"))
        #expect(harness.state.mode == .browsing)
        #expect(harness.state.message == StatusMessage(
            "Cannot show the recipe: recipe missing: \(samples.folder.file("Gone.cook"))", isError: true))
        samples.write("Gone.cook", "Mix @flour{%g}.\n")
        harness.press(.character("r"))
        let message = harness.state.message?.text ?? ""
        #expect(message.hasPrefix("Cannot show the recipe: \(samples.folder.file("Gone.cook")):1:12: "), "\(message)")
        #expect(harness.state.message?.isError == true)
        #expect(harness.lines.last!.hasPrefix("Sat 28 Feb  Cannot show the recipe"))
    }

    /// `R` on the page asks the loop for the editor; the recipe read again replaces the page
    /// where it was scrolled to.
    @Test func rOnThePageAsksForTheEditorAndTheRereadRecipeKeepsItsPlace() {
        var harness = planner(height: 8)
        harness.press(.character("r"), .character("j"), .character("R"))
        let meal = Self.stewMeal.stored(id: 1, in: harness)
        #expect(harness.effects.last == .editRecipe(meal))
        let edited = stewFor4.map { $0.replacingOccurrences(of: "beef", with: "lamb") }
        harness.send(.pageShown(TextPage(kind: .recipe(meal), lines: edited)))
        #expect(harness.lines == page("Sat 28 Feb 2026 · dinner · Stew", edited, width: 60, height: 8, first: 1,
                                      footer: "lines 2–7 of \(edited.flatMap { Self.wrap($0, room: 58) }.count) · j ↓ more · k ↑ back · R edits · Esc closes"))
        harness.send(.recipeEditFailed(meal, message: "the editor (false) exited with status 1"))
        #expect(harness.state.mode == .browsing)
        #expect(harness.state.message == StatusMessage("Recipe not edited: the editor (false) exited with status 1", isError: true))
    }

    /// `s`: the days on screen, the soup for 4 of its 2 servings, in the aisle file's order.
    /// The 11 timeline lines hold Friday (2 lines), Saturday (2), the banner and Sunday (3),
    /// Monday (2) and Tuesday's first 2. Names are padded to the longest ("butter"), as `shop`
    /// prints them.
    @Test func sShowsTheShoppingListOfTheDaysOnScreen() {
        var harness = planner([Meal(day: saturday, slot: "lunch", title: "Soup", recipe: "Soup", servings: 4)], height: 12)
        harness.press(.character("s"))
        let days = DayRange(day("2026-02-27"), day("2026-03-03"))
        #expect(harness.effects.last == .showShoppingList(days))
        let expected = ["1 meal with recipes", "", "produce", "  " + "leeks".padding(toLength: "butter".count, withPad: " ", startingAt: 0) + "  \(2 * 4 / 2)", "", "dairy", "  butter  \(50 * 4 / 2) g"]
        #expect(harness.lines == page("Shopping list · Fri 27 Feb – Tue 3 Mar 2026", expected, width: 60, height: 12,
                                      footer: ShoppingPageTests.footer))
    }

    /// `S` asks for the days: today is Sat 2026-02-28, and weeks start on Monday.
    @Test(arguments: [
        ("", "2026-03-02", "2026-03-08"),
        ("mon", "2026-03-02", "2026-03-08"),
        ("mon to 2026-03-08", "2026-03-02", "2026-03-08"),
        ("2026-03-01 to 2026-03-31", "2026-03-01", "2026-03-31"),
        ("tomorrow 3", "2026-03-01", "2026-03-03"),
        ("+1w 14", "2026-03-07", "2026-03-20"),
    ])
    func capitalSAsksForTheDays(typed: String, first: String, last: String) {
        var harness = planner([], height: 12)
        harness.press(.character("S"))
        harness.type(typed)
        harness.press(.enter)
        #expect(harness.effects.last == .showShoppingList(DayRange(day(first), day(last))))
    }

    /// `S` then Enter alone lists the household's next week, from the next week start: today,
    /// a Saturday, when weeks start on Saturday. A week word counts from the same start.
    @Test(arguments: Weekday.allCases)
    func capitalSAloneListsTheWeekFromTheNextWeekStart(weekStart: Weekday) {
        var harness = Harness(today: saturday, weekStart: weekStart, size: Size(width: 60, height: 12))
        harness.recipes = samples.recipes
        harness.press(.character("S"))
        let first = saturday.adding(days: (weekStart.rawValue - Weekday.saturday.rawValue + 7) % 7)
        // The hint says so first: "Empty for the week from Sat 28 Feb, or: …".
        let named = "\(first.weekday.shortName) \(first.date.day) \(Day.monthNames[first.date.month - 1].prefix(3))"
        #expect(harness.lines[10].hasPrefix("Empty for the week from \(named), or: fri"), "\(harness.lines[10])")
        harness.press(.enter)
        #expect(harness.effects.last == .showShoppingList(DayRange(start: first, count: 7)))
        harness.press(.escape)
        harness.press(.character("S"))
        harness.type("this-week")
        harness.press(.enter)
        let daysIntoWeek = (Weekday.saturday.rawValue - weekStart.rawValue + 7) % 7
        #expect(harness.effects.last == .showShoppingList(DayRange(start: saturday.adding(days: -daysIntoWeek), count: 7)))
    }

    @Test(arguments: [
        ("2026-03-08 to mon", "The last day, 2026-03-02, is before the first, 2026-03-08"),
        ("mon 400", "A list covers 1 to 366 days, not 400"),
        ("0001-01-01 to 9999-12-31", "A list covers 1 to 366 days, not 3652059"),
    ])
    func daysThatMakeNoRangeAreRefusedInThePrompt(typed: String, error: String) {
        var harness = planner([], height: 12)
        harness.press(.character("S"))
        harness.type(typed)
        harness.press(.enter)
        guard case .prompt(let prompt) = harness.state.mode else {
            Issue.record("the prompt closed")
            return
        }
        #expect(prompt.error == error)
        #expect(prompt.editor.text == typed)
    }

    @Test func withoutARecipesFolderTheKeysSayWhy() {
        var harness = Harness(today: saturday, meals: [Self.stewMeal])
        harness.press(.character("r"))
        #expect(harness.state.message == StatusMessage("Cannot show the recipe: no recipes folder", isError: true))
        harness.press(.character("s"))
        #expect(harness.state.message == StatusMessage("Cannot make the shopping list: no recipes folder", isError: true))
    }
}
