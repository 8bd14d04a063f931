import GRDB
import GRDBSQLite
import MealPlanCore

/// Adds many meals inside the one transaction of `MealStore.importMeals`.
///
/// Built for a million rows: prepared statements whose parameters are bound straight to SQLite
/// (no argument boxing per row), slot ids found by name in a table read once, and positions
/// counted in memory while rows arrive in date order on days that had no meals before; only
/// other rows ask the day/slot index for the end of their slot, inside their INSERT.
/// Rows with counted positions go 64 at a time into one INSERT: every execution of a
/// statement has a fixed cost (cursors opened and closed, memory released) that a single row
/// would pay alone.
/// It exists only during `importMeals`; keeping it past that call is a programming error.
public final class MealImporter {
    /// Rows per many-row INSERT: far fewer SQLite instructions per row than one row at a
    /// time, and twice as many rows saves next to nothing more.
    static let rowsPerInsert = 64

    private let database: Database
    /// The database file, which messages name.
    private let path: String
    private let insertMany: MealInsert
    private let insertOne: MealInsert
    private let insertAtEnd: MealInsert
    /// Checks the meals given to `add`, which wait in `pending` for a full INSERT.
    private(set) var checker: MealChecker
    private var pending = MealBatch()
    /// The days that had meals before the import began, when any did.
    private let occupiedDays: ClosedRange<Int64>?
    /// The highest meal id before the import began: ids are never reused, so every meal the
    /// import adds has a higher one.
    private let lastIDBefore: Int64
    /// While rows come in date order: the latest day and the next position of each of its slots.
    private var runDay: Int64?
    private var nextPositions: [Int64: Int64] = [:]
    private var inDateOrder = true
    /// How many meals were added so far.
    public private(set) var count = 0
    /// The first and last day of the meals added so far.
    private var dayNumbers: ClosedRange<Int64>?
    /// Leftovers added so far, by their UID, each with its source and line, linked by
    /// `linkLeftovers` once every meal is in.
    private var links: [(meal: ItemUID, source: LeftoversSource, line: Int)] = []

    init(_ db: Database, path: String, keepsIdentity: Bool = false) throws {
        database = db
        self.path = path
        // A whole plan's rows that a constraint refuses are run again one by one to find the
        // meal at fault, so each statement must undo its own; new meals fail the import whole.
        let onConflict: MealInsert.OnConflict = keepsIdentity ? .abort : .fail
        insertMany = try MealInsert(db, rows: Self.rowsPerInsert, onConflict: onConflict)
        insertOne = try MealInsert(db, rows: 1, onConflict: onConflict)
        insertAtEnd = try MealInsert(atEndOfSlot: db, onConflict: onConflict)
        checker = MealChecker(slots: try MealStore.storedSlots(db), keepsIdentity: keepsIdentity)
        let bounds = try Row.fetchOne(db, sql: "SELECT MIN(day) AS first, MAX(day) AS last FROM meal")
        let first: Int64? = bounds?["first"], last: Int64? = bounds?["last"]
        occupiedDays = first.flatMap { first in last.map { first...$0 } }
        lastIDBefore = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM meal") ?? 0
    }

    /// The meals added that the plan already had before the import (the same day, slot and
    /// title), or `nil` when there are none. Only added meals on days that held meals are
    /// looked up, each through the day/slot index: an import into an empty plan, or onto days
    /// without meals, costs nothing more.
    func duplicates() throws -> DuplicateMealsError? {
        guard let occupiedDays, count > 0 else { return nil }
        // The added meals are walked by id (`+` keeps SQLite from walking every meal of those
        // days by the day index instead); each looks for its twin through the day/slot index.
        let condition = """
            added.id > :last AND +added.day BETWEEN :first AND :lastDay
              AND EXISTS (SELECT 1 FROM meal AS planned
                          WHERE planned.day = added.day AND planned.slotId = added.slotId
                            AND planned.title = added.title AND planned.id <= :last)
            """
        let arguments: StatementArguments = ["last": lastIDBefore, "first": occupiedDays.lowerBound, "lastDay": occupiedDays.upperBound]
        let firstSQL = """
            SELECT added.day, slot.name, added.title FROM meal AS added JOIN slot ON slot.id = added.slotId
            WHERE \(condition) ORDER BY added.id LIMIT 1
            """
        guard let row = try Row.fetchOne(database, sql: firstSQL, arguments: arguments) else { return nil }
        let count = try Int.fetchOne(database, sql: "SELECT COUNT(*) FROM meal AS added WHERE \(condition)", arguments: arguments) ?? 1
        let day = Day(number: Int(row[0] as Int64))!
        return DuplicateMealsError(count: count, first: Meal(day: day, slot: row[1], title: row[2]))
    }

    /// The slots of the plan, read when the import began: meals added name one of them.
    public var slots: [MealSlot] { checker.slots }

    /// The days from the first to the last meal added, if any.
    var days: DayRange? {
        dayNumbers.map { DayRange(Day(number: Int($0.lowerBound))!, Day(number: Int($0.upperBound))!) }
    }

    /// Adds one meal at the end of its day's slot (its id and position are ignored). The error
    /// says what is wrong with this meal (a slot the plan lacks, an empty title) without saying
    /// where; `CSVMealImport` gives meals that pass.
    public func add(_ meal: Meal, leftoversOf source: LeftoversSource? = nil) throws(StoreError) {
        try checker.append(meal, to: &pending, leftoversOf: source)
        if pending.count == Self.rowsPerInsert { try finish() }
    }

