import ArgumentParser
import MealPlanCore
import RecipeLibrary
import Settings

/// A meal's note, recipe and servings as options: declared, explained and read once for every
/// command that writes a meal, whether new (`add`, `repeat add`, which take the title and slot
/// as arguments) or changed (through `MealChangeOptions`).
struct MealOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "A note; may span several lines (\"\" for none).") var note: String?
    @Option(help: "The recipe cooked (its name in the recipes folder, any case, or a unique prefix).") var recipe: String?
    @Option(help: "How many servings of the recipe to make.") var servings: String?

    var isGiven: Bool { note != nil || recipe != nil || servings != nil }

    /// `--servings` as a number, read when the command runs (after the day it names).
    func servingsNumber() throws -> Double? { try servings.map(parseServings) }

    /// The meal `add` and `repeat add` describe: a title, or a recipe (any case, a unique
    /// prefix) whose title and servings it takes unless given; servings need a recipe. The
    /// recipes folder is read only for a recipe.
    func newMeal(day: Day, slot: String, title: String?, recipes: RecipeOptions, in environment: Environment) throws -> Meal {
        let servings = try servingsNumber()
        guard let recipe else {
            guard let title else { throw CommandFailure.usage("give the meal a title, or a recipe with --recipe") }
            if servings != nil { throw CommandFailure.usage("--servings needs --recipe: servings say how much of a recipe to make") }
            return Meal(day: day, slot: slot, title: title, note: note)
        }
        let chosen = try recipes.recipeFolder(in: environment).choose(recipe, warn: warn)
        let household = try ConfigFile.load(in: environment).servings
        return Meal(day: day, slot: slot, title: title ?? chosen.mealTitle, note: note, recipe: chosen.name,
                    servings: servings ?? chosen.mealServings(household: household))
    }
}

/// What a meal that exists may be given (`edit`, `repeat edit`, `repeat split`, `repeat
/// change`): a new title or slot, the options of `MealOptions`, or no recipe, which cannot go
/// with a recipe or servings.
struct MealChangeOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "The new title.") var title: String?
    @Option(help: "The new slot.") var slot: String?
    @OptionGroup var fields: MealOptions
    @Flag(help: "The meal no longer names a recipe (nor servings).") var noRecipe = false

    var isGiven: Bool { title != nil || slot != nil || fields.isGiven || noRecipe }

    func validate() throws {
        if noRecipe && (fields.recipe != nil || fields.servings != nil) {
            throw ValidationError("--no-recipe removes the recipe and its servings; give it without --recipe or --servings")
        }
    }

    /// `meal` with these options applied; a recipe is looked up in the recipes folder.
    func applied(to meal: Meal, recipes: RecipeOptions, in environment: Environment) throws -> Meal {
        var meal = meal
        if let title { meal.title = title }
        if let note = fields.note { meal.note = note }
        if let slot { meal.slot = slot }
        if noRecipe {
            meal.recipe = nil
            meal.servings = nil
        }
        if let recipe = fields.recipe {
            let chosen = try recipes.recipeFolder(in: environment).choose(recipe, warn: warn)
            meal.recipe = chosen.name
            meal.servings = try meal.servings ?? chosen.mealServings(household: ConfigFile.load(in: environment).servings)
        }
        if let servings = try fields.servingsNumber() { meal.servings = servings }
        return meal
    }
}
