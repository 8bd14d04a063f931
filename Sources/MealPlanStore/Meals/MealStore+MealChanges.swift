import GRDB
import MealPlanCore
import TextHelpers

/// Meals changed as `MealChange` names them, in one transaction, each checked against the
/// meal as it was seen (compare-and-set), the planner's undo and redo included.
extension MealStore {
    /// Makes all `changes` in one transaction, in order, all or none: one refused change (an
    /// unknown id or slot, an empty title) changes nothing. Returns each change's meal as
    /// stored, `nil` for a removal and for a change of whole rules.
    @discardableResult
    public func apply(_ changes: [MealChange]) throws(StoreError) -> [Meal?] {
        try made(changes).map(\.meal)
    }

    /// Makes all `changes` as `apply` does and returns them as made, in order, which is what
    /// undo needs: each meal as stored (`MealChange.stored(as:)`), and a change asked through
    /// an occurrence (`removeRuleOf`, `splitRule`) as the `removeRule` and `restoreRule`
    /// changes of the rules as they were and became, and a new rule (`addRule`) as the
    /// `restoreRule` of the rule as stored. This is how the planner stores a change
    /// of several meals (a pasted day, a template laid down, their undo and redo) as one step.
    /// `progress` is told after each change how many of how many are made; an error it throws
    /// (the user cancelling a long save) rolls everything back.
    @discardableResult
    public func make(
        _ changes: [MealChange], progress: (_ done: Int, _ total: Int) throws -> Void = { _, _ in }
    ) throws(StoreError) -> [MealChange] {
        try made(changes, progress: progress).flatMap(\.changes)
    }

    /// A write of this many meals or more (a batch of changes, a template laid down many
    /// times, its undo) changes the meal table's indexes on more pages than the planner's cache
    /// holds: it runs with a big write's page cache (`bigWritePageCacheKiB`).
    static let bigBatch = 1_000

    /// A note this long (in UTF-8) spans more overflow pages than the planner's page cache
    /// holds, and its save reads them in several statements (the compare-and-set, the update,
    /// the distinct notes), each from the disk again: such a save runs with a big write's page
    /// cache too, which holds them from one statement to the next.
    static let longNoteBytes = 64 << 10

    /// Whether `changes` need a big write's page cache: many meals, or a long note written.
    static func needBigCache(_ changes: [MealChange]) -> Bool {
        changes.count >= bigBatch || changes.longestNoteWritten >= longNoteBytes
    }

    /// One change as made: the meal it leads to, and the changes that say what it did.
    typealias Made = (meal: Meal?, changes: [MealChange])

    private func made(
        _ changes: [MealChange], progress: (_ done: Int, _ total: Int) throws -> Void = { _, _ in }
    ) throws(StoreError) -> [Made] {
        let changes = try changes.map { change throws(StoreError) in try change.validated() }
        return try write { db in
            let restoreCache = Self.needBigCache(changes) ? try Self.raisePageCache(db) : {}
            defer { restoreCache() }
            var made: [Made] = []
            made.reserveCapacity(changes.count)
            for change in changes {
                made.append(try Self.apply(change, in: db))
                try progress(made.count, changes.count)
            }
            return made
        }
    }

