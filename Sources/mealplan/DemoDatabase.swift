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

    init(today: Day) throws {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array("\(base)/mealplan-demo-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw CommandFailure("cannot create a folder for the demo database in \(base)", status: CommandFailure.Status.ioError)
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

    /// Imports the sample plan embedded in the binary, every date moved by the same number of
    /// weeks (weekdays stay what the plan says).
    private static func fill(_ store: MealStore, today: Day) throws {
        var reader = CSVMealReader(bytes: PackageResources.sample_plan_csv)
        var shift: Int?
        try store.importMeals { importer in
            while let row = try reader.next() {
                let day = try Day(iso: row.date)
                let weeks = shift ?? weeksToToday(from: day, today: today)
                shift = weeks
                try importer.add(day: day.adding(days: 7 * weeks), slot: row.slot, title: row.title, note: row.note)
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
