import Foundation
import GRDB
import MealPlanCore
import TestSupport
import Testing
@testable import MealPlanStore

/// A plan made by the mealplan before items had UIDs (schema 10), kept as the `sqlite3` shell's
/// `.dump` of it in `Fixtures/schema-10.sql` (the file says how it was made): opened by this
/// store, every meal, rule and template gets a UID of its own, and nothing else changes.
@Suite struct UIDMigrationTests {
    private func load(at path: String) throws {
        try loadFixture("schema-10.sql", at: path)
    }

    /// Every row of every table of `path`, in the columns `columns` gives (by table), sorted.
    private func rows(at path: String, columns: [String: [String]]) throws -> [String: [Row]] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try columns.reduce(into: [:]) { rows, table in
                let list = table.value.map { "\"\($0)\"" }.joined(separator: ", ")
                rows[table.key] = try Row.fetchAll(db, sql: "SELECT \(list) FROM \"\(table.key)\" ORDER BY \(list)")
            }
        }
    }

    /// The columns of each ordinary table of `path` (the search index's own tables included).
    private func columns(at path: String) throws -> [String: [String]] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'")
            return try tables.reduce(into: [:]) { columns, table in
                columns[table] = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
            }
        }
    }

    @Test func theFixtureIsAPlanOfTheSchemaBeforeUIDs() throws {
        let folder = TemporaryFolder()
        let path = folder.file("old.sqlite")
        try load(at: path)
        let columns = try columns(at: path)
        #expect(columns["meal"]?.contains("uid") == false && columns["rule"] != nil && columns["template"] != nil)
        let rows = try rows(at: path, columns: columns)
        #expect(rows["meal"]!.count >= 5 && rows["rule"]!.count >= 2 && rows["template"]!.count >= 1 && rows["ruleException"]!.count >= 1)
        let queue = try DatabaseQueue(path: path)
        #expect(try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 10)
        try queue.close()
    }

    @Test func openingItGivesEveryItemItsOwnUIDAndChangesNothingElse() throws {
        let folder = TemporaryFolder()
        let (before, after, store) = try upgradedFixture("schema-10.sql", in: folder)

        // Every row as it was, column for column; `ruleVersion` counts up, as it does for every
        // change to the rules, so that a running planner reads them again. The tables of search,
        // which the next schema changed, are left to `SearchMigrationTests`, and the sync's
        // records, new later, to `SyncStateTests`.
        let search = ["mealTitle", "mealNote", "meal_search", "syncFolder", "syncItem", "syncLeftovers", "syncNamedEntry"]
        let oldColumns = try columns(at: before).filter { table, _ in !search.contains { table.hasPrefix($0) } }
        var old = try rows(at: before, columns: oldColumns), new = try rows(at: after, columns: oldColumns)
        let versionBefore = old["ruleVersion"]?.first?["number"] as Int? ?? 0
        #expect(try store.fetchStrings("SELECT number FROM ruleVersion").compactMap { Int($0) }.first ?? 0 > versionBefore)
        old["ruleVersion"] = nil
        new["ruleVersion"] = nil
        // GRDB's list of the migrations made gains this one, and the next ones.
        #expect(new["grdb_migrations"]?.map { $0["identifier"] as String }.filter { !(old["grdb_migrations"]?.map { $0["identifier"] as String } ?? []).contains($0) }
            == ["give every item a UID", "index notes by a short key", "remember the cooks of leftovers a sync has not brought yet",
                "remember the entries a sync named and left", "remember what each sync agreed on", "remember what was eaten and what was cooked once for two meals",
                "search through distinct titles and notes"])
        old["grdb_migrations"] = nil
        new["grdb_migrations"] = nil
        #expect(Set(old.keys) == Set(new.keys))
        for table in old.keys.sorted() {
            #expect(new[table] == old[table], "\(table)")
        }
        // Every item table gains its UID; the meal and template meal tables, later, status and leftovers.
        var gained: [String: Set<String>] = [:]
        for table in Schema.itemTables { gained[table] = Set(oldColumns[table]! + ["uid"]) }
        gained["meal"]?.formUnion(["status", "leftoversOf", "eaters"])
        gained["templateMeal"] = Set(oldColumns["templateMeal"]! + ["leftoversOf", "eaters"])
        let changed = try columns(at: after).filter { $0.value != oldColumns[$0.key] && !search.contains($0.key) }
        #expect(changed.mapValues { Set($0) } == gained)

        // Each item has a version 4 UID, no two alike, and the store reads them.
        var all: [ItemUID] = []
        for table in Schema.itemTables {
            let uids = try store.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT uid FROM \(table)").map { (($0[0] as Data?).flatMap(ItemUID.init(bytes:))) }
            }
            #expect(uids.count == old[table]!.count && uids.allSatisfy { $0 != nil }, "\(table)")
            for uid in uids.compactMap({ $0 }) {
                #expect(uid.bytes[6] >> 4 == 4 && uid.bytes[8] >> 6 == 0b10)
            }
            all += uids.compactMap { $0 }
        }
        #expect(Set(all).count == all.count)
        let meals = try store.meals(in: .all).filter { $0.id != nil }
        #expect(meals.count == old["meal"]!.count && Set(meals.compactMap(\.uid)).isSubset(of: all))
        #expect(try store.rules().allSatisfy { $0.uid != nil && all.contains($0.uid!) })

        // New meals and rules get UIDs as in any plan, unlike every one before.
        let added = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        #expect(added.uid != nil && !all.contains(added.uid!))
    }
}
