import GRDB
import MealPlanCore

extension MealChange {
    /// The change with its meal checked (`MealStore.valid`), and the meal it acts on
    /// known to be stored, before any transaction starts: a bad title is the user's mistake even
    /// on a database that cannot be written.
    func validated() throws(StoreError) -> MealChange {
        switch self {
        case .add(let meal): return .add(try MealStore.valid(meal))
        case .restore(let meal): return .restore(try MealStore.valid(meal))
        case .update(let from, let to, let restoresPosition):
            _ = try MealStore.storedID(of: from)
            return .update(from: from, to: try MealStore.valid(to), restoresPosition: restoresPosition)
        case .remove(let meal):
            _ = try MealStore.storedID(of: meal)
            return self
        case .skip(let meal), .unskip(let meal):
            _ = try MealStore.occurrence(of: meal)
            return self
        case .updateRule(let from, let to):
            _ = try MealStore.occurrence(of: from)
            return .updateRule(from: from, to: try MealStore.valid(to))
        case .removeRule, .restoreRule:
            return self
        case .removeRuleOf(let meal):
            _ = try MealStore.occurrence(of: meal)
            return self
        case .splitRule(let meal, let continuedAs):
            _ = try MealStore.occurrence(of: meal)
            return .splitRule(at: meal, continuedAs: try continuedAs.map { meal throws(StoreError) in try MealStore.valid(meal) })
        case .addRule(var snapshot):
            snapshot.meal = try MealStore.valid(snapshot.meal)
            return .addRule(snapshot)
        }
    }
}

extension MealStore {
    /// `meal` with its title checked and trimmed, its note cleaned, its recipe name and servings
    /// checked: what every write stores.
    static func valid(_ meal: Meal) throws(StoreError) -> Meal {
        var meal = meal
        meal.title = try validTitle(meal.title)
        meal.note = Meal.validNote(meal.note)
        do {
            meal.recipe = try meal.recipe.map { name throws(MealValidationError) in try Meal.validRecipeName(name) }
            meal.servings = try meal.servings.map { servings throws(MealValidationError) in try Meal.validServings(servings) }
        } catch {
            throw .input(error.message)
        }
        if meal.servings != nil && meal.recipe == nil {
            throw .input("servings need a recipe: they say how much of the recipe to make")
        }
        return meal
    }

    /// The columns of a meal read from the store, in the order `mealColumns` selects them: rows
    /// are read by these names, at the cost of reading by index (a million rows per export).
    enum MealColumn: Int, CaseIterable {
        case id, day, slot, position, title, note, recipe, servings, ruleId, ruleDay, uid

        var expression: String { self == .slot ? "slot.name" : "meal.\(self)" }
    }

    static let mealColumns = """
        SELECT \(MealColumn.allCases.map(\.expression).joined(separator: ", "))
        FROM meal JOIN slot ON slot.id = meal.slotId
        """
    static let displayOrder = "ORDER BY meal.day, slot.position, meal.position"

    static func meal(from row: Row) -> Meal {
        Meal(
            id: row[MealColumn.id.rawValue], uid: ItemUID.stored(in: row, at: MealColumn.uid.rawValue), day: Day(clamping: row[MealColumn.day.rawValue]),
            slot: row[MealColumn.slot.rawValue], position: row[MealColumn.position.rawValue],
            title: row[MealColumn.title.rawValue], note: row[MealColumn.note.rawValue],
            recipe: row[MealColumn.recipe.rawValue], servings: row[MealColumn.servings.rawValue],
            occurrence: (row[MealColumn.ruleId.rawValue] as Int64?).map { rule in
                Occurrence(rule: rule, day: Day(clamping: row[MealColumn.ruleDay.rawValue]))
            })
    }

    /// The stored meal with this id, or `nil`.
    public func meal(id: Int64) throws(StoreError) -> Meal? {
        try read { db in try Self.fetchMeal(db, id: id) }
    }

    static func fetchMeal(_ db: Database, id: Int64) throws -> Meal? {
        try Row.fetchOne(db, sql: "\(mealColumns) WHERE meal.id = ?", arguments: [id]).map(meal(from:))
    }

    private static func existingMeal(_ db: Database, id: Int64) throws -> Meal {
        guard let meal = try fetchMeal(db, id: id) else { throw StoreError.input("there is no meal \(id)") }
        return meal
    }

