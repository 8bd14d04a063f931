import MealPlanCore
import Synchronization
import TestSupport
import Testing
@testable import MealPlanStore

/// The two-thread import: the producing thread checks and batches, this one inserts.
@Suite struct PipelinedImportTests {
    /// Enough meals for several batches and a part-filled last one.
    static let mealCount = 3 * ImportFeed.batchSize + 100

    static func meal(_ index: Int) -> (day: Day, slot: String, title: String) {
        (Day(number: index / 4)!, MealSlot.defaults[index % 4].name, "Meal \(index)")
    }

    struct CallerError: Error, Equatable {
        let line: Int
    }

    @Test(arguments: StoreKind.allCases)
    func importsEveryMealInOrder(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        try store.addMeal(day: Self.meal(8).day, slot: "breakfast", title: "Existing")
        let summary = try store.importMealsPipelined { feed in
            for index in 0..<Self.mealCount {
                let meal = Self.meal(index)
                try feed.add(Meal(day: meal.day, slot: meal.slot, title: meal.title, note: index % 3 == 0 ? " note " : nil))
            }
        }
        #expect(summary == ImportSummary(count: Self.mealCount, days: DayRange(Self.meal(0).day, Self.meal(Self.mealCount - 1).day)))
        let meals = try store.meals(in: .all)
        #expect(meals.count == Self.mealCount + 1)
        // The day that had a meal before: the imported breakfast goes after it.
        #expect(meals[8...9].map { "\($0.title) \($0.position)" } == ["Existing 0", "Meal 8 1"])
        #expect(meals[0].note == "note" && meals[1].note == nil)
        #expect(meals.last?.title == "Meal \(Self.mealCount - 1)")
    }

    @Test func dryRunAddsNothing() throws {
        let store = try MealStore.inMemory()
        let summary = try store.importMealsPipelined(dryRun: true) { feed in
            try feed.add(Meal(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: nil))
        }
        #expect(summary.count == 1)
        #expect(try store.mealCount() == 0)
    }

    /// The producer's error, wherever it happens (first row, a middle row while the inserting
    /// thread is busy with earlier batches, after the last row), reaches the caller and
    /// nothing is kept.
    @Test(arguments: [0, ImportFeed.batchSize * 2 + 7, mealCount])
    func producerErrorImportsNothing(failingAt line: Int) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(.fileConnection, in: folder)
        try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Existing")
        let before = fileBytes(folder.file("meals.sqlite"))
        #expect(throws: CallerError(line: line)) {
            try store.importMealsPipelined { feed in
                for index in 0..<Self.mealCount {
                    if index == line { throw CallerError(line: line) }
                    let meal = Self.meal(index)
                    try feed.add(Meal(day: meal.day, slot: meal.slot, title: meal.title, note: nil))
                }
                if line == Self.mealCount { throw CallerError(line: line) }
            }
        }
        #expect(try store.mealCount() == 1)
        #expect(fileBytes(folder.file("meals.sqlite")) == before)
    }

    @Test func badMealIsReportedByTheFeed() throws {
        let store = try MealStore.inMemory()
        #expect(throws: StoreError(.input, "unknown slot 'tea'; slots are breakfast, lunch, dinner, snack")) {
            try store.importMealsPipelined { feed in
                try feed.add(Meal(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: nil))
                try feed.add(Meal(day: day("2026-03-02"), slot: "tea", title: "Cake", note: nil))
            }
        }
        #expect(try store.mealCount() == 0)
    }

    /// A row SQLite refuses (here by a trigger the test adds, since the checks before the insert
    /// leave nothing of the schema's for SQLite to refuse) makes the insert fail: that error wins
    /// over the producer's later one, and the producer, which would otherwise never end, is
    /// stopped by its feed.
    @Test func insertErrorStopsTheProducer() throws {
        let store = try MealStore.inMemory()
        try store.execute("""
            CREATE TRIGGER refuse BEFORE INSERT ON meal WHEN NEW.title = 'Refused'
            BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
            """)
        let addsAfterFailure = Mutex(0)
        #expect {
            try store.importMealsPipelined { feed in
                let meal = Self.meal(0)
                try feed.add(Meal(day: meal.day, slot: meal.slot, title: "Refused", note: nil))
                var index = 1
                while true {
                    let meal = Self.meal(index)
                    do {
                        try feed.add(Meal(day: meal.day, slot: meal.slot, title: meal.title, note: nil))
                    } catch {
                        addsAfterFailure.withLock { $0 = index }
                        throw error
                    }
                    index += 1
                    if index == 10 * ImportFeed.batchSize { throw CallerError(line: index) }
                }
            }
        } throws: { error in
            (error as? StoreError)?.message.contains("refused by the test") == true
        }
        #expect(addsAfterFailure.withLock { $0 } > 0)
        #expect(try store.mealCount() == 0)
    }
}
