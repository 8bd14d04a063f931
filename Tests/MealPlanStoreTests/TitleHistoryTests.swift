import GRDB
import MealPlanCore
import Recurrence
import TestSupport
import Testing
@testable import MealPlanStore

/// `history` and `forgotten` read the title index and the table of distinct titles instead of
/// every meal; what they answer must stay what grouping every stored meal answers, the oracle
/// here, whichever program changed the meals.
@Suite struct TitleHistoryTests {
    static let titles = ["Crème brûlée", "creme brulee", "Lasagne", "LASAGNE", "Soup", "Smørrebrød", "拉麺", "Pasta bake"]
    static let texts = ["creme", "LAS", "sagne", "la", "s", "麺", "nothing", "smørre", "a b", ""]
    static let today = day("2026-03-02")

    /// Every stored meal (never a repeat rule's occurrence) grouped by title, as `history` must
    /// answer for `text`.
    func expectedHistory(_ store: MealStore, _ text: String, dates: Int) throws -> [TitleHistory] {
        let query = MealQuery(text)
        return try storedMeals(store)
            .filter { $0.day <= Self.today && query.matches(title: $0.title, note: nil) }
            .reduce(into: [String: [Day]]()) { $0[$1.title, default: []].append($1.day) }
            .map { title, days in
                let recent = days.sorted(by: >)
                return TitleHistory(title: title, count: days.count, last: recent[0], days: Array(recent.prefix(dates)))
            }
            .sorted { ($0.last, $1.title) > ($1.last, $0.title) }
    }

