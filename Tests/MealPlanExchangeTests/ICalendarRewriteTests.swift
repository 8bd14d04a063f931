import Foundation
import MealPlanCore
import Testing
import TestSupport
@testable import MealPlanExchange

/// A calendar file mealplan rewrites (`ICalendarComponent.written(over:)` and `.text`): what
/// it writes of a meal replaced, everything else kept in place, lines folded as RFC 5545 says.
@Suite struct ICalendarRewriteTests {
    static func read(_ text: String) throws -> ICalendarComponent {
        try #require(try ICalendarReader.read(Array(text.utf8)).first)
    }

    static func written(
        _ meals: [Meal], repeating: [ICalendarMealWriter.RepeatingMeal] = [], stamp: UTCTimestamp = UTCTimestamp(secondsSince1970: 0)
    ) throws -> ICalendarComponent {
        ICalendarMealWriter.calendar(of: meals, settings: .init(stamp: stamp, repeating: repeating))
    }

    /// A moment of the test's own clock: `time` (HH:MM:SS) on `date`, in UTC.
    static func stamp(_ date: String, _ time: String) -> UTCTimestamp {
        let parts = time.split(separator: ":").map { Int64($0)! }
        return UTCTimestamp(secondsSince1970: Int64(day(date).number) * 86_400 + parts[0] * 3600 + parts[1] * 60 + parts[2])
    }

    /// Each event's and task's `SEQUENCE`, `LAST-MODIFIED` and `DTSTAMP` in each of `files`,
    /// as Python's `icalendar` reads them (the times in ISO 8601, in UTC).
    static func revisions(_ files: [String]) throws -> [[[String]]] {
        let script = #"""
            import json, sys
            from icalendar import Calendar
            out = []
            for text in json.load(open(sys.argv[1])):
                out.append([[str(item.decoded("SEQUENCE")), item.decoded("LAST-MODIFIED").isoformat(), item.decoded("DTSTAMP").isoformat()]
                            for item in Calendar.from_ical(text).walk() if item.name in ("VEVENT", "VTODO")])
            print(json.dumps(out))
            """#
        let output = try ExternalTool.runPython(script, input: try JSONSerialization.data(withJSONObject: files))
        return try #require(try JSONSerialization.jsonObject(with: output) as? [[[String]]])
    }

    /// A revision `sequence` made at `time` on `date`, as `revisions` gives it.
    static func revision(_ sequence: Int, _ date: String, _ time: String) -> [String] {
        let iso = "\(date)T\(time)+00:00"
        return [String(sequence), iso, iso]
    }

    @Test func aPhonesEventKeepsItsAlarmAttendeeColourAndUID() throws {
        let phone = try Self.read("""
            BEGIN:VCALENDAR\r
            PRODID:-//Phone//EN\r
            BEGIN:VTIMEZONE\r
            TZID:Europe/Berlin\r
            END:VTIMEZONE\r
            BEGIN:VEVENT\r
            UID:1234@phone\r
            DTSTART;VALUE=DATE:20260306\r
            SUMMARY:Dinner: Tacos\r
            COLOR:tomato\r
            ATTENDEE;CN="Sam, the cook":mailto:sam@example.org\r
            BEGIN:VALARM\r
            TRIGGER:-PT8H\r
            END:VALARM\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        let meal = Meal(uid: ItemUID(randomBits: 1, 2), day: day("2026-03-07"), slot: "lunch", title: "Fish tacos", note: "lime")
        let text = try Self.written([meal]).written(over: phone).text
        let again = try Self.read(text)
        #expect(again.property("PRODID")?.value == "-//Phone//EN")
        #expect(again.components.map(\.name) == ["VTIMEZONE", "VEVENT"])
        let event = try #require(again.components("VEVENT").first)
        #expect(event.properties("UID").map(\.value) == ["1234@phone"])
        #expect(event.property("COLOR")?.value == "tomato")
        #expect(event.property("ATTENDEE")?.parameter("CN") == "Sam, the cook")
        #expect(event.components.map(\.name) == ["VALARM"])
        #expect(event.properties("DTSTART").map(\.value) == ["20260307"])
        #expect(event.properties("SUMMARY").map(\.text) == ["Lunch: Fish tacos"])
        let read = try CalendarMeal(event: event, slots: ["lunch", "dinner"], defaultSlot: "dinner")
        #expect(read.meal.title == "Fish tacos" && read.meal.slot == "lunch" && read.meal.note == "lime")
    }

