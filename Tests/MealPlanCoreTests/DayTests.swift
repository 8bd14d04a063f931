import Foundation
import Testing
@testable import MealPlanCore
import TestSupport

@Suite struct DayTests {
    @Test func everyDayOfTheCalendarRoundTripsThroughItsCivilDate() {
        var expected = CivilDate(year: 1, month: 1, day: 1)
        for number in Day.validNumbers {
            let day = Day(number: number)!
            let date = day.date
            // Each day must be the civil successor of the one before it...
            guard date == expected else {
                Issue.record("day \(number) is \(date), expected \(expected)")
                return
            }
            // ...and convert back to the same number.
            guard Day(year: date.year, month: date.month, day: date.day) == day else {
                Issue.record("\(date) does not convert back to day \(number)")
                return
            }
            expected = Self.civilSuccessor(of: date)
        }
        #expect(expected == CivilDate(year: 10000, month: 1, day: 1))
    }

    /// The next civil date, computed by counting days in months rather than by the conversion
    /// under test.
    private static func civilSuccessor(of date: CivilDate) -> CivilDate {
        if date.day < Day.daysInMonth(year: date.year, month: date.month) {
            return CivilDate(year: date.year, month: date.month, day: date.day + 1)
        }
        if date.month < 12 {
            return CivilDate(year: date.year, month: date.month + 1, day: 1)
        }
        return CivilDate(year: date.year + 1, month: 1, day: 1)
    }

    @Test func agreesWithFoundationsGregorianCalendar() {
        // Foundation switches to the Julian calendar before 1582-10-15, so compare from there on.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let gregorianStart = Day(year: 1582, month: 10, day: 15)!.number
        var generator = SeededGenerator(seed: 20_261_121)
        var numbers = [0, -1, 1, gregorianStart, Day.last.number, 11_016, 20_513]
        numbers += (0..<5000).map { _ in Int.random(in: gregorianStart...Day.last.number, using: &generator) }
        for number in numbers {
            let instant = Date(timeIntervalSince1970: Double(number) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: instant)
            let day = Day(number: number)!
            #expect(day.date == CivilDate(year: parts.year!, month: parts.month!, day: parts.day!), "day \(number)")
            // Foundation numbers weekdays from Sunday = 1.
            #expect(day.weekday.rawValue % 7 + 1 == parts.weekday!, "weekday of day \(number)")
        }
    }

    @Test(arguments: [
        ("1970-01-01", 0, Weekday.thursday),
        ("2026-11-21", 20_778, .saturday),
        ("2000-02-29", 11_016, .tuesday),
        ("0001-01-01", -719_162, .monday),
        ("9999-12-31", 2_932_896, .friday),
        ("1969-12-31", -1, .wednesday),
    ])
    func knownDates(iso: String, number: Int, weekday: Weekday) throws {
        let day = try Day(iso: iso)
        #expect(day.number == number)
        #expect(day.weekday == weekday)
        #expect(day.iso == iso)
    }

