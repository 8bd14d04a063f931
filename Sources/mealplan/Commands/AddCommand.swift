import ArgumentParser
import MealPlanCore
import MealPlanStore
import RecipeLibrary
import Settings
import TextHelpers

struct AddCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a meal at the end of a day's slot.",
        discussion: """
            Prints the new meal with its id, which edit, move, copy and remove take. With \
            --recipe the title may be left out: the recipe's title is used. Servings default to \
            what the recipe says it makes.

            --leftovers-of plans the rest of a cooked meal: the new meal takes its title and \
            recipe, adds nothing to the shopping list, and eats --servings portions (else the \
            config's 'servings', else what is left). A warning says when the leftovers planned \
            are more than the meal leaves after its eaters (--eat, else the config's \
            'servings'), or come before it; 'mealplan leftovers' lists what is not planned yet.

            Examples:
              mealplan add today lunch "Tomato soup"
              mealplan add fri din "Lasagna" --note "double batch, freeze half"
              mealplan add fri dinner --recipe lasagna --servings 6
              mealplan add 2026-03-15 breakfast "Pão de queijo"
              mealplan add mon dinner --recipe lasagna --servings 6 --eat 2
              mealplan add tue lunch --leftovers-of 12 --servings 2
            """)

    @OptionGroup var store: StoreOptions

    @OptionGroup var recipes: RecipeOptions
    @Argument(help: "The day (see 'mealplan help' for the forms).") var date: String
    @Argument(help: "The slot, or a unique prefix of it.") var slot: String
    /// Several words when the title was not quoted: taken so that the date can be judged
    /// first and the words refused with a hint, instead of "unexpected argument".
    @Argument(help: ArgumentHelp(
        "What is eaten: one line, at most 500 characters; quote a title of several words. May be left out with --recipe.",
        valueName: "title"))
    var titleWords: [String] = []
    @OptionGroup var meal: MealOptions
    @OptionGroup var cook: CookOptions
    @Option(help: ArgumentHelp("The id of a cooked meal whose rest this meal eats.", valueName: "id"))
    var leftoversOf: Int64?

    func validate() throws {
        if leftoversOf != nil, meal.recipe != nil {
            throw ValidationError("--leftovers-of takes the cooked meal's recipe; give it without --recipe")
        }
    }

    func run(in environment: Environment) throws {
        let day = try dateArgument(in: environment)
        guard titleWords.count <= 1 else {
            let title = titleWords.joined(separator: " ")
            throw CommandFailure.usage("the title is \(titleWords.count) words; quote it, as in: mealplan add \(date) \(slot) \"\(title)\"")
        }
        let household = try ConfigFile.load(in: environment).servings
        if let source = leftoversOf {
            let plan = try store.openStore(.readWrite, in: environment)
            let added = try plan.addLeftovers(of: source, day: day, slot: slot, title: titleWords.first, note: meal.note,
                                              portions: try meal.servingsNumber(), household: household)
            report("added", [added])
            LeftoverText.warn(touching: [added], plan: plan, household: household)
            return
        }
        var meal = try self.meal.newMeal(day: day, slot: slot, title: titleWords.first, recipes: recipes, in: environment)
        meal.eaters = try cook.eaters()
        let plan = try store.openStore(.readWrite, in: environment)
        let added = try plan.apply([.add(meal)])[0]!
        report("added", [added])
        if meal.recipe == nil { recipes.hintRecipe(named: meal.title, in: environment) }
        LeftoverText.warn(touching: [added], plan: plan, household: household)
    }

    /// The day of the date argument. When that is no date but it and the next word together
    /// are one (`add dec 25 dinner …`), the error says to quote them.
    private func dateArgument(in environment: Environment) throws -> Day {
        do {
            return try store.day(date, in: environment)
        } catch let error as DateInputError {
            let joined = "\(date) \(slot)"
            guard (try? store.day(joined, in: environment)) != nil else { throw error }
            throw CommandFailure.usage("'\(joined)' is a date of two words; quote it, as in: mealplan add \"\(joined)\" …")
        }
    }
}

extension RecipeOptions {
    /// A title given without --recipe that is exactly a recipe's name (or its file's name, in
    /// any case): says on standard error how to link it, since an unlinked meal is left off the
    /// shopping list. Silent when there is no recipes folder or it cannot be read.
    func hintRecipe(named title: String, in environment: Environment) {
        guard let folder = try? recipeFolder(in: environment), let names = try? folder.names() else { return }
        let wanted = title.trimmingWhitespace().lowercased()
        guard let name = names.first(where: { $0.lowercased() == wanted })
            ?? names.first(where: { ($0.split(separator: "/").last ?? "").lowercased() == wanted }) else { return }
        let quotedName = name.contains(" ") ? "\"\(name)\"" : name
        printError("hint: a recipe '\(name)' is in the recipes folder; --recipe \(quotedName) links the meal to it, for the shopping list".terminalVisible)
    }

}
