import GRDB
import MealPlanCore

extension MealStore {
    /// Copies every meal of the `count` days starting at `source` to the same offsets from
    /// `target` (the meals of `source` to `target`, of the day after to the day after, …), each
    /// copy at the end of its slot on its day, in one transaction. Returns the copies in display
    /// order. Copies are planned, whatever became of the originals; leftovers copied with the
    /// meal that cooks them eat from its copy, those copied without it from the same cook.
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
            return try meals(in: sourceDays).map { Self.copy(of: $0, movedBy: offset) }
        }
        return try write { db in
            // The occurrences of repeat rules in the days are copied too, as single meals.
            let slotIDs = Dictionary(uniqueKeysWithValues: try Self.storedSlots(db).map { ($0.slot.name, $0.id) })
            let originals = try meals(db, in: sourceDays)
            let copies = try originals.map { original in
                try Self.insert(db, Self.copy(of: original, movedBy: offset), slotID: slotIDs[original.slot]!)
            }
            let copyIDs = Dictionary(uniqueKeysWithValues: zip(originals, copies).compactMap { original, copy in
                original.id.map { ($0, copy.id!) }
            })
            return try copies.map { copy in
                try Self.link(db, copy, toLeftoversOf: copy.leftoversOf.flatMap { copyIDs[$0] })
            }
        }
    }

    /// A single meal like `original`, `offset` days later: no id, no link to a repeat rule.
    private static func copy(of original: Meal, movedBy offset: Int) -> Meal {
        var copy = original
        copy.id = nil
        copy.occurrence = nil
        copy.day = original.day.adding(days: offset)
        copy.status = .planned
        return copy
    }

    /// `meal` (stored) made leftovers of the meal `source`, when there is one; as it is otherwise.
    static func link(_ db: Database, _ meal: Meal, toLeftoversOf source: Int64?) throws -> Meal {
        guard let source, source != meal.leftoversOf else { return meal }
        try db.execute(sql: "UPDATE meal SET leftoversOf = ? WHERE id = ?", arguments: [source, meal.id])
        var linked = meal
        linked.leftoversOf = source
        return linked
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
