import Foundation
import MealPlanCore
import MealPlanExchange
import MealPlanStore
import Recurrence
import Settings

/// The throwaway database `mealplan --demo` opens: a private temporary folder holding the sample
/// plan, moved by whole weeks so that it surrounds today, and the sample recipes its meals
/// name. The user's own database is never opened; `remove()` deletes the folder.
struct DemoDatabase {
    let folder: String
    let store: MealStore
    /// The sample recipes with their aisle and pantry files, unpacked from the binary.
    var recipesFolder: String { folder + "/recipes" }

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
            try Self.addRepeatAndTemplate(store, from: try Self.fill(store, today: today))
            try Self.unpackRecipes(into: folder + "/recipes")
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
    /// moved by the same number of weeks (weekdays stay what the plan says), the day that
    /// leftovers name their cooked meal by too, so that they stay linked to it. Returns its
    /// first day, moved.
    private static func fill(_ store: MealStore, today: Day) throws -> Day {
        var first: Day?
        try store.importMeals { importer in
            var meals = CSVMealImport(CSVMealReader(bytes: PackageResources.sample_plan_csv), slots: importer.slots)
            var shift: Int?
            while var meal = try meals.next() {
                let weeks = shift ?? weeksToToday(from: meal.day, today: today)
                shift = weeks
                meal.day = meal.day.adding(days: 7 * weeks)
                first = first ?? meal.day
                var source = meals.leftoversSource
                if let day = source?.day { source?.day = day.adding(days: 7 * weeks) }
                try importer.add(meal, leftoversOf: source)
            }
        }
        return first ?? today
    }

    /// So that the demo shows repeats and templates too: a snack on the weekdays the sample
    /// plan has none (Monday, Wednesday and Friday) from its first day on, without end, and
    /// the plan's first week kept as a template.
    private static func addRepeatAndTemplate(_ store: MealStore, from first: Day) throws {
        try store.saveTemplate("Sample week", from: first, days: 7)
        let rule = try RepeatRule(firstDay: first, pattern: .weeks(interval: 1, weekdays: [.monday, .wednesday, .friday]))
        try store.addRule(rule, meal: Meal(day: first, slot: "snack", title: "Apple slices with peanut butter"))
    }

    /// Writes the sample recipes carried in the binary into `root`: the bundle holds each file
    /// of Data/recipes/ as a line "=== PATH BYTES", its bytes and a line break.
    private static func unpackRecipes(into root: String) throws {
        let damaged = CommandFailure("the sample recipes inside mealplan are damaged", status: .failure)
        var rest = PackageResources.sample_recipes_bundle[...]
        while let end = rest.firstIndex(of: UInt8(ascii: "\n")) {
            let header = String(decoding: rest[..<end], as: UTF8.self)
            guard header.hasPrefix("=== "), let space = header.lastIndex(of: " "),
                  let count = Int(header[header.index(after: space)...]), end + 1 + count < rest.endIndex else { throw damaged }
            let path = root + "/" + header[header.index(header.startIndex, offsetBy: 4)..<space]
            try FileManager.default.createDirectory(
                atPath: String(path[..<path.lastIndex(of: "/")!]), withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: path, contents: Data(rest[(end + 1)..<(end + 1 + count)])) else {
                throw CommandFailure("cannot write the demo's recipe \(path)", status: .ioError)
            }
            rest = rest[(end + 1 + count + 1)...]
        }
        guard rest.isEmpty else { throw damaged }
    }

    /// Whole weeks that move `first` into the week `weeksBeforeToday` weeks before today's
    /// (weeks starting on `first`'s weekday).
    static func weeksToToday(from first: Day, today: Day) -> Int {
        let target = today.adding(days: -7 * weeksBeforeToday)
        return Int((Double(first.distance(to: target)) / 7).rounded(.down))
    }
}
