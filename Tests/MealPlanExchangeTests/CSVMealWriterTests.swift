import CSV
import Foundation
import MealPlanCore
import Testing
@testable import MealPlanExchange
import TestSupport

@Suite("CSVMealWriter")
struct CSVMealWriterTests {
    private func text(_ meals: [Meal]) throws -> String {
        String(decoding: try written(meals), as: UTF8.self)
    }

    @Test("an empty export is the header alone")
    func emptyExport() throws {
        #expect(try text([]) == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n")
    }

    @Test("plain fields are written as they are, a missing note as an empty field")
    func plainFields() throws {
        let meals = [
            Meal(day: day("2026-03-02"), slot: "dinner", title: "Pasta"),
            Meal(day: day("2026-03-03"), slot: "lunch", title: "拉麺 🍜", note: "très bon"),
        ]
        #expect(try text(meals) == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,dinner,Pasta,,,,,,\r\n2026-03-03,lunch,拉麺 🍜,très bon,,,,,\r\n")
    }

    @Test("a recipe is written by name and servings as people write them: 6, 2.5, never 6.0")
    func recipeAndServings() throws {
        let meals = [
            Meal(day: day("2026-03-06"), slot: "dinner", title: "Lasagne", recipe: "mains/Lasagne", servings: 6),
            Meal(day: day("2026-03-07"), slot: "dinner", title: "Soup", recipe: "soups/Tomato Soup, spicy", servings: 2.5),
            Meal(day: day("2026-03-08"), slot: "lunch", title: "As written", recipe: "Bread"),
        ]
        #expect(try text(meals) == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n"
            + "2026-03-06,dinner,Lasagne,,mains/Lasagne,6,,,\r\n"
            + "2026-03-07,dinner,Soup,,\"soups/Tomato Soup, spicy\",2.5,,,\r\n"
            + "2026-03-08,lunch,As written,,Bread,,,,\r\n")
    }

    @Test("fields are quoted only when needed, inner quotes doubled", arguments: [
        ("Pasta, al dente", "\"Pasta, al dente\""),
        ("5\" pizza", "\"5\"\" pizza\""),
        ("\"quoted\"", "\"\"\"quoted\"\"\""),
        ("boil\r\ndrain", "\"boil\r\ndrain\""),
        ("line\nbreak", "\"line\nbreak\""),
        ("carriage\rreturn", "\"carriage\rreturn\""),
        (" leading space", "\" leading space\""),
        ("trailing tab\t", "\"trailing tab\t\""),
        ("inner\ttab and space", "inner\ttab and space"),
        ("semi;colon", "semi;colon"),
        ("", ""),
    ])
    func quoting(title: String, field: String) throws {
        let meal = Meal(day: day("2026-03-02"), slot: "dinner", title: title, note: title)
        #expect(try text([meal]) == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,dinner,\(field),\(field),,,,,\r\n")
    }

    @Test("dates are written exactly as Day.iso, at both ends of the calendar and in between")
    func dates() throws {
        var days = [Day.first, Day.last, day("2026-02-28"), day("2024-02-29"), day("1999-12-31")]
        days += stride(from: Day.first.number, through: Day.last.number, by: 997).map { Day(number: $0)! }
        let output = try written(days.map { Meal(day: $0, slot: "lunch", title: "x") })
        let dates = String(decoding: output, as: UTF8.self)
            .split(separator: "\r\n").dropFirst().map { String($0.prefix(10)) }
        #expect(dates == days.map(\.iso))
        #expect(dates.prefix(2) == ["0001-01-01", "9999-12-31"])
    }

    @Test("output larger than the buffer is complete and in order")
    func largeOutput() throws {
        let meals = (0..<5000).map { Meal(day: Day(number: $0)!, slot: "snack", title: "Meal number \($0)", note: "n\($0)") }
        let expected = "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n"
            + meals.map { "\($0.day.iso),snack,\($0.title),\($0.note!),,,,,\r\n" }.joined()
        let output = try text(meals)
        #expect(output.utf8.count > 2 * 65_536)
        #expect(output == expected)
    }

    @Test("a row larger than the buffer is written whole, quoted, between ordinary rows")
    func rowLargerThanBuffer() throws {
        let hugeNote = String(repeating: "a \"b\", c\r\n", count: 20_000)
        let meals = [
            Meal(day: day("2026-03-02"), slot: "lunch", title: "Soup"),
            Meal(day: day("2026-03-02"), slot: "dinner", title: "Pasta", note: hugeNote),
            Meal(day: day("2026-03-03"), slot: "lunch", title: "Rice"),
        ]
        let escaped = "\"" + hugeNote.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        #expect(try text(meals) == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,lunch,Soup,,,,,,\r\n"
            + "2026-03-02,dinner,Pasta,\(escaped),,,,,\r\n2026-03-03,lunch,Rice,,,,,,\r\n")
    }

    @Test("a write that fails reports the system's reason")
    func writeFailure() throws {
        #expect(try errorOnFullDevice(CSVMealWriter.init(fileDescriptor:)) as? OutputWriteError
            == OutputWriteError(format: "CSV", reason: "the disk is full"))
    }
}

@Suite("CSV round trip")
struct CSVRoundTripTests {
    private func generatedMeals(seed: UInt64, count: Int) -> [Meal] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in RandomMeals.meal(using: &generator) }
    }

    @Test("writer then reader gives back every field, with lines that count embedded line breaks",
          arguments: [1, 2, 3] as [UInt64])
    func writerThenReader(seed: UInt64) throws {
        let meals = generatedMeals(seed: seed, count: 2000)
        let output = try written(meals)
        let read = try rows(of: output)
        #expect(read.map { [$0.date, $0.slot, $0.title, $0.note, $0.recipe, $0.servings, $0.status, $0.leftoversOf, $0.eaters] } == meals.map(RandomMeals.fields))
        // Each row starts one line after the previous row's last line break.
        var expectedLine = 2
        for (row, meal) in zip(read, meals) {
            #expect(row.line == expectedLine)
            expectedLine += 1 + [meal.title, meal.note ?? "", meal.recipe ?? ""].map(Self.lineBreaks).reduce(0, +)
        }
    }

    /// Line breaks in `text`: a CR LF pair is one, a lone CR or LF is one each.
    private static func lineBreaks(in text: String) -> Int {
        let scalars = Array(text.unicodeScalars)
        var count = 0
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\r" {
                count += 1
                if index + 1 < scalars.count && scalars[index + 1] == "\n" { index += 1 }
            } else if scalars[index] == "\n" {
                count += 1
            }
            index += 1
        }
        return count
    }

    /// CSV.swift parses independently of our reader; agreeing with it shows the writer's output
    /// is RFC 4180, not merely readable by its own reader.
    @Test("writer output parsed by CSV.swift equals the meals", arguments: [4, 5] as [UInt64])
    func writerThenCSVSwift(seed: UInt64) throws {
        let meals = generatedMeals(seed: seed, count: 1000)
        let output = String(decoding: try written(meals), as: UTF8.self)
        let reader = try CSVReader(string: output, hasHeaderRow: true)
        var parsed: [[String]] = []
        while let row = reader.next() { parsed.append(row) }
        #expect(reader.headerRow == ["date", "slot", "title", "note", "recipe", "servings", "status", "leftovers_of", "eaters"])
        #expect(parsed == meals.map(RandomMeals.fields))
    }
}
