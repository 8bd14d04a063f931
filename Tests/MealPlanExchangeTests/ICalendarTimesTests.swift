import Foundation
import MealPlanCore
import Testing
import TestSupport
@testable import MealPlanExchange

/// When an event happens, as the file there said it, kept through a rewrite
/// (`ICalendarComponent.keepingTimes(of:zone:)`), and the days of its times read in the user's
/// zone (`LocalZone`); Python's `icalendar` and `dateutil` read the files written.
@Suite struct ICalendarTimesTests {
    static let berlin = LocalZone(identifier: "Europe/Berlin")!
    static let stamp = UTCTimestamp(secondsSince1970: 1_800_000_000)

    static func read(_ text: String) throws -> ICalendarComponent {
        try #require(try ICalendarReader.read(Array(text.utf8)).first)
    }

    static func phone(_ lines: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Phone//EN\r\nBEGIN:VEVENT\r\nUID:phone-1\r\nDTSTAMP:20261120T100000Z\r\n\(lines)END:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    /// The file mealplan writes over `old` for `meals` and `repeating`, its times kept.
    static func rewritten(_ old: String, _ meals: [Meal], repeating: [ICalendarMealWriter.RepeatingMeal] = []) throws -> String {
        let existing = try read(old)
        let built = ICalendarMealWriter.calendar(of: meals, settings: .init(stamp: stamp, repeating: repeating))
        return ICalendarItemFile.text(of: built.keepingTimes(of: existing, zone: berlin), over: existing)
    }

    static func lines(_ text: String, _ names: [String]) -> [String] {
        text.components(separatedBy: "\r\n").filter { line in names.contains { line.hasPrefix($0 + ":") || line.hasPrefix($0 + ";") } }
    }

    @Test func aZonedDinnerKeepsItsTimesWhenItsNoteChanges() throws {
        let old = Self.phone("DTSTART;TZID=Europe/Berlin:20261201T200000\r\nDTEND;TZID=Europe/Berlin:20261201T220000\r\nSUMMARY:Dinner: Fondue\r\n")
        let meal = Meal(uid: ItemUID(randomBits: 1, 1), day: day("2026-12-01"), slot: "dinner", title: "Fondue", note: "gruyère")
        let text = try Self.rewritten(old, [meal])
        #expect(Self.lines(text, ["DTSTART", "DTEND", "DURATION", "SEQUENCE"])
            == ["SEQUENCE:0", "DTSTART;TZID=Europe/Berlin:20261201T200000", "DTEND;TZID=Europe/Berlin:20261201T220000"])
    }

