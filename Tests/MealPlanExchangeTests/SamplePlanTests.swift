import Foundation
import MealPlanCore
import Testing
@testable import MealPlanExchange

/// `Data/sample-plan.csv` is what a new user imports first and what `--demo` shows, so every row
/// must be a meal the importer accepts.
@Suite("Data/sample-plan.csv")
struct SamplePlanTests {
    private static let fileBytes: [UInt8] = {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let url = repository.appendingPathComponent("Data/sample-plan.csv")
        return Array((try? Data(contentsOf: url)) ?? Data())
    }()

    @Test("every row is a valid meal in a default slot")
    func everyRowIsValid() throws {
        let sample = try rows(of: Self.fileBytes)
        try #require(!sample.isEmpty)
        let slotNames = MealSlot.defaults.map(\.name)
        for row in sample {
            #expect(throws: Never.self, "line \(row.line): \(row.date)") { try Day(iso: row.date) }
            #expect(try Meal.validTitle(row.title) == row.title, "line \(row.line)")
            #expect(slotNames.contains(row.slot), "line \(row.line): \(row.slot)")
            #expect(Meal.validNote(row.note) ?? "" == row.note, "line \(row.line): note not trimmed")
        }
    }

    @Test("four weeks from a Monday in 2026, at least 80 meals in every default slot")
    func fourWeeks() throws {
        let sample = try rows(of: Self.fileBytes)
        let days = try sample.map { row throws -> Day in try Day(iso: row.date) }
        #expect(sample.count >= 80)
        #expect(days == days.sorted())
        let first = try #require(days.first)
        #expect(first.weekday == .monday)
        #expect(first.date.year == 2026)
        #expect(Set(days) == Set(DayRange(start: first, count: 28)))
        #expect(Set(sample.map(\.slot)) == Set(MealSlot.defaults.map(\.name)))
    }

    @Test("it has notes, a multi-line note, and non-ASCII titles")
    func variety() throws {
        let sample = try rows(of: Self.fileBytes)
        #expect(sample.filter { !$0.note.isEmpty }.count >= 10)
        #expect(sample.contains { $0.note.contains("\n") })
        let titles = Set(sample.map(\.title))
        for title in ["Crème brûlée", "拉麺", "Pão de queijo", "Smørrebrød with egg and shrimp", "Shakshuka"] {
            #expect(titles.contains(title), "\(title)")
        }
    }

    /// Then exporting the imported sample gives back the very same file, each leftovers'
    /// source (their cooked meal's day and slot) included.
    @Test("the file is exactly what the writer writes for its meals")
    func canonical() throws {
        var reader = CSVMealImport(CSVMealReader(bytes: Self.fileBytes), slots: MealSlot.defaults)
        var rows: [(meal: Meal, source: LeftoversSource?)] = []
        while let meal = try reader.next() { rows.append((meal, reader.leftoversSource)) }
        let bytes = try withTemporaryFile(containing: []) { path in
            let descriptor = open(path, O_WRONLY | O_TRUNC)
            defer { close(descriptor) }
            var writer = CSVMealWriter(fileDescriptor: descriptor)
            for (meal, source) in rows {
                try withRowView(of: meal, source: source) { try writer.write($0) }
            }
            try writer.finish()
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(bytes == Self.fileBytes)
    }

    /// Its leftovers name a meal of the file, the dinner before them, which cooks them.
    @Test("every leftovers row names the dinner before it")
    func leftoversNameTheirCook() throws {
        var reader = CSVMealImport(CSVMealReader(bytes: Self.fileBytes), slots: MealSlot.defaults)
        var places: Set<String> = []
        var sources: [(meal: Meal, source: LeftoversSource)] = []
        while let meal = try reader.next() {
            places.insert("\(meal.day.iso) \(meal.slot)")
            if let source = reader.leftoversSource { sources.append((meal, source)) }
        }
        #expect(sources.count == 7)
        for (meal, source) in sources {
            #expect(source.day == meal.day.adding(days: -1) && source.slot == "dinner", "\(meal.title)")
            #expect(source.place.map(places.contains) == true, "\(meal.title)")
        }
    }
}
