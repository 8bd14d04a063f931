/// A date the user typed that mealplan could not understand, with a message saying why.
public struct DateInputError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

extension Day {
    /// Parses a strict ISO 8601 calendar date, `YYYY-MM-DD`, with a four-digit year 0001…9999.
    ///
    /// The error says what is wrong (the month, the day of that month, the year's width), because
    /// "invalid date" alone leaves the user guessing.
    public init(iso text: String) throws(DateInputError) {
        if let day = Day(wellFormedISO: text.utf8) {
            self = day
            return
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else {
            throw DateInputError(message: "'\(text.messageExcerpt)' is not a date in the form YYYY-MM-DD")
        }
        guard parts[0].count == 4 else {
            throw DateInputError(message: "'\(text.messageExcerpt)': the year must have four digits, 0001 to 9999")
        }
        guard parts[1].count == 2, parts[2].count == 2 else {
            throw DateInputError(message: "'\(text.messageExcerpt)': month and day need two digits each, as in 2026-03-05")
        }
        let year = Int(parts[0])!, month = Int(parts[1])!, day = Int(parts[2])!
        guard year >= 1 else {
            throw DateInputError(message: "'\(text.messageExcerpt)': there is no year 0000; years run from 0001 to 9999")
        }
        guard (1...12).contains(month) else {
            throw DateInputError(message: "'\(text.messageExcerpt)': there is no month \(parts[1]); months run from 01 to 12")
        }
        let monthLength = Day.daysInMonth(year: year, month: month)
        guard (1...monthLength).contains(day) else {
            throw DateInputError(
                message: "'\(text.messageExcerpt)': \(Day.monthNames[month - 1]) \(parts[0]) has \(monthLength) days")
        }
        self = Day(year: year, month: month, day: day)!
    }
}

extension Day {
    /// The day of an existing date spelled exactly `YYYY-MM-DD`, read straight from its bytes;
    /// `nil` for anything else, which `init(iso:)` then explains. Imports parse a million dates,
    /// so the common case must not pay for the explanations.
    private init?(wellFormedISO bytes: String.UTF8View) {
        guard bytes.count == 10 else { return nil }
        var fields = (year: 0, month: 0, day: 0)
        for (offset, byte) in bytes.enumerated() {
            if offset == 4 || offset == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            switch offset {
            case 0..<4: fields.year = fields.year * 10 + digit
            case 5..<7: fields.month = fields.month * 10 + digit
            default: fields.day = fields.day * 10 + digit
            }
        }
        self.init(year: fields.year, month: fields.month, day: fields.day)
    }
}

/// The one date grammar shared by the command line and the planner's "go to" prompt.
///
/// Accepted forms, case-insensitive, surrounding spaces ignored:
/// - `YYYY-MM-DD`: an ISO date, 0001-01-01 … 9999-12-31;
/// - `today`, `tomorrow`, `yesterday`;
/// - `+N`, `-N`, `+Nd`, `-Nd`: N days after or before today;
/// - `+Nw`, `-Nw`: N weeks after or before today;
/// - a weekday name or its three-letter abbreviation (`friday`, `fri`): the next such day on or
///   after today, so `fri` typed on a Friday means today.
public enum DateInput {
    /// The accepted forms, for error messages and help text.
    public static let acceptedForms =
        "YYYY-MM-DD, today, tomorrow, yesterday, +N or -N days, +Nw or -Nw weeks, or a weekday (mon … sun)"

    /// The day `text` names, counted from `today`.
    public static func parse(_ text: String, today: Day) throws(DateInputError) -> Day {
        let input = text.trimmingWhitespace().lowercased()
        switch input {
        case "today": return today
        case "tomorrow": return try offset(today, by: 1, input: text)
        case "yesterday": return try offset(today, by: -1, input: text)
        default: break
        }
        if let weekday = Weekday.allCases.first(where: { $0.name.lowercased() == input || $0.shortName.lowercased() == input }) {
            let ahead = (weekday.rawValue - today.weekday.rawValue + 7) % 7
            return try offset(today, by: ahead, input: text)
        }
        if let sign = input.first, sign == "+" || sign == "-" {
            return try relative(input, sign: sign == "+" ? 1 : -1, today: today, original: text)
        }
        if input.first?.isASCIIDigit == true, input.utf8.contains(UInt8(ascii: "-")) {
            return try Day(iso: text.trimmingWhitespace())
        }
        throw DateInputError(message: "'\(text.messageExcerpt)' is not a date; use \(acceptedForms)")
    }

    private static func relative(_ input: String, sign: Int, today: Day, original: String) throws(DateInputError) -> Day {
        var digits = Substring(input.dropFirst())
        var unit = 1
        if digits.last == "w" {
            unit = 7
            digits = digits.dropLast()
        } else if digits.last == "d" {
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else {
            throw DateInputError(message: "'\(original.messageExcerpt)' is not a date; use \(acceptedForms)")
        }
        // A count too big for an Int, or for the calendar, is the same mistake as one just
        // past its end, and gets the same message.
        let count = Int(digits).flatMap { $0 <= Day.validNumbers.count ? $0 : nil } ?? Day.validNumbers.count + 1
        return try offset(today, by: sign * count * unit, input: original)
    }

    private static func offset(_ today: Day, by days: Int, input: String) throws(DateInputError) -> Day {
        guard let day = Day(number: today.number + days) else {
            throw DateInputError(message: "'\(input.messageExcerpt)' falls outside the calendar, 0001-01-01 to 9999-12-31")
        }
        return day
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    /// The string without leading and trailing white space and line breaks.
    public func trimmingWhitespace() -> String {
        if let first = utf8.first, let last = utf8.last, first.isVisibleASCII, last.isVisibleASCII {
            return self
        }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[start...end])
    }
}

extension UInt8 {
    /// A printable ASCII character other than space.
    var isVisibleASCII: Bool { self > 0x20 && self < 0x7F }
}
