import GRDB
import GRDBSQLite
import MealPlanCore
#if canImport(Glibc)
import Glibc
#endif

/// One prepared INSERT of one or more meals, run with raw SQLite calls for speed.
struct MealInsert {
    private struct Parameters {
        var id, day, slotID, title, note, recipe, servings, uid, ruleID, ruleDay, status, eaters: Int32
        /// 0 when the statement finds the position itself.
        var position: Int32
    }

    private let statement: Statement
    private let parameters: [Parameters]
    var rows: Int { parameters.count }

    /// How a statement that breaks a constraint ends. SQLite's default, `ABORT`, undoes the
    /// statement's own rows and leaves the transaction going, for which it copies every page
    /// that the statement changes and that was there before into a statement journal, a
    /// temporary file: with the unique indexes kept row by row (day and slot, UID), about as
    /// many writes again as the import's own for a million meals. `FAIL` leaves the rows
    /// made before the failure and needs no such journal, for an import whose transaction
    /// fails whole on any error.
    enum OnConflict: String {
        case abort = "ABORT"
        case fail = "FAIL"
    }

    /// `rows` meals whose positions are known. An id left NULL is a new one; so are the rule
    /// columns of a meal that replaces no occurrence.
    init(_ db: Database, rows: Int, onConflict: OnConflict) throws {
        let values = repeatElement("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
        statement = try db.makeStatement(sql: """
            INSERT OR \(onConflict.rawValue) INTO meal(day, slotId, position, title, note, recipe, servings, uid, id, ruleId, ruleDay, status, eaters)
            VALUES \(values)
            """)
        parameters = (0..<Int32(rows)).map { row in
            let first = 13 * row
            return Parameters(
                id: first + 9, day: first + 1, slotID: first + 2, title: first + 4, note: first + 5, recipe: first + 6,
                servings: first + 7, uid: first + 8, ruleID: first + 10, ruleDay: first + 11, status: first + 12,
                eaters: first + 13, position: first + 3)
        }
    }

    /// One new meal that the statement puts at the end of its slot, asking the day/slot index.
    init(atEndOfSlot db: Database, onConflict: OnConflict) throws {
        statement = try db.makeStatement(sql: """
            INSERT OR \(onConflict.rawValue) INTO meal(day, slotId, position, title, note, recipe, servings, uid, status, eaters)
            VALUES (:day, :slotId, \(MealStore.nextPositionSQL), :title, :note, :recipe, :servings, :uid, :status, :eaters)
            """)
        let handle = statement.sqliteStatement
        parameters = [Parameters(
            id: 0,
            day: sqlite3_bind_parameter_index(handle, ":day"),
            slotID: sqlite3_bind_parameter_index(handle, ":slotId"),
            title: sqlite3_bind_parameter_index(handle, ":title"),
            note: sqlite3_bind_parameter_index(handle, ":note"),
            recipe: sqlite3_bind_parameter_index(handle, ":recipe"),
            servings: sqlite3_bind_parameter_index(handle, ":servings"),
            uid: sqlite3_bind_parameter_index(handle, ":uid"),
            ruleID: 0, ruleDay: 0,
            status: sqlite3_bind_parameter_index(handle, ":status"),
            eaters: sqlite3_bind_parameter_index(handle, ":eaters"),
            position: 0)]
    }

    /// The stored values of `MealStatus`, NUL-terminated, made once for the program's life and
    /// bound without a copy.
    nonisolated(unsafe) private static let done = UnsafePointer<CChar>(strdup(MealStatus.done.rawValue)!)
    nonisolated(unsafe) private static let skipped = UnsafePointer<CChar>(strdup(MealStatus.skipped.rawValue)!)

    /// Binds `rows` meals of `pending` from `start` on and steps the INSERT; the text and UIDs
    /// are bound without copying, valid for the step only. A parameter numbered 0 is not in the
    /// statement.
    func run(_ pending: MealBatch, from start: Int) -> Int32 {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        return pending.text.withUnsafeBufferPointer { text in
            let base = UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self)
            for (meal, parameters) in zip(pending.entries[start...], parameters) {
                sqlite3_bind_int64(handle, parameters.day, meal.day)
                sqlite3_bind_int64(handle, parameters.slotID, meal.slotID)
                if let position = meal.position { sqlite3_bind_int64(handle, parameters.position, position) }
                func bindNumber(_ number: Int64?, to parameter: Int32) {
                    guard parameter != 0 else { return }
                    if let number { sqlite3_bind_int64(handle, parameter, number) } else { sqlite3_bind_null(handle, parameter) }
                }
                bindNumber(meal.id, to: parameters.id)
                bindNumber(meal.ruleID, to: parameters.ruleID)
                bindNumber(meal.ruleDay, to: parameters.ruleDay)
                func bindText(_ span: MealBatch.TextSpan?, to parameter: Int32) {
                    if let span {
                        sqlite3_bind_text(handle, parameter, base + span.offset, span.bindLength, nil)
                    } else {
                        sqlite3_bind_null(handle, parameter)
                    }
                }
                sqlite3_bind_blob(handle, parameters.uid, base + meal.uid, 16, nil)
                bindText(meal.title, to: parameters.title)
                bindText(meal.note, to: parameters.note)
                bindText(meal.recipe, to: parameters.recipe)
                func bindNumber(_ number: Double?, to parameter: Int32) {
                    if let number { sqlite3_bind_double(handle, parameter, number) } else { sqlite3_bind_null(handle, parameter) }
                }
                bindNumber(meal.servings, to: parameters.servings)
                bindNumber(meal.eaters, to: parameters.eaters)
                switch meal.status {
                case .planned: sqlite3_bind_null(handle, parameters.status)
                case .done: sqlite3_bind_text(handle, parameters.status, Self.done, -1, nil)
                case .skipped: sqlite3_bind_text(handle, parameters.status, Self.skipped, -1, nil)
                }
            }
            return sqlite3_step(handle)
        }
    }
}
