import Foundation
import MealPlanCore
import Testing
@testable import MealPlanExchange
import TestSupport

@Suite("ICalendarMealWriter")
struct ICalendarMealWriterTests {
    /// 2026-03-02 09:05:07 UTC.
    static let stamp = UTCTimestamp(secondsSince1970: 1_772_442_307)

    private func text(_ meals: [Meal], slotTimes: [String: TimeOfDay] = [:], duration: EventDuration = .standard) throws -> String {
        let settings = ICalendarMealWriter.Settings(stamp: Self.stamp, slotTimes: slotTimes, duration: duration)
        return String(decoding: try written(meals, by: { ICalendarMealWriter(fileDescriptor: $0, settings: settings) }), as: UTF8.self)
    }

    /// The content lines of `text`: CRLF-separated, folds undone.
    private func unfolded(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").dropLast().map { $0 }
    }

    @Test("an all-day and a timed event, every line as RFC 5545 wants it, mealplan's own properties included")
    func wholeFile() throws {
        let meals = [
            Meal(id: 4, day: day("2026-11-27"), slot: "breakfast", title: "Porridge"),
            Meal(id: 17, day: day("2026-11-27"), slot: "dinner", position: 1, title: "Lasagna", note: "double batch",
                 recipe: "lasagna, classic", servings: 2.5),
        ]
        #expect(try text(meals, slotTimes: ["dinner": TimeOfDay("19:00")!]) == """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//mealplan//mealplan export//EN\r
            CALSCALE:GREGORIAN\r
            BEGIN:VEVENT\r
            UID:meal-4@mealplan\r
            DTSTAMP:20260302T090507Z\r
            DTSTART;VALUE=DATE:20261127\r
            DTEND;VALUE=DATE:20261128\r
            X-MEALPLAN-POSITION:0\r
            SUMMARY:Breakfast: Porridge\r
            CATEGORIES:Breakfast\r
            X-MEALPLAN-SLOT:breakfast\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:meal-17@mealplan\r
            DTSTAMP:20260302T090507Z\r
            DTSTART:20261127T190000\r
            DTEND:20261127T200000\r
            X-MEALPLAN-POSITION:1\r
            SUMMARY:Dinner: Lasagna\r
            DESCRIPTION:double batch\r
            CATEGORIES:Dinner\r
            X-MEALPLAN-SLOT:dinner\r
            X-MEALPLAN-RECIPE:lasagna\\, classic\r
            X-MEALPLAN-SERVINGS:2.5\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
    }

    @Test("an export without meals is a calendar without events")
    func emptyExport() throws {
        #expect(try text([]) == "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//mealplan//mealplan export//EN\r\nCALSCALE:GREGORIAN\r\nEND:VCALENDAR\r\n")
    }

