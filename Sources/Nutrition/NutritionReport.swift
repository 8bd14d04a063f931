import Cooklang
import MealPlanCore
import Settings
import ShoppingList

/// What some days' meals add up to for one person, pure: a function of the meals, their
/// recipes, the food table and the name map, as `LeftoverShare` is of the meals. `mealplan
/// nutrition` prints it and the planner's nutrition page shows it.
///
/// Each meal's figures are per serving: its recipe (and the recipes it refers to) as the
/// shopping list makes it for the meal's servings, divided by those servings. A person eats one
/// serving of each of a day's meals: leftovers on the day they are eaten, as a serving of the
/// meal that cooked them; a skipped meal is nothing; a meal without a recipe, or whose recipe
/// cannot be used or does not say how many it serves, is named as not known.
public struct NutritionReport: Equatable, Sendable {
    /// One meal of a day and what a serving of it is.
    public struct MealFigures: Equatable, Sendable {
        public enum Outcome: Equatable, Sendable {
            /// A serving's figures, and what a reader should know of them.
            case serving(Figures, notes: [String])
            /// Marked skipped: counted as nothing.
            case skipped
            /// No recipe: what is in it is not known.
            case noRecipe
            /// The recipe could not be used, or says no servings: the message says which.
            case notKnown(String)
        }

        public var meal: Meal
        public var outcome: Outcome

        /// The serving's figures, when they are known.
        public var serving: Figures? {
            if case .serving(let figures, _) = outcome { return figures }
            return nil
        }
    }

    public struct DayFigures: Equatable, Sendable {
        public var day: Day
        /// One serving of each meal with figures.
        public var perPerson: Figures
        public var meals: [MealFigures]

        /// The day's meals that are eaten but whose figures are not known.
        public var notKnown: [MealFigures] {
            meals.filter { if case .noRecipe = $0.outcome { true } else if case .notKnown = $0.outcome { true } else { false } }
        }

        /// Whether any meal of the day has figures.
        public var hasFigures: Bool { meals.contains { $0.serving != nil } }
    }

    public var range: DayRange
    /// Every day of the range, in order.
    public var days: [DayFigures]

    /// The days with figures: what the average is taken over (a day with nothing planned is not
    /// a day of eating nothing).
    public var daysWithFigures: Int { days.filter(\.hasFigures).count }

    /// The average per day over the days with figures; `nil` when none has.
    public var averagePerDay: Figures? {
        let counted = days.filter(\.hasFigures)
        guard !counted.isEmpty else { return nil }
        return counted.map(\.perPerson).reduce(Figures(), +) * (1 / Double(counted.count))
    }

    /// The meals whose recipes could not be used (missing, malformed, circular), with why.
    public var problems: [MealFigures] {
        days.flatMap(\.meals).filter { if case .notKnown = $0.outcome, $0.meal.recipe != nil { true } else { false } }
    }

    /// The report for the days of `range`, from `meals` (those of the range, any order) and
    /// `sources`, the meals their leftovers come from that are not among them (by id);
    /// `recipes` gives the recipes by name, `figures` the food of each ingredient.
    public static func make(
        range: DayRange, meals: [Meal], sources: [Int64: Meal], recipes: some RecipeBook, figures: IngredientFigures
    ) -> NutritionReport {
        // Each meal's serving is one of the meal that cooked it: itself, or its leftovers' source.
        // A cook is worked out once however many of its leftovers the days hold.
        let byID = Dictionary(meals.compactMap { meal in meal.id.map { ($0, meal) } }) { first, _ in first }
            .merging(sources) { mine, _ in mine }
        var cooked: [Meal] = []
        var cookedAt: [Int64: Int] = [:]
        var servedBy: [Int?] = []
        for meal in meals {
            guard meal.status != .skipped, let cook = cook(of: meal, among: byID) else {
                servedBy.append(nil)
                continue
            }
            if let id = cook.id, let at = cookedAt[id] {
                servedBy.append(at)
                continue
            }
            if let id = cook.id { cookedAt[id] = cooked.count }
            servedBy.append(cooked.count)
            cooked.append(cook)
        }
        let planned = cooked.map { meal in
            PlannedRecipe(meal: ShoppingList.MealUse(id: meal.id, rule: meal.occurrence?.rule, day: meal.day, slot: meal.slot, title: meal.title),
                          recipe: meal.recipe!, servings: meal.servings)
        }
        let servings = ShoppingList.ingredients(of: planned, recipes: recipes, aisles: figures.aisles, units: figures.units).enumerated().map {
            offset, result in outcome(of: result, recipe: planned[offset].recipe, figures: figures)
        }
        var byDay: [Day: [MealFigures]] = [:]
        for (meal, at) in zip(meals, servedBy) where range.contains(meal.day) {
            let outcome: MealFigures.Outcome = meal.status == .skipped ? .skipped : at.map { servings[$0] } ?? .noRecipe
            byDay[meal.day, default: []].append(MealFigures(meal: meal, outcome: outcome))
        }
        let days = range.map { day in
            let dayMeals = byDay[day] ?? []
            return DayFigures(day: day, perPerson: dayMeals.compactMap(\.serving).reduce(Figures(), +), meals: dayMeals)
        }
        return NutritionReport(range: range, days: days)
    }

    /// The report for the days of `range` from the plan's `meals` of them, `source` reading a
    /// meal by id for the leftovers whose cook is not among them: the one reading the command
    /// and the planner share.
    public static func make<Failure: Error>(
        range: DayRange, meals: [Meal], source: (Int64) throws(Failure) -> Meal?, recipes: some RecipeBook, figures: IngredientFigures
    ) throws(Failure) -> NutritionReport {
        var sources: [Int64: Meal] = [:]
        for id in missingSources(of: meals) { sources[id] = try source(id) }
        return make(range: range, meals: meals, sources: sources, recipes: recipes, figures: figures)
    }

    /// The ids of the meals `meals`' leftovers come from that are not among them: what a caller
    /// reads from the plan for `make`'s `sources`.
    public static func missingSources(of meals: [Meal]) -> [Int64] {
        let present = Set(meals.compactMap(\.id))
        var missing: [Int64] = []
        for meal in meals {
            if let id = meal.leftoversOf, !present.contains(id), !missing.contains(id) { missing.append(id) }
        }
        return missing
    }

    /// The meal whose recipe and servings a serving of `meal` comes from: its leftovers' source,
    /// else itself (a leftover whose source is gone: its recipe as written); `nil` without a recipe.
    private static func cook(of meal: Meal, among byID: [Int64: Meal]) -> Meal? {
        if let id = meal.leftoversOf, let source = byID[id], source.recipe != nil { return source }
        guard meal.recipe != nil else { return nil }
        var cook = meal
        if meal.isLeftovers { cook.servings = nil }
        return cook
    }

    private static func outcome(
        of result: Result<MealIngredients, RecipeLookupError>, recipe: String, figures: IngredientFigures
    ) -> MealFigures.Outcome {
        switch result {
        case .failure(let error):
            return .notKnown(error.message)
        case .success(let ingredients):
            guard let servings = ingredients.servings, servings > 0 else {
                return .notKnown("'\(recipe)' does not say how many it serves, and the meal does not either")
            }
            var notes: [String] = []
            if ingredients.isAsWritten {
                notes.append("'\(recipe)' does not say its servings: the recipe as written, shared by the meal's \(QuantityValue.format(servings))")
            }
            return .serving(figures.figures(of: ingredients.items) * (1 / servings), notes: notes)
        }
    }
}
