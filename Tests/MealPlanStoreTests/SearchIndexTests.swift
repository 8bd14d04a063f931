import GRDB
import MealPlanCore
import TestSupport
import Testing
@testable import MealPlanStore

/// The search index must find exactly what reading every meal through `MealQuery` finds, which
/// stays the oracle here: the same meals in the same order, whatever changed the plan.
@Suite struct SearchIndexTests {
    /// Words whose folding differs from their bytes (accents, capitals, `ß`, ligatures, CJK),
    /// and a quote, which FTS5 query syntax would otherwise read.
    static let words = [
        "Crème", "brûlée", "creme", "CRÈME", "pasta", "PASTA", "Smørrebrød", "straße", "STRASSE", "拉麺",
        "soup", "İstanbul", "naïve", "œuf", "Æble", "x\"y", "bake", "a", "ab", "Ǆem", "ﬁsh", "köttbullar",
    ]

    func text(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in Self.words.randomElement(using: &random)! }
            .joined(separator: " ")
    }

    /// A query: a piece of a word as typed (cased, accented or not), or a short or unknown text.
    func query(_ random: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return ["é", "ss", "a", "麺", "拉麺", "r", "\"", "ab", "zz"].randomElement(using: &random)!
        case 1: return ["nothing here", "ssb", "qqq", "e b", "m c", "ste", "\"y"].randomElement(using: &random)!
        default:
            let word = Array(text(&random))
            let start = Int.random(in: 0..<word.count, using: &random)
            let end = Int.random(in: start...min(word.count, start + 6), using: &random)
            let piece = String(word[start..<max(end, start + 1)])
            return Bool.random(using: &random) ? piece.uppercased() : piece
        }
    }

    func expectSameAsScan(_ store: MealStore, _ random: inout SeededGenerator, queries: Int = 25) throws {
        let all = try store.meals(in: .all)
        let days = all.map(\.day)
        for _ in 0..<queries {
            let text = query(&random)
            let matching = all.filter { $0.matches(MealQuery(text)) }
            #expect(try store.meals(in: .all, search: text) == matching, "\(text)")
            guard let first = days.min(), let last = days.max() else { continue }
            let from = Day(clamping: Int.random(in: first.number...last.number, using: &random))
            let range = DayRange(from, Day(clamping: min(last.number, from.number + 3)))
            #expect(try store.meals(in: range, search: text) == matching.filter { range.contains($0.day) }, "\(text)")
            #expect(try store.nextMeal(matching: text, after: from) == matching.first { $0.day > from }, "\(text)")
            #expect(try store.previousMeal(matching: text, before: from) == matching.last { $0.day < from }, "\(text)")
        }
    }

    /// After the store's own writes, the tables of distinct texts hold every meal's title and
    /// note once, each folded, and nothing is left to fold.
    func expectIndexComplete(_ store: MealStore) throws {
        let meals = try store.meals(in: .all).filter { $0.id != nil }
        for (table, column) in MealSearch.distinctTexts {
            let stored = try store.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT \(column), folded FROM \(table)").map {
                    "\($0[0] as String) \($0[1] as String? ?? "-")"
                }
            }.sorted()
            let expected = Set(meals.compactMap { column == "title" ? $0.title : $0.note })
                .map { "\($0) \(MealQuery.folded($0))" }.sorted()
            #expect(stored == expected, "\(table)")
        }
    }

    @Test(arguments: StoreKind.allCases, 1...3 as ClosedRange<UInt64>)
    func searchesFindWhatTheScanFindsAfterEveryKindOfChange(kind: StoreKind, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let slots = MealSlot.defaults.map(\.name)
        func randomDay() -> Day { Day(clamping: Int.random(in: 20_000...20_030, using: &random)) }
        func randomNote() -> String? { Bool.random(using: &random) ? text(&random) : nil }
        for _ in 0..<40 {
            try store.addMeal(day: randomDay(), slot: slots.randomElement(using: &random)!, title: text(&random), note: randomNote())
        }
        try expectSameAsScan(store, &random)
        var removed: [Meal] = []
        for round in 0..<30 {
            let meals = try store.meals(in: .all)
            let meal = meals.randomElement(using: &random)!
            switch round % 6 {
            case 0: try store.updateMeal(id: meal.id!, title: text(&random), note: randomNote() ?? " ")
            case 1: try store.updateMeal(id: meal.id!, slot: slots.randomElement(using: &random)!, day: randomDay())
            case 2: removed += try store.removeMeals(ids: [meal.id!])
            case 3:
                // Undo of a removal: the meal comes back under its old id, below newer ones.
                if let last = removed.popLast() { try store.apply([.restore(last)]) }
            case 4:
                try store.importMeals { importer in
                    for _ in 0..<5 {
                        try importer.add(Meal(day: randomDay(), slot: slots.randomElement(using: &random)!,
                                              title: text(&random), note: randomNote()))
                    }
                }
            default: try store.copyDays(from: randomDay(), count: 3, to: randomDay().adding(days: 40))
            }
            try expectIndexComplete(store)
            try expectSameAsScan(store, &random, queries: 8)
        }
    }

    /// Another program (the `sqlite3` shell) has none of mealplan's functions: its changes go
    /// through the plain-SQL triggers, are found before this store writes again, and their
    /// text that is not ASCII is folded by its next write.
    @Test(arguments: StoreKind.allCases)
    func changesOfAnotherProgramAreFoundAndThenIndexed(kind: StoreKind) throws {
        var random = SeededGenerator(seed: 7)
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let soup = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        let gone = try store.addMeal(day: day("2026-03-03"), slot: "lunch", title: "Crème brûlée")
        try store.addMeal(day: day("2026-03-04"), slot: "lunch", title: "Bread")
        try store.removeMeals(ids: [gone.id!])
        try store.execute("""
            UPDATE meal SET title = 'Smørrebrød', note = 'STRASSE' WHERE id = \(soup.id!);
            INSERT INTO meal(id, day, slotId, position, title) VALUES (\(gone.id!), 20515, 1, 0, 'Köttbullar');
            INSERT INTO meal(day, slotId, position, title, note) VALUES (20516, 1, 0, 'Pasta', 'naïve');
            DELETE FROM meal WHERE title = 'Bread';
            """)
        #expect(try store.meals(in: .all, search: "smorre").map(\.title) == ["Smørrebrød"])
        #expect(try store.meals(in: .all, search: "straß").map(\.title) == ["Smørrebrød"])
        #expect(try store.meals(in: .all, search: "kott").map(\.title) == ["Köttbullar"])
        #expect(try store.meals(in: .all, search: "naive").map(\.title) == ["Pasta"])
        #expect(try store.meals(in: .all, search: "soup").isEmpty)
        #expect(try store.meals(in: .all, search: "bread").isEmpty)
        try expectSameAsScan(store, &random)
        try store.addMeal(day: day("2026-03-05"), slot: "dinner", title: "Stew")
        try expectIndexComplete(store)
        try expectSameAsScan(store, &random)
        #expect(try store.fetchStrings("PRAGMA integrity_check") == ["ok"])
    }

    /// Notes are found through their key (`MealSearch.noteKey`: the first 64 characters and the
    /// length in bytes); notes that share it are still different notes. Each comes and goes
    /// with its own meals, whoever writes them, and a search finds exactly its meals.
    @Test(arguments: StoreKind.allCases)
    func notesSharingTheirKeyAreToldApart(kind: StoreKind) throws {
        var random = SeededGenerator(seed: 11)
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let start = String(repeating: "Slow-cooked, covered, at a low heat; ", count: 2)
        // The same length in bytes, not in characters: "è" is two bytes.
        let notes = ["bread.", "pasta.", "crème", "BREAD."].map { start + $0 }
        #expect(Set(notes.map { $0.utf8.count }).count == 1)
        for (index, note) in notes.enumerated() {
            try store.addMeal(day: day("2026-03-02").adding(days: index), slot: "dinner", title: "Stew", note: note)
        }
        try expectIndexComplete(store)
        #expect(try store.meals(in: .all, search: "creme").map(\.note) == [notes[2]])
        #expect(try store.meals(in: .all, search: "bread").map(\.note) == [notes[0], notes[3]])
        for round in 0..<24 {
            let meals = try store.meals(in: .all)
            let meal = meals.randomElement(using: &random)!
            let note = notes.randomElement(using: &random)!
            switch round % 4 {
            case 0: try store.updateMeal(id: meal.id!, note: note)
            case 1: try store.addMeal(day: meal.day.adding(days: 1), slot: "lunch", title: "Soup", note: note)
            case 2 where meals.count > 2: try store.removeMeals(ids: [meal.id!])
            default:
                // Another program, whose changes the triggers alone keep right.
                try store.execute("UPDATE meal SET note = '\(note)' WHERE id = \(meal.id!)")
                try store.execute("DELETE FROM meal WHERE id = (SELECT MAX(id) FROM meal) AND (SELECT COUNT(*) FROM meal) > 3")
                try store.addMeal(day: day("2026-01-01"), slot: "snack", title: "Tea")
            }
            try expectIndexComplete(store)
            try expectSameAsScan(store, &random, queries: 4)
            for text in ["bread.", "pasta", "crème", "low heat; b", "heat; p"] {
                let all = try store.meals(in: .all)
                #expect(try store.meals(in: .all, search: text) == all.filter { $0.matches(MealQuery(text)) }, "\(text)")
            }
        }
    }

    /// A note edited by the store, whose old text no other meal has, takes the old one's row
    /// with its fold (`MealSearch.addNote`), so a long note's unchanged pages are not written
    /// again; an old text another meal still has keeps its row.
    @Test func aNoteEditedInPlaceKeepsItsRow() throws {
        let store = try MealStore.inMemory()
        func rows() throws -> [String] { try store.fetchStrings("SELECT id || ' ' || note || ' ' || folded FROM mealNote ORDER BY id") }
        let stew = try store.addMeal(day: day("2026-03-02"), slot: "dinner", title: "Stew", note: "Crème fraîche")
        let id = try #require(store.fetchStrings("SELECT id FROM mealNote").first)
        try store.updateMeal(id: stew.id!, note: "Crème Fraîche, lots")
        #expect(try rows() == ["\(id) Crème Fraîche, lots creme fraiche, lots"])
        try store.addMeal(day: day("2026-03-03"), slot: "dinner", title: "Soup", note: "Crème Fraîche, lots")
        try store.updateMeal(id: stew.id!, note: "Bread")
        #expect(try rows() == ["\(id) Crème Fraîche, lots creme fraiche, lots", "\(Int(id)! + 1) Bread bread"])
        try expectIndexComplete(store)
    }

    /// A statement's own conflict clause holds for the triggers it fires: a meal changed twice
    /// by another program (the second change finds it noted already), or put back twice under
    /// its old id, must not fail whatever clause the statement names.
    @Test func anotherProgramsConflictClausesNeverFailTheTriggers() throws {
        let store = try MealStore.inMemory()
        let soup = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        let id = soup.id!
        for clause in ["OR ABORT", "OR FAIL", "OR ROLLBACK", "OR REPLACE", "OR IGNORE"] {
            try store.execute("UPDATE \(clause) meal SET title = 'Smørrebrød' WHERE id = \(id)")
            try store.execute("UPDATE \(clause) meal SET title = 'Köttbullar' WHERE id = \(id)")
            try store.execute("DELETE FROM meal WHERE id = \(id)")
            try store.execute("INSERT \(clause) INTO meal(id, day, slotId, position, title) VALUES (\(id), 20514, 2, 0, 'Soup')")
            try store.execute("DELETE FROM meal WHERE id = \(id)")
            try store.execute("INSERT \(clause) INTO meal(id, day, slotId, position, title) VALUES (\(id), 20514, 2, 0, 'Stew')")
            #expect(try store.meals(in: .all, search: "stew").map(\.title) == ["Stew"], "\(clause)")
        }
        try store.addMeal(day: day("2026-03-05"), slot: "dinner", title: "Pie")
        try expectIndexComplete(store)
        #expect(try store.meals(in: .all, search: "stew").map(\.id) == [id])
    }

    /// A match is the whole text in one title or one note: its pieces apart, or split between
    /// title and note, are none.
    @Test func piecesApartAreNoMatch() throws {
        let store = try MealStore.inMemory()
        try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Crème and brûlée", note: "mèche")
        #expect(try store.meals(in: .all, search: "cremeche").isEmpty)
        #expect(try store.meals(in: .all, search: "brulée").map(\.title) == ["Crème and brûlée"])
        #expect(try store.nextMeal(matching: "emeche", after: day("2026-03-01")) == nil)
        #expect(try store.nextMeal(matching: "lée mè", after: day("2026-03-01")) == nil)
    }

    /// A search of any length reads the tables of distinct texts and reaches their meals through
    /// the (text, day) indexes, never by walking the meals; the next match takes one step into
    /// an index per matching text.
    @Test(arguments: ["é", "麺", "cr", "Crè", "nothing here"])
    func searchesOfAnyLengthUseTheDistinctTexts(text: String) throws {
        let store = try MealStore.inMemory()
        try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Crème", note: "拉麺")
        func plan(_ sql: String, _ arguments: [String: (any DatabaseValueConvertible)?]) throws -> [String] {
            try store.writer.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(sql)", arguments: StatementArguments(arguments))
                    .map { $0["detail"] as String }
            }
        }
        let list = try store.writer.read { db in
            try MealSearch.plan(db, for: text, first: 0, last: 100_000, candidateLimit: 10)
        }
        let listed = try plan("\(MealStore.mealColumns) WHERE \(list.dayColumn) > 0 AND \(list.condition)", list.arguments)
        let next = try MealSearch.distinctTexts.map { table, column in
            try plan("""
                SELECT (SELECT MIN(day) FROM meal WHERE \(MealSearch.sameText(column, "\(table).\(column)")) AND meal.day > :day)
                FROM \(table) WHERE \(MealSearch.containsText(column))
                """, MealSearch.arguments(for: text).merging(["day": 0]) { $1 })
        }
        for details in [listed] + next {
            #expect(!details.contains { $0.hasPrefix("SCAN meal ") || $0 == "SCAN meal" }, "\(details)")
        }
        // A note is found by its key (its start and length, `MealSearch.noteKey`), then its text.
        let byNoteKey = "SEARCH meal USING INDEX meal_by_note (<expr>=? AND <expr>=? AND day>?"
        #expect(listed.contains("SEARCH meal USING COVERING INDEX meal_by_title (title=? AND day>? AND day<?)"), "\(listed)")
        #expect(listed.contains(byNoteKey + " AND day<?)"), "\(listed)")
        #expect(next[0].contains("SEARCH meal USING COVERING INDEX meal_by_title (title=? AND day>?)"), "\(next[0])")
        #expect(next[1].contains(byNoteKey + ")"), "\(next[1])")
    }

    /// A database of the schema before search gets its tables of distinct texts on first open.
    @Test func anOlderDatabaseIsIndexedOnFirstOpen() throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        try makeOlderDatabase(at: path, upTo: "never reuse a meal id", inserting: """
            INSERT INTO meal(day, slotId, position, title, note) VALUES
                (0, 1, 0, 'Crème brûlée', NULL), (0, 3, 0, 'Stew', 'with CRÈME'), (1, 2, 0, 'Soup', NULL)
            """)
        let store = try MealStore.open(path: path, access: .readWrite)
        #expect(try store.fetchStrings("PRAGMA user_version") == ["\(Schema.version)"])
        try expectIndexComplete(store)
        #expect(try store.meals(in: .all, search: "creme").map(\.title) == ["Crème brûlée", "Stew"])
        #expect(try store.fetchStrings("PRAGMA integrity_check") == ["ok"])
    }

    /// A database indexed by schema 7, whose triggers noted meals with `INSERT OR IGNORE`, gets
    /// the triggers that any conflict clause leaves working.
    @Test func theIndexOfSchema7GetsTriggersThatAnyClauseLeavesWorking() throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        try makeOlderDatabase(at: path, upTo: "index meal text for search", inserting: """
            INSERT INTO meal(day, slotId, position, title) VALUES (0, 1, 0, 'Soup');
            UPDATE meal SET title = 'Stew';
            """)
        let store = try MealStore.open(path: path, access: .readWrite)
        try store.execute("UPDATE OR ABORT meal SET title = 'Pie'")
        try store.execute("UPDATE OR ABORT meal SET title = 'Tart'")
        #expect(try store.meals(in: .all, search: "tart").map(\.title) == ["Tart"])
        #expect(try store.fetchStrings("SELECT sql FROM sqlite_master WHERE sql LIKE '%OR IGNORE%'").isEmpty)
    }
}
