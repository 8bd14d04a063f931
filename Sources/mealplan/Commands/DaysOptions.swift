import ArgumentParser
import MealPlanCore
import Settings

/// Which days a command looks at: `--from` (default today, or the day the command gives),
/// and `--to` or `--days` (default 7).
struct DaysOptions: ParsableArguments {
    @Option(help: "The first day (default: today; for shop, the next week start).") var from: String?
    @Option(help: "The last day.") var to: String?
    @Option(help: "How many days (default: 7).") var days: Int?

    func validate() throws {
        if to != nil && days != nil { throw ValidationError("give either --to or --days, not both") }
        if let days, days < 1 { throw ValidationError("--days must be at least 1") }
    }

    /// Whether any of the three was given.
    var isGiven: Bool { from != nil || to != nil || days != nil }

    /// The days chosen, read with the date grammar relative to today; without `--from` they
    /// start on `defaultStart`, else today.
    func range(_ store: StoreOptions, defaultStart: Day? = nil, in environment: Environment) throws -> DayRange {
        let first = try from.map { try store.day($0, in: environment) } ?? defaultStart ?? store.today(in: environment)
        if let to {
            let last = try store.day(to, in: environment)
            guard last >= first else {
                throw CommandFailure.usage("--to \(last.iso) is before --from \(first.iso)")
            }
            return DayRange(first, last)
        }
        return DayRange(start: first, count: days ?? 7)
    }
}
