import Foundation
import Testing
@testable import MealPlanCore

/// 2026-11-21, a Saturday.
private let today = Day(year: 2026, month: 11, day: 21)!

@Suite struct DateInputTests {
    @Test(arguments: [
        ("today", "2026-11-21"),
        ("  Today ", "2026-11-21"),
        ("TOMORROW", "2026-11-22"),
        ("yesterday", "2026-11-20"),
        ("+3", "2026-11-24"),
        ("+3d", "2026-11-24"),
        ("-2", "2026-11-19"),
        ("+0", "2026-11-21"),
        ("+2w", "2026-12-05"),
        ("-1W", "2026-11-14"),
        ("sat", "2026-11-21"),
        ("saturday", "2026-11-21"),
        ("sun", "2026-11-22"),
        ("Fri", "2026-11-27"),
        ("friday", "2026-11-27"),
        ("mon", "2026-11-23"),
        ("2027-03-15", "2027-03-15"),
        ("0001-01-01", "0001-01-01"),
        ("9999-12-31", "9999-12-31"),
        // Month names, with or without a year; without one, the next such day from today on.
        ("dec 25", "2026-12-25"),
        ("25 Dec", "2026-12-25"),
        ("december 25", "2026-12-25"),
        ("December 25 2027", "2027-12-25"),
        ("december 25, 2027", "2027-12-25"),
        ("25 dec 2027", "2027-12-25"),
        ("dec-25", "2026-12-25"),
        ("25th dec", "2026-12-25"),
        ("sept 1", "2027-09-01"),
        ("nov 21", "2026-11-21"),
        ("nov 20", "2027-11-20"),
        ("feb 29", "2028-02-29"),
        // With weeks starting on Monday, today's week is Mon 16 … Sun 22 November.
        ("this mon", "2026-11-16"),
        ("this sun", "2026-11-22"),
        ("next fri", "2026-11-27"),
        ("next-fri", "2026-11-27"),
        ("last mon", "2026-11-09"),
        ("Last  Saturday", "2026-11-14"),
        ("this-week", "2026-11-16"),
        ("next-week", "2026-11-23"),
        ("last week", "2026-11-09"),
        ("tues", "2026-11-24"),
        ("thurs", "2026-11-26"),
        ("thur", "2026-11-26"),
        // Months keep the day of the month, or take the month's last day.
        ("+1m", "2026-12-21"),
        ("-2M", "2026-09-21"),
        ("+14m", "2028-01-21"),
        ("-11m", "2025-12-21"),
        // Years: the same day, Feb 29 giving Feb 28 in a common year (tested below).
        ("+1y", "2027-11-21"),
        ("-2Y", "2024-11-21"),
        ("+0y", "2026-11-21"),
        // A month named by its neighbourhood is its first day.
        ("next month", "2026-12-01"),
        ("next-month", "2026-12-01"),
        ("Last Month", "2026-10-01"),
        ("this-month", "2026-11-01"),
        // A month and a year: its first day.
        ("jan 2100", "2100-01-01"),
        ("January 2100", "2100-01-01"),
        ("sept 2027", "2027-09-01"),
        ("dec-2026", "2026-12-01"),
        ("feb 0001", "0001-02-01"),
        ("dec 9999", "9999-12-01"),
        // Slashes where only one reading is a date, or both readings are the same date.
        ("25/12/2027", "2027-12-25"),
        ("12/25/2027", "2027-12-25"),
        ("1/1/2100", "2100-01-01"),
        ("07/07/2027", "2027-07-07"),
        ("31/1/2027", "2027-01-31"),
        ("29/2/2028", "2028-02-29"),
        ("2/29/2028", "2028-02-29"),
    ])
    func accepted(input: String, expected: String) throws {
        #expect(try DateInput.parse(input, today: today, weekStart: .monday).iso == expected)
    }

