import Foundation
import GRDB
import MealPlanCore
import TestSupport
import Testing
@testable import MealPlanStore

/// Writers wait for each other's locks with short pauses and for a long time, so that a busy
/// machine makes them slower, never makes them fail.
@Suite struct BusyWaitTests {
    @Test func pausesAreShortAndAddUpToTheTimeout() {
        var tries = 0, waited = Duration.zero
        while let pause = MealStore.busyPause(afterTries: tries) {
            #expect(pause <= .milliseconds(3), "try \(tries)")
            waited += pause
            tries += 1
        }
        #expect(MealStore.busyTimeout >= .seconds(60))
        #expect(waited <= MealStore.busyTimeout && waited > MealStore.busyTimeout - .milliseconds(3))
    }

    /// Another program holds the write lock for 6 s, past the 5 s after which writers used to
    /// give up; the add waits for it and then succeeds.
    @Test func aWriterOutwaitsALockHeldForSixSeconds() throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        // Made at once, for the other connection to open.
        let store = try MealStore.open(path: path, access: .read)
        let other = try DatabaseQueue(path: path)
        let holding = DispatchSemaphore(value: 0), released = DispatchSemaphore(value: 0)
        let hold = 6.0
        DispatchQueue.global().async {
            try? other.inTransaction(.immediate) { _ in
                holding.signal()
                Thread.sleep(forTimeInterval: hold)
                return .commit
            }
            released.signal()
        }
        holding.wait()
        let start = Date()
        let meal = try store.addMeal(day: Day(year: 2026, month: 3, day: 4)!, slot: "lunch", title: "Soup")
        #expect(Date().timeIntervalSince(start) > hold - 1)
        #expect(try store.meal(id: meal.id!) == meal)
        released.wait()
    }
}