    /// The next free position at the end of a day's slot.
    static let nextPositionSQL =
        "(SELECT IFNULL(MAX(position) + 1, 0) FROM meal WHERE day = :day AND slotId = :slotId)"

    /// Whether another meal holds `:position` in the day's slot.
    static let placeTakenSQL =
        "EXISTS (SELECT 1 FROM meal WHERE day = :day AND slotId = :slotId AND position = :position)"

    /// Stores `meal` as a new meal at the end of its day's slot, in slot `slotID`, with a new
    /// UID (whatever `uid` it carries: a copy is a new meal).
    static func insert(_ db: Database, _ meal: Meal, slotID: Int64) throws -> Meal {
        try db.execute(
            sql: """
                INSERT INTO meal(uid, day, slotId, position, title, note, recipe, servings)
                VALUES (:uid, :day, :slotId, \(nextPositionSQL), :title, :note, :recipe, :servings)
                """,
            arguments: [
                "uid": ItemUID.fresh().storedValue, "day": meal.day.number, "slotId": slotID, "title": meal.title,
                "note": meal.note, "recipe": meal.recipe, "servings": meal.servings,
            ])
        return try existingMeal(db, id: db.lastInsertedRowID)
    }

    /// Stores a new meal at the end of its day's slot and returns it with its id.
    ///
    /// `slot` is matched like everywhere else (exact, case-insensitive, or a unique prefix);
    /// the title and note are validated by `Meal.validTitle` / `Meal.validNote`.
    @discardableResult
    public func addMeal(day: Day, slot: String, title: String, note: String? = nil) throws(StoreError) -> Meal {
        // Only a removal answers nil.
        try apply([.add(Meal(day: day, slot: slot, title: title, note: note))])[0]!
    }

    /// How an edit changes a meal's recipe.
    public enum RecipeUpdate: Sendable {
        /// The meal no longer names a recipe (nor servings).
        case unlink
        /// The meal names recipe `name`; it keeps its servings if it had some, else gets
        /// `defaultServings` (what the recipe makes), unless servings are given too.
        case link(name: String, defaultServings: Double?)
    }

    /// Changes the fields given of meal `id` (`nil` leaves one as it is; a blank note removes
    /// the note); a meal moved to another day or slot goes to the end there. `slot` is matched
    /// like typed input. The meal is read and changed in one transaction.
    @discardableResult
    public func updateMeal(id: Int64, title: String? = nil, note: String? = nil, slot: String? = nil,
                           day: Day? = nil, recipe: RecipeUpdate? = nil, servings: Double? = nil) throws(StoreError) -> Meal {
        let title = try title.map { text throws(StoreError) in try Self.validTitle(text) }
        return try write { db in
            let stored = try Self.existingMeal(db, id: id)
            var changed = stored
            changed.title = title ?? stored.title
            changed.note = note ?? stored.note
            changed.slot = slot ?? stored.slot
            changed.day = day ?? stored.day
            switch recipe {
            case .unlink?:
                changed.recipe = nil
                changed.servings = nil
            case .link(let name, let defaultServings)?:
                changed.recipe = name
                changed.servings = stored.servings ?? defaultServings
            case nil: break
            }
            changed.servings = servings ?? changed.servings
            let change = try MealChange.update(from: stored, to: changed, restoresPosition: false).validated()
            return try Self.apply(change, in: db).meal!
        }
    }

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
    /// of several meals (a pasted day, its undo and redo) as one step.
    @discardableResult
    public func make(_ changes: [MealChange]) throws(StoreError) -> [MealChange] {
        try made(changes).flatMap(\.changes)
    }

    /// One change as made: the meal it leads to, and the changes that say what it did.
    private typealias Made = (meal: Meal?, changes: [MealChange])

    private func made(_ changes: [MealChange]) throws(StoreError) -> [Made] {
        let changes = try changes.map { change throws(StoreError) in try change.validated() }
        return try write { db in try changes.map { try Self.apply($0, in: db) } }
    }

