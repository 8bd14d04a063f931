import Foundation
import GRDB
import MealPlanCore
import TestSupport
import Testing
@testable import MealPlanStore

/// The ways a store runs: in memory (tests), on a WAL file with a pool (the planner) or with one
/// connection (a command).
enum StoreKind: String, CaseIterable, CustomTestStringConvertible {
    case memoryQueue
    case filePool
    case fileConnection

    var testDescription: String { rawValue }
}

/// A fresh store of `kind`; the folder must outlive the store.
func makeStore(_ kind: StoreKind, in folder: TemporaryFolder) throws -> MealStore {
    switch kind {
    case .memoryQueue: try MealStore.inMemory()
    case .filePool: try MealStore.open(path: folder.file("meals.sqlite"), access: .readWrite, concurrentReads: true)
    case .fileConnection: try MealStore.open(path: folder.file("meals.sqlite"), access: .readWrite)
    }
}

/// A database file as an older mealplan left it: the migrations up to `migration` alone, then
/// the rows `sql` inserts. Returns its `user_version`.
@discardableResult
func makeOlderDatabase(at path: String, upTo migration: String, inserting sql: String) throws -> Int {
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { _ = try String.fetchOne($0, sql: "PRAGMA journal_mode = WAL") }
    try Schema.migrator.migrate(queue, upTo: migration)
    try queue.write { try $0.execute(sql: sql) }
    let version = try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } ?? 0
    try queue.close()
    return version
}

/// The columns the meal and template meal tables had from schema 11 (UIDs) to 13, before
/// status and leftovers: what an upgrade from those schemas must keep as it was.
let columnsBeforeLeftovers = [
    "meal": "id, day, slotId, position, title, note, recipe, servings, ruleId, ruleDay, uid",
    "templateMeal": "id, templateId, dayOffset, slotId, position, title, note, recipe, servings",
]

/// The rows of `table` as an upgrade must keep them: the columns it had.
func keptRowsSQL(_ table: String) -> String {
    "SELECT \(columnsBeforeLeftovers[table] ?? "*") FROM \(table) ORDER BY 1, 2"
}

/// A database file holding `Fixtures/NAME`, a `sqlite3` shell's `.dump` of a plan an older
/// mealplan made, as `sqlite3 FILE < NAME` would make it (the dump's own statements, in its own
/// transaction).
func loadFixture(_ name: String, at path: String) throws {
    let dump = try String(contentsOfFile: String(#filePath.dropLast("StoreFixtures.swift".count)) + "Fixtures/" + name, encoding: .utf8)
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { try $0.execute(sql: dump) }
    try queue.close()
}

/// `Fixtures/NAME` loaded twice in `folder`: as it was (`before`), and opened by this store,
/// which upgrades it (`after`), with its schema checked.
func upgradedFixture(_ name: String, in folder: TemporaryFolder) throws -> (before: String, after: String, store: MealStore) {
    let before = folder.file("before.sqlite"), after = folder.file("after.sqlite")
    try loadFixture(name, at: before)
    try loadFixture(name, at: after)
    let store = try MealStore.open(path: after, access: .readWrite)
    #expect(try store.fetchStrings("PRAGMA user_version") == ["\(Schema.version)"])
    #expect(try store.fetchStrings("PRAGMA integrity_check") == ["ok"])
    #expect(try store.fetchStrings("PRAGMA foreign_key_check").isEmpty)
    return (before, after, store)
}

func fileBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

func permissions(_ path: String) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue
}

extension MealStore {
    /// Raw SQL against the store's connection, for checking what the schema itself refuses.
    func execute(_ sql: String) throws {
        try writer.write { try $0.execute(sql: sql) }
    }

    func fetchStrings(_ sql: String) throws -> [String] {
        try writer.read { try String.fetchAll($0, sql: sql) }
    }
}
