import GRDB
import MealPlanCore
import Recurrence
import TestSupport
import Testing
@testable import MealPlanStore

/// A batch of changes (the planner's template laid down, its undo) stopped by its progress
/// partway, as the planner's Esc or Ctrl-C stops it: one transaction rolled back, every row of
/// every table as it was.
@Suite struct CancelledChangesTests {
    struct Cancelled: Error {}

    /// A plan with meals, a repeat rule with a skipped day, and a template.
    func plan(_ kind: StoreKind, in folder: TemporaryFolder) throws -> MealStore {
        let store = try makeStore(kind, in: folder)
        try store.apply([
            .add(Meal(day: day("2026-03-02"), slot: "dinner", title: "Lasagne", note: "double batch")),
            .add(Meal(day: day("2026-03-02"), slot: "breakfast", title: "Porridge")),
            .add(Meal(day: day("2026-03-03"), slot: "lunch", title: "Soup", recipe: "Lentil soup", servings: 4)),
        ])
        let pizza = try store.addRule(try RepeatRule(firstDay: day("2026-03-06"), pattern: .weeks(interval: 1, weekdays: [.friday])),
                                      meal: Meal(day: day("2026-03-06"), slot: "dinner", title: "Pizza"))
        try store.skipOccurrence(rule: pizza.id, on: day("2026-03-13"))
        try store.saveTemplate("two days", from: day("2026-03-02"), days: 2)
        return store
    }

    /// Every row of every table, the search tables' and SQLite's own counters included, as text.
    func everyRow(_ store: MealStore) throws -> [String: [String]] {
        let tables = try store.fetchStrings("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'")
        #expect(tables.contains("meal") && tables.contains("sqlite_sequence"))
        return try tables.reduce(into: [:]) { rows, table in
            let columns = try store.fetchStrings("SELECT name FROM pragma_table_info('\(table)')")
            let row = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
            rows[table] = try store.fetchStrings("SELECT \(row) FROM \"\(table)\"").sorted()
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aCancelledApplyLeavesEveryRowAsItWas(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try plan(kind, in: folder)
        let before = try everyRow(store)
        let laid = try store.applyTemplate("two days", to: day("2026-04-01"), times: 50, dryRun: true).meals
        #expect(laid.count == 150)
        var told: [Int] = []
        #expect(throws: StoreError.self) {
            try store.make(laid.map { .add($0) }) { done, total in
                #expect(total == 150)
                told.append(done)
                if done == 100 { throw Cancelled() }
            }
        }
        #expect(told == Array(1...100))
        #expect(try everyRow(store) == before)
        #expect(try store.fetchStrings("PRAGMA integrity_check") == ["ok"])

        // Its undo, stopped the same way after the apply was made: the apply stays whole.
        let made = try store.make(laid.map { .add($0) })
        let applied = try everyRow(store)
        #expect(applied["meal"]!.count == before["meal"]!.count + 150)
        #expect(throws: StoreError.self) {
            try store.make(made.reversed().map(\.inverse)) { done, _ in
                if done == 149 { throw Cancelled() }
            }
        }
        #expect(try everyRow(store) == applied)
    }
}
