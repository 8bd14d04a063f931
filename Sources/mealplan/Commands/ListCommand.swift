import ArgumentParser
import MealPlanCore
import MealPlanExchange
import MealPlanStore
import TerminalKit
import TextHelpers

struct ListCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the meals of some days (the next 7 days unless told otherwise).",
        discussion: """
            Text output groups meals by day, each line showing the meal's id, slot and title, \
            notes below. Days without meals are left out unless --all-days is given.

            --search looks in the whole plan unless --from, --to or --days limit the days; it \
            ignores case and accents ("creme" finds "Crème brûlée").

            Examples:
              mealplan list
              mealplan list --from mon --days 14
              mealplan list --from 2026-03-01 --to 2026-03-31 --slot dinner
              mealplan list --search lasagna
              mealplan list --search lasagna --from 2026-01-01 --to 2026-12-31
              mealplan list --format json
              mealplan list --days 28 --format csv > month.csv
            """,
        aliases: ["ls"])

    enum Format: String, CaseInsensitiveChoice {
        case text, csv, json
    }

    @OptionGroup var store: StoreOptions

    @OptionGroup var recipes: RecipeOptions
    @OptionGroup var days: DaysOptions
    @Option(help: "Only meals of this slot.") var slot: String?
    @Option(parsing: .unconditional, help: "Only meals whose title or note contains this text, ignoring case and accents; in the whole plan unless the days are limited.")
    var search: String?
    @Flag(help: "Also show days without meals (text format).") var allDays = false
    @Option(help: "text, csv (as export writes it) or json.") var format: Format = .text

    /// A search with no days given looks in the whole plan.
    private var searchesWholePlan: Bool { search != nil && !days.isGiven }

    func run(in environment: Environment) throws {
        if let search { _ = try MealQuery.checked(search) }
        let range = searchesWholePlan ? DayRange.all : try days.range(store, in: environment)
        let meals = try store.openStore(.readExisting, in: environment).meals(in: range, slot: slot, search: search)
        switch format {
        case .text:
            // Every day of the whole plan would be millions of lines: the days of the matches.
            let matchedDays = meals.first.map { DayRange($0.day, meals.last!.day) }
            let everyDay = allDays ? (searchesWholePlan ? matchedDays : range) : nil
            let lines = MealListText.lines(meals: meals, everyDay: everyDay, ifEmpty: nothingFound(in: range),
                                           width: TerminalColumns.standardOutput, hasRecipe: recipeFinder(for: meals, in: environment))
            for line in lines { print(line) }
        case .json:
            try MealOutput.write(with: JSONMealWriter(fileDescriptor: 1)) { write in try meals.forEach(write) }
        case .csv:
            try MealOutput.write(with: CSVMealWriter(fileDescriptor: 1)) { write in try meals.forEach(write) }
        }
    }

    /// Whether a recipe file is in the recipes folder. A folder that cannot be used is said once,
    /// as a warning, when some meal names a recipe: a listing never fails for want of recipes.
    private func recipeFinder(for meals: [Meal], in environment: Environment) -> (String) -> Bool {
        guard meals.contains(where: { $0.recipe != nil }) else { return { _ in true } }
        do {
            let folder = try recipes.recipeFolder(in: environment)
            return folder.contains
        } catch {
            let reason = (error as? any UserFacingError)?.userMessage ?? "\(error)"
            printError("warning: \(reason); recipes are shown as missing".terminalVisible)
            return { _ in false }
        }
    }

    /// The line an empty list prints: what was looked for, and where.
    private func nothingFound(in range: DayRange) -> String {
        let days = searchesWholePlan ? "in the whole plan" : "from \(range.first.iso) to \(range.last.iso)"
        guard let search else { return "nothing planned \(days)" }
        return "no meal matches '\(search.messageExcerpt.terminalVisible)' \(days)"
    }
}
