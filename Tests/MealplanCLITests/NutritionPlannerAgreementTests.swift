import MealPlanCore
import MealPlanStore
import PlannerRuntime
import PlannerUI
import RecipeLibrary
import ShoppingFiles
import Testing
import TestSupport

/// `mealplan nutrition` and the planner's nutrition page are one report: the same days give
/// the same lines, the page without the title its bar shows; the recipe page's serving is the
/// command's line for the meal.
@Suite struct NutritionPlannerAgreementTests {
    /// The planner's recipes over the folder the command read.
    static func recipes(_ environment: [String: String]) throws -> PlannerRecipes {
        PlannerRecipes(ShoppingSources(recipes: try RecipeFolder(root: try #require(environment["MEALPLAN_RECIPES"])),
                                       aisles: nil, pantry: nil))
    }

    static func page(_ effect: Effect, _ cli: CLISandbox, _ environment: [String: String]) throws -> TextPage {
        let store = try MealStore.open(path: cli.database, access: .readWrite)
        guard case .pageShown(let page) = PlannerEffects.answer(effect, store: store, recipes: try recipes(environment)) else {
            throw ShopPlannerAgreementTests.Failure("the planner showed no page for \(effect)")
        }
        return page
    }

    /// The command's lines without its title and the empty line after it: the page's lines.
    static func expectSame(_ printed: String, _ page: TextPage, days: DayRange) {
        var lines = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let range = days.count == 1 ? days.first.label : "\(days.first.label) … \(days.last.label)"
        #expect(lines.prefix(2) == ["Per person, one serving of each meal, \(range) (USDA SR21)", ""])
        #expect(Array(lines.dropFirst(2)) == page.lines)
        #expect(page.kind == .nutrition(days))
    }

    @Test func theCommandAndThePageAgreeLineForLine() throws {
        let (cli, environment) = try NutritionCommandTests.sandbox()
        for (from, count) in [("2026-03-02", 7), ("2026-03-03", 1), ("2026-03-05", 2)] {
            let days = DayRange(start: day(from), count: count)
            let page = try Self.page(.showNutrition(days), cli, environment)
            Self.expectSame(try cli.succeed(["nutrition", "--from", from, "--days", String(count)], environment: environment), page, days: days)
        }
        // The week's lines as NutritionCommandTests works them out by hand, in the page too.
        let page = try Self.page(.showNutrition(DayRange(start: day("2026-03-02"), count: 7)), cli, environment)
        #expect(page.lines.first == "Mon 2026-03-02: " + NutritionCommandTests.monday)
        #expect(page.lines.contains("  lunch      Onion tart (leftovers), a serving: " + NutritionCommandTests.tart))
        #expect(page.lines.contains("  dinner     Buttered oats: skipped, counts nothing"))
        #expect(page.lines.contains("  lunch      Out: no recipe, not known"))
        #expect(page.lines.contains("Wed 2026-03-04: nothing planned"))
    }

    /// A recipe that cannot be used is named on the page as the command names it (which exits
    /// 65 for it); the rest stands.
    @Test func aBrokenRecipeIsNamedTheSameOnBoth() throws {
        let (cli, environment) = try NutritionCommandTests.sandbox()
        try cli.succeed(["add", "thu", "dinner", "--recipe", "broken"], environment: environment)
        let days = DayRange(start: day("2026-03-05"), count: 1)
        let printed = try cli.run(["nutrition", "--from", "2026-03-05", "--days", "1"], environment: environment)
        #expect(printed.status == 65)
        let page = try Self.page(.showNutrition(days), cli, environment)
        Self.expectSame(printed.stdout, page, days: days)
        #expect(page.lines.contains { $0.hasPrefix("  dinner  Broken: not known: ") })
    }

    /// `r` on a meal: after the recipe's heading, a serving's figures and what is known of
    /// them, the line `nutrition` prints for the meal; leftovers a serving of their cook.
    @Test func theRecipePageShowsAServingAsTheCommandDoes() throws {
        let (cli, environment) = try NutritionCommandTests.sandbox()
        let store = try MealStore.open(path: cli.database, access: .readWrite)
        let oats = try #require(try store.meal(id: 1)), leftovers = try #require(try store.meal(id: 4))
        let oatsPage = try Self.page(.showRecipe(oats), cli, environment)
        #expect(Array(oatsPage.lines.prefix(6)) == [
            "Buttered oats", "serves 2", "",
            "Nutrition (USDA SR21), a serving: " + NutritionCommandTests.oats, "  known for 100 % of the mass", "",
        ])
        let tartPage = try Self.page(.showRecipe(leftovers), cli, environment)
        #expect(Array(tartPage.lines.prefix(6)) == [
            "Onion tart", "serves 4", "",
            "Nutrition (USDA SR21), a serving: " + NutritionCommandTests.tart, "  " + NutritionCommandTests.tartKnown, "",
        ])
    }
}