    static func apply(_ change: MealChange, in db: Database) throws -> Made {
        func stored(_ meal: Meal?) -> Made { (meal, [change.stored(as: meal)]) }
        switch change {
        case .add(let meal):
            let slot = try resolveSlot(db, meal.slot)
            let added = try insert(db, try linkingLeftovers(db, meal), slotID: slot.id)
            guard let occurrence = meal.occurrence else { return stored(added) }
            return stored(try link(db, added, to: occurrence))
        case .skip(let meal):
            try skip(db, meal)
            return stored(nil)
        case .unskip(let meal):
            try unskip(db, meal)
            return stored(nil)
        case .updateRule(let from, let to):
            return stored(try updateRule(db, from, to: to))
        case .removeRule(let snapshot):
            try removeRule(db, snapshot)
            return stored(nil)
        case .restoreRule(let snapshot):
            try restoreRule(db, snapshot)
            return stored(nil)
        case .removeRuleOf(let meal):
            return (nil, try removeRule(db, of: meal))
        case .splitRule(let meal, let continuedAs):
            return (nil, try splitRule(db, at: meal, continuedAs: continuedAs))
        case .addRule(let snapshot):
            return (nil, [try addRule(db, snapshot)])
        case .update(let from, let to, let restoresPosition):
            let current = try expectUnchanged(db, from)
            return stored(try update(db, current, to: try linkingLeftovers(db, to), position: restoresPosition ? to.position : nil))
        case .restore(let meal):
            return stored(try restore(db, meal))
        case .remove(let meal):
            let id = try storedID(of: try expectUnchanged(db, meal))
            // Its leftovers become plain meals, each an update of its own, so that undo links
            // them back once the source is restored.
            let unlinked = try leftovers(db, of: id).map { leftover in
                var plain = leftover
                plain.leftoversOf = nil
                return MealChange.update(from: leftover, to: try update(db, leftover, to: plain, position: nil), restoresPosition: true)
            }
            try delete(db, id: id)
            return (nil, unlinked + [change])
        }
    }

    /// Refuses a change made from an old copy of `seen`: the stored meal must still have the
    /// day, slot, title, note and recipe this process last saw, or another writer changed (or
    /// removed) it meanwhile, and saving would silently undo that writer's work. Returns the
    /// stored meal.
    @discardableResult
    static func expectUnchanged(_ db: Database, _ seen: Meal) throws -> Meal {
        guard let stored = try fetchMeal(db, id: try storedID(of: seen), knownNote: seen.note) else {
            throw StoreError.changedMeanwhile("'\(seen.title.messageExcerpt)' was removed by another program meanwhile")
        }
        var changes: [String] = []
        if stored.day != seen.day { changes.append("its day is now \(stored.day.iso)") }
        if stored.slot != seen.slot { changes.append("its slot is now \(stored.slot.messageExcerpt)") }
        if stored.title != seen.title { changes.append("its title is now '\(stored.title.messageExcerpt)'") }
        if stored.note != seen.note { changes.append(stored.note == nil ? "its note was removed" : "its note changed") }
        if stored.recipe != seen.recipe || stored.servings != seen.servings { changes.append("its recipe changed") }
        if stored.status != seen.status { changes.append("it is now \(stored.status.rawValue)") }
        if stored.leftoversOf != seen.leftoversOf || stored.eaters != seen.eaters { changes.append("its leftovers changed") }
        guard changes.isEmpty else {
            throw StoreError.changedMeanwhile(
                "'\(seen.title.messageExcerpt)' was changed by another program meanwhile (\(changes.joined(separator: ", ")))")
        }
        return stored
    }

    /// The id of a meal a change acts on, which must have been stored.
    static func storedID(of meal: Meal) throws(StoreError) -> Int64 {
        guard let id = meal.id else { throw StoreError(.input, "'\(meal.title)' was never stored") }
        return id
    }

    /// Gives the `stored` meal (as just read, so that a long note is not read again) the day,
    /// slot, title, note, recipe and servings of `meal`; a meal moved to another day or slot goes
    /// to `position` when that place is free, else to the end of the slot.
    static func update(_ db: Database, _ stored: Meal, to meal: Meal, position: Int?) throws -> Meal {
        let id = try storedID(of: stored)
        let currentSlotID = try Int64.fetchOne(db, sql: "SELECT slotId FROM meal WHERE id = ?", arguments: [id])
        let slotID = try resolveSlot(db, meal.slot).id
        let moves = meal.day != stored.day || slotID != currentSlotID
        if let note = meal.note, note != stored.note { try MealSearch.addNote(db, note, replacing: stored.note, of: id) }
        try db.execute(
            sql: """
                UPDATE meal SET title = :title, note = :note, recipe = :recipe, servings = :servings,
                    status = :status, leftoversOf = :leftoversOf, eaters = :eaters, day = :day, slotId = :slotId,
                    position = CASE
                        WHEN NOT :moves THEN position
                        WHEN :position IS NOT NULL AND NOT \(placeTakenSQL) THEN :position
                        ELSE \(nextPositionSQL) END
                WHERE id = :id
                """,
            arguments: [
                "title": meal.title, "note": meal.note, "recipe": meal.recipe, "servings": meal.servings,
                "status": meal.status.storedValue, "leftoversOf": meal.leftoversOf, "eaters": meal.eaters,
                "day": meal.day.number, "slotId": slotID,
                "moves": moves, "position": position, "id": id,
            ])
        return try existingMeal(db, id: id, written: meal.note)
    }

