import GRDB
import MealPlanCore

extension MealStore {
    /// Copies every meal of the `count` days starting at `source` to the same offsets from
    /// `target` (the meals of `source` to `target`, of the day after to the day after, …), each
    /// copy at the end of its slot on its day, in one transaction. Returns the copies in display
    /// order.
    ///
    /// The source days are read before anything is written, so when the two runs of days
    /// overlap (a week copied to two days later) every meal is copied once, as it was: copies
    /// are never copied again. Refused, changing nothing: fewer than one day, either run of days
    /// going past 9999-12-31, and a target equal to the source. A dry run only reads, and
    /// returns the copies it would add, without ids.
    @discardableResult
    public func copyDays(from source: Day, count: Int, to target: Day, dryRun: Bool = false) throws(StoreError) -> [Meal] {
        let sourceDays = try Self.days(from: source, count: count, to: "copy")
        guard source != target else {
            throw .input("cannot copy days onto themselves: the copies would start on \(source.iso), the first day copied")
        }
        _ = try Self.days(from: target, count: count, to: "copy")
        let offset = source.distance(to: target)
        if dryRun {
            return try meals(in: sourceDays).map { original in
                var copy = original
                copy.id = nil
                copy.day = original.day.adding(days: offset)
                return copy
            }
        }
        return try write { db in
            let originals = try Row.fetchAll(
                db,
                sql: """
                    SELECT meal.day, meal.slotId, meal.title, meal.note, meal.recipe, meal.servings
                    FROM meal JOIN slot ON slot.id = meal.slotId
                    WHERE meal.day BETWEEN ? AND ? \(Self.displayOrder)
                    """,
                arguments: [sourceDays.first.number, sourceDays.last.number])
            return try originals.map { row in
                let copy = Meal(
                    day: Day(clamping: (row["day"] as Int) + offset), slot: "", title: row["title"], note: row["note"],
                    recipe: row["recipe"], servings: row["servings"])
                return try Self.insert(db, copy, slotID: row["slotId"])
            }
        }
    }

    /// The `count` days from `first`, or why there are no such days to `purpose` ("copy").
    static func days(from first: Day, count: Int, to purpose: String) throws(StoreError) -> DayRange {
        guard count >= 1 else { throw .input("the number of days to \(purpose) must be at least 1, not \(count)") }
        guard count - 1 <= first.distance(to: .last) else {
            throw .input("\(count) days from \(first.iso) run past \(Day.last.iso), the last day there is")
        }
        return DayRange(start: first, count: count)
    }
}
