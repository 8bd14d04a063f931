import GRDB
import MealPlanCore

/// Meals read: a range of days with the occurrences of repeat rules among them, the next
/// or previous meal a search matches, counts.
extension MealStore {
    /// The meals of `range` in display order (day, slot order, position), optionally only those
    /// of one slot and those whose title or note contains `search` (case-insensitive).
    public func meals(in range: DayRange, slot: String? = nil, search: String? = nil) throws(StoreError) -> [Meal] {
        try read { db in try meals(db, in: range, slot: slot, search: search) }
    }

    /// `meals(in:slot:search:)` inside a transaction already open.
    func meals(_ db: Database, in range: DayRange, slot: String? = nil, search: String? = nil) throws -> [Meal] {
        var meals: [Meal] = []
        try forEachMeal(db, in: range, slot: slot, search: search, occurrencesThrough: .last) { meals.append($0) }
        return meals
    }

    /// Calls `body` with the meals `meals(in:slot:search:)` gives, one at a time, inside a
    /// transaction already open; the occurrences of repeat rules only up to
    /// `occurrencesThrough` (none when it is nil).
    func forEachMeal(
        _ db: Database, in range: DayRange, slot: String?, search: String?, occurrencesThrough: Day?,
        _ body: (Meal) throws -> Void
    ) throws {
        try forEachMeal(db, in: range, slot: slot, search: search, occurrencesThrough: occurrencesThrough,
                        identities: true, stored: { try body(Meal($0)) }, occurrence: body)
    }