    /// Puts a removed meal back under its id and UID (ids are never reused, so the id is free
    /// unless the meal itself is back already, which is refused rather than duplicated).
    static func restore(_ db: Database, _ meal: Meal) throws -> Meal {
        let slot = try resolveSlot(db, meal.slot)
        if let id = meal.id, try fetchMeal(db, id: id) != nil {
            throw StoreError.changedMeanwhile("'\(meal.title.messageExcerpt)' is back in the plan already (another program put it back)")
        }
        let idTaken = meal.id == nil
        let placeTaken = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT \(placeTakenSQL)"),
            arguments: ["day": meal.day.number, "slotId": slot.id, "position": meal.position]) ?? true
        var arguments: [String: (any DatabaseValueConvertible)?] = [
            "id": idTaken ? nil : meal.id, "uid": try ItemUID.restored(meal.uid, in: "meal", db).storedValue,
            "day": meal.day.number, "slotId": slot.id,
            "title": meal.title, "note": meal.note, "recipe": meal.recipe, "servings": meal.servings,
            "ruleId": meal.occurrence?.rule, "ruleDay": meal.occurrence?.day.number,
            "status": meal.status.storedValue, "eaters": meal.eaters,
            // A source removed meanwhile leaves the meal plain, as its removal would have.
            "leftoversOf": meal.leftoversOf,
        ]
        if !placeTaken { arguments["position"] = meal.position }
        try db.cachedStatement(sql: restoreSQL(atPosition: !placeTaken)).execute(arguments: StatementArguments(arguments))
        return try existingMeal(db, id: db.lastInsertedRowID, to: "read back")
    }

    /// The INSERT of `restore`, at `:position` or at the end of the slot: two statements, each
    /// prepared once per connection, since compiling it anew for every meal of a big redo was
    /// most of that redo's work (see Benchmarks/template-apply.sh).
    private static func restoreSQL(atPosition: Bool) -> String {
        """
        INSERT INTO meal(id, uid, day, slotId, position, title, note, recipe, servings, ruleId, ruleDay,
                         status, leftoversOf, eaters)
        VALUES (:id, :uid, :day, :slotId, \(atPosition ? ":position" : nextPositionSQL), :title, :note, :recipe, :servings,
                (SELECT id FROM rule WHERE id = :ruleId), CASE WHEN EXISTS (SELECT 1 FROM rule WHERE id = :ruleId) THEN :ruleDay END,
                :status, (SELECT id FROM meal WHERE id = :leftoversOf), :eaters)
        """
    }

    @discardableResult
    static func remove(_ db: Database, id: Int64) throws -> Meal {
        let meal = try existingMeal(db, id: id, to: "remove")
        try delete(db, id: id)
        return meal
    }

    /// Deletes meal `id` through a statement prepared once per connection, as `insert`'s:
    /// compiling it anew, with the triggers and the leftovers' foreign key SQLite compiles into
    /// it, for every meal of a big undo was most of that undo's work (see Benchmarks/template-apply.sh).
    static func delete(_ db: Database, id: Int64) throws {
        try db.cachedStatement(sql: "DELETE FROM meal WHERE id = ?").execute(arguments: [id])
    }
}
