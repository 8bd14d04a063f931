import MealPlanCore
import TextHelpers

/// How long a timed meal event lasts, to the minute.
public struct EventDuration: Hashable, Sendable {
    public let minutes: Int

    /// One hour: long enough for a meal, short enough not to hide the next one in a calendar.
    public static let standard = EventDuration(minutes: 60)!
    /// A meal event lasts at most a day.
    static let longest = 24 * 60

    public init?(minutes: Int) {
        guard (1...Self.longest).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// `90` or `90m` (minutes), `2h` (hours), `1h30m` or `1h30`; 1 minute to 24 hours.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        var hours = 0
        var rest = Substring(lowered)
        if let h = rest.firstIndex(of: "h") {
            guard let value = Self.number(rest[..<h]) else { return nil }
            hours = value
            rest = rest[rest.index(after: h)...]
            if rest.isEmpty { rest = "0" }
        }
        if rest.hasSuffix("m") { rest = rest.dropLast() }
        guard let minutes = Self.number(rest), hours <= Self.longest / 60 else { return nil }
        self.init(minutes: hours * 60 + minutes)
    }

    /// A decimal number of at most four ASCII digits.
    private static func number(_ text: Substring) -> Int? {
        guard (1...4).contains(text.count), text.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(text)
    }
}

/// A moment in UTC to the second, as iCalendar's DTSTAMP wants it.
public struct UTCTimestamp: Hashable, Sendable {
    public let secondsSince1970: Int64

    public init(secondsSince1970: Int64) {
        self.secondsSince1970 = secondsSince1970
    }

    /// `20261127T112100Z`: as iCalendar writes a UTC date-time (DTSTAMP, COMPLETED).
    public var text: String {
        let (day, second) = dayAndSecond
        let date = day.date
        func digits(_ value: Int, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return digits(date.year, 4) + digits(date.month, 2) + digits(date.day, 2) + "T"
            + digits(second / 3600, 2) + digits(second / 60 % 60, 2) + digits(second % 60, 2) + "Z"
    }

    /// The day in UTC (clamped to 0001…9999) and the second within it.
    var dayAndSecond: (day: Day, second: Int) {
        let secondsPerDay: Int64 = 86_400
        var days = secondsSince1970 / secondsPerDay
        var second = secondsSince1970 % secondsPerDay
        if second < 0 {
            days -= 1
            second += secondsPerDay
        }
        return (Day(clamping: Int(clamping: days)), Int(second))
    }
}
