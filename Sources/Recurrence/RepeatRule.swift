import MealPlanCore

/// When a repeating meal happens: a pattern that repeats from a first day until an end.
///
/// A rule is kept as a rule, never as copied meals, so it costs the same whether it began
/// yesterday or in the year 1 and whether it ends or not: `occurrences(in:)` finds the first
/// repetition at or after a window arithmetically and walks only the window.
///
/// The occurrences follow RFC 5545 as `dateutil.rrule` implements it, against which the tests
/// check them:
/// - the occurrences are the days the pattern names on or after the first day; the first day
///   itself is one only if the pattern names it (every week on Monday from a Wednesday begins
///   the next Monday), so `firstOccurrence` is the `DTSTART` of an iCalendar export;
/// - weeks run from Monday to Sunday, and "every 2 weeks" counts weeks from the first day's week;
/// - a date a period does not have is skipped, never moved: every month on the 31st happens in
///   the seven months that have a 31st, on the 30th never in February, on the 29th in February of
///   leap years only; every year from a 29th of February happens in leap years only; "the 5th
///   Tuesday" only in months with five Tuesdays. Skipped dates do not count towards `--count`.
public struct RepeatRule: Hashable, Sendable {
    /// What repeats, and how often; every interval is at least 1.
    public enum Pattern: Hashable, Sendable {
        /// Every `interval` days.
        case days(interval: Int)
        /// Every `interval` weeks on `weekdays` (in order, Monday first, none twice).
        case weeks(interval: Int, weekdays: [Weekday])
        /// Every `interval` months on day `day` (1…31) of the month.
        case monthsOnDay(interval: Int, day: Int)
        /// Every `interval` months on the `ordinal`-th `weekday` of the month: 1…5 count from
        /// the month's start, -1…-5 from its end (-1 is the last).
        case monthsOnWeekday(interval: Int, ordinal: Int, weekday: Weekday)
        /// Every `interval` years on the first day's month and day.
        case years(interval: Int)
    }

    /// Where the repetition stops.
    public enum End: Hashable, Sendable {
        case never
        /// The last day that can have an occurrence (inclusive).
        case until(Day)
        /// This many occurrences in all (at least 1).
        case count(Int)
    }

    /// The largest interval: 9999 of any unit already reaches past the calendar's end.
    public static let intervals = 1...9999
    /// The ordinals of `monthsOnWeekday` a month can have.
    public static let ordinals = [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5]

    public let firstDay: Day
    public let pattern: Pattern
    public let end: End

    /// A rule that happens at least once; the weekdays of `.weeks` may come in any order and
    /// twice. Each value the rule cannot have (an interval of 0, a 32nd day, an end before
    /// the first day, a rule that never falls on an existing date) is refused with a one-line
    /// message.
    public init(firstDay: Day, pattern: Pattern, end: End = .never) throws(RepeatRuleError) {
        self.firstDay = firstDay
        self.pattern = try Self.checked(pattern)
        switch end {
        case .never: break
        case .until(let last):
            guard last >= firstDay else {
                throw RepeatRuleError("\(field: .until) \(last.iso) is before the first day, \(firstDay.iso)")
            }
        case .count(let count):
            guard count >= 1 else { throw RepeatRuleError("\(field: .count) \(count): the count must be at least 1") }
        }
        self.end = end
        guard !occurrences(from: firstDay, limit: 1).isEmpty else {
            throw RepeatRuleError("'\(self)' from \(firstDay.iso) has no day to happen on")
        }
    }

    /// The first day the rule happens on: `firstDay` if the pattern names it, else the next
    /// day it names (there is one: the initializer refuses a rule without).
    public var firstOccurrence: Day {
        occurrences(from: firstDay, limit: 1)[0]
    }

    static func check(interval: Int) throws(RepeatRuleError) {
        guard intervals.contains(interval) else {
            throw RepeatRuleError("\(field: .every): the interval must be 1 to 9999, not \(interval)")
        }
    }

    private static func checked(_ pattern: Pattern) throws(RepeatRuleError) -> Pattern {
        try check(interval: pattern.interval)
        switch pattern {
        case .days, .years:
            return pattern
        case let .weeks(interval, weekdays):
            guard !weekdays.isEmpty else { throw RepeatRuleError("\(field: .on): a weekly rule needs at least one weekday") }
            return .weeks(interval: interval, weekdays: Set(weekdays).sorted { $0.rawValue < $1.rawValue })
        case let .monthsOnDay(_, day):
            guard (1...31).contains(day) else {
                throw RepeatRuleError("\(field: .on) \(day): a day of the month is 1 to 31")
            }
            return pattern
        case let .monthsOnWeekday(_, ordinal, _):
            guard ordinals.contains(ordinal) else {
                throw RepeatRuleError(
                    "\(field: .on): no month has a weekday numbered \(ordinal); use 1 to 5, last, or -1 to -5 from the end")
            }
            return pattern
        }
    }
}

extension RepeatRule.Pattern {
    /// How many days, weeks, months or years one repetition spans.
    public var interval: Int {
        switch self {
        case .days(let interval), .weeks(let interval, _), .monthsOnDay(let interval, _),
             .monthsOnWeekday(let interval, _, _), .years(let interval):
            interval
        }
    }
}
