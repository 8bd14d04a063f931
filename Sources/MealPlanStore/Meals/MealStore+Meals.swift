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
            meal.eaters = try meal.eaters.map { eaters throws(MealValidationError) in try Meal.validServings(eaters) }
        } catch {
            throw .input(error.message)
        }
        do {
            meal.eaters = try meal.eaters.map { eaters throws(MealValidationError) in try Meal.validServings(eaters) }
        } catch {
            throw .input("eaters: \(error.message)")
        }
        if meal.servings != nil && meal.recipe == nil {
            throw .input("servings need a recipe: they say how much of the recipe to make")
        }
        return meal
    }

    /// The columns of a meal read from the store, in the order `mealColumns` selects them: rows
    /// are read by these names, at the cost of reading by index (a million rows per export).
    enum MealColumn: Int, CaseIterable {
        case id, day, slot, position, title, note, recipe, servings, ruleId, ruleDay, uid, slotPosition
        case status, leftoversOf, eaters
        /// A leftovers meal's source: its UID (for a file with identities), or its day and slot
        /// (for a flat one), read only for leftovers.
        case sourceUID, sourceDay, sourceSlot

        var expression: String {
            switch self {
            case .slot: "slot.name"
            case .slotPosition: "slot.position"
            case .sourceUID: Self.ofSource("source.uid")
            case .sourceDay: Self.ofSource("source.day")
            case .sourceSlot: Self.ofSource("sourceSlot.name")
            default: "meal.\(self)"
            }
        }

        /// `column` of the meal's source, NULL for a meal that is no leftovers without a lookup.
        private static func ofSource(_ column: String) -> String {
            """
            CASE WHEN meal.leftoversOf IS NULL THEN NULL ELSE (SELECT \(column) FROM meal AS source \
            JOIN slot AS sourceSlot ON sourceSlot.id = source.slotId WHERE source.id = meal.leftoversOf) END
            """
        }

        /// Whether the column says which item the meal is, which a flat export does not write.
        var isIdentity: Bool { [.id, .uid, .ruleId, .ruleDay, .sourceUID].contains(self) }
        /// Whether only a flat export reads the column: it names the source by its place.
        var isFlatOnly: Bool { [.sourceDay, .sourceSlot].contains(self) }
    }

    static let mealColumns = selecting(identities: true)
    /// `mealColumns` with NULL for the identity columns: each column read costs SQLite time for
    /// every row, and room in the sort of a day's meals by slot (see Benchmarks/cli-vs-sqlite3.sh).
    static let flatMealColumns = selecting(identities: false)

    private static func selecting(identities: Bool, leavingOut omitted: Set<MealColumn> = [], extra: String = "") -> String {
        let columns = MealColumn.allCases.map {
            (identities ? $0.isFlatOnly : $0.isIdentity) || omitted.contains($0) ? "NULL" : $0.expression
        }
        return "SELECT \(columns.joined(separator: ", "))\(extra) FROM meal JOIN slot ON slot.id = meal.slotId"
    }
    static let displayOrder = "ORDER BY meal.day, slot.position, meal.position"

    static func meal(from row: Row) -> Meal {
        Meal(
            id: row[MealColumn.id.rawValue], uid: ItemUID.stored(in: row, at: MealColumn.uid.rawValue), day: Day(clamping: row[MealColumn.day.rawValue]),
            slot: row[MealColumn.slot.rawValue], position: row[MealColumn.position.rawValue],
            title: row[MealColumn.title.rawValue], note: row[MealColumn.note.rawValue],
            recipe: row[MealColumn.recipe.rawValue], servings: row[MealColumn.servings.rawValue],
            occurrence: (row[MealColumn.ruleId.rawValue] as Int64?).map { rule in
                Occurrence(rule: rule, day: Day(clamping: row[MealColumn.ruleDay.rawValue]))
            },
            // The column's check admits only these values; another program's
            // row that got past it (checks off) reads as planned.
            status: MealStatus(storedValue: row[MealColumn.status.rawValue]) ?? .planned,
            leftoversOf: row[MealColumn.leftoversOf.rawValue], eaters: row[MealColumn.eaters.rawValue])
    }

    /// The stored meal with this id, or `nil`.
    public func meal(id: Int64) throws(StoreError) -> Meal? {
        try read { db in try Self.fetchMeal(db, id: id) }
    }

    /// Through a statement prepared once per connection, as `insert`'s: compiling it anew for
    /// every meal of a template laid down a thousand times was most of the work.
    static func fetchMeal(_ db: Database, id: Int64) throws -> Meal? {
        try Row.fetchOne(db.cachedStatement(sql: "\(mealColumns) WHERE meal.id = ?"), arguments: [id]).map(meal(from:))
    }

    /// The stored meal with this id, its note compared by SQLite with `known` (a note this
    /// process holds already) instead of read: when they are the same, the meal carries
    /// `known` itself, else it is read as `fetchMeal` reads it. A note of a megabyte is then
    /// compared in C where it lies, not copied into a new `String` and checked as UTF-8 again
    /// for every compare-and-set and every save (see Benchmarks/note-editing.sh).
    static func fetchMeal(_ db: Database, id: Int64, knownNote known: String?) throws -> Meal? {
        guard let known else { return try fetchMeal(db, id: id) }
        guard let row = try Row.fetchOne(db.cachedStatement(sql: knownNoteSQL), arguments: ["known": known, "id": id]),
              row[MealColumn.allCases.count] as Bool
        else { return try fetchMeal(db, id: id) }
        var meal = meal(from: row)
        meal.note = known
        return meal
    }

    /// `mealColumns` without the note, and whether it is `:known` in one more column at the end.
    private static let knownNoteSQL =
        selecting(identities: true, leavingOut: [.note], extra: ", meal.note IS :known") + " WHERE meal.id = :id"

    /// The stored meal with this id, which this transaction has just given `note`: read without
    /// it, it carries `note` as written, so that a long note is not read back after its save.
    static func existingMeal(_ db: Database, id: Int64, written note: String?) throws -> Meal {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: withoutNoteSQL), arguments: [id]) else {
            throw noMeal("\(id)", to: "read back")
        }
        var meal = meal(from: row)
        meal.note = note
        return meal
    }

    private static let withoutNoteSQL = selecting(identities: true, leavingOut: [.note]) + " WHERE meal.id = ?"

    /// The meal `id`, which is there `to` do something with ("edit"), else `noMeal`'s refusal.
    static func existingMeal(_ db: Database, id: Int64, to purpose: String) throws -> Meal {
        guard let meal = try fetchMeal(db, id: id) else { throw noMeal("\(id)", to: purpose) }
        return meal
    }

    /// "there is no meal 12 to edit": the one message for an id (or "from 7 to 9") that names
    /// no meal, saying what the meal was named for, since a command may name several.
    static func noMeal(_ named: String, to purpose: String) -> StoreError {
        .input("there is no meal \(named) to \(purpose)")
    }

    /// The next free position at the end of a day's slot.
    static let nextPositionSQL =
        "(SELECT IFNULL(MAX(position) + 1, 0) FROM meal WHERE day = :day AND slotId = :slotId)"

    static let insertSQL = """
        INSERT INTO meal(uid, day, slotId, position, title, note, recipe, servings, status, leftoversOf, eaters)
        VALUES (:uid, :day, :slotId, \(nextPositionSQL), :title, :note, :recipe, :servings, :status, :leftoversOf, :eaters)
        """

    /// Whether another meal holds `:position` in the day's slot.
    static let placeTakenSQL =
        "EXISTS (SELECT 1 FROM meal WHERE day = :day AND slotId = :slotId AND position = :position)"

    /// Stores `meal` as a new meal at the end of its day's slot, in slot `slotID`, with a new
    /// UID (whatever `uid` it carries: a copy is a new meal). The statement, with the triggers
    /// SQLite compiles into it, is prepared once per connection.
    static func insert(_ db: Database, _ meal: Meal, slotID: Int64) throws -> Meal {
        try db.cachedStatement(sql: insertSQL).execute(
            arguments: [
                "uid": ItemUID.fresh().storedValue, "day": meal.day.number, "slotId": slotID, "title": meal.title,
                "note": meal.note, "recipe": meal.recipe, "servings": meal.servings,
                "status": meal.status.storedValue, "leftoversOf": meal.leftoversOf, "eaters": meal.eaters,
            ])
        return try existingMeal(db, id: db.lastInsertedRowID, to: "read back")
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
    /// like typed input; `eaters` says how many eat at it. The meal is read and changed in one
    /// transaction. `purpose` is what the change is called when there is no meal `id` ("move").
    @discardableResult
    public func updateMeal(id: Int64, title: String? = nil, note: String? = nil, slot: String? = nil,
                           day: Day? = nil, recipe: RecipeUpdate? = nil, servings: Double? = nil,
                           eaters: Double? = nil, purpose: String = "edit") throws(StoreError) -> Meal {
        let title = try title.map { text throws(StoreError) in try Self.validTitle(text) }
        return try write { db in
            let stored = try Self.existingMeal(db, id: id, to: purpose)
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
            changed.eaters = eaters ?? changed.eaters
            let change = try MealChange.update(from: stored, to: changed, restoresPosition: false).validated()
            return try Self.apply(change, in: db).meal!
        }
    }

    /// Stores a copy of meal `id` on `day` (in `slot`, or the same slot), at the end of that slot:
    /// planned, whatever became of the original. A copy of a cooked meal is another cook; a copy
    /// of leftovers is more leftovers of the same cook.
    @discardableResult
    public func copyMeal(id: Int64, to day: Day, slot: String? = nil) throws(StoreError) -> Meal {
        try write { db in
            var meal = try Self.existingMeal(db, id: id, to: "copy")
            let target = try Self.resolveSlot(db, slot ?? meal.slot)
            meal.day = day
            meal.status = .planned
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
                guard range.lowerBound < range.upperBound else { return [try Self.existingMeal(db, id: range.lowerBound, to: "remove")] }
                let found = try Row.fetchAll(
                    db, sql: "\(Self.mealColumns) WHERE meal.id BETWEEN ? AND ? ORDER BY meal.id",
                    arguments: [range.lowerBound, range.upperBound]
                ).map(Self.meal(from:))
                guard !found.isEmpty else {
                    throw Self.noMeal("from \(range.lowerBound) to \(range.upperBound)", to: "remove")
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

    /// The meals a list's search may look up through the titles' and notes' indexes before it
    /// reads the days' meals in order instead (see `MealSearch.plan`): looking up this many by
    /// id and sorting them costs about what walking a few weeks does.
    static let listCandidateLimit = 20_000

    static func validTitle(_ text: String) throws(StoreError) -> String {
        do {
            return try Meal.validTitle(text)
        } catch {
            throw .input(error.message)
        }
    }
}
