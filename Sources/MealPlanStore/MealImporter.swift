import GRDB
import GRDBSQLite
import MealPlanCore

/// Adds many meals inside the one transaction of `MealStore.importMeals`.
///
/// Built for a million rows: prepared statements whose parameters are bound straight to SQLite
/// (no argument boxing per row), slot names resolved once per distinct spelling, and positions
/// counted in memory while rows arrive in date order on days that had no meals before; only
/// other rows ask the day/slot index for the end of their slot, inside their INSERT.
/// Rows with counted positions go 64 at a time into one INSERT: every execution of a
/// statement has a fixed cost (cursors opened and closed, memory released) that a single row
/// would pay alone.
/// It exists only during `importMeals`; keeping it past that call is a programming error.
public final class MealImporter {
    /// Rows per many-row INSERT: 42 % fewer SQLite instructions per row than one row at a time;
    /// 128 would save only 1 % more (measured).
    static let rowsPerInsert = 64

    private let database: Database
    private let insertMany: MealInsert
    private let insertOne: MealInsert
    private let insertAtEnd: MealInsert
    /// Checks the meals given to `add`, which wait in `pending` for a full INSERT.
    private(set) var checker: MealChecker
    private var pending = MealBatch()
    /// The days that had meals before the import began, when any did.
    private let occupiedDays: ClosedRange<Int64>?
    /// While rows come in date order: the latest day and the next position of each of its slots.
    private var runDay: Int64?
    private var nextPositions: [Int64: Int64] = [:]
    private var inDateOrder = true
    /// How many meals were added so far.
    public private(set) var count = 0
    /// The first and last day of the meals added so far.
    private var dayNumbers: ClosedRange<Int64>?

    init(_ db: Database) throws {
        database = db
        insertMany = try MealInsert(db, rows: Self.rowsPerInsert)
        insertOne = try MealInsert(db, rows: 1)
        insertAtEnd = try MealInsert(atEndOfSlot: db)
        checker = MealChecker(slots: try MealStore.storedSlots(db))
        let bounds = try Row.fetchOne(db, sql: "SELECT MIN(day), MAX(day) FROM meal")
        let first: Int64? = bounds?[0], last: Int64? = bounds?[1]
        occupiedDays = first.flatMap { first in last.map { first...$0 } }
    }

    /// The days from the first to the last meal added, if any.
    var days: DayRange? {
        dayNumbers.map { DayRange(Day(number: Int($0.lowerBound))!, Day(number: Int($0.upperBound))!) }
    }