    private static func apply(_ change: MealChange, in db: Database) throws -> Made {
        func stored(_ meal: Meal?) -> Made { (meal, [change.stored(as: meal)]) }
        switch change {
        case .add(let meal):
            let slot = try resolveSlot(db, meal.slot)
            let added = try insert(db, meal, slotID: slot.id)
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
            return stored(try update(db, current, to: to, position: restoresPosition ? to.position : nil))
        case .restore(let meal):
            return stored(try restore(db, meal))
        case .remove(let meal):
            try expectUnchanged(db, meal)
            try remove(db, id: try storedID(of: meal))
            return stored(nil)
        }
    }

    /// Refuses a change made from an old copy of `seen`: the stored meal must still have the
    /// day, slot, title, note and recipe this process last saw, or another writer changed (or
    /// removed) it meanwhile, and saving would silently undo that writer's work. Returns the
    /// stored meal.
    @discardableResult
    private static func expectUnchanged(_ db: Database, _ seen: Meal) throws -> Meal {
        guard let stored = try fetchMeal(db, id: try storedID(of: seen)) else {
            throw StoreError.input("'\(seen.title.messageExcerpt)' was removed by another program meanwhile")
        }
        var changes: [String] = []
        if stored.day != seen.day { changes.append("its day is now \(stored.day.iso)") }
        if stored.slot != seen.slot { changes.append("its slot is now \(stored.slot.messageExcerpt)") }
        if stored.title != seen.title { changes.append("its title is now '\(stored.title.messageExcerpt)'") }
        if stored.note != seen.note { changes.append(stored.note == nil ? "its note was removed" : "its note changed") }
        if stored.recipe != seen.recipe || stored.servings != seen.servings { changes.append("its recipe changed") }
        guard changes.isEmpty else {
            throw StoreError.input(
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
    private static func update(_ db: Database, _ stored: Meal, to meal: Meal, position: Int?) throws -> Meal {
        let id = try storedID(of: stored)
        let currentSlotID = try Int64.fetchOne(db, sql: "SELECT slotId FROM meal WHERE id = ?", arguments: [id])
        let slotID = try resolveSlot(db, meal.slot).id
        let moves = meal.day != stored.day || slotID != currentSlotID
        try db.execute(
            sql: """
                UPDATE meal SET title = :title, note = :note, recipe = :recipe, servings = :servings,
                    day = :day, slotId = :slotId,
                    position = CASE
                        WHEN NOT :moves THEN position
                        WHEN :position IS NOT NULL AND NOT \(placeTakenSQL) THEN :position
                        ELSE \(nextPositionSQL) END
                WHERE id = :id
                """,
            arguments: [
                "title": meal.title, "note": meal.note, "recipe": meal.recipe, "servings": meal.servings,
                "day": meal.day.number, "slotId": slotID,
                "moves": moves, "position": position, "id": id,
            ])
        return try existingMeal(db, id: id)
    }

    /// Puts a removed meal back under its id and UID (ids are never reused, so the id is free
    /// unless the meal itself is back already, which is refused rather than duplicated).
    private static func restore(_ db: Database, _ meal: Meal) throws -> Meal {
        let slot = try resolveSlot(db, meal.slot)
        if let id = meal.id, try fetchMeal(db, id: id) != nil {
            throw StoreError.input("'\(meal.title.messageExcerpt)' is back in the plan already (another program put it back)")
        }
        let idTaken = meal.id == nil
        let placeTaken = try Bool.fetchOne(
            db, sql: "SELECT \(placeTakenSQL)",
            arguments: ["day": meal.day.number, "slotId": slot.id, "position": meal.position]) ?? true
        var arguments: [String: (any DatabaseValueConvertible)?] = [
            "id": idTaken ? nil : meal.id, "uid": try ItemUID.restored(meal.uid, in: "meal", db).storedValue,
            "day": meal.day.number, "slotId": slot.id,
            "title": meal.title, "note": meal.note, "recipe": meal.recipe, "servings": meal.servings,
            "ruleId": meal.occurrence?.rule, "ruleDay": meal.occurrence?.day.number,
        ]
        if !placeTaken { arguments["position"] = meal.position }
        try db.execute(
            sql: """
                INSERT INTO meal(id, uid, day, slotId, position, title, note, recipe, servings, ruleId, ruleDay)
                VALUES (:id, :uid, :day, :slotId, \(placeTaken ? nextPositionSQL : ":position"), :title, :note, :recipe, :servings,
                        (SELECT id FROM rule WHERE id = :ruleId), CASE WHEN EXISTS (SELECT 1 FROM rule WHERE id = :ruleId) THEN :ruleDay END)
                """,
            arguments: StatementArguments(arguments))
        return try existingMeal(db, id: db.lastInsertedRowID)
    }

    @discardableResult
    private static func remove(_ db: Database, id: Int64) throws -> Meal {
        let meal = try existingMeal(db, id: id)
        try db.execute(sql: "DELETE FROM meal WHERE id = ?", arguments: [id])
        return meal
    }

    /// Stores a copy of meal `id` on `day` (in `slot`, or the same slot), at the end of that slot.
    @discardableResult
    public func copyMeal(id: Int64, to day: Day, slot: String? = nil) throws(StoreError) -> Meal {
        try write { db in
            var meal = try Self.existingMeal(db, id: id)
            let target = try Self.resolveSlot(db, slot ?? meal.slot)
            meal.day = day
            return try Self.insert(db, meal, slotID: target.id)
        }
    }

    /// Removes the meals with these ids, all or none: one unknown id removes nothing.
    /// Returns the removed meals in the order the ids were given (duplicates counted once).
    @discardableResult
    public func removeMeals(ids: [Int64], dryRun: Bool = false) throws(StoreError) -> [Meal] {
        try removeMeals(idRanges: ids.map { $0...$0 }, dryRun: dryRun)
    }

    /// Removes the meals whose ids lie in `idRanges`, all or none: a range of one id that is
    /// unknown, or a wider range holding no meal, removes nothing (a wider range may have gaps,
    /// the ids of meals removed before). Returns the removed meals in the order of the ranges,
    /// each range's by id, duplicates counted once. A dry run only reads, and returns what it
    /// would remove.
    @discardableResult
    public func removeMeals(idRanges: [ClosedRange<Int64>], dryRun: Bool = false) throws(StoreError) -> [Meal] {
        let remove = { (db: Database) throws -> [Meal] in
            var seen = Set<Int64>()
            let meals = try idRanges.flatMap { range in
                guard range.lowerBound < range.upperBound else { return [try Self.existingMeal(db, id: range.lowerBound)] }
                let found = try Row.fetchAll(
                    db, sql: "\(Self.mealColumns) WHERE meal.id BETWEEN ? AND ? ORDER BY meal.id",
                    arguments: [range.lowerBound, range.upperBound]
                ).map(Self.meal(from:))
                guard !found.isEmpty else {
                    throw StoreError.input("there is no meal from \(range.lowerBound) to \(range.upperBound)")
                }
                return found
            }.filter { seen.insert($0.id!).inserted }
            if !dryRun {
                for meal in meals { _ = try Self.remove(db, id: meal.id!) }
            }
            return meals
        }
        return dryRun ? try read(remove) : try write(remove)
    }

    /// Candidates the index may name before a search reads the meals in order instead (see
    /// `MealSearch.plan`): looking up this many by id costs about what walking a few weeks
    /// does for a list, and what a walk to the next match costs when one meal in a thousand
    /// matches.
    static let listCandidateLimit = 20_000
    static let nextMatchCandidateLimit = 1_000

    /// The meals of `range` in display order (day, slot order, position), optionally only those
    /// of one slot and those whose title or note contains `search` (case-insensitive).
    public func meals(in range: DayRange, slot: String? = nil, search: String? = nil) throws(StoreError) -> [Meal] {
        try read { db in try meals(db, in: range, slot: slot, search: search) }
    }

    /// `meals(in:slot:search:)` inside a transaction already open.
    func meals(_ db: Database, in range: DayRange, slot: String? = nil, search: String? = nil) throws -> [Meal] {
        var arguments: [String: (any DatabaseValueConvertible)?] = [
            "first": range.first.number, "last": range.last.number,
        ]
        var dayColumn = "meal.day", searchCondition = ""
        if let search, !search.isEmpty {
            let plan = try MealSearch.plan(db, for: search, candidateLimit: Self.listCandidateLimit)
            dayColumn = plan.dayColumn
            searchCondition = " AND \(plan.condition)"
            arguments.merge(plan.arguments) { $1 }
        }
        var sql = "\(Self.mealColumns) WHERE \(dayColumn) BETWEEN :first AND :last\(searchCondition)"
        let storedSlot = try slot.map { try Self.resolveSlot(db, $0) }
        if let storedSlot {
            sql += " AND meal.slotId = :slotId"
            arguments["slotId"] = storedSlot.id
        }
        let rows = try Row.fetchCursor(db, sql: "\(sql) \(Self.displayOrder)", arguments: StatementArguments(arguments))
        let slotName = storedSlot?.slot.name
        var meals: [Meal] = []
        try Self.forEachMerged(
            stored: { try rows.next().map(Self.meal(from:)) },
            rules: try rules(db, in: range, slot: slotName, search: search), in: range,
            slotOrder: try Self.slotOrder(db)
        ) { meals.append($0) }
        return meals
    }

    /// Each slot's place in the day, by name.
    static func slotOrder(_ db: Database) throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try storedSlots(db).map { ($0.slot.name, $0.slot.position) })
    }

    /// The meals of `range` by day, each day's meals in display order; days without meals are
    /// absent. This is what the planner loads for its window of days.
    public func mealsByDay(in range: DayRange) throws(StoreError) -> [Day: [Meal]] {
        Dictionary(grouping: try meals(in: range), by: \.day)
    }

    /// Calls `body` with every meal of `range` in display order, one at a time, from a single
    /// snapshot: memory stays constant however many meals there are (used by export). The
    /// occurrences of repeat rules come too, unless `occurrences` is false (an iCalendar export
    /// writes rules as rules). What `body` throws comes out unchanged: a failed write of the
    /// export is not the database's.
    public func forEachMeal(in range: DayRange, occurrences: Bool = true, _ body: (Meal) throws -> Void) throws {
        do {
            try writer.read { db in
                let rows = try Row.fetchCursor(
                    db, sql: "\(Self.mealColumns) WHERE meal.day BETWEEN ? AND ? \(Self.displayOrder)",
                    arguments: [range.first.number, range.last.number])
                try Self.forEachMerged(
                    stored: { try rows.next().map(Self.meal(from:)) },
                    rules: occurrences ? try rules(db, in: range, slot: nil, search: nil) : [],
                    in: range, slotOrder: try Self.slotOrder(db), body)
            }
        } catch let error as DatabaseError {
            throw StoreError.wrapping(error, path: path)
        }
    }

    /// The first meal after `day` (later days only) whose title or note contains `text`,
    /// occurrences of repeat rules included.
    public func nextMeal(matching text: String, after day: Day) throws(StoreError) -> Meal? {
        try read { db in
            let stored = try Self.firstMeal(db, matching: text, beyond: day, comparison: ">", order: Self.displayOrder)
            return Self.first(stored, try nextOccurrence(db, matching: text, after: day), slotOrder: try Self.slotOrder(db))
        }
    }

    /// The last meal before `day` (earlier days only) whose title or note contains `text`,
    /// occurrences of repeat rules included.
    public func previousMeal(matching text: String, before day: Day) throws(StoreError) -> Meal? {
        try read { db in
            let stored = try Self.firstMeal(db, matching: text, beyond: day, comparison: "<",
                                            order: "ORDER BY meal.day DESC, slot.position DESC, meal.position DESC")
            let occurrence = try previousOccurrence(db, matching: text, before: day)
            return Self.first(stored, occurrence, slotOrder: try Self.slotOrder(db), later: true)
        }
    }

    private static func firstMeal(_ db: Database, matching text: String, beyond day: Day, comparison: String, order: String) throws -> Meal? {
        let plan = try MealSearch.plan(db, for: text, candidateLimit: nextMatchCandidateLimit)
        var arguments = plan.arguments
        arguments["day"] = day.number
        return try Row.fetchOne(
            db,
            sql: "\(mealColumns) WHERE \(plan.dayColumn) \(comparison) :day AND \(plan.condition) \(order) LIMIT 1",
            arguments: StatementArguments(arguments)
        ).map(meal(from:))
    }

    /// The number of stored meals.
    public func mealCount() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM meal") ?? 0 }
    }

    /// The number of meals of `range`, counted on the day index alone (no row is read), so that
    /// an export can show how far it has got.
    public func mealCount(in range: DayRange) throws(StoreError) -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM meal WHERE day BETWEEN ? AND ?",
                             arguments: [range.first.number, range.last.number]) ?? 0
        }
    }

    static func validTitle(_ text: String) throws(StoreError) -> String {
        do {
            return try Meal.validTitle(text)
        } catch {
            throw .input(error.message)
        }
    }
}
