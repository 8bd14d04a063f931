import Cooklang
import MealPlanCore
import Settings

/// What the pantry holds of what one recipe needs: `recipes --can-make`. A recipe's needs are
/// its shopping list alone (sub-recipes, servings, units, densities and the aisles' synonyms
/// as on any list), and what is missing is that list less the pantry, so "can make" and the
/// shopping list never disagree about an ingredient. Each recipe's list is made once.
public struct PantryCoverage: Equatable, Sendable {
    /// The recipe's name in the folder.
    public var recipe: String
    /// How many ingredients it needs, as the shopping list counts them.
    public var needed: Int
    /// What the pantry does not hold enough of, with the amount still to buy.
    public var missing: [ShoppingList.Item]
    /// The pantry item it uses that expires first, and when.
    public var firstExpiring: (name: String, day: Day)?

    /// The ingredients the pantry holds enough of.
    public var held: Int { needed - missing.count }

    public static func == (lhs: PantryCoverage, rhs: PantryCoverage) -> Bool {
        lhs.recipe == rhs.recipe && lhs.needed == rhs.needed && lhs.missing == rhs.missing
            && lhs.firstExpiring?.name == rhs.firstExpiring?.name && lhs.firstExpiring?.day == rhs.firstExpiring?.day
    }

    /// Each recipe of `names` that needs anything, ranked (`ranked(_:usingFirst:)`). Each
    /// recipe is made for `servings` when given (the household), else for its own. A recipe
    /// that cannot be read is left out and named in `problems`.
    public static func rank(
        _ names: [String], recipes: some RecipeBook, aisles: AisleConfig, pantry: PantryConfig,
        units: UnitSettings = UnitSettings(), servings: Double? = nil, usingFirst: Bool = false
    ) -> (ranked: [PantryCoverage], problems: [String]) {
        let (covered, problems) = measure(names, recipes: recipes, aisles: aisles, pantry: pantry, units: units, servings: servings)
        return (ranked(covered, usingFirst: usingFirst), problems)
    }

    /// What the pantry holds of each recipe of `names` that needs anything, in the order of
    /// `names`, to be ranked either way without making the lists again (the planner's order
    /// toggle); otherwise as `rank`.
    public static func measure(
        _ names: [String], recipes: some RecipeBook, aisles: AisleConfig, pantry: PantryConfig,
        units: UnitSettings = UnitSettings(), servings: Double? = nil
    ) -> (covered: [PantryCoverage], problems: [String]) {
        let book = RecipeMemo(recipes)
        let stock = PantryLookup(pantry, aisles: aisles)
        var covered: [PantryCoverage] = []
        var problems: [String] = []
        for name in names {
            let meal = PlannedRecipe(meal: ShoppingList.MealUse(id: nil, day: Day(clamping: 0)), recipe: name, servings: servings)
            let made: (list: ShoppingList, needed: [String])
            do {
                made = try ShoppingList.make(for: [meal], recipes: book, aisles: aisles, pantry: stock, units: units)
            } catch {
                problems.append(error.message)
                continue
            }
            if let problem = made.list.problems.first {
                problems.append(problem.message)
                continue
            }
            guard !made.needed.isEmpty else { continue }
            let expiring = made.needed.compactMap { name -> (name: String, day: Day)? in
                guard let stocked = stock.item(named: name), let day = stocked.expiry else { return nil }
                return (stocked.name, day)
            }.min { $0.day < $1.day }
            covered.append(PantryCoverage(recipe: name, needed: made.needed.count, missing: made.list.items, firstExpiring: expiring))
        }
        return (covered, problems)
    }

    /// The ranking, the one `recipes --can-make` and the planner show: the most of its
    /// ingredients in the pantry first (a share, so a recipe of three held ingredients does
    /// not lose to one of ten with four), then the fewest missing, then by name. `usingFirst`
    /// ranks first the recipes that use the pantry item expiring soonest (what is past its date
    /// first of all).
    public static func ranked(_ covered: [PantryCoverage], usingFirst: Bool) -> [PantryCoverage] {
        covered.sorted { first, second in
            if usingFirst, first.firstExpiring?.day != second.firstExpiring?.day {
                guard let firstDay = first.firstExpiring?.day else { return false }
                guard let secondDay = second.firstExpiring?.day else { return true }
                return firstDay < secondDay
            }
            // held/needed compared without division: a/b > c/d ⇔ a·d > c·b.
            let firstShare = first.held * second.needed, secondShare = second.held * first.needed
            if firstShare != secondShare { return firstShare > secondShare }
            if first.missing.count != second.missing.count { return first.missing.count < second.missing.count }
            return first.recipe < second.recipe
        }
    }

    /// What is missing, as a cook reads it: "missing garlic 2 cloves, fresh basil", or "all in
    /// the pantry".
    public var missingText: String {
        guard !missing.isEmpty else { return "all in the pantry" }
        return "missing " + missing.map { item in ([item.name] + item.amounts.map(\.text)).joined(separator: " ") }
            .joined(separator: ", ")
    }

    /// The pantry item it uses that expires first: "uses butter, expires Fri 2027-01-15".
    public var expiringText: String? {
        firstExpiring.map { "uses \($0.name), expires \($0.day.label)" }
    }
}