    /// Moved three days, over the night clocks go forward: 20:00 here before and after, so
    /// 19:00 UTC becomes 18:00 UTC; an all-day event of two days stays two days long.
    @Test func aMovedEventKeepsItsClockTimeOnTheNewDay() throws {
        let utc = Self.phone("DTSTART:20260327T190000Z\r\nDURATION:PT90M\r\nSUMMARY:Dinner: Stew\r\n")
        let moved = Meal(uid: ItemUID(randomBits: 1, 1), day: day("2026-03-30"), slot: "dinner", title: "Stew")
        #expect(Self.lines(try Self.rewritten(utc, [moved]), ["DTSTART", "DTEND", "DURATION"]) == ["DTSTART:20260330T180000Z", "DURATION:PT90M"])

        let long = Self.phone("DTSTART;VALUE=DATE:20260327\r\nDTEND;VALUE=DATE:20260329\r\nSUMMARY:Dinner: Stew\r\n")
        #expect(Self.lines(try Self.rewritten(long, [moved]), ["DTSTART", "DTEND"])
            == ["DTSTART;VALUE=DATE:20260330", "DTEND;VALUE=DATE:20260401"])
    }

    /// A phone's weekly soup at 00:30 in Berlin, skipped on one day and ended here: its
    /// `EXDATE` and `UNTIL` take the form of its start, and `dateutil` gives the days the plan has.
    @Test(.requires(.dateutil), .requires(.icalendar)) func aRepeatsSkippedDayAndEndFollowItsStart() throws {
        let old = Self.phone("DTSTART;TZID=Europe/Berlin:20261208T003000\r\nDTEND;TZID=Europe/Berlin:20261208T013000\r\nRRULE:FREQ=WEEKLY\r\nSUMMARY:Snack: Soup\r\n")
        let rule = ICalendarMealWriter.RepeatingMeal(
            id: 1, uid: ItemUID(randomBits: 2, 2), meal: Meal(day: day("2026-12-08"), slot: "snack", title: "Soup"),
            rrule: "FREQ=WEEKLY;UNTIL=20261229", skipped: [day("2026-12-15")],
            overrides: [.init(replacing: day("2026-12-22"), meal: Meal(day: day("2026-12-23"), slot: "snack", title: "Miso"))])
        let text = try Self.rewritten(old, [], repeating: [rule])
        #expect(Self.lines(text, ["EXDATE", "RRULE", "RECURRENCE-ID"]) == [
            "RRULE:FREQ=WEEKLY;UNTIL=20261229T225959Z", "EXDATE;TZID=Europe/Berlin:20261215T003000",
            "RECURRENCE-ID;TZID=Europe/Berlin:20261222T003000",
        ])
        let script = #"""
            import sys, zoneinfo
            from icalendar import Calendar
            from dateutil.rrule import rrulestr
            events = Calendar.from_ical(open(sys.argv[1], "rb").read()).walk("VEVENT")
            main = next(e for e in events if "RECURRENCE-ID" not in e)
            start = main.decoded("DTSTART")
            skipped = {d.dt for x in (main.get("EXDATE") if isinstance(main.get("EXDATE"), list) else [main.get("EXDATE")]) for d in x.dts}
            moved = {e.decoded("RECURRENCE-ID"): e.decoded("DTSTART") for e in events if "RECURRENCE-ID" in e}
            here = zoneinfo.ZoneInfo("Europe/Berlin")
            for when in rrulestr(main["RRULE"].to_ical().decode(), dtstart=start):
                if when in skipped: continue
                print(moved.get(when, when).astimezone(here).date(), moved.get(when, when).astimezone(here).time())
            """#
        let days = String(decoding: try ExternalTool.runPython(script, input: Data(text.utf8)), as: UTF8.self)
        #expect(days == "2026-12-08 00:30:00\n2026-12-23 00:30:00\n2026-12-29 00:30:00\n")
    }

    /// The day of each kind of time, in Berlin: the date a UTC or zoned time is there, a
    /// floating time's and a date's as written; a zone a program names its own way is found by
    /// its last parts, and one not found at all is read as its clock time.
    @Test(arguments: [
        ("DTSTART:20261201T233000Z", "2026-12-02"), ("DTSTART:20261201T225959Z", "2026-12-01"),
        ("DTSTART;TZID=America/New_York:20261201T190000", "2026-12-02"), ("DTSTART;TZID=Asia/Tokyo:20261202T070000", "2026-12-01"),
        ("DTSTART;TZID=/mozilla.org/20050126_1/America/New_York:20261201T190000", "2026-12-02"),
        ("DTSTART;TZID=Kitchen Standard Time:20261201T233000", "2026-12-01"),
        ("DTSTART:20261201T233000", "2026-12-01"), ("DTSTART;VALUE=DATE:20261201", "2026-12-01"),
    ])
    func theDayOfATimeIsTheDayItIsHere(line: String, expected: String) throws {
        let event = try #require(try Self.read(Self.phone(line + "\r\nSUMMARY:Dinner: Soup\r\n")).components("VEVENT").first)
        let meal = try CalendarMeal(event: event, slots: ["lunch", "dinner"], defaultSlot: "dinner", zone: Self.berlin)
        #expect(meal.meal.day == day(expected))
    }

    @Test func aTimeThatIsNoTimeIsRefusedNamingItsLine() throws {
        for value in ["20261201T250000Z", "20261201T2000", "2026120"] {
            let event = try #require(try Self.read(Self.phone("DTSTART:\(value)\r\nSUMMARY:Soup\r\n")).components("VEVENT").first)
            #expect(throws: ICalendarError(line: 7, message: "DTSTART '\(value)' is not a date")) {
                try CalendarMeal(event: event, slots: ["dinner"], defaultSlot: "dinner", zone: Self.berlin)
            }
        }
    }

    /// An all-day event of several days is one meal on its first, and says how many it lasts.
    @Test func anAllDayEventOfSeveralDaysSaysSo() throws {
        for (lines, days) in [("DTEND;VALUE=DATE:20261204", 3), ("DURATION:P1W", 7), ("DTEND;VALUE=DATE:20261202", nil)] as [(String, Int?)] {
            let event = try #require(try Self.read(Self.phone("DTSTART;VALUE=DATE:20261201\r\n\(lines)\r\nSUMMARY:Soup\r\n")).components("VEVENT").first)
            let meal = try CalendarMeal(event: event, slots: ["dinner"], defaultSlot: "dinner", zone: Self.berlin)
            #expect(meal.days == days && meal.meal.day == day("2026-12-01"), "\(lines)")
        }
    }
}
