import GRDB
import GRDBSQLite
import MealPlanCore

/// Adds many meals inside the one transaction of `MealStore.importMeals`.
///
/// Built for a million rows: prepared statements whose parameters are bound straight to SQLite
/// (no argument boxing per row), slot names resolved once per distinct spelling, and positions
/// counted in memory while rows arrive in date order on days that had no meals before; only
/// other rows ask the day/slot index for the end of their slot, inside their INSERT.
/// It exists only during `importMeals`; keeping it past that call is a programming error.
public final class MealImporter {
    private let database: Database
    private let insertAtEnd: RowInsert
    private let insertAtPosition: RowInsert
    private let slots: [MealStore.StoredSlot]
    private var slotIDs: [String: Int64] = [:]
    /// The days that had meals before the import began, when any did.
    private let occupiedDays: ClosedRange<Int64>?
    /// While rows come in date order: the latest day and the next position of each of its slots.
    private var runDay: Int64?
    private var nextPositions: [Int64: Int64] = [:]
    private var inDateOrder = true
    /// How many meals were added so far.
    public private(set) var count = 0

    init(_ db: Database) throws {
        database = db
        insertAtEnd = try RowInsert(db, position: MealStore.nextPositionSQL)
        insertAtPosition = try RowInsert(db, position: ":position")
        slots = try MealStore.storedSlots(db)
        let bounds = try Row.fetchOne(db, sql: "SELECT MIN(day), MAX(day) FROM meal")
        let first: Int64? = bounds?[0], last: Int64? = bounds?[1]
        occupiedDays = first.flatMap { first in last.map { first...$0 } }
    }

    /// Adds one meal at the end of its day's slot. The error says what is wrong with this meal
    /// (unknown slot, empty title, …) without saying where; the caller adds the line.
    public func add(day: Day, slot: String, title: String, note: String?) throws(StoreError) {
        let slotID = try slotID(slot)
        let title = try MealStore.validTitle(title)
        let day = Int64(day.number)
        let note = Meal.validNote(note)
        let code: Int32
        if let position = countedPosition(day: day, slotID: slotID) {
            code = insertAtPosition.run(day: day, slotID: slotID, position: position, title: title, note: note)
        } else {
            code = insertAtEnd.run(day: day, slotID: slotID, position: nil, title: title, note: note)
        }
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(database.sqliteConnection))
            throw StoreError.wrapping(DatabaseError(resultCode: ResultCode(rawValue: code), message: message), path: "import")
        }
        count += 1
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

    private func slotID(_ input: String) throws(StoreError) -> Int64 {
        if let id = slotIDs[input] { return id }
        let slot: MealSlot
        do {
            slot = try slots.map(\.slot).resolve(input)
        } catch {
            throw .input(error.message)
        }
        let id = slots.first { $0.slot == slot }!.id
        slotIDs[input] = id
        return id
    }
}

/// One prepared INSERT of a meal, run with raw SQLite calls for speed.
private struct RowInsert {
    let statement: Statement
    let day, slotID, position, title, note: Int32

    init(_ db: Database, position: String) throws {
        statement = try db.makeStatement(sql: """
            INSERT INTO meal(day, slotId, position, title, note)
            VALUES (:day, :slotId, \(position), :title, :note)
            """)
        let handle = statement.sqliteStatement
        day = sqlite3_bind_parameter_index(handle, ":day")
        slotID = sqlite3_bind_parameter_index(handle, ":slotId")
        self.position = sqlite3_bind_parameter_index(handle, ":position")
        title = sqlite3_bind_parameter_index(handle, ":title")
        note = sqlite3_bind_parameter_index(handle, ":note")
    }

    /// Binds and steps the INSERT; the text is bound without copying, valid for the step only.
    func run(day: Int64, slotID: Int64, position: Int64?, title: String, note: String?) -> Int32 {
        let handle = statement.sqliteStatement
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        sqlite3_bind_int64(handle, self.day, day)
        sqlite3_bind_int64(handle, self.slotID, slotID)
        if let position { sqlite3_bind_int64(handle, self.position, position) }
        var title = title
        var note = note
        return title.withUTF8 { title in
            sqlite3_bind_text(handle, self.title, title.baseAddress, Int32(title.count), nil)
            guard note != nil else { return sqlite3_step(handle) }
            return note!.withUTF8 { note in
                sqlite3_bind_text(handle, self.note, note.baseAddress, Int32(note.count), nil)
                return sqlite3_step(handle)
            }
        }
    }
}

extension MealStore {
    /// Runs `body` with an importer inside ONE transaction: if `body` or any row throws,
    /// nothing is added. With `dryRun`, everything is checked (schema constraints included) and
    /// then rolled back. Returns the number of meals added (or that would be added).
    @discardableResult
    public func importMeals(dryRun: Bool = false, _ body: (MealImporter) throws -> Void) throws -> Int {
        var count = 0
        do {
            try writer.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    let importer = try MealImporter(db)
                    try body(importer)
                    count = importer.count
                    return dryRun ? .rollback : .commit
                }
            }
        } catch let error as DatabaseError {
            throw StoreError.wrapping(error, path: path)
        }
        return count
    }
}
