import MealPlanCore
import MealPlanStore
import Testing
import TestSupport

@Suite struct StoreWritersTests {
    /// Writers on several connections wait for each other (busy timeout) instead of failing.
    @Test func concurrentWritersAllSucceed() async throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        let writers = 6, mealsEach = 40
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    let store = try MealStore.open(path: path, access: .readWrite)
                    for index in 0..<mealsEach {
                        try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Meal \(writer)-\(index)")
                    }
                }
            }
            try await group.waitForAll()
        }
        let meals = try MealStore.open(path: path, access: .read).meals(in: .all)
        #expect(meals.count == writers * mealsEach)
        #expect(meals.map(\.position) == Array(0..<(writers * mealsEach)))
    }
}
