#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import TextHelpers

/// A calendar day as a plain integer: the number of days since 1970-01-01 in the proleptic
/// Gregorian calendar.
///
/// Integers make the planner's arithmetic trivial and cheap (no time zones, no daylight-saving
/// gaps) and let SQLite index days as numbers. The supported range is 0001-01-01 … 9999-12-31,
/// the dates that print as four-digit ISO years; arithmetic clamps at both ends instead of
/// trapping, so scrolling past the end of the calendar simply stops there.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01; always within `Day.first.number … Day.last.number`.
    public let number: Int

    /// 0001-01-01, the first day mealplan can represent.
    public static let first = Day(uncheckedNumber: -719_162)
    /// 9999-12-31, the last day mealplan can represent.
    public static let last = Day(uncheckedNumber: 2_932_896)
    /// All representable day numbers.
    public static let validNumbers = first.number...last.number

    private init(uncheckedNumber: Int) {
        number = uncheckedNumber
    }

    /// The day with this number, or `nil` if it lies outside 0001-01-01 … 9999-12-31.
    public init?(number: Int) {
        guard Day.validNumbers.contains(number) else { return nil }
        self.number = number
    }

    /// The day with this number, moved to the nearest end of the calendar if outside it.
    public init(clamping number: Int) {
        self.number = min(max(number, Day.first.number), Day.last.number)
    }

    /// The day of a civil date, or `nil` if the date does not exist (2026-02-30) or lies outside
    /// the supported years 1…9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Day.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        number = Day.daysSinceEpoch(year: year, month: month, day: day)
    }

    /// The civil date of this day.
    public var date: CivilDate {
        Day.civilDate(fromDaysSinceEpoch: number)
    }

    /// The day of the week; 1970-01-01 was a Thursday.
    public var weekday: Weekday {
        // Shift so that Monday is 0, then take a non-negative remainder.
        let mondayBased = (number + 3) % 7
        return Weekday(rawValue: (mondayBased + 7) % 7 + 1)!
    }

    /// This day moved by `days`, clamped to the calendar's ends instead of overflowing.
    public func adding(days: Int) -> Day {
        let (sum, overflow) = number.addingReportingOverflow(days)
        if overflow { return days > 0 ? .last : .first }
        return Day(clamping: sum)
    }

    /// The number of days from this day to `other` (negative if `other` is earlier).
    public func distance(to other: Day) -> Int {
        other.number - number
    }

    /// ISO 8601 calendar date, `YYYY-MM-DD`.
    public var iso: String {
        let date = self.date
        return Day.padded(date.year, 4) + "-" + Day.padded(date.month, 2) + "-" + Day.padded(date.day, 2)
    }

    public var description: String { iso }

    public static func < (lhs: Day, rhs: Day) -> Bool {
        lhs.number < rhs.number
    }

    /// Whether `year` has a 29th of February.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in a month of a year (28…31).
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // The conversions below count in 400-year eras that start on March 1st, so that the leap
    // day falls at the end of each counted year and every era has exactly 146 097 days.

    private static let daysPerEra = 146_097
    /// Days from 0000-03-01 to 1970-01-01.
    private static let epochShift = 719_468

    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let marchMonth = (month + 9) % 12                     // March = 0 … February = 11
        let dayOfYear = (153 * marchMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * daysPerEra + dayOfEra - epochShift
    }

    private static func civilDate(fromDaysSinceEpoch days: Int) -> CivilDate {
        let shifted = days + epochShift
        let era = (shifted >= 0 ? shifted : shifted - daysPerEra + 1) / daysPerEra
        let dayOfEra = shifted - era * daysPerEra
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
        let month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return CivilDate(year: year, month: month, day: day)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// A year, month and day as people write them.
public struct CivilDate: Hashable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }
}

/// The days of the week in ISO 8601 order (Monday = 1).
public enum Weekday: Int, CaseIterable, Sendable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The full English name, e.g. "Friday".
    public var name: String {
        switch self {
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        case .sunday: "Sunday"
        }
    }

    /// The three-letter English abbreviation, e.g. "Fri".
    public var shortName: String { String(name.prefix(3)) }
}

extension Day {
    /// The month names used in headers, January first.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// The calendar day at `secondsSince1970` for a clock `utcOffset` seconds ahead of UTC.
    ///
    /// Pure, so tests pin "today" exactly; `today()` supplies the real clock and zone.
    public static func day(atSecondsSince1970 seconds: Int, utcOffset: Int) -> Day {
        let local = seconds + utcOffset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return Day(clamping: days)
    }

    /// The current day in the local time zone (`TZ`, else the system's).
    ///
    /// The offset comes from the C library's `localtime_r` rather than Foundation's `TimeZone`,
    /// which would map megabytes of time-zone data into every command's memory.
    public static func today() -> Day {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else {
            return day(atSecondsSince1970: Int(now), utcOffset: 0)
        }
        return day(atSecondsSince1970: Int(now), utcOffset: parts.tm_gmtoff)
    }
}

extension Day {
    /// "Mon 2026-11-16": a day as the commands and lists print it.
    public var label: String { "\(weekday.shortName) \(iso)" }

    /// "Tue 3 Mar": a day as a person says it, in the planner's headers and a sync's conflicts.
    public var shortLabel: String {
        let date = self.date
        return "\(weekday.shortName) \(date.day) \(Day.monthNames[date.month - 1].prefix(3))"
    }
}

extension Day {
    /// The day of an ISO 8601 basic date (`20261124`) or date-time (`20261124T190000`, with a
    /// `Z` or not), as iCalendar writes DATE and DATE-TIME values: the time says when, not which
    /// day, so only the date is read. `nil` for anything else.
    public init?(basicISO text: some StringProtocol) {
        let date = text.prefix(8), time = text.dropFirst(8)
        guard date.count == 8, date.allSatisfy(\.isASCIIDigit), let number = Int(date),
              time.isEmpty || (time.first == "T" && (time.count == 7 || (time.count == 8 && time.last == "Z"))
                  && time.dropFirst().prefix(6).allSatisfy(\.isASCIIDigit))
        else { return nil }
        self.init(year: number / 10_000, month: number / 100 % 100, day: number % 100)
    }
}
