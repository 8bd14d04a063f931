import Foundation
import GRDB
import MealPlanCore
import TestSupport
import Testing
@testable import MealPlanStore

@Suite struct SchemaTests {
    @Test(arguments: StoreKind.allCases)
    func migrationsCreateTheSchemaAndDefaultSlots(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        #expect(try store.fetchStrings("PRAGMA user_version") == ["\(Schema.version)"])
        #expect(try store.fetchStrings("PRAGMA application_id") == ["\(Schema.applicationID)"])
        #expect(try store.slots() == MealSlot.defaults)
        #expect(try store.fetchStrings("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'meal_%'")
            == ["meal_by_day"])
    }

    /// `open` refuses empty files (they may be someone's), but the migrations themselves build
    /// the whole schema in an empty database file.
    @Test func migrationsRunFromAnEmptyFile() throws {
        let folder = TemporaryFolder()
        let path = folder.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let store = try MealStore(writer: DatabaseQueue(path: path), path: path)
        #expect(try store.fetchStrings("PRAGMA user_version") == ["\(Schema.version)"])
        #expect(try store.slots() == MealSlot.defaults)
        try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        #expect(try store.mealCount() == 1)
    }

    /// Rows that break a rule are refused by SQLite itself, not only by Swift code.
    @Test(arguments: StoreKind.allCases, [
        ("day before 0001-01-01", "INSERT INTO meal(day, slotId, position, title) VALUES (-719163, 1, 0, 'Soup')"),
        ("day after 9999-12-31", "INSERT INTO meal(day, slotId, position, title) VALUES (2932897, 1, 0, 'Soup')"),
        ("day as text", "INSERT INTO meal(day, slotId, position, title) VALUES ('2026-01-01', 1, 0, 'Soup')"),
        ("empty title", "INSERT INTO meal(day, slotId, position, title) VALUES (0, 1, 0, '')"),
        ("untrimmed title", "INSERT INTO meal(day, slotId, position, title) VALUES (0, 1, 0, ' Soup')"),
        ("overlong title", "INSERT INTO meal(day, slotId, position, title) VALUES (0, 1, 0, printf('%.*c', 4001, 'x'))"),
        ("missing title", "INSERT INTO meal(day, slotId, position) VALUES (0, 1, 0)"),
        ("empty note", "INSERT INTO meal(day, slotId, position, title, note) VALUES (0, 1, 0, 'Soup', '')"),
        ("unknown slot", "INSERT INTO meal(day, slotId, position, title) VALUES (0, 99, 0, 'Soup')"),
        ("id of zero", "INSERT INTO meal(id, day, slotId, position, title) VALUES (0, 0, 1, 0, 'Soup')"),
        ("negative id", "INSERT INTO meal(id, day, slotId, position, title) VALUES (-4, 0, 1, 0, 'Soup')"),
        ("negative position", "INSERT INTO meal(day, slotId, position, title) VALUES (0, 1, -1, 'Soup')"),
        ("two meals in one place", "INSERT INTO meal(day, slotId, position, title) VALUES (0, 1, 0, 'Soup'), (0, 1, 0, 'Salad')"),
        ("slot name differing only in case", "INSERT INTO slot(name, position) VALUES ('LUNCH', 9)"),
        ("empty slot name", "INSERT INTO slot(name, position) VALUES ('', 9)"),
        ("two slots in one position", "INSERT INTO slot(name, position) VALUES ('brunch', 0)"),
        ("removing a slot in use", "INSERT INTO meal(day, slotId, position, title) VALUES (0, 1, 0, 'Soup'); DELETE FROM slot WHERE id = 1"),
    ])
    func schemaRefusesBadRows(kind: StoreKind, violation: (name: String, sql: String)) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        #expect(throws: DatabaseError.self, "\(violation.name)") { try store.execute(violation.sql) }
        #expect(try store.mealCount() == 0, "a refused statement leaves nothing behind")
        #expect(try store.slots() == MealSlot.defaults)
    }

    @Test func schemaAcceptsTheRowsItsRulesAllow() throws {
        let store = try MealStore.inMemory()
        try store.execute("""
            INSERT INTO meal(day, slotId, position, title, note) VALUES
                (-719162, 1, 0, 'First day', NULL), (2932896, 4, 7, 'Last day', 'a note' || char(10) || 'two lines')
            """)
        #expect(try store.meals(in: .all).map(\.title) == ["First day", "Last day"])
    }

    /// "The meals of days a…b" must be a range search on the day index, and the ordering by slot
    /// must only sort within one day, so export streams in constant memory.
    @Test func rangeQueryIsAnIndexRangeSearch() throws {
        let store = try MealStore.inMemory()
        let plan = try store.writer.read { db in
            try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN \(MealStore.mealColumns) WHERE meal.day BETWEEN 1 AND 7 \(MealStore.displayOrder)"
            ).map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.hasPrefix("SEARCH meal USING INDEX meal_by_day (day>? AND day<?)") }, "\(plan)")
        #expect(plan.contains { $0.contains("SEARCH slot USING INTEGER PRIMARY KEY") }, "\(plan)")
        #expect(!plan.contains("USE TEMP B-TREE FOR ORDER BY"), "\(plan)")
    }

    @Test func openingAnUpToDateFileLeavesItUnchanged() throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        try MealStore.open(path: path, access: .readWrite).addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        let before = fileBytes(path)
        do {
            let store = try MealStore.open(path: path, access: .readWrite)
            #expect(try store.mealCount() == 1)
        }
        #expect(fileBytes(path) == before)
    }

    /// A database the previous schema made (the first two migrations, unchanged since they
    /// shipped) is upgraded in place on first open: every meal keeps its id, a row another
    /// program stored with an id below 1 gets a fresh one, and ids are not reused afterwards.
    @Test func upgradeKeepsMealIDsAndNeverReusesThem() throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        let version = try makeOlderDatabase(at: path, upTo: "seed the default slots", inserting: """
            INSERT INTO meal(id, day, slotId, position, title, note) VALUES
                (3, 0, 1, 0, 'Porridge', NULL), (9, 0, 3, 0, 'Stew', 'slow'), (-2, 1, 2, 0, 'Soup', NULL)
            """)
        #expect(version == 2)
        let store = try MealStore.open(path: path, access: .readWrite)
        #expect(try store.fetchStrings("PRAGMA user_version") == ["\(Schema.version)"])
        // The row with id -2 is renumbered after the highest id, 9.
        #expect(try store.meals(in: .all).map { "\($0.id!) \($0.title) \($0.note ?? "-")" }
            == ["3 Porridge -", "9 Stew slow", "10 Soup -"])
        #expect(try store.fetchStrings("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'meal_%'")
            == ["meal_by_day"])
        #expect(try store.fetchStrings("PRAGMA integrity_check") == ["ok"])
        #expect(try store.fetchStrings("PRAGMA foreign_key_check").isEmpty)

        // Deleting the newest meal does not free its id for the next one.
        try store.execute("DELETE FROM meal WHERE id = 10")
        let added = try store.addMeal(day: day("1970-01-03"), slot: "lunch", title: "Salad")
        #expect(added.id == 11)
    }
}