    /// Inserts the meals that `add` keeps waiting; `importMeals` calls it after the last `add`.
    func finish() throws(StoreError) {
        try insert(&pending)
        pending.removeAll()
    }

    /// Inserts checked meals in their order, each at the end of its day's slot.
    func insert(_ batch: inout MealBatch) throws(StoreError) {
        var firstWaiting = 0
        for index in batch.entries.indices {
            let meal = batch.entries[index]
            dayNumbers = min(dayNumbers?.lowerBound ?? meal.day, meal.day)...max(dayNumbers?.upperBound ?? meal.day, meal.day)
            // A whole plan's meal comes with its position.
            if meal.position != nil {
                continue
            } else if let position = countedPosition(day: meal.day, slotID: meal.slotID) {
                batch.setPosition(position, at: index)
            } else {
                // The index must see the earlier rows before this one asks it for its slot's end.
                try insert(batch, firstWaiting..<index)
                try run(insertAtEnd, batch, from: index)
                firstWaiting = index + 1
            }
        }
        try insert(batch, firstWaiting..<batch.count)
        count += batch.count
        for link in batch.links {
            links.append((batch.uid(of: link.entry), link.source, batch.entries[link.entry].line))
        }
    }

    /// Links each leftovers meal added to its source, a meal of the import or of the plan: by
    /// UID or id, or by day and slot, where the meal of the leftovers' recipe, else title, else
    /// the first, is taken. Returns the leftovers whose source was not found, left plain.
    func linkLeftovers() throws -> [UnlinkedLeftovers] {
        guard !links.isEmpty else { return [] }
        let byUID = try database.makeStatement(sql: "SELECT id FROM meal WHERE uid = ?")
        let byID = try database.makeStatement(sql: "SELECT id FROM meal WHERE id = ?")
        let byPlace = try database.makeStatement(sql: """
            SELECT source.id FROM meal AS source JOIN meal AS leftovers ON leftovers.uid = :meal
            WHERE source.day = :day AND source.slotId = (SELECT id FROM slot WHERE name = :slot) AND source.id <> leftovers.id
            ORDER BY source.recipe IS leftovers.recipe AND source.recipe IS NOT NULL DESC, source.title = leftovers.title DESC,
                source.position LIMIT 1
            """)
        let link = try database.makeStatement(sql: "UPDATE meal SET leftoversOf = ? WHERE uid = ? AND id <> ?1")
        var unlinked: [UnlinkedLeftovers] = []
        for (meal, source, line) in links {
            let found: Int64? = if let uid = source.uid {
                try Int64.fetchOne(byUID, arguments: [uid.storedValue])
            } else if let id = source.id {
                try Int64.fetchOne(byID, arguments: [id])
            } else if let day = source.day, let slot = source.slot {
                try Int64.fetchOne(byPlace, arguments: ["meal": meal.storedValue, "day": day.number, "slot": slot])
            } else {
                nil
            }
            guard let found else {
                unlinked.append(UnlinkedLeftovers(line: line, source: source))
                continue
            }
            try link.execute(arguments: [found, meal.storedValue])
            if database.changesCount == 0 { unlinked.append(UnlinkedLeftovers(line: line, source: source)) }
        }
        return unlinked
    }

    /// Inserts `meals` of `batch`, whose positions are counted: whole runs with the many-row
    /// statement, the rest one by one.
    private func insert(_ batch: MealBatch, _ meals: Range<Int>) throws(StoreError) {
        var next = meals.lowerBound
        while next < meals.upperBound {
            let insert = meals.upperBound - next >= insertMany.rows ? insertMany : insertOne
            try run(insert, batch, from: next)
            next += insert.rows
        }
    }

    private func run(_ insert: MealInsert, _ batch: MealBatch, from start: Int) throws(StoreError) {
        let code = insert.run(batch, from: start)
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(database.sqliteConnection))
            if checker.keepsIdentity && code & 0xFF == SQLITE_CONSTRAINT {
                // A whole plan's meal whose id, UID or place is another's: the statement left
                // nothing, so its rows go again one by one to find that meal.
                if insert.rows > 1 {
                    for row in start..<start + insert.rows { try run(insertOne, batch, from: row) }
                }
                throw StoreError(.badData, PlanConflict.message(batch.entries[start], sqliteMessage: message))
            }
            throw StoreError.wrapping(DatabaseError(resultCode: ResultCode(rawValue: code), message: message), path: path)
        }
    }

    /// The position of a new meal when it is known without a query, else `nil`.
    private func countedPosition(day: Int64, slotID: Int64) -> Int64? {
        guard inDateOrder else { return nil }
        if let runDay, day < runDay {
            inDateOrder = false
            return nil
        }
        if day != runDay {
            runDay = day
            nextPositions.removeAll(keepingCapacity: true)
        }
        if occupiedDays?.contains(day) == true { return nil }
        let position = nextPositions[slotID, default: 0]
        nextPositions[slotID] = position + 1
        return position
    }
}

/// Leftovers of an import whose source was not found (`MealImporter.linkLeftovers`): the line
/// of the meal, imported plain, and the source it named.
public struct UnlinkedLeftovers: Sendable, Equatable {
    public let line: Int
    public let source: LeftoversSource
}
