import ArgumentParser
import MealPlanCore
import MealPlanStore

struct CopyDaysCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy-days",
        abstract: "Copy every meal of one or more days to other days.",
        discussion: """
            The meals of FROM go to the --to day, those of the day after FROM to the day after, \
            and so on for --days days. Copies get new ids and go to the end of their slot; \
            meals already planned on the target days stay. All or nothing, in one transaction.

            When the days copied and the target days overlap, each day is copied as it was \
            before the command started: copies are never copied again.

            Examples:
              mealplan copy-days mon --days 7 --to +1w
              mealplan copy-days 2026-11-16 --days 7 --to 2026-11-23
              mealplan copy-days yesterday --to today
            """)

    @OptionGroup var store: StoreOptions
    @Argument(help: "The first day to copy.") var from: String
    @Option(help: "How many days to copy.") var days = 1
    @Option(help: ArgumentHelp("The day the copy of FROM goes to.", valueName: "date")) var to: String

    func validate() throws {
        if days < 1 { throw ValidationError("--days must be at least 1") }
    }

    func run(in environment: Environment) throws {
        let source = DayRange(start: try store.day(from, in: environment), count: days)
        let target = DayRange(start: try store.day(to, in: environment), count: days)
        let copies = try store.openStore(.readWrite, in: environment).copyDays(from: source.first, count: days, to: target.first)
        guard !copies.isEmpty else {
            print("nothing to copy: no meals on \(Self.describe(source))")
            return
        }
        let copied = copies.count == 1 ? "1 meal" : "\(copies.count) meals"
        print("copied \(copied) from \(Self.describe(source)) to \(Self.describe(target))")
        report("added", copies)
    }

    /// "Mon 2026-11-16", or "Mon 2026-11-16 … Sun 2026-11-22" for several days.
    static func describe(_ days: DayRange) -> String {
        days.count == 1 ? days.first.label : "\(days.first.label) … \(days.last.label)"
    }
}
