import MealPlanCore
import TextHelpers

/// A rule as the iCalendar `RRULE` value (RFC 5545 §3.3.10) other calendars read, and back:
/// both directions in one place, so that what mealplan writes it reads again as the same rule.
extension RepeatRule {
    /// The rule as the value of an iCalendar `RRULE` (RFC 5545 §3.3.10), for an event whose
    /// `DTSTART` is the DATE `firstOccurrence`: e.g. `FREQ=WEEKLY;INTERVAL=2;WKST=MO;BYDAY=MO,TH;UNTIL=20270301`.
    ///
    /// A monthly rule on a weekday uses an ordinal `BYDAY` (`2TU`, `-1FR`); a yearly one takes
    /// its month and day from `DTSTART`. `UNTIL` is a DATE like `DTSTART`, as §3.3.10 requires.
    /// `WKST=MO` is written where it matters, for weeks counted in twos or more, since clients
    /// may start the week elsewhere by default.
    public var rrule: String {
        var parts: [String] = []
        let interval = pattern.interval
        let frequency = switch pattern {
        case .days: "DAILY"
        case .weeks: "WEEKLY"
        case .monthsOnDay, .monthsOnWeekday: "MONTHLY"
        case .years: "YEARLY"
        }
        parts.append("FREQ=" + frequency)
        if interval > 1 { parts.append("INTERVAL=\(interval)") }
        switch pattern {
        case .days, .years:
            break
        case .weeks(_, let weekdays):
            if interval > 1 { parts.append("WKST=MO") }
            parts.append("BYDAY=" + weekdays.map(Self.icalendarCode).joined(separator: ","))
        case .monthsOnDay(_, let day):
            parts.append("BYMONTHDAY=\(day)")
        case let .monthsOnWeekday(_, ordinal, weekday):
            parts.append("BYDAY=\(ordinal)\(Self.icalendarCode(weekday))")
        }
        switch end {
        case .never: break
        case .until(let last): parts.append("UNTIL=" + last.iso.filter { $0 != "-" })
        case .count(let count): parts.append("COUNT=\(count)")
        }
        return parts.joined(separator: ";")
    }

    /// MO, TU, WE, TH, FR, SA, SU.
    static func icalendarCode(_ weekday: Weekday) -> String {
        weekday.shortName.prefix(2).uppercased()
    }

