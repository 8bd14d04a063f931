import GRDB
import GRDBSQLite
import MealPlanCore

/// The row a statement selecting `MealStore.mealColumns` stands on, read with raw SQLite calls:
/// its texts are handed over where SQLite holds them, until the statement steps again, so an
/// export writes a million meals without making a string of any (see Benchmarks/cli-vs-sqlite3.sh).
struct StoredMealRow {
    private let statement: SQLiteStatement

    init(_ statement: SQLiteStatement) {
        self.statement = statement
    }

    /// The meal's day, its slot's place in the day and its position: its place in display order.
    var place: (day: Int, slot: Int, position: Int) {
        (Int(integer(.day)), Int(integer(.slotPosition)), Int(integer(.position)))
    }

    /// The meal, its texts in place.
    var view: MealRowView {
        MealRowView(
            id: isNull(.id) ? nil : integer(.id),
            uid: ItemUID.stored(sqlite3_column_blob(statement, index(.uid)).map {
                UnsafeRawBufferPointer(start: $0, count: Int(sqlite3_column_bytes(statement, index(.uid))))
            }),
            day: Day(clamping: Int(integer(.day))), slot: text(.slot) ?? Self.empty, position: Int(integer(.position)),
            title: text(.title) ?? Self.empty, note: text(.note), recipe: text(.recipe),
            servings: isNull(.servings) ? nil : sqlite3_column_double(statement, index(.servings)),
            occurrence: isNull(.ruleId) ? nil : Occurrence(rule: integer(.ruleId), day: Day(clamping: Int(integer(.ruleDay)))),
            status: status, leftoversOf: isNull(.leftoversOf) ? nil : integer(.leftoversOf),
            eaters: isNull(.eaters) ? nil : sqlite3_column_double(statement, index(.eaters)),
            leftoversSource: leftoversSource)
    }

    /// The source of leftovers, as the columns read give it (its UID, or its day and slot).
    private var leftoversSource: LeftoversSource? {
        guard !isNull(.leftoversOf) else { return nil }
        return LeftoversSource(
            uid: ItemUID.stored(sqlite3_column_blob(statement, index(.sourceUID)).map {
                UnsafeRawBufferPointer(start: $0, count: Int(sqlite3_column_bytes(statement, index(.sourceUID))))
            }),
            day: isNull(.sourceDay) ? nil : Day(clamping: Int(integer(.sourceDay))),
            slot: text(.sourceSlot).map { String(decoding: $0, as: UTF8.self) })
    }

    /// The meal's status, read by its first letter: the column's check admits only 'done' and
    /// 'skipped' (anything else another program got past it reads as planned).
    private var status: MealStatus {
        switch text(.status)?.first {
        case UInt8(ascii: "d"): .done
        case UInt8(ascii: "s"): .skipped
        default: .planned
        }
    }

    private static var empty: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }

    private func index(_ column: MealStore.MealColumn) -> Int32 { Int32(column.rawValue) }

    private func isNull(_ column: MealStore.MealColumn) -> Bool {
        sqlite3_column_type(statement, index(column)) == SQLITE_NULL
    }

    private func integer(_ column: MealStore.MealColumn) -> Int64 {
        sqlite3_column_int64(statement, index(column))
    }

    /// The column's UTF-8 bytes, or nil for NULL (the text first, then its length, as SQLite asks).
    private func text(_ column: MealStore.MealColumn) -> UnsafeBufferPointer<UInt8>? {
        guard let start = sqlite3_column_text(statement, index(column)) else { return nil }
        return UnsafeBufferPointer(start: start, count: Int(sqlite3_column_bytes(statement, index(column))))
    }
}
