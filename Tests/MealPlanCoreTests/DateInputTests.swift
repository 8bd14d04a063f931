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
    ])
    func accepted(input: String, expected: String) throws {
        #expect(try DateInput.parse(input, today: today).iso == expected)
    }

    @Test(arguments: [
        ("", "is not a date"),
        ("fr", "is not a date"),
        ("next fri", "is not a date"),
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
            _ = try DateInput.parse(input, today: today)
        } throws: { error in
            let message = (error as? DateInputError)?.message ?? ""
            return message.contains(reason) && message.contains("'\(input)'")
        }
    }

    @Test func errorsForUnknownWordsListTheAcceptedForms() {
        #expect {
            _ = try DateInput.parse("someday", today: today)
        } throws: { error in
            (error as? DateInputError)?.message == "'someday' is not a date; use \(DateInput.acceptedForms)"
        }
    }

    @Test func relativeDatesNearTheEndsOfTheCalendarAreRejectedNotClamped() throws {
        #expect(throws: DateInputError.self) { try DateInput.parse("tomorrow", today: .last) }
        #expect(throws: DateInputError.self) { try DateInput.parse("yesterday", today: .first) }
        #expect(try DateInput.parse("-1", today: .last) == Day.last.adding(days: -1))
    }

    @Test func weekdayNamesFindTheNextSuchDayOnOrAfterToday() throws {
        for offset in 0..<7 {
            let start = today.adding(days: offset)
            for weekday in Weekday.allCases {
                let found = try DateInput.parse(weekday.shortName, today: start)
                #expect(found.weekday == weekday)
                #expect((0..<7).contains(start.distance(to: found)))
            }
        }
    }
}
