import Cooklang
import MealPlanCore

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

    /// Each recipe of `names` that needs anything, ranked: the most of its ingredients in the
    /// pantry first (a share, so a recipe of three held ingredients does not lose to one of
    /// ten with four), then the fewest missing, then by name. `usingFirst` ranks first the
    /// recipes that use the pantry item expiring soonest (what is past its date first of all).
    /// Each recipe is made for `servings` when given (the household), else for its own. A
    /// recipe that cannot be read is left out and named in `problems`.
    public static func rank(
        _ names: [String], recipes: some RecipeBook, aisles: AisleConfig, pantry: PantryConfig,
        units: UnitSettings = UnitSettings(), servings: Double? = nil, usingFirst: Bool = false
    ) -> (ranked: [PantryCoverage], problems: [String]) {
        let book = RecipeMemo(recipes)
        let stock = PantryLookup(pantry, aisles: aisles)
        var ranked: [PantryCoverage] = []
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
            ranked.append(PantryCoverage(recipe: name, needed: made.needed.count, missing: made.list.items, firstExpiring: expiring))
        }
        ranked.sort { first, second in
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
        return (ranked, problems)
    }
}