    @Test func everyLineIsFoldedAtSeventyFiveOctetsOutsideAnyCharacter() throws {
        let note = String(repeating: "Crème brûlée 🍮, ", count: 20)
        let meal = Meal(uid: ItemUID(randomBits: 3, 4), day: day("2026-03-07"), slot: "dinner", title: "Dessert", note: note)
        let empty = try Self.read("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nX-KEPT;X-P=\"a:b\":v\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        let text = try Self.written([meal]).written(over: empty).text
        let lines = text.utf8.split(separator: 0x0A)
        #expect(lines.allSatisfy { $0.count <= 76 && $0.last == 0x0D })
        #expect(lines.allSatisfy { String(bytes: $0, encoding: .utf8) != nil })
        let event = try #require(try Self.read(text).components("VEVENT").first)
        #expect(event.property("DESCRIPTION")?.text == note)
        #expect(event.property("X-KEPT")?.parameter("X-P") == "a:b")
    }

    @Test func aRulesChangedOccurrencesAreMatchedByTheDayTheyReplace() throws {
        let old = try Self.read("""
            BEGIN:VCALENDAR\r
            BEGIN:VEVENT\r
            UID:r\r
            DTSTART;VALUE=DATE:20260306\r
            RRULE:FREQ=WEEKLY\r
            SUMMARY:Pizza\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:r\r
            RECURRENCE-ID;VALUE=DATE:20260320\r
            DTSTART;VALUE=DATE:20260321\r
            SUMMARY:Pizza bianca\r
            X-PHONE-SEEN:yes\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:r\r
            RECURRENCE-ID;VALUE=DATE:20260327\r
            DTSTART;VALUE=DATE:20260327\r
            SUMMARY:Gone\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        let pizza = Meal(day: day("2026-03-06"), slot: "dinner", title: "Pizza")
        let bianca = Meal(day: day("2026-03-22"), slot: "dinner", title: "Pizza bianca")
        let fresh = try Self.written([], repeating: [.init(
            id: 1, uid: ItemUID(randomBits: 5, 6), meal: pizza, rrule: "FREQ=WEEKLY;BYDAY=FR", skipped: [day("2026-03-13")],
            overrides: [.init(replacing: day("2026-03-20"), meal: bianca)])])
        let events = try Self.read(fresh.written(over: old).text).components("VEVENT")
        #expect(events.map { $0.property("RECURRENCE-ID")?.value } == [nil, "20260320"])
        #expect(events.map { $0.properties("UID").map(\.value) } == [["r"], ["r"]])
        #expect(events[0].property("EXDATE")?.value == "20260313")
        #expect(events[1].property("DTSTART")?.value == "20260322" && events[1].property("X-PHONE-SEEN")?.value == "yes")
    }

    /// RFC 5545's revision of a rewritten event: `LAST-MODIFIED` and `DTSTAMP` the time of the
    /// rewrite, `SEQUENCE` one more when the meal moves or is skipped (its day, or whether it
    /// happens), the same when only its title, servings or status change; a new event's is 0.
    @Test(.requires(.icalendar)) func aRewriteIsARevisionThatCountsWhenTheMealMoves() throws {
        let phone = try Self.read("""
            BEGIN:VCALENDAR\r
            BEGIN:VEVENT\r
            UID:1234@phone\r
            DTSTAMP:20260101T000000Z\r
            LAST-MODIFIED:20260101T000000Z\r
            SEQUENCE:4\r
            DTSTART;VALUE=DATE:20260306\r
            DTEND;VALUE=DATE:20260307\r
            SUMMARY:Dinner: Tacos\r
            X-MEALPLAN-SLOT:dinner\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        let tacos = Meal(uid: ItemUID(randomBits: 1, 2), day: day("2026-03-06"), slot: "dinner", title: "Tacos")
        var renamed = tacos, moved = tacos, skipped = tacos, done = tacos, served = tacos
        renamed.title = "Fish tacos"
        moved.day = day("2026-03-07")
        skipped.status = .skipped
        done.status = .done
        served.servings = 6
        let now = Self.stamp("2026-03-05", "19:30:15")
        let files = try [renamed, moved, skipped, done, served].map { try Self.written([$0], stamp: now).written(over: phone).text }
            + [try Self.written([tacos], stamp: now).written(over: nil).text]
        // A sync's new file is its first revision as the item file makes it.
        #expect(files.last == ICalendarItemFile.text(of: try Self.written([tacos], stamp: now), over: nil))
        #expect(try Self.revisions(files) == [4, 5, 5, 4, 4, 0].map { [Self.revision($0, "2026-03-05", "19:30:15")] })
        for file in files {
            let event = try #require(try Self.read(file).components("VEVENT").first)
            let marks = ["DTSTAMP", "LAST-MODIFIED", "SEQUENCE", ICalendarComponent.revisionProperty]
            #expect(event.properties.filter { marks.contains($0.name) }.map(\.name) == marks)
        }

        // Made new, then moved: one more; moved back later: one more again.
        let first = try Self.written([tacos], stamp: Self.stamp("2026-03-01", "08:00:00")).written(over: nil)
        let second = try Self.written([moved], stamp: Self.stamp("2026-03-02", "09:15:00")).written(over: first)
        let third = try Self.written([tacos], stamp: Self.stamp("2026-03-03", "23:59:59")).written(over: second)
        #expect(try Self.revisions([first, second, third].map(\.text)) == [
            [Self.revision(0, "2026-03-01", "08:00:00")], [Self.revision(1, "2026-03-02", "09:15:00")],
            [Self.revision(2, "2026-03-03", "23:59:59")],
        ])

        // A SEQUENCE that is no INTEGER counts as the default, 0.
        let broken = try Self.read(phone.text.replacingOccurrences(of: "SEQUENCE:4", with: "SEQUENCE:many"))
        #expect(try Self.revisions([try Self.written([moved], stamp: now).written(over: broken).text])
            == [[Self.revision(1, "2026-03-05", "19:30:15")]])
        // Nor do a negative one and one past INTEGER's range; its largest is kept, never passed.
        for (stored, after) in [("-3", 1), ("2147483648", 1), ("99999999999999999999", 1), ("2147483646", 2147483647), ("2147483647", 2147483647)] {
            let odd = try Self.read(phone.text.replacingOccurrences(of: "SEQUENCE:4", with: "SEQUENCE:\(stored)"))
            #expect(try Self.revisions([try Self.written([moved], stamp: now).written(over: odd).text])
                == [[Self.revision(after, "2026-03-05", "19:30:15")]], "SEQUENCE:\(stored)")
        }
    }

    /// Each event of a repeat's file is a revision of its own: a day skipped more moves the
    /// rule's event on, a changed occurrence only when its own day changes, a new one is 0.
    @Test(.requires(.icalendar)) func aRulesEventsAreRevisedEachOnItsOwn() throws {
        let pizza = Meal(day: day("2026-03-06"), slot: "dinner", title: "Pizza")
        let bianca = Meal(day: day("2026-03-21"), slot: "dinner", title: "Pizza bianca")
        func file(skipped: [Day], overrides: [ICalendarMealWriter.ChangedOccurrence], at stamp: UTCTimestamp) throws -> ICalendarComponent {
            try Self.written([], repeating: [.init(
                id: 1, uid: ItemUID(randomBits: 5, 6), meal: pizza, rrule: "FREQ=WEEKLY;BYDAY=FR", skipped: skipped, overrides: overrides)],
                stamp: stamp)
        }
        let first = try file(skipped: [], overrides: [.init(replacing: day("2026-03-20"), meal: bianca)], at: Self.stamp("2026-03-01", "10:00:00"))
            .written(over: nil)
        var later = bianca
        later.title = "Pizza bianca, more rosemary"
        let second = try file(skipped: [day("2026-03-13")], overrides: [.init(replacing: day("2026-03-20"), meal: later)],
                              at: Self.stamp("2026-03-02", "10:00:00")).written(over: first)
        var moved = later
        moved.day = day("2026-03-22")
        let third = try file(skipped: [day("2026-03-13")], overrides: [
            .init(replacing: day("2026-03-20"), meal: moved), .init(replacing: day("2026-03-27"), meal: bianca),
        ], at: Self.stamp("2026-03-03", "10:00:00")).written(over: second)
        #expect(try Self.revisions([first, second, third].map(\.text)) == [
            [Self.revision(0, "2026-03-01", "10:00:00"), Self.revision(0, "2026-03-01", "10:00:00")],
            [Self.revision(1, "2026-03-02", "10:00:00"), Self.revision(0, "2026-03-02", "10:00:00")],
            [Self.revision(1, "2026-03-03", "10:00:00"), Self.revision(1, "2026-03-03", "10:00:00"), Self.revision(0, "2026-03-03", "10:00:00")],
        ])
    }
}
