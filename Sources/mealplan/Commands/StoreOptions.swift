import ArgumentParser
import MealPlanCore
import MealPlanStore
import Settings
import TextHelpers

/// What every command that touches the plan needs: where the database is, what day it is,
/// and the day weeks start on. Such a command declares `RecipeOptions` beside it, not inside:
/// a debug build's argument parser checks a nested group again for every check of its parent,
/// which slowed the start of every command the tests run.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The database file.", valueName: "path"))
    var db: String?

    func openStore(_ access: MealStore.Access, pageCacheKiB: Int? = nil, in environment: Environment) throws(StoreError) -> MealStore {
        let path = try DatabaseLocation.path(option: db, environment: environment.variables)
        if let refusal = environment.refusal(ofPath: path) { throw StoreError(.input, refusal) }
        return try MealStore.open(path: path, access: access, pageCacheKiB: pageCacheKiB)
    }

    /// Today, or the day in `MEALPLAN_TODAY` (YYYY-MM-DD) when set, so tests and scripts can
    /// pin the date.
    func today(in environment: Environment) throws(CommandFailure) -> Day {
        guard let pinned = environment["MEALPLAN_TODAY"], !pinned.isEmpty else { return Day.today() }
        do {
            return try Day(iso: pinned)
        } catch {
            throw CommandFailure.usage("MEALPLAN_TODAY: \(error.message)")
        }
    }

    /// The day the household's weeks start on (see `WeekStartSetting`).
    func weekStart(in environment: Environment) throws(ConfigFileError) -> Weekday {
        try WeekStartSetting.read(in: environment).weekday
    }

    /// `text` read with the date grammar relative to today. An ISO date needs neither today
    /// nor the week start, and skipping the time zone lookup and the config file keeps
    /// `list --from YYYY-MM-DD` quick to start. Surrounding spaces go first:
    /// `CommandLineArguments` puts one before a negative offset.
    func day(_ text: String, offsetsFrom base: Day? = nil, weekdaysFromToday: Bool = false, in environment: Environment) throws -> Day {
        let text = text.trimmingWhitespace()
        if let day = try? Day(iso: text) { return day }
        return try DateInput.parse(text, today: today(in: environment), weekStart: weekStart(in: environment), offsetsFrom: base,
                                   weekdaysFromToday: weekdaysFromToday)
    }

    /// The database opened for writing, and `text` read as a date whose offsets (`+1w`) count
    /// from the day of meal `id` (from today if there is no such meal, which the change then
    /// refuses). The date is checked before the database is opened, so a typo creates nothing.
    func openStore(movingMeal id: Int64, to text: String, in environment: Environment) throws -> (MealStore, Day) {
        _ = try day(text, in: environment)
        let plan = try openStore(.readWrite, in: environment)
        return (plan, try day(text, offsetsFrom: try plan.meal(id: id)?.day, in: environment))
    }
}
