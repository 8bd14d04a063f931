import GRDB
import GRDBSQLite

/// One prepared INSERT of one or more meals, run with raw SQLite calls for speed.
struct MealInsert {
    private struct Parameters {
        var day, slotID, title, note, recipe, servings, uid: Int32
        /// 0 when the statement finds the position itself.
        var position: Int32
    }

    private let statement: Statement
    private let parameters: [Parameters]
    var rows: Int { parameters.count }

    /// `rows` meals whose positions are known.
    init(_ db: Database, rows: Int) throws {
        let values = repeatElement("(?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
        statement = try db.makeStatement(
            sql: "INSERT INTO meal(day, slotId, position, title, note, recipe, servings, uid) VALUES \(values)")
        parameters = (0..<Int32(rows)).map { row in
            let first = 8 * row
            return Parameters(
                day: first + 1, slotID: first + 2, title: first + 4, note: first + 5, recipe: first + 6, servings: first + 7,
                uid: first + 8, position: first + 3)
        }
    }

    /// One meal that the statement puts at the end of its slot, asking the day/slot index.
    init(atEndOfSlot db: Database) throws {
        statement = try db.makeStatement(sql: """
            INSERT INTO meal(day, slotId, position, title, note, recipe, servings, uid)
            VALUES (:day, :slotId, \(MealStore.nextPositionSQL), :title, :note, :recipe, :servings, :uid)
            """)
        let handle = statement.sqliteStatement
        parameters = [Parameters(
            day: sqlite3_bind_parameter_index(handle, ":day"),
            slotID: sqlite3_bind_parameter_index(handle, ":slotId"),
            title: sqlite3_bind_parameter_index(handle, ":title"),
            note: sqlite3_bind_parameter_index(handle, ":note"),
            recipe: sqlite3_bind_parameter_index(handle, ":recipe"),
            servings: sqlite3_bind_parameter_index(handle, ":servings"),
            uid: sqlite3_bind_parameter_index(handle, ":uid"),
            position: 0)]
    }

    /// Binds `rows` meals of `pending` from `start` on and steps the INSERT; the text and UIDs
    /// are bound without copying, valid for the step only.
    func run(_ pending: MealBatch, from start: Int) -> Int32 {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        return pending.text.withUnsafeBufferPointer { text in
            let base = UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self)
            for (meal, parameters) in zip(pending.entries[start...], parameters) {
                sqlite3_bind_int64(handle, parameters.day, meal.day)
                sqlite3_bind_int64(handle, parameters.slotID, meal.slotID)
                if let position = meal.position { sqlite3_bind_int64(handle, parameters.position, position) }
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
                if let servings = meal.servings {
                    sqlite3_bind_double(handle, parameters.servings, servings)
                } else {
                    sqlite3_bind_null(handle, parameters.servings)
                }
            }
            return sqlite3_step(handle)
        }
    }
}
