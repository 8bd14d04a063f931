import MealPlanCore
import TestSupport
import Testing
@testable import MealPlanStore

@Suite struct ImportTests {
    @Test(arguments: StoreKind.allCases)
    func importAddsEveryRowInOneTransaction(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Existing")
        let count = try store.importMeals { importer in
            try importer.add(Meal(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: ""))
            try importer.add(Meal(day: day("2026-03-02"), slot: "lunch", title: "Bread", note: "rye"))
            try importer.add(Meal(day: day("2026-03-01"), slot: "dinner", title: "Pasta", note: nil))
        }
        #expect(count == 3)
        let meals = try store.meals(in: .all)
        #expect(meals.map(\.title) == ["Pasta", "Existing", "Soup", "Bread"])
        #expect(meals.map(\.position) == [0, 0, 1, 2])
        #expect(meals[3].note == "rye" && meals[2].note == nil)
        // The import checks slot references and the table's CHECK constraints itself; the
        // schema checks them again afterwards.
        #expect(throws: (any Error).self) {
            try store.execute("INSERT INTO meal(day, slotId, position, title) VALUES (0, 99, 0, 'Soup')")
        }
        #expect(throws: (any Error).self) {
            try store.execute("INSERT INTO meal(day, slotId, position, title) VALUES (0, 1, 5, ' Soup')")
        }
        #expect(throws: (any Error).self) {
            try store.execute("INSERT INTO meal(day, slotId, position, title) VALUES (0, 1, -1, 'Soup')")
        }
    }

    /// The import inserts with the CHECK constraints off: a title that SQL reads as empty (its
    /// `length` stops at a NUL at its start), which the constraint refuses, is refused before.
    @Test(arguments: StoreKind.allCases)
    func titleEmptyToSQLIsRefused(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        #expect(throws: StoreError(.input, "the title is empty")) {
            try store.importMeals { importer in
                try importer.add(Meal(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: nil))
                try importer.add(Meal(day: day("2026-03-02"), slot: "lunch", title: "\u{0}Soup", note: nil))
            }
        }
        #expect(try store.mealCount() == 0)
        // The same title written by SQL with the constraints on is refused by them.
        #expect(throws: (any Error).self) {
            try store.execute("INSERT INTO meal(day, slotId, position, title) VALUES (0, 1, 0, CAST(X'00536F7570' AS TEXT))")
        }
    }

    /// Positions are counted in memory for rows in date order and asked of the index otherwise;
    /// both ways must agree.
    @Test(arguments: StoreKind.allCases)
    func positionsStayCorrectInAnyRowOrder(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        try store.addMeal(day: day("2026-03-10"), slot: "lunch", title: "Existing")
        try store.importMeals { importer in
            for (date, slot, title) in [
                ("2026-03-01", "lunch", "A"), ("2026-03-01", "dinner", "B"), ("2026-03-01", "lunch", "C"),
                ("2026-03-02", "lunch", "D"), ("2026-03-10", "lunch", "E"), ("2026-03-11", "lunch", "F"),
                ("2026-03-01", "lunch", "G"), ("2026-03-11", "lunch", "H"),
            ] {
                try importer.add(Meal(day: day(date), slot: slot, title: title, note: nil))
            }
        }
        let placed = try store.meals(in: .all).map { "\($0.day.iso) \($0.slot) \($0.position) \($0.title)" }
        #expect(placed == [
            "2026-03-01 lunch 0 A", "2026-03-01 lunch 1 C", "2026-03-01 lunch 2 G", "2026-03-01 dinner 0 B",
            "2026-03-02 lunch 0 D", "2026-03-10 lunch 0 Existing", "2026-03-10 lunch 1 E",
            "2026-03-11 lunch 0 F", "2026-03-11 lunch 1 H",
        ])
    }

    /// Rows go in runs of `rowsPerInsert` to one INSERT, the rest one by one; a row that asks
    /// the index for its position (a day that had meals) sends the rows before it first.
    @Test(arguments: StoreKind.allCases)
    func manyRowsGoInWholeRunsAndSingly(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        // 150 rows, 8 lunches a day: 144 counted rows (two runs of 64 and 16 single rows),
        // then 6 rows on the day of the existing meal, which ask the index.
        try store.addMeal(day: day("2026-03-19"), slot: "lunch", title: "Existing")
        let count = 2 * MealImporter.rowsPerInsert + 22
        let first = day("2026-03-01")
        try store.importMeals { importer in
            for index in 0..<count {
                try importer.add(Meal(day: first.adding(days: index / 8), slot: "lunch", title: "Meal \(index)", note: nil))
            }
        }
        let meals = try store.meals(in: .all)
        let titles = (0..<count).map { "Meal \($0)" }
        #expect(meals.map(\.title) == titles[..<144] + ["Existing"] + titles[144...])
        #expect(meals.map(\.position) == (0..<145).map { $0 % 8 } + Array(1...6))
    }

    /// Text is bound NUL-terminated, except text holding a NUL, which is bound with its length
    /// so that nothing after the NUL is lost.
    @Test func textWithNULIsStoredWhole() throws {
        let store = try MealStore.inMemory()
        try store.importMeals { importer in
            try importer.add(Meal(day: day("2026-03-02"), slot: "lunch", title: "Soup\u{0}and bread", note: "a\u{0}b"))
        }
        // GRDB reads text only up to a NUL, so the stored bytes are compared.
        #expect(try store.fetchStrings("SELECT hex(title) || ' ' || hex(note) FROM meal")
            == ["536F757000616E64206272656164 610062"])
    }

    @Test(arguments: StoreKind.allCases)
    func anyBadRowImportsNothing(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        #expect(throws: StoreError(.input, "unknown slot 'tea'; slots are breakfast, lunch, dinner, snack")) {
            try store.importMeals { importer in
                try importer.add(Meal(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: nil))
                try importer.add(Meal(day: day("2026-03-02"), slot: "tea", title: "Cake", note: nil))
            }
        }
        #expect(throws: StoreError(.input, "the title is empty")) {
            try store.importMeals { importer in
                try importer.add(Meal(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: nil))
                try importer.add(Meal(day: day("2026-03-02"), slot: "lunch", title: "", note: nil))
            }
        }
        struct CallerError: Error {}
        #expect(throws: CallerError.self) {
            try store.importMeals { importer in
                try importer.add(Meal(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: nil))
                throw CallerError()
            }
        }
        #expect(try store.mealCount() == 0)
    }

    @Test(arguments: StoreKind.allCases)
    func dryRunChecksEverythingAndAddsNothing(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let count = try store.importMeals(dryRun: true) { importer in
            try importer.add(Meal(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: nil))
            try importer.add(Meal(day: day("2026-03-03"), slot: "lunch", title: "Bread", note: nil))
        }
        #expect(count == 2)
        #expect(try store.mealCount() == 0)
    }
}