    /// The meals of `range` in display order: `stored` is given a view of each stored meal
    /// (the rows read in place), `occurrence` each occurrence of a repeat rule up to
    /// `occurrencesThrough` (none when it is nil).
    func forEachMeal(
        _ db: Database, in range: DayRange, slot: String?, search: String?, occurrencesThrough: Day?, identities: Bool,
        stored: (MealRowView) throws -> Void, occurrence: (Meal) throws -> Void
    ) throws {
        var arguments: [String: (any DatabaseValueConvertible)?] = [
            "first": range.first.number, "last": range.last.number,
        ]
        var dayColumn = "meal.day", searchCondition = ""
        if let search, !search.isEmpty {
            let plan = try MealSearch.plan(db, for: search, first: range.first.number, last: range.last.number,
                                           candidateLimit: Self.listCandidateLimit)
            dayColumn = plan.dayColumn
            searchCondition = " AND \(plan.condition)"
            arguments.merge(plan.arguments) { $1 }
        }
        let columns = identities ? Self.mealColumns : Self.flatMealColumns
        var sql = "\(columns) WHERE \(dayColumn) BETWEEN :first AND :last\(searchCondition)"
        let storedSlot = try slot.map { try Self.resolveSlot(db, $0) }
        if let storedSlot {
            sql += " AND meal.slotId = :slotId"
            arguments["slotId"] = storedSlot.id
        }
        let statement = try db.makeStatement(sql: "\(sql) \(Self.displayOrder)")
        let rows = try Row.fetchCursor(statement, arguments: StatementArguments(arguments))
        let row = StoredMealRow(statement.sqliteStatement)
        let occurrenceRange = occurrencesThrough.flatMap { $0 >= range.first ? DayRange(range.first, min($0, range.last)) : nil }
        try Self.forEachMerged(
            nextStored: { try rows.next() == nil ? nil : row.place },
            writeStored: { try stored(row.view) },
            rules: try occurrenceRange.map { try rules(db, in: $0, slot: storedSlot?.slot.name, search: search) } ?? [],
            in: occurrenceRange ?? range, slotOrder: try Self.slotOrder(db), writeOccurrence: occurrence)
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
    /// snapshot: memory stays constant however many meals there are (used by export and list).
    /// Optionally only those of one slot and those whose title or note contains `search`, as
    /// `meals(in:slot:search:)` gives them. The occurrences of repeat rules come too, up to
    /// `occurrencesThrough` (a search of the whole plan stops at `searchHorizon(today:)`), and
    /// none when it is nil (an iCalendar export writes rules as rules). What `body` throws
    /// comes out unchanged: a failed write of the export is not the database's.
    public func forEachMeal(
        in range: DayRange, slot: String? = nil, search: String? = nil, occurrencesThrough: Day? = .last,
        _ body: (Meal) throws -> Void
    ) throws {
        try forEachMeal(in: range, slot: slot, search: search, occurrencesThrough: occurrencesThrough, passes: 1) { try body($1) }
    }

    /// `forEachMeal(in:slot:search:occurrencesThrough:_:)` `passes` times over one snapshot,
    /// `body` given the pass (0, 1, …) with each meal: a listing measures its columns on the
    /// first pass and writes them on the second.
    public func forEachMeal(
        in range: DayRange, slot: String? = nil, search: String? = nil, occurrencesThrough: Day? = .last,
        passes: Int, _ body: (_ pass: Int, Meal) throws -> Void
    ) throws {
        try readStreaming { db in
            for pass in 0..<passes {
                try forEachMeal(db, in: range, slot: slot, search: search, occurrencesThrough: occurrencesThrough) {
                    try body(pass, $0)
                }
            }
        }
    }

    /// `forEachMeal(in:slot:search:occurrencesThrough:_:)` with each stored meal given to
    /// `stored` as a view of the row SQLite read, valid during the call (an export copies its
    /// texts to the output without making strings of them), and each occurrence of a repeat
    /// rule, which the rule makes as a `Meal`, to `occurrence`. Without `identities`, which a
    /// flat export (CSV) leaves out, the stored meals' id, UID and occurrence are nil and SQLite
    /// reads less.
    public func forEachMealRow(
        in range: DayRange, slot: String? = nil, search: String? = nil, occurrencesThrough: Day? = .last,
        identities: Bool = true, stored: (MealRowView) throws -> Void, occurrence: (Meal) throws -> Void
    ) throws {
        try readStreaming { db in
            try forEachMeal(db, in: range, slot: slot, search: search, occurrencesThrough: occurrencesThrough,
                            identities: identities, stored: stored, occurrence: occurrence)
        }
    }

    /// Runs `body` on one snapshot. What `body` throws comes out unchanged (a failed write of
    /// an export is not the database's); the database's own errors name the file.
    private func readStreaming(_ body: (Database) throws -> Void) throws {
        try useDeferredFileIfMade()
        do {
            try writer.read(body)
        } catch let error as DatabaseError {
            throw StoreError.wrapping(error, path: path)
        }
    }

    /// The first meal after `day` (later days only) whose title or note contains `text`,
    /// occurrences of repeat rules included up to `repeatsThrough` (the planner's `n` passes
    /// `searchHorizon(today:)`).
    public func nextMeal(matching text: String, after day: Day, repeatsThrough: Day = .last) throws(StoreError) -> Meal? {
        try read { db in
            let stored = try Self.firstMeal(db, matching: text, beyond: day, comparison: ">", order: Self.displayOrder)
            let occurrence = repeatsThrough > day ? try nextOccurrence(db, matching: text, after: day, through: repeatsThrough) : nil
            return Self.first(stored, occurrence, slotOrder: try Self.slotOrder(db))
        }
    }

    /// The last meal before `day` (earlier days only) whose title or note contains `text`,
    /// occurrences of repeat rules included up to `repeatsThrough`.
    public func previousMeal(matching text: String, before day: Day, repeatsThrough: Day = .last) throws(StoreError) -> Meal? {
        try read { db in
            let stored = try Self.firstMeal(db, matching: text, beyond: day, comparison: "<",
                                            order: "ORDER BY meal.day DESC, slot.position DESC, meal.position DESC")
            let occurrenceBound = repeatsThrough < day ? repeatsThrough.adding(days: 1) : day
            let occurrence = try previousOccurrence(db, matching: text, before: occurrenceBound)
            return Self.first(stored, occurrence, slotOrder: try Self.slotOrder(db), later: true)
        }
    }

    /// The first meal in `order` of the nearest day beyond `day` holding a match (see
    /// `MealSearch.nearestDay`), read among that day's meals alone.
    static func firstMeal(_ db: Database, matching text: String, beyond day: Day, comparison: String, order: String) throws -> Meal? {
        guard let found = try MealSearch.nearestDay(db, for: text, beyond: day.number, comparison: comparison) else { return nil }
        var arguments = MealSearch.arguments(for: text)
        arguments["day"] = found
        return try Row.fetchOne(
            db, sql: "\(mealColumns) WHERE meal.day = :day AND \(MealSearch.condition) \(order) LIMIT 1",
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
}
