import Foundation
import MealPlanCore
import Testing
import TestSupport
@testable import MealPlanExchange

/// A calendar file mealplan rewrites (`ICalendarComponent.rewritten(with:)` and `.text`): what
/// it writes of a meal replaced, everything else kept in place, lines folded as RFC 5545 says.
@Suite struct ICalendarRewriteTests {
    static func read(_ text: String) throws -> ICalendarComponent {
        try #require(try ICalendarReader.read(Array(text.utf8)).first)
    }

    static func written(_ meals: [Meal], repeating: [ICalendarMealWriter.RepeatingMeal] = []) throws -> ICalendarComponent {
        try read(ICalendarMealWriter.text(of: meals, settings: .init(stamp: UTCTimestamp(secondsSince1970: 0), repeating: repeating)))
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
        let text = phone.rewritten(with: try Self.written([meal])).text
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
        let text = empty.rewritten(with: try Self.written([meal])).text
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
        let events = try Self.read(old.rewritten(with: fresh).text).components("VEVENT")
        #expect(events.map { $0.property("RECURRENCE-ID")?.value } == [nil, "20260320"])
        #expect(events.map { $0.properties("UID").map(\.value) } == [["r"], ["r"]])
        #expect(events[0].property("EXDATE")?.value == "20260313")
        #expect(events[1].property("DTSTART")?.value == "20260322" && events[1].property("X-PHONE-SEEN")?.value == "yes")
    }
}
