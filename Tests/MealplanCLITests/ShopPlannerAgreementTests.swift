import Foundation
import MealPlanCore
import MealPlanStore
import PlannerRuntime
import PlannerUI
import RecipeLibrary
import ShoppingFiles
import ShoppingList
import Testing
import TestSupport

/// `shop` and the planner's shopping page are one list: the same days give the same lines,
/// the page without the title its bar shows.
@Suite struct ShopPlannerAgreementTests {
    /// The week of `ShopCommandTests.sandbox()` (three meals cooked from recipes, one without),
    /// with Monday's lasagna eaten again as Friday's leftovers, an extra item, and a tick.
    static func sandbox() throws -> (CLISandbox, [String: String]) {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        try cli.succeed(["add", "fri", "dinner", "--leftovers-of", "1"], environment: recipes)
        try cli.succeed(["shop", "add", "paper towels"], environment: recipes)
        try cli.succeed(["shop", "--check", "cheese"], environment: recipes)
        return (cli, recipes)
    }

    /// The page the planner shows for `days`, read from the plan and recipes `shop` used.
    static func page(_ cli: CLISandbox, recipes: [String: String], days: DayRange) throws -> TextPage {
        let store = try MealStore.open(path: cli.database, access: .readWrite)
        let sources = ShoppingSources(recipes: try RecipeFolder(root: try #require(recipes["MEALPLAN_RECIPES"])), aisles: nil, pantry: nil)
        guard case .pageShown(let page) = PlannerEffects.answer(.showShoppingList(days), store: store, recipes: PlannerRecipes(sources)) else {
            throw Failure("the planner showed no shopping list")
        }
        return page
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// `shop`'s lines with the page's: its first line is the title and the page's first.
    static func expectSame(_ printed: String, _ page: TextPage, days: DayRange) {
        var lines = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let title = "Shopping list for " + (days.count == 1 ? days.first.label : "\(days.first.label) … \(days.last.label)") + ": "
        #expect(lines.first?.hasPrefix(title) == true)
        #expect([String(lines.first?.dropFirst(title.count) ?? "")] + lines.dropFirst() == page.lines)
    }

    @Test func theCommandAndThePageAgreeLineForLine() throws {
        let (cli, recipes) = try Self.sandbox()
        let days = DayRange(start: day("2026-03-02"), count: 7)
        let page = try Self.page(cli, recipes: recipes, days: days)
        Self.expectSame(try cli.succeed(["shop", "--from", "mon", "--days", "7"], environment: recipes), page, days: days)
        // The leftovers are bought with Monday's lasagna: three meals cooked, as both say.
        #expect(page.lines.first == "3 meals with recipes")
        #expect(page.lines.contains("✓ cheese        500 g"))
        #expect(page.lines.contains("  paper towels"))
    }

    /// A tick on the page is what `shop` shows next, and the other way round.
    @Test func aTickOnEitherSideShowsOnBoth() throws {
        let (cli, recipes) = try Self.sandbox()
        let days = DayRange(start: day("2026-03-02"), count: 7)
        let store = try MealStore.open(path: cli.database, access: .readWrite)
        let sources = ShoppingSources(recipes: try RecipeFolder(root: try #require(recipes["MEALPLAN_RECIPES"])), aisles: nil, pantry: nil)
        guard case .pageShown(let ticked) = PlannerEffects.answer(.tickShoppingItem(name: "milk", checked: true, days: days),
                                                                   store: store, recipes: PlannerRecipes(sources)) else {
            throw Failure("the planner did not tick milk")
        }
        Self.expectSame(try cli.succeed(["shop", "--from", "mon", "--days", "7"], environment: recipes), ticked, days: days)
        try cli.succeed(["shop", "--uncheck", "milk", "cheese"], environment: recipes)
        let page = try Self.page(cli, recipes: recipes, days: days)
        #expect(!page.lines.contains { $0.hasPrefix("✓") })
        Self.expectSame(try cli.succeed(["shop", "--from", "mon", "--days", "7"], environment: recipes), page, days: days)
    }

    /// Days without a meal with a recipe say so, the same way on both.
    @Test func anEmptyListSaysTheSameOnBoth() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        let days = DayRange(start: day("2026-03-05"), count: 1)
        let page = try Self.page(cli, recipes: recipes, days: days)
        let printed = try cli.succeed(["shop", "--from", "2026-03-05", "--days", "1"], environment: recipes)
        #expect(printed.hasPrefix("Shopping list for \(days.first.label): 0 meals with recipes\n"))
        Self.expectSame(printed, page, days: days)
        #expect(page.lines.contains(ShoppingList.nothingToBuy(cooked: 0)))
    }

    /// `--open` with every item ticked says so, rather than that nothing is needed.
    @Test func anOpenListWithEverythingTickedSaysSo() throws {
        let (cli, recipes) = try ShopCommandTests.sandbox()
        try cli.succeed(["shop", "add", "paper towels"], environment: recipes)
        try cli.succeed(["shop", "--from", "2026-03-05", "--days", "1", "--check", "paper towels"], environment: recipes)
        let lines = try cli.succeed(["shop", "--from", "2026-03-05", "--days", "1", "--open"], environment: recipes)
            .split(separator: "\n").map(String.init)
        #expect(lines.dropFirst().first == "nothing left to buy: every item is ticked")
        #expect(!lines.contains { $0.contains("paper towels") })
    }
}