    @Test(arguments: [
        ("", "is not a date"),
        ("fr", "is not a date"),
        ("next", "is not a date"),
        ("next year", "is not a date"),
        ("dec", "is not a date"),
        ("dec 25 dinner", "is not a date"),
        ("+1x", "is not a date"),
        ("+8000y", "falls outside the calendar"),
        ("-2026y", "falls outside the calendar"),
        ("+99999999y", "falls outside the calendar"),
        ("jan 0000", "four digits"),
        ("jan 21000", "four digits"),
        ("jan 210", "four digits"),
        ("3/4/2027", "is 3 April in some countries and March 4 in others; write 2027-04-03 or 2027-03-04"),
        ("12/11/2027", "is 12 November in some countries and December 11 in others"),
        ("25/12/27", "four digits"),
        ("25/12/0000", "four digits"),
        ("32/1/2027", "is no date, day or month first"),
        ("29/2/2027", "is no date, day or month first"),
        ("13/13/2027", "is no date, day or month first"),
        ("1/2", "is not a date"),
        ("1/2/3/2027", "is not a date"),
        ("a/b/2027", "is not a date"),
        ("100/1/2027", "is not a date"),
        ("feb 30", "February has at most 29 days"),
        ("feb 29 2027", "February 2027 has 28 days"),
        ("apr 31 2027", "April 2027 has 30 days"),
        ("dec 25 99999", "four digits"),
        ("dec 25 0000", "four digits"),
        ("+3652059", "falls outside the calendar"),
        ("+99999999", "falls outside the calendar"),
        ("+120000m", "falls outside the calendar"),
        ("+", "is not a date"),
        ("+w", "is not a date"),
        ("2w", "is not a date"),
        ("+2x", "is not a date"),
        ("+ 2", "is not a date"),
        ("1.5", "is not a date"),
        ("+99999999999999999999", "falls outside the calendar"),
        ("+99999999", "falls outside the calendar"),
        ("-99999999w", "falls outside the calendar"),
        ("+3652059", "falls outside the calendar"),
        ("+3000000", "falls outside the calendar"),
        ("-800000", "falls outside the calendar"),
        ("2026-02-30", "February 2026 has 28 days"),
        ("10000-01-01", "four digits"),
    ])
    func rejected(input: String, reason: String) {
        #expect {
            _ = try DateInput.parse(input, today: today, weekStart: .monday)
        } throws: { error in
            let message = (error as? DateInputError)?.message ?? ""
            return message.contains(reason) && message.contains("'\(input)'")
        }
    }

    @Test func errorsForUnknownWordsListTheAcceptedForms() {
        #expect {
            _ = try DateInput.parse("someday", today: today, weekStart: .monday)
        } throws: { error in
            (error as? DateInputError)?.message == "'someday' is not a date; use \(DateInput.acceptedForms)"
        }
    }

    @Test func relativeDatesNearTheEndsOfTheCalendarAreRejectedNotClamped() throws {
        #expect(throws: DateInputError.self) { try DateInput.parse("tomorrow", today: .last, weekStart: .monday) }
        #expect(throws: DateInputError.self) { try DateInput.parse("yesterday", today: .first, weekStart: .monday) }
        #expect(try DateInput.parse("-1", today: .last, weekStart: .monday) == Day.last.adding(days: -1))
    }

    @Test func weekdayNamesFindTheNextSuchDayOnOrAfterToday() throws {
        for offset in 0..<7 {
            let start = today.adding(days: offset)
            for weekday in Weekday.allCases {
                let found = try DateInput.parse(weekday.shortName, today: start, weekStart: .monday)
                #expect(found.weekday == weekday)
                #expect((0..<7).contains(start.distance(to: found)))
            }
        }
    }

    /// In a move the meal's day is the base: a lone weekday is the next such day on or after
    /// it, wherever today is; the weeks named with this/next/last stay today's.
    @Test func aLoneWeekdayCountsFromTheBaseDay() throws {
        for baseOffset in [-400, -10, 0, 3, 25, 900] {
            let base = today.adding(days: baseOffset)
            for weekday in Weekday.allCases {
                let found = try DateInput.parse(weekday.name, today: today, weekStart: .monday, offsetsFrom: base)
                #expect(found.weekday == weekday)
                #expect((0..<7).contains(base.distance(to: found)), "\(weekday) from \(base.iso)")
                #expect(try DateInput.parse("next \(weekday.shortName)", today: today, weekStart: .monday, offsetsFrom: base)
                    == DateInput.parse("next \(weekday.shortName)", today: today, weekStart: .monday))
            }
        }
    }

    @Test func offsetsCountFromTheBaseDayAndNamedDaysFromToday() throws {
        let base = Day(year: 2026, month: 1, day: 31)!
        #expect(try DateInput.parse("+1m", today: today, weekStart: .monday, offsetsFrom: base).iso == "2026-02-28")
        #expect(try DateInput.parse("+1w", today: today, weekStart: .monday, offsetsFrom: base).iso == "2026-02-07")
        #expect(try DateInput.parse("-1", today: today, weekStart: .monday, offsetsFrom: base).iso == "2026-01-30")
        #expect(try DateInput.parse("tomorrow", today: today, weekStart: .monday, offsetsFrom: base).iso == "2026-11-22")
        // Saturday 31 January 2026: the Friday after it, not the one after today.
        #expect(try DateInput.parse("fri", today: today, weekStart: .monday, offsetsFrom: base).iso == "2026-02-06")
        #expect(try DateInput.parse("+1m", today: Day(year: 2028, month: 1, day: 31)!, weekStart: .monday).iso == "2028-02-29")
    }

    @Test func monthWordsAndYearsNearTheEndsOfTheCalendarAreRejected() throws {
        #expect(throws: DateInputError.self) { try DateInput.parse("next-month", today: Day(year: 9999, month: 12, day: 1)!, weekStart: .monday) }
        #expect(throws: DateInputError.self) { try DateInput.parse("last-month", today: Day(year: 1, month: 1, day: 31)!, weekStart: .monday) }
        #expect(throws: DateInputError.self) { try DateInput.parse("+1y", today: Day(year: 9999, month: 1, day: 1)!, weekStart: .monday) }
        #expect(throws: DateInputError.self) { try DateInput.parse("-1y", today: Day(year: 1, month: 12, day: 31)!, weekStart: .monday) }
        #expect(try DateInput.parse("+9998y", today: .first, weekStart: .monday).iso == "9999-01-01")
        #expect(try DateInput.parse("this-month", today: .last, weekStart: .monday).iso == "9999-12-01")
    }

    /// Foundation's Gregorian calendar as an independent oracle: the same civil dates, in UTC.
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static func foundationDate(_ day: Day) -> Date {
        Date(timeIntervalSince1970: Double(day.number) * 86_400)
    }

    private static func day(_ date: Date) -> Day {
        Day(number: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))!
    }

    @Test func monthOffsetsClampLikeFoundationsCalendar() throws {
        // Every day of five years (two leap days among them), moved by −12 … +25 months. Not
        // further back: Foundation 6.3 on Linux puts some of those on the wrong side of a
        // February's end (2026-01-31 −23 months gives 2024-02-28, although 2024 is a leap year).
        let first = Day(year: 2023, month: 1, day: 1)!
        for start in stride(from: first.number, to: first.number + 5 * 366, by: 1).map({ Day(number: $0)! }) {
            for months in -12...25 {
                let typed = months < 0 ? "\(months)m" : "+\(months)m"
                let expected = Self.calendar.date(byAdding: .month, value: months, to: Self.foundationDate(start))!
                #expect(try DateInput.parse(typed, today: start, weekStart: .monday) == Self.day(expected), "\(start.iso) \(typed)")
            }
        }
    }

    /// Every day of eight years (two leap days, 2024 and 2028), moved by −10 … +10 years: a
    /// 29th of February lands on the 28th in a common year, as Foundation's calendar has it.
    @Test func yearOffsetsClampLikeFoundationsCalendar() throws {
        let first = Day(year: 2023, month: 1, day: 1)!
        for start in stride(from: first.number, to: first.number + 8 * 365, by: 1).map({ Day(number: $0)! }) {
            for years in -10...10 {
                let typed = years < 0 ? "\(years)y" : "+\(years)y"
                let expected = Self.calendar.date(byAdding: .year, value: years, to: Self.foundationDate(start))!
                #expect(try DateInput.parse(typed, today: start, weekStart: .monday) == Self.day(expected), "\(start.iso) \(typed)")
            }
        }
        #expect(try DateInput.parse("+1y", today: Day(year: 2028, month: 2, day: 29)!, weekStart: .monday).iso == "2029-02-28")
        #expect(try DateInput.parse("+4y", today: Day(year: 2028, month: 2, day: 29)!, weekStart: .monday).iso == "2032-02-29")
    }

    /// `this|next|last-month` on every day of three years is the first day of the month
    /// Foundation's calendar gives for today moved by −1, 0 or 1 months.
    @Test func monthWordsAreTheFirstDayOfThatMonthLikeFoundationsCalendar() throws {
        let first = Day(year: 2027, month: 1, day: 1)!
        for start in stride(from: first.number, to: first.number + 3 * 366, by: 1).map({ Day(number: $0)! }) {
            for (word, months) in [("last", -1), ("this", 0), ("next", 1)] {
                let moved = Self.calendar.date(byAdding: .month, value: months, to: Self.foundationDate(start))!
                let expected = Self.calendar.dateInterval(of: .month, for: moved)!.start
                #expect(try DateInput.parse("\(word)-month", today: start, weekStart: .monday) == Self.day(expected), "\(start.iso) \(word)-month")
            }
        }
    }

    /// Every month of years across the Gregorian calendar Foundation keeps (from 1583; it is
    /// Julian before 1582-10-15) named with its year is the date Foundation builds for its 1st.
    @Test func aMonthAndYearIsItsFirstDayLikeFoundationsCalendar() throws {
        for year in [1583, 1900, 1999, 2000, 2024, 2100, 2400, 5000, 9999] {
            for month in 1...12 {
                let expected = Self.calendar.date(from: DateComponents(year: year, month: month, day: 1))!
                for name in [Day.monthNames[month - 1], String(Day.monthNames[month - 1].prefix(3))] {
                    let typed = "\(name) \(String(repeating: "0", count: 4 - String(year).count))\(year)"
                    #expect(try DateInput.parse(typed, today: today, weekStart: .monday) == Self.day(expected), "\(typed)")
                }
            }
        }
    }

    /// A date with slashes, against the dates Foundation builds: for every day and month of
    /// two years, each order that makes exactly one date (or the same date) is that date, and
    /// two orders that make two dates are refused.
    @Test func slashedDatesAreReadOnlyWhereOneReadingExists() throws {
        for year in [2027, 2028] {
            for first in 1...31 {
                for second in 1...31 {
                    let typed = "\(first)/\(second)/\(year)"
                    let readings = Set([(day: first, month: second), (day: second, month: first)].compactMap { reading -> Date? in
                        let components = DateComponents(year: year, month: reading.month, day: reading.day)
                        // Foundation rolls 31 April over into May: a reading is a date only if it comes back.
                        guard let date = Self.calendar.date(from: components),
                              Self.calendar.component(.month, from: date) == reading.month,
                              Self.calendar.component(.day, from: date) == reading.day else { return nil }
                        return date
                    })
                    if readings.count == 1 {
                        #expect(try DateInput.parse(typed, today: today, weekStart: .monday) == Self.day(readings.first!), "\(typed)")
                    } else {
                        #expect(throws: DateInputError.self, "\(typed)") { try DateInput.parse(typed, today: today, weekStart: .monday) }
                    }
                }
            }
        }
    }

    @Test func aMonthAndDayIsTheNextSuchDayFromTodayOnLikeFoundationsCalendar() throws {
        // Two years of todays, including the days just before, on and after each month's days.
        let first = Day(year: 2027, month: 1, day: 1)!
        let monthDays = [(1, 1), (2, 28), (2, 29), (3, 1), (6, 15), (12, 25), (12, 31)]
        for start in stride(from: first.number, to: first.number + 2 * 366, by: 1).map({ Day(number: $0)! }) {
            let dayBefore = Self.foundationDate(start.adding(days: -1))
            for (month, dayOfMonth) in monthDays {
                let typed = "\(Day.monthNames[month - 1].prefix(3)) \(dayOfMonth)"
                let expected = Self.calendar.nextDate(
                    after: dayBefore, matching: DateComponents(month: month, day: dayOfMonth), matchingPolicy: .strict)!
                #expect(try DateInput.parse(typed, today: start, weekStart: .monday) == Self.day(expected), "\(start.iso) \(typed)")
            }
        }
    }

    /// Every week start on every weekday of today, 49 cases: `this|next|last-week` is the first
    /// day of that week and `this|next|last DAY` its DAY, the week found by Foundation's
    /// Gregorian calendar given the same first weekday (an independent implementation).
    @Test(arguments: Weekday.allCases, 0..<7)
    func weekWordsCountFromTheWeekStart(weekStart: Weekday, offset: Int) throws {
        let start = today.adding(days: offset)
        var calendar = Self.calendar
        calendar.firstWeekday = Self.foundationWeekday(weekStart)
        let thisWeek = calendar.dateInterval(of: .weekOfYear, for: Self.foundationDate(start))!.start
        for (word, weeks) in [("last", -1), ("this", 0), ("next", 1)] {
            let weekDate = calendar.date(byAdding: .weekOfYear, value: weeks, to: thisWeek)!
            let first = Self.day(weekDate)
            #expect(first.weekday == weekStart)
            #expect(try DateInput.parse("\(word)-week", today: start, weekStart: weekStart) == first,
                    "\(start.iso) \(word)-week, weeks from \(weekStart.name)")
            for weekday in Weekday.allCases {
                let expected = calendar.nextDate(
                    after: weekDate.addingTimeInterval(-1), matching: DateComponents(weekday: Self.foundationWeekday(weekday)),
                    matchingPolicy: .strict)!
                #expect(try DateInput.parse("\(word) \(weekday.shortName)", today: start, weekStart: weekStart) == Self.day(expected),
                        "\(start.iso) \(word) \(weekday.shortName), weeks from \(weekStart.name)")
            }
        }
    }

    /// Foundation numbers weekdays from Sunday = 1.
    private static func foundationWeekday(_ weekday: Weekday) -> Int {
        weekday.rawValue % 7 + 1
    }

    @Test func weekWordsThatWouldLeaveTheCalendarAreRejected() throws {
        // 0001-01-01 is a Monday: the week holding it starts before it unless weeks start on Monday.
        #expect(Day.first.weekday == .monday)
        #expect(try DateInput.parse("this-week", today: .first, weekStart: .monday) == .first)
        #expect(throws: DateInputError.self) { try DateInput.parse("this-week", today: .first, weekStart: .sunday) }
        #expect(throws: DateInputError.self) { try DateInput.parse("next-week", today: .last, weekStart: .monday) }
    }

    @Test func onlyTheWeekKeywordsNameAWeek() {
        for text in ["this-week", "Next Week", " last-week "] { #expect(DateInput.namesWeek(text), "\(text)") }
        for text in ["this mon", "week", "+1w", "next-week-end", "mon"] { #expect(!DateInput.namesWeek(text), "\(text)") }
    }
}
