import GRDB
import MealPlanCore
import TestSupport
import Testing
@testable import MealPlanStore

/// A plan made by the mealplan whose search read an FTS5 index of every meal (schema 11), kept
/// as the `sqlite3` shell's `.dump` of it in `Fixtures/schema-11.sql` (the file says how it
/// was made): opened by this store, the index goes, every distinct title and note is in its
/// table folded, searches find what a scan finds, and no meal, rule or template changes.
@Suite struct SearchMigrationTests {
    private func load(at path: String) throws {
        try loadFixture("schema-11.sql", at: path)
    }

    private func rows(at path: String, _ sql: String) throws -> [Row] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { try Row.fetchAll($0, sql: sql) }
    }

    @Test func theFixtureIsAPlanOfTheSchemaBefore() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite")
        try load(at: path)
        #expect(try rows(at: path, "PRAGMA user_version").first?[0] == 11)
        #expect(try rows(at: path, "SELECT COUNT(*) FROM meal_search").first?[0] as Int? ?? 0 >= 8)
    }

    @Test func openingItSearchesThroughDistinctTextsAndChangesNoItem() throws {
        let folder = TemporaryFolder()
        let (before, after, store) = try upgradedFixture("schema-11.sql", in: folder)
        #expect(try store.fetchStrings("SELECT name FROM sqlite_master WHERE name LIKE 'meal\\_search%' ESCAPE '\\'").isEmpty)

        for table in ["meal", "rule", "ruleException", "template", "templateMeal", "slot"] {
            let sql = keptRowsSQL(table)
            #expect(try rows(at: after, sql) == rows(at: before, sql), "\(table)")
        }
        let meals = try store.meals(in: .all).filter { $0.id != nil }
        #expect(try store.fetchStrings("SELECT title || ' ' || folded FROM mealTitle ORDER BY title")
            == Set(meals.map(\.title)).sorted().map { "\($0) \(MealQuery.folded($0))" })
        #expect(try store.fetchStrings("SELECT note || ' ' || folded FROM mealNote ORDER BY note")
            == Set(meals.compactMap(\.note)).sorted().map { "\($0) \(MealQuery.folded($0))" })

        let all = try store.meals(in: .all)
        for text in ["s", "é", "麺", "甘め", "hot", "STRASSE", "creme", "zq", "book"] {
            #expect(try store.meals(in: .all, search: text) == all.filter { $0.matches(MealQuery(text)) }, "\(text)")
        }
        // The triggers of the new tables work: a title and a note come and go with their meals.
        try store.execute("UPDATE meal SET title = 'Stew', note = NULL WHERE title = '拉麺'")
        #expect(try store.meals(in: .all, search: "麺").isEmpty && store.meals(in: .all, search: "甘").isEmpty)
        #expect(try store.meals(in: .all, search: "ste").map(\.title) == ["Stew"])
    }
}