    /// Adds one meal at the end of its day's slot. The error says what is wrong with this meal
    /// (unknown slot, empty title, …) without saying where; the caller adds the line.
    public func add(day: Day, slot: String, title: String, note: String?) throws(StoreError) {
        try checker.append(day: day, slot: slot, title: title, note: note, to: &pending)
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
        for index in batch.meals.indices {
            let meal = batch.meals[index]
            dayNumbers = min(dayNumbers?.lowerBound ?? meal.day, meal.day)...max(dayNumbers?.upperBound ?? meal.day, meal.day)
            if let position = countedPosition(day: meal.day, slotID: meal.slotID) {
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
            throw StoreError.wrapping(DatabaseError(resultCode: ResultCode(rawValue: code), message: message), path: "import")
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

/// Checks meals for an import and adds them to a batch. It needs only the slots read when the
/// import began (no one can change them during its IMMEDIATE transaction), so it can run on a
/// thread of its own while the importer inserts earlier batches.
public struct MealChecker: Sendable {
    private let slots: [MealStore.StoredSlot]
    private var slotIDs: [String: Int64] = [:]

    init(slots: [MealStore.StoredSlot]) {
        self.slots = slots
    }

    /// Adds the meal to `batch` if it is valid. The error says what is wrong with this meal
    /// (unknown slot, empty title, …) without saying where; the caller adds the line.
    public mutating func append(day: Day, slot: String, title: String, note: String?, to batch: inout MealBatch) throws(StoreError) {
        let slotID = try slotID(slot)
        let title = try MealStore.validTitle(title)
        batch.append(day: Int64(day.number), slotID: slotID, title: title, note: Meal.validNote(note))
    }

    private mutating func slotID(_ input: String) throws(StoreError) -> Int64 {
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

/// Checked meals on their way to the database, their text copied into one buffer, each text
/// followed by a NUL.
///
/// Text bound NUL-terminated is read by SQLite in place; text bound with a length only is
/// copied once more (a malloc and a free per field) as soon as a CHECK constraint calls
/// `length` or `trim` on it. That copy was 6 % of an import's instructions.
public struct MealBatch: Sendable {
    struct Meal {
        var day: Int64
        var slotID: Int64
        /// Known once the importer placed the meal; `nil` when its INSERT asks the index.
        var position: Int64?
        var title: TextSpan
        var note: TextSpan?
    }

    /// Where a text lies in `text`, and the length to bind: -1 (read up to the NUL) unless the
    /// text itself holds a NUL, which only a caller other than the CSV reader can pass.
    struct TextSpan {
        var offset: Int
        var bindLength: Int32
    }

    private(set) var meals: [Meal] = []
    private(set) var text: [UInt8] = []

    /// An empty batch with room for `capacity` meals of typical length.
    public init(capacity: Int = 0) {
        meals.reserveCapacity(capacity)
        text.reserveCapacity(capacity * 48)
    }

    public var count: Int { meals.count }

    mutating func append(day: Int64, slotID: Int64, title: String, note: String?) {
        let title = store(title)
        let note = note.map { store($0) }
        meals.append(Meal(day: day, slotID: slotID, title: title, note: note))
    }

    mutating func setPosition(_ position: Int64, at index: Int) {
        meals[index].position = position
    }

    public mutating func removeAll() {
        meals.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
    }

    private mutating func store(_ string: String) -> TextSpan {
        var string = string
        return string.withUTF8 { bytes in
            let span = TextSpan(offset: text.count, bindLength: bytes.contains(0) ? Int32(bytes.count) : -1)
            text.append(contentsOf: bytes)
            text.append(0)
            return span
        }
    }
}

/// One prepared INSERT of one or more meals, run with raw SQLite calls for speed.
private struct MealInsert {
    private struct Parameters {
        var day, slotID, title, note: Int32
        /// 0 when the statement finds the position itself.
        var position: Int32
    }

    private let statement: Statement
    private let parameters: [Parameters]
    var rows: Int { parameters.count }

    /// `rows` meals whose positions are known.
    init(_ db: Database, rows: Int) throws {
        let values = repeatElement("(?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
        statement = try db.makeStatement(sql: "INSERT INTO meal(day, slotId, position, title, note) VALUES \(values)")
        parameters = (0..<Int32(rows)).map { row in
            Parameters(day: 5 * row + 1, slotID: 5 * row + 2, title: 5 * row + 4, note: 5 * row + 5, position: 5 * row + 3)
        }
    }

    /// One meal that the statement puts at the end of its slot, asking the day/slot index.
    init(atEndOfSlot db: Database) throws {
        statement = try db.makeStatement(sql: """
            INSERT INTO meal(day, slotId, position, title, note)
            VALUES (:day, :slotId, \(MealStore.nextPositionSQL), :title, :note)
            """)
        let handle = statement.sqliteStatement
        parameters = [Parameters(
            day: sqlite3_bind_parameter_index(handle, ":day"),
            slotID: sqlite3_bind_parameter_index(handle, ":slotId"),
            title: sqlite3_bind_parameter_index(handle, ":title"),
            note: sqlite3_bind_parameter_index(handle, ":note"),
            position: 0)]
    }

    /// Binds `rows` meals of `pending` from `start` on and steps the INSERT; the text is bound
    /// without copying, valid for the step only.
    func run(_ pending: MealBatch, from start: Int) -> Int32 {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        return pending.text.withUnsafeBufferPointer { text in
            let base = UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self)
            for (meal, parameters) in zip(pending.meals[start...], parameters) {
                sqlite3_bind_int64(handle, parameters.day, meal.day)
                sqlite3_bind_int64(handle, parameters.slotID, meal.slotID)
                if let position = meal.position { sqlite3_bind_int64(handle, parameters.position, position) }
                sqlite3_bind_text(handle, parameters.title, base + meal.title.offset, meal.title.bindLength, nil)
                if let note = meal.note {
                    sqlite3_bind_text(handle, parameters.note, base + note.offset, note.bindLength, nil)
                } else {
                    sqlite3_bind_null(handle, parameters.note)
                }
            }
            return sqlite3_step(handle)
        }
    }
}

/// What an import added (or would add, in a dry run).
public struct ImportSummary: Sendable, Equatable {
    public let count: Int
    /// The days from the first to the last meal, if there were any.
    public let days: DayRange?
}

extension MealStore {
    /// Runs `body` with an importer inside ONE transaction: if `body` or any row throws,
    /// nothing is added. With `dryRun`, everything is checked (schema constraints included) and
    /// then rolled back. Returns the number of meals added (or that would be added).
    @discardableResult
    public func importMeals(dryRun: Bool = false, _ body: (MealImporter) throws -> Void) throws -> Int {
        try inImportTransaction(dryRun: dryRun) { importer in
            try body(importer)
            try importer.finish()
        }.count
    }

    /// Runs `body` with a new importer in the one transaction of an import.
    func inImportTransaction(dryRun: Bool, _ body: (MealImporter) throws -> Void) throws -> ImportSummary {
        var summary = ImportSummary(count: 0, days: nil)
        do {
            try writer.writeWithoutTransaction { db in
                // Every slot id the importer inserts was just read from the slot table inside
                // the same transaction, so the per-row foreign key lookup (a sixth of the time
                // of a big import) proves nothing; it stays on for every other write.
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
                try db.inTransaction(.immediate) {
                    let importer = try MealImporter(db)
                    try body(importer)
                    summary = ImportSummary(count: importer.count, days: importer.days)
                    return dryRun ? .rollback : .commit
                }
            }
        } catch let error as DatabaseError {
            throw StoreError.wrapping(error, path: path)
        }
        return summary
    }
}