    @Test(arguments: [
        ("2026-02-30", "February 2026 has 28 days"),
        ("2024-02-30", "February 2024 has 29 days"),
        ("2026-13-01", "there is no month 13"),
        ("2026-00-10", "there is no month 00"),
        ("10000-01-01", "the year must have four digits"),
        ("0000-12-31", "there is no year 0000"),
        ("2026-1-5", "two digits each"),
        ("2026/01/05", "not a date in the form YYYY-MM-DD"),
        ("2026-01-05x", "not a date in the form YYYY-MM-DD"),
        ("", "not a date in the form YYYY-MM-DD"),
        ("-2026-01-05", "not a date in the form YYYY-MM-DD"),
    ])
    func strictISORejectsWithAReason(input: String, reason: String) {
        #expect {
            _ = try Day(iso: input)
        } throws: { error in
            let message = (error as? DateInputError)?.message ?? ""
            return message.contains(reason) && message.contains("'\(input)'")
        }
    }

    @Test func arithmeticClampsAtTheEndsOfTheCalendar() {
        #expect(Day.last.adding(days: 1) == .last)
        #expect(Day.first.adding(days: -1) == .first)
        #expect(Day.last.adding(days: .max) == .last)
        #expect(Day.first.adding(days: .min) == .first)
        #expect(Day(number: 0)!.adding(days: .max) == .last)
        #expect(Day(number: 0)!.adding(days: -3) == Day(number: -3))
        #expect(Day(number: Day.last.number + 1) == nil)
        #expect(Day(number: Day.first.number - 1) == nil)
        #expect(Day(clamping: .min) == .first)
        #expect(Day(clamping: .max) == .last)
        #expect(Day.first.distance(to: .last) == 3_652_058)
    }

    @Test func invalidCivilDatesHaveNoDay() {
        #expect(Day(year: 2026, month: 2, day: 29) == nil)
        #expect(Day(year: 1900, month: 2, day: 29) == nil)
        #expect(Day(year: 2000, month: 2, day: 29) != nil)
        #expect(Day(year: 0, month: 1, day: 1) == nil)
        #expect(Day(year: 10_000, month: 1, day: 1) == nil)
        #expect(Day(year: 2026, month: 4, day: 31) == nil)
    }

    @Test func todayIsTheCalendarDayAtTheGivenOffset() {
        // 2026-11-21 23:30 UTC is already the 22nd in Tokyo (+9 h) and still the 21st in New
        // York (-5 h).
        let instant = 20_778 * 86_400 + 23 * 3600 + 1800
        #expect(Day.day(atSecondsSince1970: instant, utcOffset: 0).iso == "2026-11-21")
        #expect(Day.day(atSecondsSince1970: instant, utcOffset: 9 * 3600).iso == "2026-11-22")
        #expect(Day.day(atSecondsSince1970: instant, utcOffset: -5 * 3600).iso == "2026-11-21")
        #expect(Day.day(atSecondsSince1970: -1, utcOffset: 0).iso == "1969-12-31")
        #expect(Day.day(atSecondsSince1970: -86_400, utcOffset: 0).iso == "1969-12-31")
        #expect(Day.day(atSecondsSince1970: -86_401, utcOffset: 0).iso == "1969-12-30")
    }

    @Test func todayAgreesWithFoundationsLocalCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let before = calendar.dateComponents([.year, .month, .day], from: Date())
        let today = Day.today().date
        let after = calendar.dateComponents([.year, .month, .day], from: Date())
        // Midnight may pass between the readings; today must match one of them.
        let readings = [before, after].map { CivilDate(year: $0.year!, month: $0.month!, day: $0.day!) }
        #expect(readings.contains(today))
    }
}

@Suite struct DayRangeTests {
    @Test func boundsAreOrderedAndCounted() {
        let a = Day(number: 10)!, b = Day(number: 4)!
        let range = DayRange(a, b)
        #expect(range.first == b && range.last == a)
        #expect(range.count == 7)
        #expect(Array(range).map(\.number) == Array(4...10))
        #expect(range.contains(Day(number: 4)!) && !range.contains(Day(number: 11)!))
    }

    @Test func iterationStopsAtTheLastDayOfTheCalendar() {
        let tail = DayRange(start: Day.last.adding(days: -2), count: 10)
        #expect(tail.count == 3)
        #expect(Array(tail).last == .last)
        #expect(DayRange.all.count == 3_652_059)
    }

    @Test func intersection() {
        let week = DayRange(start: Day(number: 0)!, count: 7)
        #expect(week.intersection(DayRange(Day(number: 5)!, Day(number: 20)!)) == DayRange(Day(number: 5)!, Day(number: 6)!))
        #expect(week.intersection(DayRange(Day(number: 7)!, Day(number: 20)!)) == nil)
    }
}

