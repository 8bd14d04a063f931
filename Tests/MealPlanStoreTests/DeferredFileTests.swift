import Foundation
import MealPlanCore
import TestSupport
import Testing
@testable import MealPlanStore

/// A database opened for writing before it exists is made by its first write that succeeds:
/// a refused write leaves no file or folder, and two stores making the same file keep both writes.
@Suite struct DeferredFileTests {
    @Test(arguments: [false, true])
    func aRefusedWriteMakesNoFileAndAGoodOneMakesIt(concurrentReads: Bool) throws {
        let folder = TemporaryFolder()
        let path = folder.file("new/meals.sqlite")
        let store = try MealStore.open(path: path, access: .readWrite, concurrentReads: concurrentReads)
        // Reads see what a new file holds: the default slots, no meals.
        #expect(try store.slots().map(\.name) == ["breakfast", "lunch", "dinner", "snack"])
        #expect(try store.mealCount() == 0)
        #expect(throws: StoreError.self) { try store.addMeal(day: day("2026-03-02"), slot: "nosuchslot", title: "Soup") }
        #expect(throws: StoreError.self) { try store.removeTemplate(named: "week") }
        #expect(!FileManager.default.fileExists(atPath: folder.file("new")))
        try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Bread").id == 2)
        #expect(try MealStore.open(path: path, access: .readExisting).meals(in: .all).map(\.title) == ["Soup", "Bread"])
    }

    /// Both stores open before the file exists; the second's write makes it, and the first
    /// then reads and writes that file, the other's slot and meal in it.
    @Test func aStoreWhoseFileAnotherMadeMeanwhileGoesOverToThatFile() throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        let first = try MealStore.open(path: path, access: .readWrite)
        let second = try MealStore.open(path: path, access: .readWrite)
        try second.addSlot("brunch")
        try second.addMeal(day: day("2026-03-02"), slot: "brunch", title: "Pancakes")
        #expect(try first.hasChanges(), "the file another made is a change to the plan shown")
        #expect(try !first.hasChanges())
        #expect(try first.meals(in: .all).map(\.title) == ["Pancakes"])
        try first.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        try first.addMeal(day: day("2026-03-03"), slot: "brunch", title: "Eggs")
        let meals = try MealStore.open(path: path, access: .readExisting).meals(in: .all)
        // Brunch, added last, comes after snack.
        #expect(meals.map(\.title) == ["Soup", "Pancakes", "Eggs"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix("meals.sqlite") } == [])
    }

    /// An import cannot be tried first: it runs on a file of its own, linked into place once it
    /// succeeded. A failed one leaves no file or folder; one whose file another store made
    /// meanwhile adds its meals (note, recipe and servings kept) to that file, after the other's.
    @Test func anImportMakesItsFileOnlyWhenItSucceeds() throws {
        let folder = TemporaryFolder()
        let path = folder.file("new/meals.sqlite")
        let importing = try MealStore.open(path: path, access: .readWrite)
        #expect(throws: StoreError.self) {
            try importing.importMeals { importer in
                try importer.add(Meal(day: day("2026-03-02"), slot: "lunch", title: "Soup"))
                try importer.add(Meal(day: day("2026-03-02"), slot: "nosuchslot", title: "Soup"))
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
        let other = try MealStore.open(path: path, access: .readWrite)
        let count = try importing.importMeals { importer in
            try importer.add(Meal(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: "hot"))
            try other.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Bread")
            try importer.add(Meal(day: day("2026-03-02"), slot: "lunch", title: "Stew", recipe: "stew", servings: 3))
        }
        #expect(count == 2)
        let meals = try MealStore.open(path: path, access: .readExisting).meals(in: .all)
        #expect(meals.map(\.title) == ["Bread", "Soup", "Stew"])
        #expect(meals.map(\.note) == [nil, "hot", nil])
        #expect(meals.map(\.servings) == [nil, nil, 3])
        #expect(try importing.meals(in: .all) == meals)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("new")).filter { !$0.hasPrefix("meals.sqlite") } == [])
    }

    /// A first import writes its new file without the write-ahead log (no `-wal` or journal
    /// beside it while the meals go in), each page once; the file linked into place is whole
    /// and in WAL mode, as every plan's file is.
    @Test func aFirstImportWritesItsFileWithoutTheLog() throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        let store = try MealStore.open(path: path, access: .readWrite)
        var besideWhileImporting: [String] = []
        try store.importMeals { importer in
            for offset in 0..<500 { try importer.add(Meal(day: day("2026-03-02").adding(days: offset), slot: "lunch", title: "Soup")) }
            besideWhileImporting = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        }
        #expect(!besideWhileImporting.isEmpty && besideWhileImporting.allSatisfy { !$0.hasSuffix("-wal") && !$0.hasSuffix("-journal") },
                "\(besideWhileImporting)")
        let linked = try MealStore.open(path: path, access: .readExisting)
        #expect(try linked.fetchStrings("PRAGMA journal_mode") == ["wal"])
        #expect(try linked.fetchStrings("PRAGMA integrity_check") == ["ok"])
        #expect(try linked.mealCount() == 500)
    }
}
