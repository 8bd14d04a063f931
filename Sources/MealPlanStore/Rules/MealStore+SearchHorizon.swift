import GRDB
import MealPlanCore

/// How far a search of the whole plan looks for the occurrences of repeat rules. A rule that
/// never ends has occurrences to 9999-12-31, millions of them for a daily rule: a listing of
/// every one would take minutes and gigabytes, and `n` in the planner would walk them for
/// ever. So such a search shows them up to a horizon, the same for `list --search` and the
/// planner's `n`/`N`, and says so when a matching rule goes on past it.
extension MealStore {
    /// The last day on which a search of the whole plan shows a repeat's occurrences: a year
    /// after the last stored meal or after `today`, whichever is later (a 29 February goes to
    /// the 28th). Stored meals are shown wherever they are.
    public func searchHorizon(today: Day) throws(StoreError) -> Day {
        try read { db in
            let lastStored = try Int.fetchOne(db, sql: "SELECT MAX(day) FROM meal").flatMap(Day.init(number:))
            return Self.yearAfter(max(lastStored ?? today, today))
        }
    }

    /// The same month and day a year after `day` (28 February for 29 February), or the last
    /// day there is.
    static func yearAfter(_ day: Day) -> Day {
        let date = day.date
        let month = date.month, year = date.year + 1
        return Day(year: year, month: month, day: min(date.day, Day.daysInMonth(year: year, month: month))) ?? .last
    }

    /// Whether a repeat rule of `slot` (any slot when nil) whose title or note contains
    /// `search` has an occurrence after `day`: what a search stopped at a horizon leaves out.
    public func repeatsContinue(after day: Day, slot: String? = nil, search: String?) throws(StoreError) -> Bool {
        guard day < .last else { return false }
        return try read { db in
            let storedSlot = try slot.map { try Self.resolveSlot(db, $0).slot.name }
            let range = DayRange(day.adding(days: 1), .last)
            var stream = OccurrenceStream(
                rules: try rules(db, in: range, slot: storedSlot, search: search), in: range, slotOrder: try Self.slotOrder(db))
            return stream.next() != nil
        }
    }
}