    /// The rule of an event whose `DTSTART` is the day `start` and whose `RRULE` is `value`,
    /// as another calendar program may have written it: parts in any order and case, `UNTIL`
    /// a date or a date-time (its date is taken), `WKST` where it changes nothing.
    ///
    /// What mealplan's rules can say is read; a rule they cannot say exactly (every hour, the
    /// 2nd and 4th Tuesday, `BYSETPOS`, a week starting on Sunday for a fortnightly rule on two
    /// days, …) is refused as `.unsupported`, so that it is left as it is rather than changed
    /// into another; a value that is not an `RRULE` at all is `.malformed`.
    public init(rrule value: String, start: Day) throws(RRULEError) {
        var parts: [String: String] = [:]
        for part in value.split(separator: ";") where !part.isEmpty {
            guard let equals = part.firstIndex(of: "="), equals != part.startIndex else {
                throw RRULEError(.malformed, "'\(part.messageExcerpt)' is not NAME=VALUE")
            }
            let name = part[..<equals].uppercased()
            guard parts.updateValue(String(part[part.index(after: equals)...]).uppercased(), forKey: name) == nil else {
                throw RRULEError(.malformed, "\(name) is given twice")
            }
        }
        if let other = parts.keys.filter({ !Self.rruleParts.contains($0) }).sorted().first {
            throw RRULEError(.unsupported, "its \(other.messageExcerpt) part")
        }
        let interval = try Self.rrulePositive(parts["INTERVAL"] ?? "1", "INTERVAL")
        guard Self.intervals.contains(interval) else { throw RRULEError(.unsupported, "an INTERVAL of \(interval)") }
        let weekdays = try (parts["BYDAY"]?.split(separator: ",").map(Self.rruleWeekday)) ?? []
        let monthDays = try (parts["BYMONTHDAY"]?.split(separator: ",").map { part throws(RRULEError) in
            try Self.rrulePositive(part, "BYMONTHDAY") }) ?? []
        let months = try (parts["BYMONTH"]?.split(separator: ",").map { part throws(RRULEError) in
            try Self.rrulePositive(part, "BYMONTH") }) ?? []
        let pattern: Pattern
        switch parts["FREQ"] {
        case nil:
            throw RRULEError(.malformed, "it has no FREQ")
        case "DAILY":
            guard weekdays.isEmpty, monthDays.isEmpty, months.isEmpty else { throw RRULEError(.unsupported, "a daily rule limited to some days") }
            pattern = .days(interval: interval)
        case "WEEKLY":
            guard monthDays.isEmpty, months.isEmpty else { throw RRULEError(.unsupported, "a weekly rule limited to some months or days") }
            guard weekdays.allSatisfy({ $0.ordinal == nil }) else { throw RRULEError(.malformed, "a weekly BYDAY has no numbers") }
            let days = weekdays.isEmpty ? [start.weekday] : weekdays.map(\.weekday)
            if let weekStart = parts["WKST"], weekStart != "MO", interval > 1, Set(days).count > 1 {
                throw RRULEError(.unsupported, "weeks starting on \(weekStart.messageExcerpt) for a rule on several days every \(interval) weeks")
            }
            pattern = .weeks(interval: interval, weekdays: days)
        case "MONTHLY":
            guard months.isEmpty else { throw RRULEError(.unsupported, "a monthly rule limited to some months") }
            switch (weekdays.count, monthDays.count) {
            case (0, 0):
                pattern = .monthsOnDay(interval: interval, day: start.date.day)
            case (0, 1) where (1...31).contains(monthDays[0]):
                pattern = .monthsOnDay(interval: interval, day: monthDays[0])
            case (1, 0):
                guard let ordinal = weekdays[0].ordinal, Self.ordinals.contains(ordinal) else {
                    throw RRULEError(.unsupported, "a monthly rule on every \(weekdays[0].weekday.name) of the month")
                }
                pattern = .monthsOnWeekday(interval: interval, ordinal: ordinal, weekday: weekdays[0].weekday)
            default:
                throw RRULEError(.unsupported, "a monthly rule on several days")
            }
        case "YEARLY":
            let date = start.date
            guard weekdays.isEmpty, monthDays.allSatisfy({ $0 == date.day }), months.allSatisfy({ $0 == date.month }) else {
                throw RRULEError(.unsupported, "a yearly rule on other days than its first day's")
            }
            pattern = .years(interval: interval)
        case let frequency?:
            throw RRULEError(.unsupported, "a FREQ of \(frequency.messageExcerpt)")
        }
        let end: End
        switch (parts["UNTIL"], parts["COUNT"]) {
        case (nil, nil): end = .never
        case (let until?, nil):
            guard let last = Day(basicISO: until) else { throw RRULEError(.malformed, "UNTIL \(until.messageExcerpt) is not a date") }
            guard last >= start else { throw RRULEError(.malformed, "UNTIL \(last.iso) is before DTSTART \(start.iso)") }
            end = .until(last)
        case (nil, let count?): end = .count(try Self.rrulePositive(count, "COUNT"))
        case (_?, _?): throw RRULEError(.malformed, "it has both UNTIL and COUNT")
        }
        do {
            try self.init(firstDay: start, pattern: pattern, end: end)
        } catch {
            throw RRULEError(.unsupported, "a rule that never happens from \(start.iso)")
        }
    }

    /// The parts `init(rrule:start:)` reads; any other is a rule mealplan cannot say.
    private static let rruleParts: Set<String> = ["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH", "UNTIL", "COUNT", "WKST"]

    private static func rrulePositive(_ text: some StringProtocol, _ part: String) throws(RRULEError) -> Int {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy(\.isASCIIDigit), let number = Int(text), number > 0 else {
            throw RRULEError(.malformed, "\(part) \(text.messageExcerpt) is not a number from 1")
        }
        return number
    }

    /// `MO`, `2TU`, `-1FR`, `+3WE`: a weekday and, in a monthly rule, which one of the month.
    private static func rruleWeekday(_ text: Substring) throws(RRULEError) -> (ordinal: Int?, weekday: Weekday) {
        let code = text.suffix(2)
        guard let weekday = Weekday.allCases.first(where: { icalendarCode($0) == code }) else {
            throw RRULEError(.malformed, "BYDAY \(text.messageExcerpt) names no weekday")
        }
        let number = text.dropLast(2)
        guard !number.isEmpty else { return (nil, weekday) }
        let digits = number.first == "-" || number.first == "+" ? number.dropFirst() : number
        guard (1...2).contains(digits.count), digits.allSatisfy(\.isASCIIDigit), let ordinal = Int(digits) else {
            throw RRULEError(.malformed, "BYDAY \(text.messageExcerpt) has no number before its weekday")
        }
        return (number.first == "-" ? -ordinal : ordinal, weekday)
    }
}

/// Why an `RRULE` was not read into a rule.
public struct RRULEError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// Not an `RRULE` as RFC 5545 defines it.
        case malformed
        /// A rule, but one mealplan's rules cannot say exactly.
        case unsupported
    }

    public let kind: Kind
    /// What was wrong, for a message that says which rule it is.
    public let reason: String

    init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var description: String {
        switch kind {
        case .malformed: "not a repeat rule: \(reason)"
        case .unsupported: "a repeat mealplan cannot keep: \(reason)"
        }
    }
}
