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
            == ["meal_by_day", "meal_by_rule", "meal_by_uid", "mealTitle_unfolded", "meal_by_leftovers_source", "meal_by_status", "meal_by_title", "mealNote_by_key", "mealNote_unfolded", "meal_by_note"])
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
        ("empty recipe name", "INSERT INTO meal(day, slotId, position, title, recipe) VALUES (0, 1, 0, 'Soup', '')"),
        ("untrimmed recipe name", "INSERT INTO meal(day, slotId, position, title, recipe) VALUES (0, 1, 0, 'Soup', 'Soup ')"),
        ("servings without a recipe", "INSERT INTO meal(day, slotId, position, title, servings) VALUES (0, 1, 0, 'Soup', 4)"),
        ("zero servings", "INSERT INTO meal(day, slotId, position, title, recipe, servings) VALUES (0, 1, 0, 'Soup', 'Soup', 0)"),
        ("negative servings", "INSERT INTO meal(day, slotId, position, title, recipe, servings) VALUES (0, 1, 0, 'Soup', 'Soup', -2)"),
        ("too many servings", "INSERT INTO meal(day, slotId, position, title, recipe, servings) VALUES (0, 1, 0, 'Soup', 'Soup', 10001)"),
        ("servings as text", "INSERT INTO meal(day, slotId, position, title, recipe, servings) VALUES (0, 1, 0, 'Soup', 'Soup', 'four')"),
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
            INSERT INTO meal(day, slotId, position, title, note, recipe, servings) VALUES
                (-719162, 1, 0, 'First day', NULL, NULL, NULL), (2932896, 4, 7, 'Last day', 'a note' || char(10) || 'two lines', NULL, NULL),
                (1, 1, 0, 'Lasagne', NULL, 'mains/Lasagne', 6), (2, 1, 0, 'Bread', NULL, 'Bread', NULL),
                (3, 1, 0, 'Crumbs', NULL, 'Bread', 0.01), (4, 1, 0, 'Feast', NULL, 'Bread', 10000)
            """)
        #expect(try store.meals(in: .all).map(\.title) == ["First day", "Lasagne", "Bread", "Crumbs", "Feast", "Last day"])
        #expect(try store.meals(in: .all).map(\.servings) == [nil, 6, nil, 0.01, 10000, nil])
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
            == ["meal_by_day", "meal_by_rule", "meal_by_uid", "mealTitle_unfolded", "meal_by_leftovers_source", "meal_by_status", "meal_by_title", "mealNote_by_key", "mealNote_unfolded", "meal_by_note"])
        #expect(try store.fetchStrings("PRAGMA integrity_check") == ["ok"])
        #expect(try store.fetchStrings("PRAGMA foreign_key_check").isEmpty)

        // Deleting the newest meal does not free its id for the next one.
        try store.execute("DELETE FROM meal WHERE id = 10")
        let added = try store.addMeal(day: day("1970-01-03"), slot: "lunch", title: "Salad")
        #expect(added.id == 11)
    }

    /// A database made before meals had recipes (schema 3: the migrations up to "never reuse a
    /// meal id", unchanged since they shipped) opens with every meal as it was, none naming a
    /// recipe, and takes recipes from then on; the upgrade moves no row.
    @Test func upgradeAddsRecipesToMealsInPlace() throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { _ = try String.fetchOne($0, sql: "PRAGMA journal_mode = WAL") }
            try Schema.migrator.migrate(queue, upTo: "never reuse a meal id")
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO meal(day, slotId, position, title, note) VALUES
                        (0, 1, 0, 'Porridge', NULL), (0, 3, 0, 'Stew', 'slow'), (1, 2, 0, 'Soup', NULL)
                    """)
            }
            #expect(try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 3)
            try queue.close()
        }
        let before = try MealStore.open(path: path, access: .readWrite)
        #expect(try before.fetchStrings("PRAGMA user_version") == ["\(Schema.version)"])
        let meals = try before.meals(in: .all)
        #expect(meals.map { "\($0.id!) \($0.title) \($0.note ?? "-")" } == ["1 Porridge -", "2 Stew slow", "3 Soup -"])
        #expect(meals.allSatisfy { $0.recipe == nil && $0.servings == nil })
        #expect(try before.fetchStrings("PRAGMA integrity_check") == ["ok"])
        let linked = try before.updateMeal(id: 2, recipe: .link(name: "mains/Stew", defaultServings: 4))
        #expect(linked.recipe == "mains/Stew" && linked.servings == 4 && linked.note == "slow")
    }
}
