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
