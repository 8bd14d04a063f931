import ArgumentParser
import MealPlanCore
import MealPlanExchange
import MealPlanStore
import Nutrition
import RecipeLibrary
import ShoppingFiles
import Settings
import TerminalKit
import TextHelpers

/// `mealplan nutrition`: what the meals of some days add up to per person, from USDA's SR21
/// tables built into mealplan, and what a name maps to (`--food`).
struct NutritionCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "nutrition",
        abstract: "What the meals of some days add up to per person: energy, protein, fat, carbohydrate, fibre, sugars, sodium.",
        discussion: """
            Each meal with a recipe counts one serving: the recipe (and the recipes it refers \
            to) as the shopping list makes it for the meal's servings, divided by those \
            servings. A day is one serving of each of its meals, per person: leftovers count on \
            the day they are eaten, as a serving of the meal that cooked them; a skipped meal \
            counts nothing; a meal without a recipe, or whose recipe cannot be used or says no \
            servings, is named as not known. The average is over the days with figures.

            The figures come from the USDA National Nutrient Database for Standard Reference, \
            release 21 (public domain), built into mealplan. An ingredient's food is found by \
            its name (or another name aisle.conf gives it) in a table of about 800 names chosen \
            by hand, never by the words of its name: butter is not butterfish. Masses count as \
            they are, volumes through the ingredient's density, counts (2 cloves, 1 medium, 3 \
            eggs) through USDA's household measures. Every figure says the share of the mass \
            whose food is known and names what is not counted, with its amount: an ingredient \
            no name maps (add it under [foods] in the config file, see 'mealplan help config'), \
            or an amount that is no known mass (a bunch, a pinch, none at all).

            --food NAME shows the food a name maps to, its figures per 100 g and its household \
            measures; for a name nothing maps, the SR21 foods whose descriptions hold its \
            words, to copy into [foods] ("house granola" = "08037"); none is picked by itself.

            A meal whose recipe could not be used is named with the file and line, the rest \
            stands, and the exit status is 65.

            Examples:
              mealplan nutrition
              mealplan nutrition --from mon --days 14 --energy kj
              mealplan nutrition --format json
              mealplan nutrition --food "house granola"
            """)

    enum Format: String, CaseInsensitiveChoice {
        case text, json
    }

    enum Energy: String, CaseInsensitiveChoice {
        case kcal, kj

        var unit: NutritionText.Energy { self == .kcal ? .kcal : .kj }
    }

    @OptionGroup var store: StoreOptions
    @OptionGroup var recipes: RecipeOptions
    @OptionGroup var days: DaysOptions
    @Option(help: "text or json.") var format: Format = .text
    @Option(help: ArgumentHelp("The energy unit that leads in text: kcal or kj (the other beside it).", valueName: "unit"))
    var energy: Energy = .kcal
    @Option(help: ArgumentHelp("Show the food a name maps to, or the USDA foods matching its words.", valueName: "name"))
    var food: String?

    func validate() throws {
        if food != nil && days.isGiven { throw ValidationError("--food looks up a name; it takes no days") }
    }

    func run(in environment: Environment) throws {
        let config = try ConfigFile.load(in: environment)
        let foods = try config.section(FoodSettings.self)
        let sources = ShoppingSources(recipes: try recipes.recipeFolder(in: environment), aisles: config.aisles,
                                      pantry: nil, usesPantry: false, units: config.units)
        let figures = IngredientFigures(names: foods.names, aisles: try sources.aisles(), units: config.units)
        if let food {
            return try FoodLookupOutput.print(food, figures: figures, format: format, energy: energy.unit)
        }
        let range = try days.range(store, in: environment)
        guard range.count <= DayRange.longestShoppingList else {
            throw CommandFailure.usage("nutrition covers 1 to \(DayRange.longestShoppingList) days (a year), not \(range.count)")
        }
        let plan = try store.openStore(.readExisting, in: environment)
        let report = try NutritionReport.make(range: range, meals: try plan.meals(in: range), source: plan.meal(id:),
                                              recipes: sources.recipes, figures: figures)
        switch format {
        case .text: print(NutritionReportText.lines(report, energy: energy.unit).joined(separator: "\n"))
        case .json: try JSONOutput.write { json in try NutritionJSON.write(report, to: &json) }
        }
        try reportLeftOut(report)
    }

    /// Meals whose recipes could not be used leave the figures short: they stand, but a script
    /// must notice (status 65), as with the shopping list.
    private func reportLeftOut(_ report: NutritionReport) throws {
        let problems = report.problems.compactMap { meal -> String? in
            guard case .notKnown(let message) = meal.outcome else { return nil }
            return "\(meal.meal.day.label) \(meal.meal.slot) '\(meal.meal.title.messageExcerpt)': \(message)"
        }
        guard !problems.isEmpty else { return }
        if problems.count == 1 { throw CommandFailure(problems[0], status: .badData) }
        for problem in problems { printError(problem.terminalVisible) }
        throw CommandFailure("the figures leave out \(problems.count) meals whose recipes could not be used", status: .badData)
    }
}
