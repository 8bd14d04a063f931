import Foundation
import MealPlanCore
import Recurrence
import Testing
@testable import MealPlanExchange
import TestSupport

/// A whole plan written by `JSONPlanWriter` and read back by `JSONPlanReader`, through a real
/// file descriptor; and the reader's scanner on its own.
@Suite struct JSONPlanReaderTests {
    static let uids = (1...7).map { ItemUID(randomBits: UInt64($0) &* 0x9E37_79B9_7F4A_7C15, UInt64($0) &* 0xC2B2_AE3D_27D4_EB4F) }

    /// A plan with a repeat of each pattern and end, skipped days, a template, and meals with
    /// everything a meal may carry, text that needs escaping included.
    static func plan() throws -> (PlanStructure, [Meal]) {
        let slots = ["breakfast", "brunch", "dinner"].enumerated().map { MealSlot(name: $1, position: $0) }
        let weekly = try RepeatRule(firstDay: day("2026-03-02"), pattern: .weeks(interval: 2, weekdays: [.monday, .thursday]),
                                    end: .count(10))
        let monthly = try RepeatRule(firstDay: day("2026-03-06"), pattern: .monthsOnWeekday(interval: 1, ordinal: -1, weekday: .friday),
                                     end: .until(day("2027-03-01")))
        let yearly = try RepeatRule(firstDay: day("2026-12-25"), pattern: .years(interval: 1))
        let rules = [
            RuleSnapshot(weekly, meal: Meal(day: day("2026-03-02"), slot: "breakfast", title: "Oats", recipe: "oats", servings: 1.5),
                         id: 1, uid: uids[0], exceptions: [day("2026-03-05"), day("2026-03-16")]),
            RuleSnapshot(monthly, meal: Meal(day: day("2026-03-06"), slot: "dinner", title: "Fish", note: "fresh\n\"catch\""),
                         id: 4, uid: uids[1], exceptions: [day("2026-03-27")]),
            RuleSnapshot(yearly, meal: Meal(day: day("2026-12-25"), slot: "dinner", title: "Goose 🦢"), id: 7, uid: uids[2]),
        ]
        let template = MealTemplate(name: "Busy week", days: 7, meals: [
            Meal(day: .first, slot: "dinner", position: 0, title: "Pasta", eaters: 1.5),
            Meal(day: Day.first.adding(days: 6), slot: "brunch", position: 3, title: "Eggs", note: "tab\there", recipe: "eggs", servings: 2),
            Meal(day: Day.first.adding(days: 6), slot: "dinner", position: 0, title: "Pasta again"),
        ], uid: uids[3], leftoverSources: [2: 0])
        let meals = [
            Meal(id: 2, uid: uids[4], day: day("2026-03-03"), slot: "dinner", position: 5, title: "Lasagna \\ \"q\"", note: "n\r\n\u{1}",
                 status: .done, eaters: 2.5),
            Meal(id: 9, uid: uids[5], day: day("2026-03-26"), slot: "brunch", position: 0, title: "Fish pie", recipe: "pie",
                 servings: 0.25, occurrence: Occurrence(rule: 4, day: day("2026-03-27"))),
            Meal(id: 11, uid: uids[6], day: day("2026-03-04"), slot: "brunch", position: 0, title: "Lasagna", status: .skipped),
        ]
        return (PlanStructure(slots: slots, rules: rules, templates: [template]), meals)
    }

    /// The source each meal of `plan()` is leftovers of: the last is the lasagna's.
    static let sources = [nil, nil, LeftoversSource(uid: uids[4])]

    static func written(_ structure: PlanStructure, _ meals: [Meal], sources: [LeftoversSource?] = sources) throws -> [UInt8] {
        try withTemporaryFile(containing: []) { path in
            let descriptor = open(path, O_WRONLY | O_TRUNC)
            defer { close(descriptor) }
            var writer = try JSONPlanWriter(fileDescriptor: descriptor, structure: structure)
            for (meal, source) in zip(meals, sources) {
                // The row as the store reads it, with its source's UID beside it.
                try withRowView(of: meal, source: source) { try writer.write($0) }
            }
            try writer.finish()
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
    }

    static func read(_ bytes: [UInt8]) throws -> (PlanStructure, [(meal: Meal, line: Int, leftoversOf: LeftoversSource?)]) {
        var reader = JSONPlanReader(bytes: bytes)
        let structure = try reader.readStructure()
        var meals: [(meal: Meal, line: Int, leftoversOf: LeftoversSource?)] = []
        while let next = try reader.nextMeal() { meals.append(next) }
        return (structure, meals)
    }

    @Test func aPlanComesBackAsItWasWritten() throws {
        let (structure, meals) = try Self.plan()
        let bytes = try Self.written(structure, meals)
        let (read, readMeals) = try Self.read(bytes)
        #expect(read == structure)
        #expect(readMeals.map(\.meal) == meals)
        #expect(readMeals.map(\.leftoversOf) == Self.sources)
        #expect(String(decoding: bytes, as: UTF8.self).contains(
            #""status":"skipped","leftovers_of":"\#(Self.uids[4].text)","eaters":null,"replaces":null}"#))
        // Each repeat, template and meal starts a line; a meal's line is where it is.
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 1 + structure.rules.count + structure.templates.count + meals.count)
        #expect(readMeals.map(\.line) == meals.indices.map { 2 + structure.rules.count + structure.templates.count + $0 })
        // The file is the same through Foundation's reader.
        let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        #expect((object?["meals"] as? [Any])?.count == meals.count)
    }

