import ArgumentParser
import MealPlanCore
import MealPlanStore
import Settings

struct CopyDaysCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy-days",
        abstract: "Copy every meal of one or more days to other days.",
        discussion: """
            The meals of FROM go to the --to day, those of the day after FROM to the day after, \
            and so on for --days days. Copies get new ids and go to the end of their slot; \
            meals already planned on the target days stay. All or nothing, in one transaction.

            FROM may name a week (\(ConfigCommand.weekWords)), which copies its seven days \
            unless --days says otherwise. Offsets in --to (+1w) count \
            from FROM, so 'this-week --to +1w' and 'this-week --to next-week' reuse this \
            week's plan next week whatever the day; other dates, a weekday too, count from today.

            When the days copied and the target days overlap, each day is copied as it was \
            before the command started: copies are never copied again. --dry-run prints what \
            would be copied and changes nothing.

            Examples:
              mealplan copy-days this-week --to next-week
              mealplan copy-days last-week --to this-week --dry-run
              mealplan copy-days 2026-11-16 --days 7 --to 2026-11-23
              mealplan copy-days yesterday --to today
            """)

    @OptionGroup var store: StoreOptions

    @OptionGroup var recipes: RecipeOptions
    @Argument(help: "The first day to copy, or a week (this-week, next-week, last-week).") var from: String
    @Option(help: "How many days to copy (default: 7 for a week, else 1).") var days: Int?
    @Option(help: ArgumentHelp("The day the copy of FROM goes to; offsets count from FROM.", valueName: "date")) var to: String
    @Flag(help: "Print what would be copied; change nothing.") var dryRun = false

    func validate() throws {
        if let days, days < 1 { throw ValidationError("--days must be at least 1") }
    }

    func run(in environment: Environment) throws {
        let count = days ?? (DateInput.namesWeek(from) ? 7 : 1)
        let source = DayRange(start: try store.day(from, in: environment), count: count)
        let target = DayRange(start: try store.day(to, offsetsFrom: source.first, weekdaysFromToday: true, in: environment), count: count)
        let plan = try store.openStore(dryRun ? .readExisting : .readWrite, in: environment)
        let copies = try plan.copyDays(from: source.first, count: count, to: target.first, dryRun: dryRun)
        guard !copies.isEmpty else {
            print("nothing to copy: no meals on \(Self.describe(source))")
            return
        }
        let copied = copies.count == 1 ? "1 meal" : "\(copies.count) meals"
        print("\(dryRun ? "would copy" : "copied") \(copied) from \(Self.describe(source)) to \(Self.describe(target))")
        report(dryRun ? "would add" : "added", copies)
    }

    /// "Mon 2026-11-16", or "Mon 2026-11-16 … Sun 2026-11-22" for several days.
    static func describe(_ days: DayRange) -> String {
        days.count == 1 ? days.first.label : "\(days.first.label) … \(days.last.label)"
    }
}
