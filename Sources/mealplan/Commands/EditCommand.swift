import ArgumentParser
import MealPlanCore
import MealPlanStore
import RecipeLibrary
import Settings

struct EditCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a meal's title, note, slot, day, recipe or servings.",
        discussion: """
            Only the options given change. A meal given another day or slot goes to the end of \
            that slot; offsets in --date (+1w) and a lone weekday count from the meal's own day, as in move. An \
            empty --note removes the note. --recipe links a recipe (the title stays; the meal \
            keeps its servings, or gets what the recipe makes); --no-recipe unlinks it.

            Examples:
              mealplan edit 12 --title "Vegetable lasagna"
              mealplan edit 12 --note ""
              mealplan edit 12 --slot lunch --date tomorrow
              mealplan edit 12 --recipe lasagna --servings 6 --eat 2
              mealplan edit 12 --no-recipe
            """)

    @OptionGroup var store: StoreOptions

    @OptionGroup var recipes: RecipeOptions
    @Argument(help: "The meal's id (shown by add and list).") var id: Int64
    @OptionGroup var change: MealChangeOptions
    @Option(help: "The new day.") var date: String?
    @OptionGroup var cook: CookOptions

    func validate() throws {
        guard change.isGiven || date != nil || cook.eat != nil else {
            throw ValidationError("nothing to change: give --title, --note, --slot, --date, --recipe, --servings, --eat or --no-recipe")
        }
    }

    func run(in environment: Environment) throws {
        let servings = try change.fields.servingsNumber()
        let recipeUpdate: MealStore.RecipeUpdate? = if change.noRecipe {
            .unlink
        } else if let recipe = change.fields.recipe {
            try recipes.recipeFolder(in: environment).choose(recipe, warn: warn)
                .linkedByEdit(household: ConfigFile.load(in: environment).servings)
        } else {
            nil
        }
        let (plan, day) = try date.map { try store.openStore(movingMeal: id, to: $0, in: environment) }
            ?? (try store.openStore(.readWrite, in: environment), nil)
        let updated = try plan.updateMeal(
            id: id, title: change.title, note: change.fields.note, slot: change.slot, day: day, recipe: recipeUpdate, servings: servings,
            eaters: try cook.eaters())
        report("updated", [updated])
        LeftoverText.warn(touching: [updated], plan: plan, household: try ConfigFile.load(in: environment).servings)
        if let title = change.title, change.fields.recipe == nil, updated.recipe == nil { recipes.hintRecipe(named: title, in: environment) }
    }
}

extension ChosenRecipe {
    /// The edit that links a meal to this recipe, with the household's servings (else what
    /// the recipe makes) when the meal has none.
    func linkedByEdit(household: Double?) -> MealStore.RecipeUpdate {
        .link(name: name, defaultServings: mealServings(household: household))
    }
}
