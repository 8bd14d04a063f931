import MealPlanCore
import MealPlanStore
import Nutrition
import PlannerUI
import RecipeLibrary
import Settings

/// The planner's nutrition: the page of the days shown and a serving on the recipe page, each
/// `NutritionReport` of the plan's meals as `mealplan nutrition` makes it, in its words
/// (`NutritionReportText`).
extension PlannerRecipes {
    /// `.showNutrition`'s answer: the days' report, line for line as `mealplan nutrition` prints
    /// it for them (the page's bar says what its title says).
    func nutrition(of days: DayRange, store: MealStore) -> Input {
        do throws(NutritionProblem) {
            let report = try self.report(of: days, meals: try Self.read { () throws(StoreError) in try store.meals(in: days) },
                                         source: store)
            return .pageShown(TextPage(kind: .nutrition(days), lines: NutritionReportText.lines(report, titled: false)))
        } catch {
            return .nutritionFailed(message: error.message)
        }
    }

    /// `lines`, a recipe page of `meal`, with what a serving of it adds up to after its heading
    /// (the lines up to the first empty one), or why that is not known.
    func withServing(of meal: Meal, store: MealStore, in lines: [String]) -> [String] {
        var serving: [String]
        do throws(NutritionProblem) {
            let report = try report(of: DayRange(start: meal.day, count: 1), meals: [meal], source: store)
            guard let figures = report.days.first?.meals.first else { return lines }
            serving = NutritionReportText.serving(figures, named: "Nutrition (USDA SR21)")
        } catch {
            serving = ["Nutrition (USDA SR21): not known: " + error.message]
        }
        let at = lines.firstIndex(of: "") ?? lines.endIndex
        return Array(lines[..<at]) + [""] + [serving[0]] + serving.dropFirst().map { "  " + $0 } + lines[at...]
    }

    /// The report of `meals`, the meals of `days`, from the recipes folder and the names of
    /// foods; the cooks of leftovers that are not among them read from `store`.
    private func report(of days: DayRange, meals: [Meal], source store: MealStore) throws(NutritionProblem) -> NutritionReport {
        let sources = try Self.read { () throws(RecipeFolderError) in try self.sources.get() }
        let names = try Self.read { () throws(ConfigFileError) in try foods.get() }
        let aisles = try Self.read { () throws(RecipeFolderError) in try sources.aisles() }
        let figures = IngredientFigures(names: names, aisles: aisles, units: sources.units)
        // A cook that cannot be read is left out as a missing one is: its leftovers count as written.
        return NutritionReport.make(range: days, meals: meals, source: { try? store.meal(id: $0) }, recipes: sources.recipes, figures: figures)
    }

    /// `body`'s value, or its error's one line.
    private static func read<Value, Failure: UserFacingError>(_ body: () throws(Failure) -> Value) throws(NutritionProblem) -> Value {
        do throws(Failure) {
            return try body()
        } catch {
            throw NutritionProblem(message: error.userMessage)
        }
    }
}

/// Why the planner shows no nutrition: the one line of the config file's, the recipes
/// folder's or the store's error.
struct NutritionProblem: Error {
    let message: String
}
