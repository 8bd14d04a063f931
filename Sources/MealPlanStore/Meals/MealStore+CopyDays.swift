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
            try Self.insertCopies(db, of: try meals(db, in: sourceDays), movedBy: offset)
        }
    }

    /// Copies `meals`, the meals of `days` as read from the plan (the planner's `Y`), to the
    /// same offsets from `target`, in one transaction, as `copyDays` copies days: the same
    /// leftovers rule, the same refusal of days past 9999-12-31, but the meals as they were
    /// read, not as they are now, and the days may be pasted onto themselves. A leftover copied
    /// without its cook refuses the copy if another program removed that cook meanwhile. Returns the
    /// changes that added the copies, as the planner's history keeps them
    /// (`MealChange.additions`). `progress` is told after each meal how many of how many are
    /// copied; an error it throws (the user cancelling a long save) rolls everything back.
    @discardableResult
    public func copy(
        _ meals: [Meal], of days: DayRange, to target: Day,
        progress: (_ done: Int, _ total: Int) throws -> Void = { _, _ in }
    ) throws(StoreError) -> [MealChange] {
        _ = try Self.days(from: target, count: days.count, to: "copy")
        let offset = days.first.distance(to: target)
        return try write { db in
            MealChange.additions(cooksFirst: try Self.insertCopies(db, of: meals, movedBy: offset, progress: progress))
        }
    }

    /// Stores a copy of each of `originals` (in display order) `offset` days later, at the end
    /// of its slot, and returns the copies in the same order. The one rule for copied
    /// leftovers: copied with the meal that cooks them, they eat from its copy; copied without
    /// it, from the same cook, which must still be stored.
    private static func insertCopies(
        _ db: Database, of originals: [Meal], movedBy offset: Int,
        progress: (_ done: Int, _ total: Int) throws -> Void = { _, _ in }
    ) throws -> [Meal] {
        let slotIDs = Dictionary(uniqueKeysWithValues: try storedSlots(db).map { ($0.slot.name, $0.id) })
        let copiedIDs = Set(originals.compactMap(\.id))
        var copies: [Meal] = []
        copies.reserveCapacity(originals.count)
        for original in originals {
            var copy = Self.copy(of: original, movedBy: offset)
            if let cook = copy.leftoversOf {
                // Linked below to the copy of its cook, which may not be stored yet.
                if copiedIDs.contains(cook) { copy.leftoversOf = nil } else { copy = try linkingLeftovers(db, copy) }
            }
            let slotID = try slotIDs[original.slot] ?? resolveSlot(db, original.slot).id
            copies.append(try insert(db, copy, slotID: slotID))
            try progress(copies.count, originals.count)
        }
        let copyIDs = Dictionary(uniqueKeysWithValues: zip(originals, copies).compactMap { original, copy in
            original.id.map { ($0, copy.id!) }
        })
        return try zip(originals, copies).map { original, copy in
            try link(db, copy, toLeftoversOf: original.leftoversOf.flatMap { copyIDs[$0] })
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
