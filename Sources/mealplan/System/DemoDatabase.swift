import Foundation
import MealPlanCore
import MealPlanExchange
import MealPlanStore

/// The throwaway database `mealplan --demo` opens: a private temporary folder holding the sample
/// plan, moved by whole weeks so that it surrounds today. The user's own database is never
/// opened; `remove()` deletes the folder.
struct DemoDatabase {
    let folder: String
    let store: MealStore

    /// The sample plan starts on this weekday this many weeks before the week of today.
    static let weeksBeforeToday = 2

    init(today: Day, environment: Environment) throws {
        let base = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array("\(base)/mealplan-demo-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw CommandFailure("cannot create a folder for the demo database in \(base)", status: .ioError)
        }
        folder = String(cString: created)
        do {
            store = try MealStore.open(
                path: folder + "/demo.sqlite", access: .readWrite, pageCacheKiB: PlannerSession.pageCacheKiB)
            try Self.fill(store, today: today)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    /// Deletes the database and its folder.
    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Imports the sample plan embedded in the binary through the import pipeline, every date
    /// moved by the same number of weeks (weekdays stay what the plan says).
    private static func fill(_ store: MealStore, today: Day) throws {
        try store.importMeals { importer in
            var meals = CSVMealImport(CSVMealReader(bytes: PackageResources.sample_plan_csv), slots: importer.slots)
            var shift: Int?
            while var meal = try meals.next() {
                let weeks = shift ?? weeksToToday(from: meal.day, today: today)
                shift = weeks
                meal.day = meal.day.adding(days: 7 * weeks)
                try importer.add(meal)
            }
        }
    }

    /// Whole weeks that move `first` into the week `weeksBeforeToday` weeks before today's
    /// (weeks starting on `first`'s weekday).
    static func weeksToToday(from first: Day, today: Day) -> Int {
        let target = today.adding(days: -7 * weeksBeforeToday)
        return Int((Double(first.distance(to: target)) / 7).rounded(.down))
    }
}
