import MealPlanCore
import Nutrition
import Settings
import ShoppingList
import TestSupport
import Testing

/// The days of a plan: which meals count on which day, and what is said of those that cannot.
@Suite struct NutritionReportTests {
    let monday = day("2026-03-02")
    /// 100 g butter and 400 g oats for 4; a stew of 400 g minced beef, half a "Base" (which is
    /// 200 g onions and 200 g feta, an unknown food: not in the table) for 2.
    let book = TextBook(texts: [
        "oats": "---\nservings: 4\n---\nCook @rolled oats{400%g} with @butter{100%g}.\n",
        "stew": "---\nservings: 2\n---\nBrown @minced beef{400%g}, add @./Base{1%servings}.\n",
        "Base": "---\nservings: 2\n---\nFry @onions{400%g} with @smoked feta{400%g}.\n",
        "broken": "---\nservings: 2\n---\nStir @./Nowhere{1}.\n",
        "vague": "Stir @rolled oats{100%g}.\n",
    ])
    let food = { (number: String) in FoodTable.food(number)!.per100g }

    func report(_ meals: [Meal], days: Int = 7, sources: [Int64: Meal] = [:]) -> NutritionReport {
        NutritionReport.make(range: DayRange(start: monday, count: days), meals: meals, sources: sources, recipes: book,
                             figures: IngredientFigures())
    }

    func meal(_ id: Int64, _ offset: Int, _ slot: String, _ recipe: String?, servings: Double? = nil,
              status: MealStatus = .planned, leftoversOf: Int64? = nil) -> Meal {
        Meal(id: id, day: monday.adding(days: offset), slot: slot, title: recipe ?? "Out", recipe: recipe, servings: servings,
             status: status, leftoversOf: leftoversOf)
    }

    /// One serving of oats: 100 g oats and 25 g butter.
    var oatsServing: Nutrients { food("08120") * 1 + food("01001") * 0.25 }

    @Test func leftoversCountOnTheDayTheyAreEaten() throws {
        // Cooked Monday for 8 (twice the recipe), eaten Monday and as leftovers Wednesday for 3.
        let cooked = meal(1, 0, "breakfast", "oats", servings: 8)
        let leftovers = meal(2, 2, "lunch", "oats", servings: 3, leftoversOf: 1)
        let days = report([cooked, leftovers]).days
        expectClose(days[0].perPerson.nutrients, oatsServing)
        expectClose(days[2].perPerson.nutrients, oatsServing)
        #expect(days[1].perPerson.nutrients == .zero && !days[1].hasFigures)
        #expect(days[2].meals.map(\.meal.id) == [2])
    }

    /// Leftovers whose cook is before the days shown are a serving of that cook, with its
    /// servings (here a fixed amount shows the difference); without their cook, of the recipe as
    /// written.
    @Test func leftoversOfACookBeforeTheDays() throws {
        let book = TextBook(texts: ["salted": "---\nservings: 2\n---\nCook @rolled oats{200%g} with @salt{=6%g}.\n"])
        let cook = Meal(id: 1, day: monday.adding(days: -1), slot: "dinner", title: "Oats", recipe: "salted", servings: 6)
        let leftovers = meal(2, 0, "lunch", "salted", servings: 1, leftoversOf: 1)
        let report = NutritionReport.make(range: DayRange(start: monday, count: 1), meals: [leftovers], sources: [1: cook],
                                          recipes: book, figures: IngredientFigures())
        expectClose(report.days[0].perPerson.nutrients, food("08120") * 1 + food("02047") * 0.01)
        let orphan = NutritionReport.make(range: DayRange(start: monday, count: 1), meals: [leftovers], sources: [:],
                                          recipes: book, figures: IngredientFigures())
        expectClose(orphan.days[0].perPerson.nutrients, food("08120") * 1 + food("02047") * 0.03)
        #expect(NutritionReport.missingSources(of: [leftovers, meal(3, 0, "dinner", nil)]) == [1])
    }

