import Foundation
import GRDB
import MealPlanCore
import Recurrence
import TestSupport
import Testing
@testable import MealPlanStore

/// Every meal, repeat rule and template gets a new UID wherever it is made, keeps it through
/// edits and undo, and gets one even from another program's plain SQL.
@Suite struct ItemUIDStoreTests {
    let monday = day("2026-03-02")

    /// The stored UIDs of `table`'s rows by id, as the `sqlite3` shell reads them.
    private func storedUIDs(_ store: MealStore, _ table: String) throws -> [Int64: ItemUID] {
        try store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT id, uid FROM \(table)").reduce(into: [:]) { uids, row in
                uids[row[0]] = (row[1] as Data?).flatMap(ItemUID.init(bytes:))
            }
        }
    }

    /// Every row of every item table has a UID of `version` (7, time-ordered, for the items
    /// mealplan makes; 4, random, for the rows the schema's triggers give one), no two alike;
    /// returns them all.
    @discardableResult
    private func expectEveryRowHasItsOwnUID(_ store: MealStore, version: UInt8 = 7) throws -> Set<ItemUID> {
        var all: [ItemUID] = []
        for table in Schema.itemTables {
            let rows = try store.fetchStrings("SELECT COUNT(*) FROM \(table)")
            let uids = try storedUIDs(store, table)
            #expect(["\(uids.count)"] == rows, "\(table): a UID of 16 bytes on every row")
            for uid in uids.values {
                #expect(uid.bytes[6] >> 4 == version && uid.bytes[8] >> 6 == 0b10, "\(table): \(uid.text) is a version \(version) UUID")
            }
            all += uids.values
        }
        #expect(Set(all).count == all.count, "no two items share a UID")
        return Set(all)
    }

    @Test(arguments: StoreKind.allCases)
    func everyWayOfMakingAnItemGivesItANewUID(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let soup = try store.addMeal(day: monday, slot: "lunch", title: "Soup")
        let copy = try store.copyMeal(id: soup.id!, to: monday.adding(days: 1))
        let copies = try store.copyDays(from: monday, count: 2, to: monday.adding(days: 7))
        let template = try store.saveTemplate("Week", from: monday, days: 7)
        let applied = try store.applyTemplate("Week", to: monday.adding(days: 14)).meals
        try store.importMeals { importer in
            try importer.add(Meal(day: monday.adding(days: 30), slot: "dinner", title: "Stew"))
            try importer.add(Meal(day: monday.adding(days: 31), slot: "dinner", title: "Stew"))
        }
        // The planner's changes: a meal added (a pasted copy of a stored meal carries its UID,
        // which a new meal must not take), a meal made to repeat.
        let pasted = try store.apply([.add(soup)])[0]!
        let rule = try store.addRule(try RepeatRule(firstDay: monday, pattern: .days(interval: 1), end: .count(20)),
                                     meal: Meal(day: monday, slot: "breakfast", title: "Porridge"))
        let made = try store.make([.addRule(RuleSnapshot(
            try RepeatRule(firstDay: monday, pattern: .weeks(interval: 1, weekdays: [.friday])),
            meal: Meal(day: monday, slot: "dinner", title: "Fish"), uid: rule.uid))])
        // "This and the following": the old rule keeps its UID, the new one gets its own.
        let (before, after) = try store.splitRule(id: rule.id, at: monday.adding(days: 10)) { ($0, $1) }

        let uids = try expectEveryRowHasItsOwnUID(store)
        #expect(uids.count == 9 + 3 + 1, "9 meals, 3 rules, 1 template")
        let mealUIDs = [soup, copy, pasted] + copies + applied
        for meal in mealUIDs { #expect(meal.uid != nil && uids.contains(meal.uid!), "\(meal.title) answers its stored UID") }
        #expect(Set(mealUIDs.map(\.uid)).count == mealUIDs.count)
        #expect(template.uid != nil && uids.contains(template.uid!))
        #expect(before?.uid == rule.uid && after.uid != rule.uid && after.uid != nil)
        guard case .restoreRule(let snapshot) = made.first else { Issue.record("made \(made)"); return }
        #expect(snapshot.uid != nil && snapshot.uid != rule.uid)
        #expect(try store.rules().map(\.uid) == [rule.uid, snapshot.uid, after.uid])
    }

    /// A template saved over another of its name is that template changed: it keeps its UID.
    @Test func replacingATemplateKeepsItsUID() throws {
        let store = try MealStore.inMemory()
        try store.addMeal(day: monday, slot: "lunch", title: "Soup")
        let first = try store.saveTemplate("Week", from: monday, days: 7)
        let replaced = try store.saveTemplate("week", from: monday, days: 1, replacing: true)
        #expect(first.uid != nil && replaced.uid == first.uid)
        #expect(try store.template(named: "week").uid == first.uid)
    }

    @Test func twoPlansNeverShareAUID() throws {
        let folder = TemporaryFolder()
        let one = try MealStore.open(path: folder.file("one.sqlite"), access: .readWrite)
        let other = try MealStore.open(path: folder.file("other.sqlite"), access: .readWrite)
        let ours = try one.addMeal(day: monday, slot: "dinner", title: "Soup")
        let theirs = try other.addMeal(day: monday, slot: "dinner", title: "Soup")
        #expect(ours.id == theirs.id, "row ids start at 1 in every plan")
        #expect(ours.uid != nil && ours.uid != theirs.uid)
    }

    /// Edits and moves keep a meal's UID; undo brings a removed meal back with it, and redo an
    /// added one; a new meal never gets one that was used.
    @Test func editsAndUndoKeepTheUIDAndNewMealsNeverReuseOne() throws {
        let store = try MealStore.inMemory()
        let soup = try store.addMeal(day: monday, slot: "lunch", title: "Soup")
        let moved = try store.updateMeal(id: soup.id!, title: "Tomato soup", slot: "dinner", day: monday.adding(days: 3))
        #expect(moved.uid == soup.uid)

        let removed = try store.make([.remove(moved)])
        #expect(try store.meals(in: .all).isEmpty)
        let back = try store.apply(removed.reversed().map(\.inverse))[0]!
        #expect(back.id == soup.id && back.uid == soup.uid)

        // Undo and redo as the planner makes them: each the inverse of the changes as made.
        let added = try store.make([.add(Meal(day: monday, slot: "lunch", title: "Bread"))])
        let bread = try #require(added[0].result)
        let undone = try store.make(added.reversed().map(\.inverse))
        let redone = try store.make(undone.reversed().map(\.inverse))
        #expect(redone[0].result?.uid == bread.uid && bread.uid != nil)

        let fresh = try store.addMeal(day: monday, slot: "lunch", title: "Bread")
        #expect(fresh.uid != bread.uid && fresh.uid != soup.uid)
    }

    /// A meal put back whose UID another program gave to a meal meanwhile gets a new one,
    /// rather than failing: the UID must stay unique.
    @Test func aMealPutBackWhoseUIDWasTakenGetsANewOne() throws {
        let store = try MealStore.inMemory()
        let soup = try store.addMeal(day: monday, slot: "lunch", title: "Soup")
        let removed = try store.make([.remove(soup)])
        try store.execute("INSERT INTO meal(day, slotId, position, title, uid) VALUES (9, 1, 0, 'Copy', X'\(soup.uid!.bytes.map { String(format: "%02X", $0) }.joined())')")
        let back = try store.apply(removed.map(\.inverse))[0]!
        #expect(back.uid != nil && back.uid != soup.uid)
        try expectEveryRowHasItsOwnUID(store)
    }

    /// Another program's rows, inserted with plain SQL as the `sqlite3` shell does, get a UID
    /// from the schema's triggers, and so does a row whose UID it clears; a UID it copies, or
    /// gives in another form, is refused.
    @Test(arguments: StoreKind.allCases)
    func plainSQLRowsGetAUIDToo(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        try store.execute("""
            INSERT INTO meal(day, slotId, position, title) VALUES (0, 1, 0, 'Soup'), (0, 1, 1, 'Bread');
            INSERT INTO rule(slotId, title, firstDay, frequency, interval) VALUES (1, 'Porridge', 0, 'day', 1);
            INSERT INTO template(name, days) VALUES ('Week', 7);
            """)
        let before = try expectEveryRowHasItsOwnUID(store, version: 4)
        #expect(before.count == 4)
        let dayZero = DayRange(start: Day(number: 0)!, count: 1)
        #expect(try store.meals(in: dayZero).filter { $0.id != nil }.map(\.uid).allSatisfy { $0 != nil })
        #expect(try store.rules().allSatisfy { $0.uid != nil })

        try store.execute("UPDATE meal SET uid = NULL WHERE title = 'Soup'")
        let after = try expectEveryRowHasItsOwnUID(store, version: 4)
        #expect(after.count == 4 && after != before)

        for (name, sql) in [
            ("a copied UID", "INSERT INTO meal(day, slotId, position, title, uid) SELECT 1, 1, 0, 'Twin', uid FROM meal LIMIT 1"),
            ("a UID as text", "INSERT INTO meal(day, slotId, position, title, uid) VALUES (1, 1, 0, 'Soup', '\(ItemUID.fresh().text)')"),
            ("a UID of 15 bytes", "INSERT INTO rule(slotId, title, firstDay, frequency, interval, uid) VALUES (1, 'x', 0, 'day', 1, randomblob(15))"),
        ] {
            #expect(throws: DatabaseError.self, "\(name)") { try store.execute(sql) }
        }
    }

    /// An import keeps the UID index row by row, into an empty plan as into one with meals:
    /// the UIDs it makes ascend in the order of the meals, so each row appends to the index.
    /// It is there afterwards, and unique.
    @Test(arguments: [false, true])
    func importKeepsTheUIDIndex(intoEmptyPlan: Bool) throws {
        let store = try MealStore.inMemory()
        if !intoEmptyPlan { try store.addMeal(day: monday, slot: "lunch", title: "Soup") }
        try store.importMeals { importer in
            for offset in 0..<200 {
                try importer.add(Meal(day: monday.adding(days: offset), slot: "dinner", title: "Stew \(offset)"))
            }
        }
        #expect(try store.fetchStrings("SELECT sql FROM sqlite_master WHERE name = 'meal_by_uid'")
            == [Schema.mealByUIDIndex.replacingOccurrences(of: ";", with: "")])
        try expectEveryRowHasItsOwnUID(store)
        let imported = try store.fetchStrings("SELECT hex(uid) FROM meal WHERE title LIKE 'Stew %' ORDER BY id")
        #expect(imported.count == 200 && imported == imported.sorted(), "made in the order of the meals")
    }

    /// Every item mealplan makes gets a UID after the ones made before it, whatever makes it.
    @Test func uidsAscendInTheOrderItemsAreMade() throws {
        let store = try MealStore.inMemory()
        for offset in 0..<50 { try store.addMeal(day: monday.adding(days: offset % 7), slot: "lunch", title: "Soup \(offset)") }
        try store.importMeals { importer in
            for offset in 0..<50 { try importer.add(Meal(day: monday.adding(days: offset), slot: "dinner", title: "Stew")) }
        }
        try store.addMeal(day: monday, slot: "dinner", title: "Last")
        let uids = try store.fetchStrings("SELECT hex(uid) FROM meal ORDER BY id")
        #expect(uids.count == 101 && uids == uids.sorted())
    }
}
