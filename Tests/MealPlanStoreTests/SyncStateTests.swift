import GRDB
import MealPlanCore
import Recurrence
import TestSupport
import Testing
@testable import MealPlanStore

/// The sync's records (`MealStore+Sync`): a plan made by the mealplan before them (schema 12,
/// `Fixtures/schema-12.sql`) gains empty tables and keeps every item; records are read back
/// only for their own folder; a sync's changes are compare-and-set, all or none.
@Suite struct SyncStateTests {
    private func rows(at path: String, _ sql: String) throws -> [Row] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { try Row.fetchAll($0, sql: sql) }
    }

    @Test func aPlanOfTheSchemaBeforeGainsEmptyRecordsAndKeepsEveryItem() throws {
        let folder = TemporaryFolder()
        let (before, after, store) = try upgradedFixture("schema-12.sql", in: folder)
        #expect(try rows(at: before, "PRAGMA user_version").first?[0] == 12)
        for table in ["meal", "rule", "ruleException", "template", "templateMeal", "slot"] {
            let sql = keptRowsSQL(table)
            #expect(try rows(at: after, sql) == rows(at: before, sql), "\(table)")
        }
        #expect(try store.fetchStrings("SELECT COUNT(*) FROM syncItem") == ["0"])
        #expect(try store.fetchStrings("SELECT COUNT(*) FROM syncFolder") == ["0"])
        let snapshot = try store.syncSnapshot(folder: "/vdir", from: day("2026-03-01"))
        #expect(snapshot.records.isEmpty)
        // Stored meals alone: the changed occurrence belongs to its rule.
        #expect(snapshot.meals.map(\.title) == ["Soup", "Crème brûlée 🍮", "Eggs, toast; jam"])
    }

    @Test func recordsAreForTheirFolderAndAChangeIsCompareAndSet() throws {
        let store = try MealStore.inMemory()
        let soup = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        let uid = try #require(soup.uid)
        let record = SyncItemRecord(uid: uid, kind: .meal, fingerprint: 1, fileName: "\(uid.text).ics", etag: "1;2;3", contentHash: 2)
        try store.commitSync(folder: "/a", [.keep(record)])
        #expect(try store.syncSnapshot(folder: "/a", from: day("2026-03-01")).records == [record])
        #expect(try store.syncSnapshot(folder: "/b", from: day("2026-03-01")).records.isEmpty)

        // A change from a stale copy refuses the whole sync: the record stays as it was.
        var stale = soup
        stale.title = "Stew"
        var changed = soup
        changed.title = "Curry"
        var newer = record
        newer.fingerprint = 9
        #expect(throws: StoreError.self) {
            try store.commitSync(folder: "/a", [.keep(newer), .apply(.update(from: stale, to: changed, restoresPosition: false), record: newer)])
        }
        #expect(try store.syncSnapshot(folder: "/a", from: day("2026-03-01")).records == [record])
        #expect(try store.meals(in: .all).map(\.title) == ["Soup"])

        // A meal received under the event's UID keeps it; another folder's records go.
        let received = ItemUID(randomBits: 7, 9)
        try store.commitSync(folder: "/b", [
            .apply(.restore(Meal(uid: received, day: day("2026-03-03"), slot: "dinner", title: "Tacos")),
                   record: SyncItemRecord(uid: ItemUID(high: 0, low: 0), kind: .meal, fingerprint: 3, fileName: "t.ics", etag: "e", contentHash: 4)),
        ])
        let records = try store.syncSnapshot(folder: "/b", from: day("2026-03-01")).records
        #expect(records.map(\.uid) == [received] && records.map(\.fileName) == ["t.ics"])
        #expect(try store.syncSnapshot(folder: "/a", from: day("2026-03-01")).records.isEmpty)
    }

    /// The entries a sync named are kept for their folder, replaced compare-and-set, and go
    /// with the other records when another folder is synced.
    @Test func theEntriesNamedAreForTheirFolderAndReplacedCompareAndSet() throws {
        let store = try MealStore.inMemory()
        let first = day("2026-03-01")
        try store.commitSync(folder: "/a", [], naming: SyncNaming(seen: [:], now: ["link.ics": "a link;1.2;3;4"]))
        #expect(try store.syncSnapshot(folder: "/a", from: first).namedEntries == ["link.ics": "a link;1.2;3;4"])
        #expect(try store.syncSnapshot(folder: "/b", from: first).namedEntries == [:])
        #expect(throws: StoreError.self, "not as seen") {
            try store.commitSync(folder: "/a", [], naming: SyncNaming(seen: [:], now: ["x.ics": "file;1"]))
        }
        try store.commitSync(folder: "/a", [], naming: SyncNaming(seen: ["link.ics": "a link;1.2;3;4"], now: ["x.ics": "file;1"]))
        #expect(try store.syncSnapshot(folder: "/a", from: first).namedEntries == ["x.ics": "file;1"])
        try store.commitSync(folder: "/b", [])
        #expect(try store.fetchStrings("SELECT COUNT(*) FROM syncNamedEntry") == ["0"])
    }

    /// What a sync changed comes back as made, so that the planner's undo takes all of it back:
    /// a meal changed, a meal received and a rule replaced by the other side's, undone in
    /// reverse order, leave the plan as it was.
    @Test func aSyncsChangesAsMadeUndoItWhole() throws {
        let store = try MealStore.inMemory()
        let first = day("2026-03-02")
        let soup = try store.addMeal(day: first, slot: "lunch", title: "Soup")
        let stored = try store.addRule(try RepeatRule(firstDay: first, pattern: .days(interval: 7)),
                                       meal: Meal(day: first, slot: "dinner", title: "Pizza"))
        let before = (try store.meals(in: .all), try store.rules().map(\.meal.title))
        let old = try #require(try store.syncSnapshot(folder: "/a", from: first).rules.first?.snapshot)
        var new = old
        new.meal.title = "Pasta"
        var curry = soup
        curry.title = "Curry"
        let made = try store.commitSync(folder: "/a", [
            .apply(.update(from: soup, to: curry, restoresPosition: false), record: nil),
            .apply(.restore(Meal(uid: ItemUID(randomBits: 1, 2), day: first, slot: "dinner", title: "Tacos")), record: nil),
            .replaceRule(old: old, new: SyncedRuleVersion(snapshot: new, overrides: []), record: nil),
        ])
        #expect(try store.meals(in: .all).filter { $0.occurrence == nil }.map(\.title) == ["Curry", "Tacos"])
        #expect(try store.rules().map(\.meal.title) == ["Pasta"])
        #expect(try store.rules().map(\.id) == [stored.id])
        try store.make(made.reversed().map(\.inverse))
        #expect(try store.meals(in: .all) == before.0)
        #expect(try store.rules().map(\.meal.title) == before.1)
    }

    /// A rule taken from the other side keeps its changed occurrences where the new version
    /// changes the same one (by UID, else by the day it replaces): the same id and UID, the
    /// leftovers linked to it still linked; one the new version lacks goes, its leftovers
    /// kept plain; and the undo of it all puts every meal back as it was.
    @Test func aRuleTakenFromTheOtherSideKeepsItsChangedOccurrences() throws {
        let store = try MealStore.inMemory()
        let first = day("2026-03-06")
        let rule = try store.addRule(try RepeatRule(firstDay: first, pattern: .days(interval: 7)),
                                     meal: Meal(day: first, slot: "dinner", title: "Pizza"))
        let bianca = try store.changeOccurrence(of: rule, on: day("2026-03-13"), to: Meal(day: day("2026-03-13"), slot: "dinner", title: "Pizza bianca"))
        let calzone = try store.changeOccurrence(of: try store.rules()[0], on: day("2026-03-20"), to: Meal(day: day("2026-03-20"), slot: "dinner", title: "Calzone"))
        var cold = try store.addMeal(day: day("2026-03-14"), slot: "lunch", title: "Cold pizza")
        var pasty = try store.addMeal(day: day("2026-03-21"), slot: "lunch", title: "Cold calzone")
        cold = try #require(try store.apply([.update(from: cold, to: { var m = cold; m.leftoversOf = bianca.id; return m }(), restoresPosition: false)])[0])
        pasty = try #require(try store.apply([.update(from: pasty, to: { var m = pasty; m.leftoversOf = calzone.id; return m }(), restoresPosition: false)])[0])
        let before = try store.meals(in: .all)
        let synced = try #require(try store.syncSnapshot(folder: "/a", from: first).rules.first)
        // The other side's version: Bianca renamed (named by its UID), Calzone gone.
        var renamed = try #require(synced.overrides.first { $0.title == "Pizza bianca" })
        renamed.title = "Pizza rossa"
        renamed.id = nil
        let made = try store.commitSync(folder: "/a", [
            .replaceRule(old: synced.snapshot, oldOverrides: synced.overrides,
                         new: SyncedRuleVersion(snapshot: synced.snapshot, overrides: [renamed]), record: nil),
        ])
        let after = try store.meals(in: .all)
        let rossa = try #require(after.first { $0.title == "Pizza rossa" })
        #expect(rossa.id == bianca.id && rossa.uid == bianca.uid && rossa.occurrence?.day == day("2026-03-13"))
        #expect(after.first { $0.title == "Cold pizza" }?.leftoversOf == bianca.id)
        #expect(!after.contains { $0.title == "Calzone" })
        #expect(after.first { $0.title == "Cold calzone" }?.leftoversOf == nil)
        #expect(try store.rules().map(\.id) == [rule.id])

        try store.make(made.reversed().map(\.inverse))
        #expect(try store.meals(in: .all) == before)
    }
}
