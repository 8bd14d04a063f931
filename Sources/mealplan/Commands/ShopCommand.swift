import ArgumentParser
import MealPlanCore
import MealPlanExchange
import MealPlanStore
import RecipeLibrary
import ShoppingList
import TerminalKit

/// `mealplan shop`: what to buy for the meals of some days.
struct ShopCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "shop",
        abstract: "The shopping list for the meals of some days (the household's next week unless told otherwise).",
        discussion: """
            Without --from, the list starts on the next week start (week-start in the config \
            file, see 'mealplan help config'), or today when a week starts today, and covers \
            7 days unless --to or --days says otherwise.

            Every meal with a recipe in the days counts: its ingredients (and those of the \
            recipes it uses) scaled to the meal's servings, added up per ingredient: volumes \
            with volumes and masses with masses, metric and US alike, and cups with grams for \
            an ingredient whose density is known (see 'mealplan help config'); grouped by the \
            aisles of aisle.conf, less what pantry.conf holds (items it will hold below their \
            low mark listed under "running low"). An amount written in one US unit stays in \
            it (4 tbsp), one metric unit changes only its prefix (1.5 kg for 1500 g); sums \
            are shown in the system the recipes used, or the config file's units; things \
            counted are rounded up to whole ones (JSON keeps the exact quantity beside buy). \
            The two files come from --aisles and --pantry, else the config file, else the \
            recipes folder or its config/ subfolder.

            Examples:
              mealplan shop
              mealplan shop --from mon --days 14 --why
              mealplan shop --format markdown > list.md
              mealplan shop --no-pantry --format json
            """)

    enum Format: String, CaseInsensitiveChoice {
        case text, markdown, json, csv
    }

    @OptionGroup var store: StoreOptions
    @OptionGroup var days: DaysOptions
    @Option(help: "text, markdown (a checklist), json or csv.") var format: Format = .text
    @Flag(help: "Name the meals each line is for (JSON always does).") var why = false
    @Option(help: ArgumentHelp("The aisle file (cookcli's aisle.conf).", valueName: "file")) var aisles: String?
    @Option(help: ArgumentHelp("The pantry file (cookcli's pantry.conf).", valueName: "file")) var pantry: String?
    @Flag(help: "Ignore the pantry: list everything the recipes need.") var noPantry = false

    func validate() throws {
        if noPantry && pantry != nil { throw ValidationError("give either --pantry or --no-pantry, not both") }
    }

    func run(in environment: Environment) throws {
        let shoppingWeek = days.from == nil
            ? DayRange.shoppingWeek(today: try store.today(in: environment), weekStart: try store.weekStart(in: environment))
            : nil
        let range = try days.range(store, defaultStart: shoppingWeek?.first, in: environment)
        let meals = try store.openStore(.readExisting, in: environment).meals(in: range)
        let config = try ConfigFile.load(in: environment)
        let sources = ShoppingSources(
            recipes: try store.recipes.recipeFolder(in: environment), aisles: aisles ?? config.aisles,
            pantry: pantry ?? config.pantry, usesPantry: !noPantry, units: config.units)
        let list = try sources.shoppingList(for: meals)
        let cooked = meals.filter { $0.recipe != nil }.count
        switch format {
        case .text: print(ShoppingListText.text(list, range: range, cooked: cooked, why: why))
        case .markdown: print(ShoppingListText.markdown(list, range: range, why: why))
        case .json:
            warn(about: list)
            print(ShoppingListText.json(list))
        case .csv:
            warn(about: list)
            print(ShoppingListText.csv(list, why: why), terminator: "")
        }
        try reportLeftOut(list)
    }

    /// Meals left out make the list short: it stands, but a script must notice (status 65).
    /// One left out is the error line itself; several are each named (in the text and
    /// Markdown list, or on standard error beside JSON and CSV), then counted.
    private func reportLeftOut(_ list: ShoppingList) throws {
        guard !list.problems.isEmpty else { return }
        if list.problems.count == 1 { throw CommandFailure(list.problems[0].text, status: .badData) }
        let forPrograms = format == .json || format == .csv
        if forPrograms { for problem in list.problems { printError(problem.text.terminalVisible) } }
        throw CommandFailure("the list leaves out \(list.problems.count) meals whose recipes could not be used"
                             + (forPrograms ? "" : "; the list names them at its end"), status: .badData)
    }

    /// JSON and CSV are for programs: what a reader should know goes to standard error (the
    /// meals left out follow as errors).
    private func warn(about list: ShoppingList) {
        for low in list.runningLow { printError("warning: running low: \(low.text)".terminalVisible) }
        for note in list.notes { printError("warning: \(note)".terminalVisible) }
        if let line = list.withoutRecipeLine { printError(line.terminalVisible) }
    }
}
