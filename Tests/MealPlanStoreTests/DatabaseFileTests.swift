import Foundation
import GRDB
import MealPlanCore
import TestSupport
import Testing
@testable import MealPlanStore

@Suite struct DatabaseFileTests {
    @Test(arguments: [false, true])
    func openCreatesFoldersAndAnOwnerOnlyWALDatabase(concurrentReads: Bool) throws {
        let folder = TemporaryFolder()
        let path = folder.file("a/b/meals.sqlite")
        do {
            let store = try MealStore.open(path: path, access: .read, concurrentReads: concurrentReads)
            #expect(try store.fetchStrings("PRAGMA journal_mode") == ["wal"])
            try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
            #expect(try permissions(path + "-wal") == 0o600)
            #expect(try permissions(path + "-shm") == 0o600)
        }
        #expect(try permissions(path) == 0o600)
        #expect(try permissions(folder.file("a")) == 0o700)
        #expect(try permissions(folder.file("a/b")) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("a/b")) == ["meals.sqlite"])
        #expect(try MealStore.open(path: path, access: .read).mealCount() == 1)
    }

    /// Files that are not mealplan databases are refused before SQLite touches them.
    @Test(arguments: [
        ("not a database", Data("date,slot,title\n2026-03-02,lunch,Soup\n".utf8),
         "'PATH' is not a SQLite database, so not a mealplan database"),
        ("empty file", Data(),
         "database 'PATH' is an empty file, not a mealplan database; remove it or choose another path"),
        ("damaged header", Data("SQLite format 3\0".utf8) + Data(repeating: 0xFF, count: 200),
         "'PATH' is a SQLite database of another program, not a mealplan database"),
    ])
    func foreignFilesAreRefusedAndKept(name: String, content: Data, message: String) throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        try content.write(to: URL(fileURLWithPath: path))
        for access in [MealStore.Access.read, .readWrite] {
            #expect(throws: StoreError(.database, message.replacingOccurrences(of: "PATH", with: path)), "\(name)") {
                try MealStore.open(path: path, access: access)
            }
        }
        #expect(fileBytes(path) == content)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["meals.sqlite"])
    }

    @Test func anotherProgramsSQLiteDatabaseIsRefusedAndKept() throws {
        let folder = TemporaryFolder()
        let path = folder.file("other.sqlite")
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE t(x); INSERT INTO t VALUES (1)") }
        let before = fileBytes(path)
        #expect(throws: StoreError(.database, "'\(path)' is a SQLite database of another program, not a mealplan database")) {
            try MealStore.open(path: path, access: .readWrite)
        }
        #expect(fileBytes(path) == before)
    }

    /// mealplan respects missing write permission even as root, where the kernel would not.
    @Test(arguments: [false, true])
    func readOnlyFileCanBeReadButNotChanged(concurrentReads: Bool) throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        try MealStore.open(path: path, access: .readWrite).addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: path)
        let before = fileBytes(path)
        #expect(throws: StoreError(.database, "database '\(path)' is read-only; cannot change it")) {
            try MealStore.open(path: path, access: .readWrite)
        }
        let store = try MealStore.open(path: path, access: .read, concurrentReads: concurrentReads)
        #expect(try store.meals(in: .all).map(\.title) == ["Soup"])
        #expect(try store.slots() == MealSlot.defaults)
        #expect(throws: StoreError.self) { try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Bread") }
        #expect(fileBytes(path) == before)
    }

    @Test(arguments: [false, true])
    func pageCacheIsCappedOnEveryConnectionWhenAsked(concurrentReads: Bool) throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        let capped = try MealStore.open(path: path, access: .read, concurrentReads: concurrentReads, pageCacheKiB: 256)
        let cacheSize = "PRAGMA cache_size"
        #expect(try capped.read { try Int.fetchOne($0, sql: cacheSize) } == -256)
        #expect(try capped.writer.writeWithoutTransaction { try Int.fetchOne($0, sql: cacheSize) } == -256)
        // Without the cap, SQLite's own default (-2000, i.e. 2,000 KiB) stays.
        let uncapped = try MealStore.open(path: path, access: .read, concurrentReads: concurrentReads)
        #expect(try uncapped.read { try Int.fetchOne($0, sql: cacheSize) } == -2000)
    }

    @Test func unusableLocationsGiveOneLineErrors() throws {
        let folder = TemporaryFolder()
        let blocker = folder.file("file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        // A database to write is made by its first write, which meets the blocked folder.
        #expect(throws: StoreError(.database, "cannot create folder '\(blocker)/sub' for the database: Not a directory")) {
            try MealStore.open(path: blocker + "/sub/meals.sqlite", access: .readWrite).addSlot("brunch")
        }
        #expect(throws: StoreError(.database, "cannot open database '\(folder.path)': it is not a regular file")) {
            try MealStore.open(path: folder.path, access: .read)
        }
        #expect(throws: StoreError.self) { try MealStore.open(path: "/proc/mealplan/meals.sqlite", access: .readWrite).addSlot("brunch") }
        #expect(fileBytes(blocker) == Data("x".utf8))
    }

    @Test func locationFollowsOptionThenEnvironment() throws {
        let env = ["MEALPLAN_DB": "/env/db.sqlite", "XDG_DATA_HOME": "/xdg", "HOME": "/home/me"]
        #expect(try DatabaseLocation.path(option: "given.sqlite", environment: env) == "given.sqlite")
        #expect(try DatabaseLocation.path(option: nil, environment: env) == "/env/db.sqlite")
        #expect(try DatabaseLocation.path(option: nil, environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/h"])
            == "/xdg/mealplan/meals.sqlite")
        #expect(try DatabaseLocation.path(option: nil, environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"])
            == "/h/.local/share/mealplan/meals.sqlite")
        #expect(try DatabaseLocation.path(option: "", environment: ["MEALPLAN_DB": "", "HOME": "/h"])
            == "/h/.local/share/mealplan/meals.sqlite")
        #expect(throws: StoreError.self) { try DatabaseLocation.path(option: nil, environment: [:]) }
    }

    @Test func changesByAnotherStoreOnTheSameFileAreNoticed() throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        let planner = try MealStore.open(path: path, access: .read, concurrentReads: true)
        let other = try MealStore.open(path: path, access: .readWrite)
        #expect(try planner.hasChanges() == false)
        #expect(try planner.hasChanges() == false)
        try other.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        #expect(try planner.hasChanges() == true)
        #expect(try planner.hasChanges() == false, "the change is reported once")
        try planner.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Bread")
        #expect(try planner.hasChanges() == false, "its own writes are not news to the planner")
        try other.addSlot("Tea")
        #expect(try planner.hasChanges() == true)
    }

    /// Another database moved over an open one: the store refuses to write (to the file it
    /// opened, which nobody sees any more) and its change check says why; its write-ahead log
    /// is emptied, so the new file shows its own meals, not the old file's.
    @Test(arguments: [false, true])
    func aDatabaseMovedOverAnOpenOneIsNeverWrittenThrough(concurrentReads: Bool) throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        let store = try MealStore.open(path: path, access: .readWrite, concurrentReads: concurrentReads)
        try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        let other = folder.file("other.sqlite")
        try MealStore.open(path: other, access: .readWrite).addMeal(day: day("2026-03-02"), slot: "dinner", title: "Stew")
        #expect(rename(other, path) == 0)

        #expect(throws: StoreError.self) { try store.hasChanges() }
        let refusal = #expect(throws: StoreError.self) {
            try store.addMeal(day: day("2026-03-03"), slot: "lunch", title: "Lost")
        }
        #expect(refusal?.message == "database '\(path)' was replaced by another file since it was opened; nothing was written")
        #expect(try MealStore.open(path: path, access: .read).meals(in: .all).map(\.title) == ["Stew"])
    }
}