    @Test("TEXT escaping of backslash, semicolon, comma and every kind of line break", arguments: [
        (#"a\b"#, #"a\\b"#),
        ("salt; pepper", #"salt\; pepper"#),
        ("eggs, ham", #"eggs\, ham"#),
        ("one\r\ntwo", #"one\ntwo"#),
        ("one\ntwo", #"one\ntwo"#),
        ("one\rtwo", #"one\ntwo"#),
        ("one\n\ntwo\r\rthree\r\n\r\nfour\n\r", #"one\n\ntwo\n\nthree\n\nfour\n\n"#),
        (#"\n is not a break"#, #"\\n is not a break"#),
        ("tab\tstays: colon too", "tab\tstays: colon too"),
        ("esc\u{1B} nul\u{0} del\u{7F}", "esc␛ nul␀ del␡"),
        // C1 controls, which a terminal obeys as ESC's two-byte forms, have no picture: U+FFFD.
        ("csi\u{9B}31m nel\u{85} £\u{A0}£", "csi\u{FFFD}31m nel\u{FFFD} £\u{A0}£"),
        ("\"quotes\" 拉麺 🍜", "\"quotes\" 拉麺 🍜"),
    ])
    func escaping(input: String, escaped: String) throws {
        let meal = Meal(id: 1, day: day("2026-03-02"), slot: "lunch", title: input, note: input)
        let lines = unfolded(try text([meal]))
        #expect(lines.contains("SUMMARY:Lunch: \(escaped)"))
        #expect(lines.contains("DESCRIPTION:\(escaped)"))
    }

    @Test("the slot is capitalised, and escaped like any text")
    func summaryPrefix() throws {
        let meals = [
            Meal(id: 1, day: day("2026-03-02"), slot: "élevenses", title: "Tea"),
            Meal(id: 2, day: day("2026-03-02"), slot: "late; night", title: "Toast"),
            Meal(id: 3, day: day("2026-03-03"), slot: "朝食", title: "Rice"),
            Meal(id: 4, day: day("2026-03-03"), slot: "élevenses", title: "Cake"),
        ]
        let summaries = unfolded(try text(meals)).filter { $0.hasPrefix("SUMMARY:") }
        #expect(summaries == ["SUMMARY:Élevenses: Tea", #"SUMMARY:Late\; night: Toast"#, "SUMMARY:朝食: Rice", "SUMMARY:Élevenses: Cake"])
    }

    /// Octets per physical line without its CRLF, checking each is valid UTF-8 on its own.
    private func physicalLines(_ text: String) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A {
                lines.append(current)
                current = []
                index += 2
            } else {
                #expect(bytes[index] != 0x0D && bytes[index] != 0x0A, "a bare CR or LF in the output")
                current.append(bytes[index])
                index += 1
            }
        }
        #expect(current.isEmpty, "the output does not end in CRLF")
        return lines
    }

    @Test("folding: lines of at most 75 octets, each valid UTF-8, that unfold to the text", arguments: [
        String(repeating: "拉", count: 200),
        String(repeating: "麺", count: 199) + "🍜",
        "x" + String(repeating: "🍜", count: 150),
        "xy" + String(repeating: "👩‍👩‍👧", count: 40),
        String(repeating: "a", count: 500),
        String(repeating: "é", count: 80) + String(repeating: ";,", count: 60),
    ])
    func folding(title: String) throws {
        let meal = Meal(id: 1, day: day("2026-03-02"), slot: "dinner", title: title, note: title)
        let output = try text([meal])
        let lines = physicalLines(output)
        for line in lines {
            #expect(line.count <= 75)
            #expect(String(validating: line, as: UTF8.self) != nil, "a line is not valid UTF-8 on its own")
        }
        // Long lines are filled: only a UTF-8 sequence that would not fit moves to the next line.
        for (line, next) in zip(lines, lines.dropFirst()) where next.first == 0x20 {
            let lead = next[1]
            #expect(line.count + (lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1) > 75)
        }
        var escaped: [UInt8] = []
        ICalendarLine.appendText(title, to: &escaped)
        let contentLines = unfolded(output)
        #expect(contentLines.contains("SUMMARY:Dinner: " + String(decoding: escaped, as: UTF8.self)))
        #expect(contentLines.contains("DESCRIPTION:" + String(decoding: escaped, as: UTF8.self)))
    }

    @Test("random text folds and unfolds to its escaped form", arguments: [21, 22] as [UInt64])
    func randomFolding(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let meals = (0..<500).map { index in
            var meal = RandomMeals.meal(using: &generator)
            meal.id = Int64(index + 1)
            meal.title = String(repeating: meal.title, count: Int.random(in: 1...30, using: &generator))
            return meal
        }
        let output = try text(meals)
        #expect(physicalLines(output).allSatisfy { $0.count <= 75 && String(validating: $0, as: UTF8.self) != nil })
        let summaries = unfolded(output).filter { $0.hasPrefix("SUMMARY:") }
        #expect(summaries.count == meals.count)
        for (summary, meal) in zip(summaries, meals) {
            var expected = Array("SUMMARY:".utf8)
            ICalendarLine.appendText(meal.slot.prefix(1).uppercased() + meal.slot.dropFirst() + ": " + meal.title, to: &expected)
            #expect(summary == String(decoding: expected, as: UTF8.self))
        }
    }

    @Test("timed events: start at the slot's time, last the duration, may end on the next day")
    func timedEvents() throws {
        let meals = [
            Meal(id: 1, day: day("2026-12-31"), slot: "dinner", title: "Late"),
            Meal(id: 2, day: day("2026-12-31"), slot: "breakfast", title: "Early"),
            Meal(id: 3, day: day("2026-12-31"), slot: "lunch", title: "All day"),
        ]
        let times = ["dinner": TimeOfDay("23:30")!, "breakfast": TimeOfDay("7:05")!]
        let lines = unfolded(try text(meals, slotTimes: times, duration: EventDuration("90")!))
        #expect(lines.filter { $0.hasPrefix("DT") && !$0.hasPrefix("DTSTAMP") } == [
            "DTSTART:20261231T233000", "DTEND:20270101T010000",
            "DTSTART:20261231T070500", "DTEND:20261231T083500",
            "DTSTART;VALUE=DATE:20261231", "DTEND;VALUE=DATE:20270101",
        ])
    }

    @Test("on 9999-12-31 an event whose end cannot be written gets a DURATION instead")
    func lastDay() throws {
        let meals = [
            Meal(id: 1, day: .last, slot: "lunch", title: "All day"),
            Meal(id: 2, day: .last, slot: "dinner", title: "Late"),
            Meal(id: 3, day: .last, slot: "breakfast", title: "Early"),
        ]
        let lines = unfolded(try text(meals, slotTimes: ["dinner": TimeOfDay("23:00")!, "breakfast": TimeOfDay("08:00")!],
                                      duration: EventDuration("2h")!))
        #expect(lines.filter { $0.hasPrefix("DT") && !$0.hasPrefix("DTSTAMP") || $0.hasPrefix("DURATION") } == [
            "DTSTART;VALUE=DATE:99991231", "DURATION:P1D",
            "DTSTART:99991231T230000", "DURATION:PT120M",
            "DTSTART:99991231T080000", "DTEND:99991231T100000",
        ])
    }

    @Test("DTSTAMP is the export time in UTC, before 1970 too", arguments: [
        (0 as Int64, "19700101T000000Z"),
        (-1, "19691231T235959Z"),
        (1_772_442_307, "20260302T090507Z"),
        (951_782_400, "20000229T000000Z"),
    ])
    func stamps(seconds: Int64, expected: String) throws {
        let settings = ICalendarMealWriter.Settings(stamp: UTCTimestamp(secondsSince1970: seconds))
        let output = try written([Meal(id: 1, day: day("2026-03-02"), slot: "lunch", title: "x")],
                                 by: { ICalendarMealWriter(fileDescriptor: $0, settings: settings) })
        #expect(unfolded(String(decoding: output, as: UTF8.self)).contains("DTSTAMP:\(expected)"))
    }

    @Test("a write that fails reports the system's reason")
    func writeFailure() throws {
        #expect(try errorOnFullDevice({ ICalendarMealWriter(fileDescriptor: $0, settings: .init(stamp: Self.stamp)) }) as? OutputWriteError
            == OutputWriteError(format: "ICS", reason: "the disk is full"))
    }
}

@Suite("Slot times and durations")
struct ICalendarTimingTests {
    @Test("times of day: H:MM or HH:MM from 00:00 to 23:59", arguments: [
        ("19:00", 1140), ("8:00", 480), ("08:05", 485), ("00:00", 0), ("23:59", 1439),
    ])
    func goodTimes(text: String, minutes: Int) {
        #expect(TimeOfDay(text)?.minutes == minutes)
    }

    @Test("anything else is not a time of day", arguments: [
        "24:00", "25:00", "12:60", "19", "19:0", "019:00", "19:000", ":30", "19:", "", "dinner", "7pm", "+1:00", " 8:00", "１９:００",
    ])
    func badTimes(text: String) {
        #expect(TimeOfDay(text) == nil)
    }

    @Test("durations: minutes, hours, or both, from 1 minute to 24 hours", arguments: [
        ("60", 60), ("90m", 90), ("1h", 60), ("1H30M", 90), ("1h30", 90), ("24h", 1440), ("1", 1), ("0h45m", 45),
    ])
    func goodDurations(text: String, minutes: Int) {
        #expect(EventDuration(text)?.minutes == minutes)
    }

    @Test("durations out of range or malformed are refused", arguments: [
        "0", "0m", "0h", "1441", "25h", "24h1m", "-5", "h", "m", "1.5h", "1h-5", "", "90 m", "ninety",
    ])
    func badDurations(text: String) {
        #expect(EventDuration(text) == nil)
    }
}
