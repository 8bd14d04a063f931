import ArgumentParser
import MealPlanCore
import MealPlanExchange
import MealPlanStore
import Settings
import TerminalKit
import TextHelpers

struct ListCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show the meals of some days (the next 7 days unless told otherwise).",
        discussion: """
            Text output groups meals by day, each line showing the meal's id, slot and title, \
            notes below. Days without meals are left out unless --all-days is given.

            --search looks in the whole plan unless --from or --days limit the days (--to alone \
            ends the search there); it ignores case and accents ("creme" finds "Crème brûlée"). \
            A search of the whole plan shows a repeat's meals up to a year after the last planned \
            meal or after today, whichever is later, and says so when a repeat goes on past that \
            day; --to goes further.

            Meals are streamed, so memory stays small however many are listed.

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

    /// A search without --from or --days starts at the plan's beginning.
    private var searchesFromPlanStart: Bool { search != nil && days.from == nil && days.days == nil }

    /// A search of the whole plan: no days given at all.
    private var searchesWholePlan: Bool { searchesFromPlanStart && days.to == nil }

    func run(in environment: Environment) throws {
        if let search { _ = try MealQuery.checked(search) }
        let range = searchesFromPlanStart
            ? DayRange(.first, try days.to.map { try store.day($0, in: environment) } ?? .last)
            : try days.range(store, in: environment)
        let meals = try store.openStore(.readExisting, in: environment)
        // The horizon of repeats: a never-ending one would otherwise give rows to 9999.
        let horizon = searchesWholePlan ? try meals.searchHorizon(today: store.today(in: environment)) : nil
        let repeatsThrough = horizon ?? .last
        switch format {
        case .text:
            try writeText(meals, range: range, repeatsThrough: repeatsThrough, in: environment)
        case .json:
            try MealOutput.write(with: JSONMealWriter(fileDescriptor: 1)) { writeRow, writeMeal in
                try meals.forEachMealRow(in: range, slot: slot, search: search, occurrencesThrough: repeatsThrough,
                                         stored: writeRow, occurrence: writeMeal)
            }
        case .csv:
            try MealOutput.write(with: CSVMealWriter(fileDescriptor: 1)) { writeRow, writeMeal in
                try meals.forEachMealRow(in: range, slot: slot, search: search, occurrencesThrough: repeatsThrough,
                                         identities: false, stored: writeRow, occurrence: writeMeal)
            }
        }
        guard let horizon, try meals.repeatsContinue(after: horizon, slot: slot, search: search) else { return }
        let note = "repeats shown up to \(horizon.iso); --to goes further"
        if format == .text {
            print("")
            print(note)
        } else {
            // Not inside the data: the note goes beside it.
            printError(note)
        }
    }

    /// The text listing, written as it is read: a first pass over the meals measures the
    /// columns, a second writes the lines.
    private func writeText(_ meals: MealStore, range: DayRange, repeatsThrough: Day, in environment: Environment) throws {
        var columns = MealListText.Columns()
        var writer: MealListText.Writer?
        /// The writer, made once every meal is measured.
        func madeWriter() -> MealListText.Writer {
            // Every day of the whole plan would be millions of lines: the days of the matches.
            let everyDay = allDays ? (searchesFromPlanStart ? columns.days : range) : nil
            return MealListText.Writer(
                columns: columns, everyDay: everyDay, ifEmpty: nothingFound(in: range),
                width: TerminalColumns.standardOutput, hasRecipe: recipeFinder(namingRecipes: columns.namesRecipe, in: environment))
        }
        try meals.forEachMeal(in: range, slot: slot, search: search, occurrencesThrough: repeatsThrough, passes: 2) { pass, meal in
            guard pass == 1 else { return columns.measure(meal) }
            if writer == nil { writer = madeWriter() }
            writer!.write(meal) { print($0) }
        }
        var last = writer ?? madeWriter()
        last.finish { print($0) }
    }

    /// Whether a recipe file is in the recipes folder. A folder that cannot be used is said once,
    /// as a warning, when some meal names a recipe: a listing never fails for want of recipes.
    private func recipeFinder(namingRecipes: Bool, in environment: Environment) -> (String) -> Bool {
        guard namingRecipes else { return { _ in true } }
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
        let days = searchesWholePlan ? "in the whole plan"
            : searchesFromPlanStart ? "up to \(range.last.iso)" : "from \(range.first.iso) to \(range.last.iso)"
        guard let search else { return "nothing planned \(days)" }
        return "no meal matches '\(search.messageExcerpt.terminalVisible)' \(days)"
    }
}