    @Test func skippedMealsCountNothing() throws {
        let days = report([meal(1, 0, "breakfast", "oats"), meal(2, 0, "dinner", "stew", status: .skipped),
                           meal(3, 1, "dinner", "stew", status: .skipped)]).days
        expectClose(days[0].perPerson.nutrients, oatsServing)
        #expect(days[0].meals.map(\.outcome).last == .skipped)
        #expect(!days[1].hasFigures && days[1].notKnown.isEmpty)
    }

    /// A serving of stew: 200 g beef, and from half a Base 100 g onions and 100 g smoked feta,
    /// which no name maps: known for 300 g of 400 g, feta listed with its amount.
    @Test func recipeReferencesAndCoverage() throws {
        let days = report([meal(1, 0, "dinner", "stew")]).days
        let serving = try #require(days[0].meals[0].serving)
        expectClose(serving.nutrients, food("23572") * 2 + food("11282") * 1)
        #expect(serving.knownMass == 300 && serving.mass == 400 && serving.known == 0.75)
        #expect(serving.unknown.map(\.text) == ["smoked feta 100 g"])
    }

    @Test func mealsWithoutFiguresAreNamed() throws {
        let days = report([meal(1, 0, "lunch", nil), meal(2, 0, "dinner", "broken"), meal(3, 0, "snack", "missing"),
                           meal(4, 0, "supper", "vague"), meal(5, 0, "late", "oats")]).days
        let outcomes = days[0].meals.map(\.outcome)
        #expect(outcomes[0] == .noRecipe)
        guard case .notKnown(let broken) = outcomes[1], case .notKnown(let missing) = outcomes[2],
              case .notKnown(let vague) = outcomes[3] else { Issue.record("\(outcomes)"); return }
        #expect(broken.contains("broken.cook") && broken.contains("Nowhere"))
        #expect(missing.contains("missing"))
        #expect(vague == "'vague' does not say how many it serves, and the meal does not either")
        #expect(days[0].notKnown.map(\.meal.id) == [1, 2, 3, 4])
        expectClose(days[0].perPerson.nutrients, oatsServing)
        #expect(report([meal(1, 0, "lunch", nil), meal(2, 0, "dinner", "broken")]).problems.map(\.meal.id) == [2])
    }

    /// The average is over the days with figures: Monday two servings of oats, Thursday one.
    @Test func averagePerDay() throws {
        let report = report([meal(1, 0, "breakfast", "oats"), meal(2, 0, "dinner", "oats"), meal(3, 3, "lunch", "oats"),
                             meal(4, 5, "lunch", nil)])
        #expect(report.daysWithFigures == 2)
        let average = try #require(report.averagePerDay)
        expectClose(average.nutrients, oatsServing * 1.5)
        #expect(average.known == 1)
        #expect(NutritionReport.make(range: DayRange(start: monday, count: 2), meals: [], sources: [:], recipes: book,
                                     figures: IngredientFigures()).averagePerDay == nil)
    }

    /// A meal planned for fewer than the recipe makes is still a serving of the recipe.
    @Test func perServingWhateverTheServingsPlanned() throws {
        for servings in [nil, 1.0, 3, 12] {
            let serving = try #require(report([meal(1, 0, "breakfast", "oats", servings: servings)]).days[0].meals[0].serving)
            expectClose(serving.nutrients, oatsServing)
        }
    }

    func expectClose(_ got: Nutrients, _ want: Nutrients, sourceLocation: SourceLocation = #_sourceLocation) {
        for nutrient in Nutrient.allCases {
            #expect(abs(got[nutrient] - want[nutrient]) <= 1e-9 * max(1, abs(want[nutrient])), "\(nutrient): \(got[nutrient]) ≠ \(want[nutrient])",
                    sourceLocation: sourceLocation)
        }
    }
}
