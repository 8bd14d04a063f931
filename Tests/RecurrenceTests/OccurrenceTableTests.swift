import MealPlanCore
import Testing
import TestSupport
@testable import Recurrence

/// Rules expanded into windows, with the dates worked out by hand from a calendar: 2026-01-01
/// is a Thursday, 2026-02-01 and 2026-03-01 Sundays, 2026-04-01 a Wednesday, 0001-01-01 a Monday.
@Suite struct OccurrenceTableTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let first: String, every: String, on: String?, until: String?, count: Int?
        let window: (String, String)
        let expected: [String]
        var testDescription: String { "\(first) --every \(every) --on \(on ?? "-") → \(expected)" }

        init(_ first: String, _ every: String, on: String? = nil, until: String? = nil, count: Int? = nil,
             window: (String, String), _ expected: [String]) {
            (self.first, self.every, self.on, self.until, self.count) = (first, every, on, until, count)
            (self.window, self.expected) = (window, expected)
        }
    }

    static let cases: [Case] = [
        Case("2026-02-27", "day", window: ("2026-02-01", "2026-03-02"),
             ["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]),
        // Feb 27 + 3 days crosses the leap day.
        Case("2024-02-27", "3d", window: ("2024-02-27", "2024-03-06"), ["2024-02-27", "2024-03-01", "2024-03-04"]),
        // From a Wednesday: that week's Monday is before the first day; week 2 is the next one.
        Case("2026-03-04", "2w", on: "mon,thu", window: ("2026-03-01", "2026-03-20"),
             ["2026-03-05", "2026-03-16", "2026-03-19"]),
        Case("2026-03-02", "week", until: "2026-03-16", window: ("2026-01-01", "2026-12-31"),
             ["2026-03-02", "2026-03-09", "2026-03-16"]),
        // The 31st is skipped in months without one, never moved.
        Case("2026-01-31", "month", window: ("2026-01-01", "2026-08-31"),
             ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31", "2026-08-31"]),
        Case("2026-01-31", "month", count: 3, window: ("2026-01-01", "2026-12-31"),
             ["2026-01-31", "2026-03-31", "2026-05-31"]),
        Case("2023-01-29", "month", count: 3, window: ("2023-01-01", "2023-12-31"),
             ["2023-01-29", "2023-03-29", "2023-04-29"]),
        Case("2024-01-30", "month", window: ("2024-01-01", "2024-03-31"), ["2024-01-30", "2024-03-30"]),
        Case("2024-01-29", "month", window: ("2024-01-01", "2024-03-31"), ["2024-01-29", "2024-02-29", "2024-03-29"]),
        // On a day of the month before the first day's: that month's is before the first day.
        Case("2026-01-20", "month", on: "15", window: ("2026-01-01", "2026-03-31"), ["2026-02-15", "2026-03-15"]),
        Case("2026-01-01", "month", on: "last-fri", window: ("2026-01-01", "2026-03-31"),
             ["2026-01-30", "2026-02-27", "2026-03-27"]),
        Case("2026-01-01", "month", on: "-2fri", window: ("2026-01-01", "2026-01-31"), ["2026-01-23"]),
        Case("2026-01-01", "month", on: "2tue", window: ("2026-01-01", "2026-03-31"),
             ["2026-01-13", "2026-02-10", "2026-03-10"]),
        // Only January and April have five Thursdays.
        Case("2026-01-01", "month", on: "5thu", window: ("2026-01-01", "2026-04-30"), ["2026-01-29", "2026-04-30"]),
        Case("2024-02-29", "year", window: ("2024-01-01", "2033-12-31"), ["2024-02-29", "2028-02-29", "2032-02-29"]),
        // 2100, 2200 and 2300 are not leap years.
        Case("2000-02-29", "100y", window: ("2000-01-01", "2500-12-31"), ["2000-02-29", "2400-02-29"]),
        Case("2026-03-14", "2y", until: "2030-03-14", window: ("2026-01-01", "2040-12-31"),
             ["2026-03-14", "2028-03-14", "2030-03-14"]),
        // A count end seen from a window after the first day: occurrences 8, 9 and 10.
        Case("2026-01-01", "day", count: 10, window: ("2026-01-08", "2026-02-01"),
             ["2026-01-08", "2026-01-09", "2026-01-10"]),
        // From a Thursday, 5 times on Monday and Thursday: Mar 5, 9, 12, 16, 19.
        Case("2026-03-05", "week", on: "mon,thu", count: 5, window: ("2026-03-10", "2026-12-31"),
             ["2026-03-12", "2026-03-16", "2026-03-19"]),
        Case("9999-12-30", "day", window: ("9999-01-01", "9999-12-31"), ["9999-12-30", "9999-12-31"]),
        Case("0001-01-01", "week", window: ("0001-01-01", "0001-01-15"), ["0001-01-01", "0001-01-08", "0001-01-15"]),
    ]

    @Test(arguments: cases) func expandsAsWorkedOut(_ example: Case) throws {
        let rule = try RepeatRule(firstDay: day(example.first), every: example.every, on: example.on,
                                  until: example.until.map(day), count: example.count)
        let window = DayRange(day(example.window.0), day(example.window.1))
        #expect(rule.occurrences(in: window).map(\.iso) == example.expected)
        // Each day of the window is an occurrence exactly when listed.
        #expect(window.filter(rule.isOccurrence).map(\.iso) == example.expected)
    }

    @Test func theFirstOccurrenceIsTheFirstDayThePatternNames() throws {
        let rule = try RepeatRule(firstDay: day("2026-03-04"), every: "week", on: "mon")
        #expect(rule.firstOccurrence == day("2026-03-09"))
        #expect(rule.occurrences(from: day("2026-01-01"), limit: 3).map(\.iso) == ["2026-03-09", "2026-03-16", "2026-03-23"])
        #expect(rule.occurrences(from: day("2026-03-17"), limit: 0).isEmpty)
    }

    @Test func aCountEndsTheRuleAtTheCalendarsEndToo() throws {
        let rule = try RepeatRule(firstDay: day("9999-12-01"), every: "week", count: 100)
        #expect(rule.occurrences(from: day("9999-12-01"), limit: 100).count == 5)
        #expect(rule.lastPossibleDay == .last)
    }

    @Test func theLastPossibleDayIsTheUntilDayOrTheLastCountedOccurrence() throws {
        // The 31st of the month, three times from January: January, March, May (February and
        // April have none); the 5th Friday twice from 2026: January 30, May 29.
        #expect(try RepeatRule(firstDay: day("2026-01-31"), every: "month", count: 3).lastPossibleDay.iso == "2026-05-31")
        #expect(try RepeatRule(firstDay: day("2026-01-01"), every: "month", on: "5fri", count: 2).lastPossibleDay.iso == "2026-05-29")
        // Weekly on Monday and Thursday from a Thursday: Thu 5, Mon 9, Thu 12, Mon 16 March.
        #expect(try RepeatRule(firstDay: day("2026-03-05"), every: "week", on: "mon,thu", count: 4).lastPossibleDay.iso == "2026-03-16")
        // From the year 1, a million days later: day 999,999 after 0001-01-01.
        #expect(try RepeatRule(firstDay: .first, every: "day", count: 1_000_000).lastPossibleDay == Day.first.adding(days: 999_999))
        #expect(try RepeatRule(firstDay: day("2026-03-05"), every: "week", until: day("2026-03-20")).lastPossibleDay.iso == "2026-03-20")
        #expect(try RepeatRule(firstDay: day("2026-03-05"), every: "week").lastPossibleDay == .last)
    }
}