    func storedMeals(_ store: MealStore) throws -> [(title: String, day: Day)] {
        try store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT title, day FROM meal").map { ($0["title"], Day(clamping: $0["day"] as Int)) }
        }
    }

    func expectSameAsGrouping(_ store: MealStore) throws {
        for text in Self.texts {
            for dates in [0, 2, 100] {
                #expect(try store.history(matching: text, through: Self.today, dates: dates)
                    == expectedHistory(store, text, dates: dates), "\(text) \(dates)")
            }
        }
        let everything = try expectedHistory(store, "", dates: 0)
        let meals = try storedMeals(store)
        for (days, minimum) in [(1, 1), (3, 2), (10, 3)] {
            let cutoff = Self.today.adding(days: -days)
            // Not planned since the cutoff, nor for a day to come.
            let planned = Set(meals.filter { $0.day >= cutoff }.map(\.title))
            let expected = everything.filter { $0.last < cutoff && $0.count >= minimum && !planned.contains($0.title) }
                .sorted { ($0.count, $0.last, $1.title) > ($1.count, $1.last, $0.title) }
            #expect(try store.forgotten(days: days, before: Self.today, minimumCount: minimum, limit: 3) == Array(expected.prefix(3)))
        }
        #expect(try store.fetchStrings("SELECT title FROM mealTitle ORDER BY title")
            == store.fetchStrings("SELECT DISTINCT title FROM meal ORDER BY title"))
    }

    @Test(arguments: StoreKind.allCases, 1...2 as ClosedRange<UInt64>)
    func historyIsWhatGroupingEveryMealGivesAfterEveryKindOfChange(kind: StoreKind, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let slots = MealSlot.defaults.map(\.name)
        func randomDay() -> Day { Self.today.adding(days: Int.random(in: -15...3, using: &random)) }
        func randomTitle() -> String { Self.titles.randomElement(using: &random)! }
        // A repeat rule's occurrences are not history: its title never shows up by it.
        _ = try store.addRule(try RepeatRule(firstDay: Self.today.adding(days: -30), pattern: .days(interval: 1)),
                          meal: Meal(day: Self.today.adding(days: -30), slot: "snack", title: "Rule porridge"))
        for _ in 0..<30 {
            try store.addMeal(day: randomDay(), slot: slots.randomElement(using: &random)!, title: randomTitle())
        }
        try expectSameAsGrouping(store)
        #expect(try store.history(matching: "porridge", through: Self.today, dates: 5).isEmpty)
        for round in 0..<24 {
            let meals = try store.writer.read { try Int64.fetchAll($0, sql: "SELECT id FROM meal") }
            let id = meals.randomElement(using: &random)!
            switch round % 6 {
            case 0: try store.updateMeal(id: id, title: randomTitle())
            case 1: try store.updateMeal(id: id, slot: slots.randomElement(using: &random)!, day: randomDay())
            case 2: try store.removeMeals(ids: [id])
            case 3:
                // What the sqlite3 shell would do: plain SQL, none of mealplan's functions.
                try store.execute("""
                    UPDATE meal SET title = '\(randomTitle())' WHERE id = \(id);
                    INSERT INTO meal(day, slotId, position, title) VALUES (\(randomDay().number), 1, 100 + \(round), 'Köttbullar');
                    """)
            case 4: try store.execute("DELETE FROM meal WHERE title = '\(randomTitle())'")
            default:
                try store.importMeals { importer in
                    for _ in 0..<5 {
                        try importer.add(Meal(day: randomDay(), slot: slots.randomElement(using: &random)!, title: randomTitle()))
                    }
                }
            }
            try expectSameAsGrouping(store)
        }
        #expect(try store.fetchStrings("PRAGMA integrity_check") == ["ok"])
    }

    /// An import into an empty plan builds the title index at its end; one that fails, or a
    /// dry run, leaves the schema as it was, and an import into a plan with meals keeps the
    /// index row by row. History is right after each.
    @Test(arguments: StoreKind.allCases)
    func anImportIntoAnEmptyPlanBuildsTheTitleIndexAfter(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let schema = "SELECT sql FROM sqlite_master WHERE name = 'meal_by_title'"
        let indexed = try store.fetchStrings(schema)
        #expect(indexed == [Schema.mealByTitleIndex.replacingOccurrences(of: ";", with: "")])
        func add(_ titles: [String], dryRun: Bool = false) throws {
            try store.importMeals(dryRun: dryRun) { importer in
                for (offset, title) in titles.enumerated() {
                    try importer.add(Meal(day: Self.today.adding(days: -offset), slot: "dinner", title: title))
                }
            }
        }
        try add(["Stew", "Soup"], dryRun: true)
        #expect(throws: (any Error).self) { try add(["Stew", String(repeating: "x", count: Meal.maximumTitleCodePoints + 1)]) }
        #expect(try store.fetchStrings(schema) == indexed && store.mealCount() == 0)
        try add(["Stew", "Soup", "Stew"])
        try add(["Pie", "Stew"])
        #expect(try store.fetchStrings(schema) == indexed)
        #expect(try store.fetchStrings("PRAGMA integrity_check") == ["ok"])
        try expectSameAsGrouping(store)
        #expect(try store.history(matching: "stew", through: Self.today, dates: 5).map(\.count) == [3])
    }

    /// A title goes with its last meal and comes back with a new one, whoever writes.
    @Test func aTitleGoesWithItsLastMeal() throws {
        let store = try MealStore.inMemory()
        let soup = try store.addMeal(day: Self.today, slot: "lunch", title: "Soup")
        let second = try store.addMeal(day: Self.today, slot: "dinner", title: "Soup")
        func titles() throws -> [String] { try store.fetchStrings("SELECT title FROM mealTitle") }
        #expect(try titles() == ["Soup"])
        try store.removeMeals(ids: [soup.id!])
        #expect(try titles() == ["Soup"])
        try store.updateMeal(id: second.id!, title: "Stew")
        #expect(try titles() == ["Stew"])
        try store.execute("UPDATE meal SET title = 'Soup'")
        #expect(try titles() == ["Soup"])
        // A statement's conflict clause holds for the triggers it fires too: none may fail
        // or replace anything on a title that is already there.
        for clause in ["OR ABORT", "OR FAIL", "OR ROLLBACK", "OR REPLACE", "OR IGNORE"] {
            try store.execute("INSERT \(clause) INTO meal(day, slotId, position, title) VALUES (0, 1, 1, 'Soup')")
            try store.execute("UPDATE \(clause) meal SET title = 'Stew' WHERE position = 1")
            #expect(try titles() == ["Soup", "Stew"], "\(clause)")
            try store.execute("DELETE FROM meal WHERE position = 1")
        }
        try store.execute("DELETE FROM meal")
        #expect(try titles().isEmpty)
        #expect(try store.history(matching: "soup", through: Self.today, dates: 5).isEmpty)
        // REPLACE removes the meal in its way without firing delete triggers: the title may stay
        // in the table, but a title without meals is never history nor forgotten.
        try store.execute("""
            INSERT INTO meal(day, slotId, position, title) VALUES (0, 2, 0, 'Gone');
            INSERT OR REPLACE INTO meal(day, slotId, position, title) VALUES (0, 2, 0, 'Soup');
            """)
        #expect(try store.history(matching: "gone", through: Self.today, dates: 5).isEmpty)
        #expect(try store.forgotten(days: 1, before: Self.today, minimumCount: 1, limit: 10).map(\.title) == ["Soup"])
    }

    /// The speed of both commands rests on these plans: the titles from the table of distinct
    /// titles, and each title's meals as a range of the title index, never a walk of the meals.
    @Test func historyReadsTheTitleIndexNotTheMeals() throws {
        let store = try MealStore.inMemory()
        func plan(_ sql: String) throws -> [String] {
            try store.writer.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(sql)", arguments: ["title": "Soup", "today": 0, "dates": 5])
                    .map { $0["detail"] as String }
            }
        }
        // Whether the plan counts done meals or all but the skipped, the status is in the index.
        for eaten in ["status = 'done'", "status IS NOT 'skipped'"] {
            let summaries = try plan(MealStore.titleSummaries(where: "TRUE", eaten: eaten))
            #expect(summaries.filter { $0.hasPrefix("SCAN") } == ["SCAN mealTitle"], "\(summaries)")
            #expect(summaries.filter { $0.contains("COVERING INDEX meal_by_title (title=? AND day<?)") }.count == 2, "\(summaries)")
            #expect(try plan(MealStore.recentDays(eaten: eaten)) == ["SEARCH meal USING COVERING INDEX meal_by_title (title=? AND day<?)"])
        }
    }

    /// A database the previous schema made (up to the rules' last days) gets the title index and
    /// the table of its distinct titles on first open.
    @Test func anOlderDatabaseGetsItsTitlesOnFirstOpen() throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        let version = try makeOlderDatabase(at: path, upTo: "remember when each rule ends", inserting: """
            INSERT INTO meal(day, slotId, position, title) VALUES
                (\(Self.today.number - 9), 1, 0, 'Crème brûlée'), (\(Self.today.number - 3), 3, 0, 'Crème brûlée'),
                (\(Self.today.number - 1), 2, 0, 'Soup'), (\(Self.today.number + 1), 2, 0, 'Stew')
            """)
        #expect(version == 8)
        let store = try MealStore.open(path: path, access: .readWrite)
        #expect(try store.fetchStrings("PRAGMA user_version") == ["\(Schema.version)"])
        #expect(try store.fetchStrings("SELECT title FROM mealTitle ORDER BY title") == ["Crème brûlée", "Soup", "Stew"])
        #expect(try store.history(matching: "CREME", through: Self.today, dates: 1)
            == [TitleHistory(title: "Crème brûlée", count: 2, last: Self.today.adding(days: -3), days: [Self.today.adding(days: -3)])])
        try expectSameAsGrouping(store)
        #expect(try store.fetchStrings("PRAGMA integrity_check") == ["ok"])
    }
}
