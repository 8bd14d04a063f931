import MealPlanCore
import Testing
import TestSupport
@testable import MealPlanStore

/// Two connections on one file stand for two processes. A change made from an old copy of a
/// meal (a planner's form or undo history) is refused when the other writer changed or removed
/// that meal meanwhile, and the other writer's work stays.
@Suite struct OtherWritersTests {
    let folder = TemporaryFolder()

    func twoWriters() throws -> (MealStore, MealStore) {
        let path = folder.file("meals.sqlite")
        return (try MealStore.open(path: path, access: .readWrite, concurrentReads: true),
                try MealStore.open(path: path, access: .readWrite))
    }

    @Test func anUpdateFromAnOldCopyIsRefusedNamingWhatChanged() throws {
        let (planner, other) = try twoWriters()
        let seen = try planner.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        let theirs = try other.updateMeal(id: seen.id!, note: "with bread", slot: "dinner", day: day("2026-03-05"))

        var typed = seen
        typed.title = "Leek soup"
        #expect(throws: StoreError(.changedMeanwhile,
            "'Soup' was changed by another program meanwhile (its day is now 2026-03-05, its slot is now dinner, its note changed)")) {
            try planner.apply([.update(from: seen, to: typed, restoresPosition: false)])
        }
        #expect(try other.meal(id: seen.id!) == theirs, "the other writer's change stays")

        // From the meal as it is now, the same change goes through.
        var retyped = theirs
        retyped.title = "Leek soup"
        #expect(try planner.apply([.update(from: theirs, to: retyped, restoresPosition: false)])[0]?.title == "Leek soup")
    }

    /// A long note is compared where it is stored, not read back: another writer's change of
    /// one letter in its middle (the same first characters, the same length, so the same key
    /// in the note's index) is still seen, and a save from the old copy refused.
    @Test func aLongNoteChangedInItsMiddleByAnotherWriterIsNotOverwritten() throws {
        let (planner, other) = try twoWriters()
        let words = String(repeating: "leek 葱 soup ", count: 20_000)
        /// A note of half a megabyte, `start` before it and `middle` in its middle.
        func note(_ start: String, _ middle: String) -> String { start + words + middle + words + "end" }
        let seen = try planner.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: note("", "a"))
        let theirs = try other.updateMeal(id: seen.id!, note: note("", "b"))
        #expect(theirs.note?.utf8.count == seen.note?.utf8.count && theirs.note?.prefix(64) == seen.note?.prefix(64))

        var typed = seen
        typed.note = note("x", "a")
        #expect(throws: StoreError(.changedMeanwhile, "'Soup' was changed by another program meanwhile (its note changed)")) {
            try planner.apply([.update(from: seen, to: typed, restoresPosition: false)])
        }
        #expect(try other.meal(id: seen.id!) == theirs, "the other writer's note stays")

        // From the note as it is now, the save goes through, and the meal as stored comes back.
        var retyped = theirs
        retyped.note = note("x", "b")
        let saved = try planner.apply([.update(from: theirs, to: retyped, restoresPosition: false)])[0]
        #expect(saved == retyped)
        #expect(try other.meal(id: seen.id!) == retyped)
    }

    /// A long note's save runs with a big write's page cache, which holds the note's pages
    /// from the compare-and-set to the update; the planner's connection has its own small cache
    /// again afterwards, whether the save is made or refused.
    @Test func aLongNotesSaveLeavesThePlannersPageCacheAsItWas() throws {
        let path = folder.file("meals.sqlite")
        let planner = try MealStore.open(path: path, access: .readWrite, concurrentReads: true, pageCacheKiB: 64)
        let other = try MealStore.open(path: path, access: .readWrite)
        func cacheSize() throws -> Int? { try planner.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") } }
        let seen = try planner.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        var typed = seen
        typed.note = String(repeating: "leek+soup.", count: MealStore.longNoteBytes / 10 + 1)
        try other.updateMeal(id: seen.id!, title: "Leek soup")
        #expect(throws: StoreError.self) { try planner.apply([.update(from: seen, to: typed, restoresPosition: false)]) }
        #expect(try cacheSize() == -64)
        let now = try #require(try planner.meal(id: seen.id!))
        var retyped = now
        retyped.note = typed.note
        try planner.apply([.update(from: now, to: retyped, restoresPosition: false)])
        #expect(try other.meal(id: seen.id!)?.note == typed.note)
        #expect(try cacheSize() == -64)
    }

    @Test func aRemovalFromAnOldCopyIsRefused() throws {
        let (planner, other) = try twoWriters()
        let seen = try planner.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        try other.updateMeal(id: seen.id!, title: "Tomato soup")
        #expect(throws: StoreError(.changedMeanwhile, "'Soup' was changed by another program meanwhile (its title is now 'Tomato soup')")) {
            try planner.apply([.remove(seen)])
        }
        #expect(try other.meal(id: seen.id!)?.title == "Tomato soup")
    }

    /// The undo of a template laid down many times: one batch of removals, long enough to run
    /// with a larger page cache than the planner's own. One meal in its middle that another
    /// writer changed refuses the whole batch, naming that meal, and nothing is removed; the
    /// batch made from the meals as they are then removes them all, unless it is cancelled.
    /// Every time the planner's connection has its own small page cache again afterwards.
    @Test func aLongBatchOfRemovalsIsRefusedWholeForOneMealChangedMeanwhile() throws {
        let path = folder.file("meals.sqlite")
        let planner = try MealStore.open(path: path, access: .readWrite, concurrentReads: true, pageCacheKiB: 64)
        let other = try MealStore.open(path: path, access: .readWrite)
        func cacheSize() throws -> Int? { try planner.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") } }
        let count = MealStore.bigBatch
        let added = try planner.make((0..<count).map { n in
            .add(Meal(day: day("2026-03-02").adding(days: n / 4), slot: "dinner", title: "Meal \(n)"))
        })
        #expect(try cacheSize() == -64)
        let middle = try #require(added[count / 2].result)
        try other.updateMeal(id: middle.id!, title: "Changed")
        #expect(throws: StoreError(.changedMeanwhile, "'\(middle.title)' was changed by another program meanwhile (its title is now 'Changed')")) {
            try planner.make(added.reversed().map(\.inverse))
        }
        #expect(try other.mealCount() == count)
        #expect(try other.meal(id: middle.id!)?.title == "Changed")
        #expect(try cacheSize() == -64)

        // The batch made from the meals as they are, stopped halfway as Esc stops the planner's
        // save: nothing is removed either. Then made whole.
        struct Cancelled: Error {}
        let removals = try planner.meals(in: .all).map { MealChange.remove($0) }
        #expect(throws: StoreError.self) {
            try planner.make(removals) { done, _ in if done == count / 2 { throw Cancelled() } }
        }
        #expect(try other.mealCount() == count)
        #expect(try cacheSize() == -64)

        let removed = try planner.make(removals)
        #expect(removed.count == count)
        #expect(try other.mealCount() == 0)
        #expect(try cacheSize() == -64)
    }

    /// The reproduction from the field: undo of an add after another process removed that meal
    /// and added one of its own. The id is not reused, and the undo touches nothing.
    @Test func undoOfAnAddNeverReachesAMealAddedLater() throws {
        let (planner, other) = try twoWriters()
        let added = try planner.addMeal(day: day("2026-03-02"), slot: "dinner", title: "Soup")
        try other.removeMeals(ids: [added.id!])
        let christmas = try other.addMeal(day: day("2026-12-25"), slot: "dinner", title: "Christmas dinner")
        #expect(christmas.id != added.id)
        #expect(throws: StoreError(.changedMeanwhile, "'Soup' was removed by another program meanwhile")) {
            try planner.apply([MealChange.add(added).stored(as: added).inverse])
        }
        #expect(try other.meals(in: .all) == [christmas])
    }

    /// Two planners undoing the same delete: the second is refused instead of adding a copy.
    @Test func aMealPutBackByAnotherWriterIsNotPutBackTwice() throws {
        let (planner, other) = try twoWriters()
        let soup = try planner.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        try planner.apply([.remove(soup)])
        #expect(try other.apply([.restore(soup)]) == [soup])
        #expect(throws: StoreError(.changedMeanwhile, "'Soup' is back in the plan already (another program put it back)")) {
            try planner.apply([.restore(soup)])
        }
        #expect(try other.meals(in: .all) == [soup])
    }
}