    @Test func aPlanWithoutMealsRepeatsOrTemplatesIsWholeToo() throws {
        let structure = PlanStructure(slots: [MealSlot(name: "dinner", position: 0)])
        let bytes = try Self.written(structure, [], sources: [])
        #expect(String(decoding: bytes, as: UTF8.self)
            == #"{"format":"mealplan-plan","version":1,"slots":["dinner"],"repeats":[],"templates":[],"meals":[]}"# + "\n")
        let (read, meals) = try Self.read(bytes)
        #expect(read == structure && meals.isEmpty)
    }

    /// What the scanner reads of strings: every escape of RFC 8259, surrogate pairs, UTF-8
    /// as it is; and what it refuses, by line.
    @Test(arguments: [
        (#""a\"b\\c\/d\b\f\n\r\t""#, "a\"b\\c/d\u{8}\u{C}\n\r\t"),
        (#""\u00e9\u0041\ud83c\udf72""#, "éA🍲"),
        ("\"é🍲\"", "é🍲"),
    ])
    func stringsAreUnescaped(_ text: String, _ expected: String) throws {
        var scanner = JSONScanner(bytes: Array(text.utf8))
        #expect(try scanner.string() == expected)
    }

    @Test(arguments: [
        ("\n\n\"ab", "line 3: a string that never ends"),
        ("\"a\nb\"", "line 2: a control character inside a string; write it as \\u00XX"),
        (#""\ud83c""#, "line 1: a lone surrogate in a string"),
        (#""\x""#, "line 1: an unknown escape in a string"),
        (#""\u12g4""#, #"line 1: a \u escape without four hexadecimal digits"#),
    ])
    func badStringsAreNamedByLine(_ text: String, _ message: String) {
        var scanner = JSONScanner(bytes: Array(text.utf8))
        do {
            _ = try scanner.string()
            Issue.record("no error for \(text)")
        } catch {
            #expect("line \(error.line): \(error.message)" == message)
        }
    }

    /// The bounds hold at their edges: nesting 8 deep is read, 9 is not; a string of exactly
    /// the maximum is read, one byte more is not.
    @Test func theBoundsHoldAtTheirEdges() throws {
        var nested = JSONScanner(bytes: Array((String(repeating: "[", count: 8) + String(repeating: "]", count: 8)).utf8))
        _ = try nested.value()
        var deeper = JSONScanner(bytes: Array((String(repeating: "[", count: 9) + String(repeating: "]", count: 9)).utf8))
        #expect(throws: JSONScanner.Failure.self) { try deeper.value() }
        let longest = "\"" + String(repeating: "x", count: JSONScanner.maximumStringBytes) + "\""
        var fits = JSONScanner(bytes: Array(longest.utf8))
        #expect(try fits.string().utf8.count == JSONScanner.maximumStringBytes)
        var tooLong = JSONScanner(bytes: Array(("\"x" + longest.dropFirst()).utf8))
        #expect(throws: JSONScanner.Failure.self) { try tooLong.string() }
    }

    /// A chunk of one byte cuts every token at every place, and the plan still reads.
    @Test func aPlanReadThroughTinyChunksIsTheSame() throws {
        let (structure, meals) = try Self.plan()
        let bytes = try Self.written(structure, meals)
        try withTemporaryFile(containing: bytes) { path in
            let descriptor = open(path, O_RDONLY)
            defer { close(descriptor) }
            var reader = JSONPlanReader(scanner: JSONScanner(fileDescriptor: descriptor, chunkSize: 1))
            #expect(try reader.readStructure() == structure)
            var read: [Meal] = []
            while let next = try reader.nextMeal() { read.append(next.meal) }
            #expect(read == meals)
        }
    }
}
