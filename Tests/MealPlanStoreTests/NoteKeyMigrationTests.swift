import GRDB
import MealPlanCore
import TestSupport
import Testing
@testable import MealPlanStore

/// A plan made by the mealplan whose distinct notes and `meal_by_note` were keyed by a note's
/// whole text (schema 13), kept as the `sqlite3` shell's `.dump` of it in
/// `Fixtures/schema-13-notes.sql` (the file says how it was made): opened by this store, its notes
/// are keyed by `MealSearch.noteKey`, the distinct notes keep their folds, every search finds
/// the meals it found before, and no meal, rule or template changes.
@Suite struct NoteKeyMigrationTests {
    private func strings(at path: String, _ sql: String, _ arguments: StatementArguments = []) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { try String.fetchAll($0, sql: sql, arguments: arguments) }
    }

    private func rows(at path: String, _ sql: String) throws -> [Row] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { try Row.fetchAll($0, sql: sql) }
    }

    /// The ids of the meals whose distinct title or note contains `text`, in SQL that reads any
    /// schema since 12 alike (the texts stored by mealplan are all folded).
    private func found(at path: String, _ text: String) throws -> [String] {
        try strings(at: path, """
            SELECT id FROM meal WHERE title IN (SELECT title FROM mealTitle WHERE instr(folded, :folded))
                OR note IN (SELECT note FROM mealNote WHERE instr(folded, :folded))
            ORDER BY id
            """, ["folded": MealQuery(text).foldedText])
    }

    @Test func theFixtureIsAPlanOfTheSchemaBeforeWithNotesSharingAKey() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite")
        try loadFixture("schema-13-notes.sql", at: path)
        #expect(try strings(at: path, "PRAGMA user_version") == ["13"])
        #expect(try strings(at: path, "SELECT sql FROM sqlite_master WHERE name = 'mealNote'")
            == ["CREATE TABLE mealNote (note TEXT PRIMARY KEY, folded TEXT) STRICT, WITHOUT ROWID"])
        // Two different notes with the same first 64 characters and the same length.
        #expect(try strings(at: path, """
            SELECT COUNT(DISTINCT note) FROM mealNote GROUP BY substr(note, 1, 64), length(note) ORDER BY 1 DESC LIMIT 1
            """) == ["2"])
    }

    @Test func openingItKeysTheNotesAndEverySearchFindsWhatItFoundBefore() throws {
        let folder = TemporaryFolder()
        let (before, after, store) = try upgradedFixture("schema-13-notes.sql", in: folder)
        #expect(try store.fetchStrings("SELECT name FROM sqlite_master WHERE sql LIKE '%ON meal(note, day)%'").isEmpty)
        #expect(try store.fetchStrings("SELECT sql FROM sqlite_master WHERE name = 'meal_by_note'")
            == ["CREATE INDEX meal_by_note ON meal(\(MealSearch.noteKey("note")), day) WHERE note IS NOT NULL"])

        for table in ["meal", "rule", "ruleException", "template", "templateMeal", "slot", "mealTitle"] {
            let sql = keptRowsSQL(table)
            #expect(try rows(at: after, sql) == rows(at: before, sql), "\(table)")
        }
        let distinctNotes = "SELECT note || ' ' || folded FROM mealNote ORDER BY note"
        #expect(try strings(at: after, distinctNotes) == strings(at: before, distinctNotes))
        let meals = try store.meals(in: .all).filter { $0.id != nil }
        #expect(try strings(at: after, distinctNotes)
            == Set(meals.compactMap(\.note)).sorted().map { "\($0) \(MealQuery.folded($0))" })

        let all = try store.meals(in: .all)
        for text in ["s", "é", "麺", "甘め", "hot", "STRASSE", "bread", "pasta", "low heat", "serve with b", "zq"] {
            #expect(try found(at: after, text) == found(at: before, text), "\(text)")
            #expect(try store.meals(in: .all, search: text) == all.filter { $0.matches(MealQuery(text)) }, "\(text)")
            let from = day("2026-03-01")
            #expect(try store.nextMeal(matching: text, after: from) == all.first { $0.day > from && $0.matches(MealQuery(text)) })
        }
        #expect(try store.meals(in: .all, search: "with pasta").map(\.title) == ["Ragù"])
        #expect(try store.meals(in: .all, search: "with bread.").map(\.title) == ["Stew", "Beef stew"])

        // The new triggers keep the notes: Ragù's note goes with its meal, Stew's stays with Beef stew's.
        try store.execute("DELETE FROM meal WHERE title IN ('Ragù', 'Stew')")
        #expect(try store.meals(in: .all, search: "pasta").isEmpty)
        #expect(try store.meals(in: .all, search: "with bread.").map(\.title) == ["Beef stew"])
        #expect(try store.fetchStrings("SELECT COUNT(*) FROM mealNote WHERE note LIKE 'Slow-cooked%'") == ["1"])
    }
}
