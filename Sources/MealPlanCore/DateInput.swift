import TextHelpers

/// A date the user typed that mealplan could not understand, with a message saying why.
public struct DateInputError: Error, Equatable, CustomStringConvertible {
    public let message: String
    /// Whether the input is in none of the forms, so that `message` lists them all; a screen
    /// line too short for that list says where to find it instead.
    public let isUnknownForm: Bool
    public var description: String { message }

    init(message: String, isUnknownForm: Bool = false) {
        self.message = message
        self.isUnknownForm = isUnknownForm
    }
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

/// The one date grammar shared by the command line and the planner's prompts.
///
/// Accepted forms, case-insensitive, surrounding spaces ignored; the words of a form may be
/// joined by spaces or hyphens (`next fri`, `next-fri`), so one shell argument can hold them:
/// - `YYYY-MM-DD`: an ISO date, 0001-01-01 … 9999-12-31;
/// - `today`, `tomorrow`, `yesterday`;
/// - `+N`, `-N`, `+Nd`, `-Nd`: N days; `+Nw`, `-Nw`: N weeks; `+Nm`, `-Nm`: N months, on the
///   same day of the month or the month's last day when it is shorter (Jan 31 `+1m` is the end
///   of February). These offsets count from a base day: today, or the day of the meal being
///   moved or copied;
/// - a weekday (`friday`, `fri`, `tues`, `thurs`): the next such day on or after today, so
///   `fri` typed on a Friday means today; in a meal's move or copy, on or after the meal's own
///   day (the same base as the offsets), so `sat` moves a Friday's meal to the next day
///   whenever it is;
/// - `this fri`, `next fri`, `last fri`: that weekday of this, next or last week, a week
///   being the seven days from the household's week start (see `WeekStart.swift`);
/// - `this-week`, `next-week`, `last-week`: the first day of that week;
/// - `this-month`, `next-month`, `last-month`: the first day of that month, as a cook planning
///   "next month" starts at its beginning (and as the week words name a week's first day);
/// - `+Ny`, `-Ny`: N years, on the same day, or February 28 for a February 29 in a common year;
/// - a month and day (`dec 25`, `25 dec`, `december 25`): the next such day on or after today;
///   with a year (`dec 25 2027`, `25 dec 2027`), that day of that year;
/// - a month and year (`jan 2100`): the first day of that month;
/// - a date with slashes (`25/12/2027`, `12/25/2027`, `1/1/2100`), day and month in either order
///   only where that cannot change the date: one of them above 12, or both the same. `3/4/2027`
///   is 3 April in most of the world and March 4 in the United States, so it is refused.
public enum DateInput {
    /// The day `text` names. Named days count from `today`, and the week words from the week
    /// that holds it, starting on `weekStart`; the offsets `+N`, `-2w`, `+1m` count from `base`
    /// (today when not given), so a meal's own day can anchor a move, and so does a lone weekday
    /// unless `weekdaysFromToday` (a run of days copied names its target from today).
    public static func parse(
        _ text: String, today: Day, weekStart: Weekday, offsetsFrom base: Day? = nil, weekdaysFromToday: Bool = false
    ) throws(DateInputError) -> Day {
        let input = text.trimmingWhitespace().lowercased()
        if let sign = input.first, sign == "+" || sign == "-" {
            return try relative(input, sign: sign == "+" ? 1 : -1, from: base ?? today, original: text)
        }
        if input.first?.isASCIIDigit == true, input.allSatisfy({ $0.isASCIIDigit || $0 == "-" }) {
            // Quoted as typed in a refusal, not lower-cased.
            return try Day(iso: text.trimmingWhitespace())
        }
        if input.contains("/") { return try slashed(input, original: text) }
        let words = words(input)
        let anchor = weekdaysFromToday ? today : base ?? today
        if let day = try named(words, today: today, weekdaysFrom: anchor, weekStart: weekStart, original: text) {
            return day
        }
        if let day = try monthDay(words, today: today, original: text) { return day }
        // Digits and dashes that are no month and day ("2026-O3-O1") were meant as ISO: say
        // what is wrong with it, quoted as typed.
        if input.first?.isASCIIDigit == true, input.contains("-") { return try Day(iso: text.trimmingWhitespace()) }
        throw notADate(text)
    }

    /// Whether `text` names a whole week (`this-week`, `next week`, `last-week`) rather than
    /// a day, so that a command working on days can take all seven.
    public static func namesWeek(_ text: String) -> Bool {
        let words = words(text.trimmingWhitespace().lowercased())
        return words.count == 2 && ["last", "this", "next"].contains(words[0]) && words[1] == "week"
    }

    /// The words of a form, which spaces, hyphens or commas separate.
    private static func words(_ input: String) -> [String] {
        input.split { $0.isWhitespace || $0 == "-" || $0 == "," }.map(String.init)
    }

    /// `today`, `tomorrow`, `yesterday`, a weekday (on or after `anchor`), `this|next|last`
    /// with a weekday or `week`.
    private static func named(
        _ words: [String], today: Day, weekdaysFrom anchor: Day, weekStart: Weekday, original: String
    ) throws(DateInputError) -> Day? {
        switch words.count {
        case 1:
            switch words[0] {
            case "today": return today
            case "tomorrow": return try offset(today, by: 1, input: original)
            case "yesterday": return try offset(today, by: -1, input: original)
            default:
                guard let weekday = weekdays[words[0]] else { return nil }
                return try offset(anchor, by: (weekday.rawValue - anchor.weekday.rawValue + 7) % 7, input: original)
            }
        case 2:
            guard let weeks = ["last": -1, "this": 0, "next": 1][words[0]] else { return nil }
            if words[1] == "month" { return try firstOfMonth(movedBy: weeks, from: today, input: original) }
            let dayOfWeek: Int
            if words[1] == "week" {
                dayOfWeek = 0
            } else if let weekday = weekdays[words[1]] {
                dayOfWeek = weekday.daysAfter(weekStart)
            } else {
                return nil
            }
            let intoWeek = today.weekday.daysAfter(weekStart)
            return try offset(today, by: weeks * 7 - intoWeek + dayOfWeek, input: original)
        default:
            return nil
        }
    }

    /// `dec 25`, `25 dec`, either followed by a four-digit year; `jan 2100`, a month of a year.
    private static func monthDay(_ words: [String], today: Day, original: String) throws(DateInputError) -> Day? {
        guard words.count == 2 || words.count == 3 else { return nil }
        let month: Int, dayWord: String
        if let named = months[words[0]] {
            (month, dayWord) = (named, words[1])
        } else if let named = months[words[1]] {
            (month, dayWord) = (named, words[0])
        } else {
            return nil
        }
        let monthName = Day.monthNames[month - 1]
        let quoted = "'\(original.messageExcerpt)'"
        // `jan 2100`: a month's word then more digits than a day has is a month of a year.
        if words.count == 2, months[words[0]] != nil, words[1].count > 2, words[1].allSatisfy(\.isASCIIDigit) {
            guard words[1].count == 4, let year = Int(words[1]), year >= 1 else {
                throw DateInputError(message: "\(quoted): the year of \(monthName) must have four digits, 0001 to 9999")
            }
            return Day(year: year, month: month, day: 1)!
        }
        guard let day = dayOfMonth(dayWord), words.count == 2 || words[2].allSatisfy(\.isASCIIDigit) else { return nil }
        if words.count == 3 {
            guard words[2].count == 4, let year = Int(words[2]), year >= 1 else {
                throw DateInputError(message: "\(quoted): the year of \(monthName) \(day) must have four digits, 0001 to 9999")
            }
            guard day <= Day.daysInMonth(year: year, month: month) else {
                throw DateInputError(
                    message: "\(quoted): \(monthName) \(words[2]) has \(Day.daysInMonth(year: year, month: month)) days")
            }
            return Day(year: year, month: month, day: day)!
        }
        guard (1...Day.daysInMonth(year: 2000, month: month)).contains(day) else {
            throw DateInputError(
                message: "\(quoted): \(monthName) has at most \(Day.daysInMonth(year: 2000, month: month)) days")
        }
        // The next such day on or after today; a 29th of February may be up to eight years away.
        let now = today.date
        for year in now.year...min(now.year + 8, 9999) {
            if let found = Day(year: year, month: month, day: day), found >= today { return found }
        }
        throw DateInputError(message: "\(quoted): the next \(monthName) \(day) falls outside the calendar, 0001-01-01 to 9999-12-31")
    }

    /// `25`, `5`, `25th`, `1st`: a day of the month as people write it, 1…31.
    private static func dayOfMonth(_ word: String) -> Int? {
        var digits = Substring(word)
        if let suffix = ["st", "nd", "rd", "th"].first(where: { word.hasSuffix($0) }) {
            digits = digits.dropLast(suffix.count)
        }
        guard (1...2).contains(digits.count), digits.allSatisfy(\.isASCIIDigit), let day = Int(digits), day >= 1 else {
            return nil
        }
        return day
    }

    /// `+N`, `-Nd`, `+Nw`, `-Nm`, `+Ny` from `base`.
    private static func relative(_ input: String, sign: Int, from base: Day, original: String) throws(DateInputError) -> Day {
        var digits = Substring(input.dropFirst())
        // Days per unit; months and years (0 and -12) are counted in months instead.
        let unit = digits.last.flatMap { ["d": 1, "w": 7, "m": 0, "y": -12][$0] }
        if unit != nil { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { throw notADate(original) }
        // Any count beyond the calendar's length leaves it, however many digits it has.
        guard let count = Int(digits), count <= Day.validNumbers.count else { throw outsideCalendar(original) }
        switch unit {
        case 0: return try sameDay(of: base, monthsLater: sign * count, input: original)
        case -12: return try sameDay(of: base, monthsLater: sign * count * 12, input: original)
        default: return try offset(base, by: sign * count * (unit ?? 1), input: original)
        }
    }

    /// `base` moved by `months`, on the same day of the month or the month's last day when it
    /// is shorter: Jan 31 and one month is Feb 28, Feb 29 and a year is the next Feb 28.
    private static func sameDay(of base: Day, monthsLater months: Int, input: String) throws(DateInputError) -> Day {
        let date = base.date
        let (year, month) = try monthMoved(year: date.year, month: date.month, by: months, input: input)
        return Day(year: year, month: month, day: min(date.day, Day.daysInMonth(year: year, month: month)))!
    }

    /// The first day of the month `months` after today's (`next-month`, `last-month`).
    private static func firstOfMonth(movedBy months: Int, from today: Day, input: String) throws(DateInputError) -> Day {
        let date = today.date
        let (year, month) = try monthMoved(year: date.year, month: date.month, by: months, input: input)
        return Day(year: year, month: month, day: 1)!
    }

    private static func monthMoved(year: Int, month: Int, by months: Int, input: String) throws(DateInputError) -> (Int, Int) {
        let monthIndex = year * 12 + month - 1 + months
        guard monthIndex >= 12, monthIndex < 10_000 * 12 else { throw outsideCalendar(input) }
        return (monthIndex / 12, monthIndex % 12 + 1)
    }

    /// `25/12/2027`, `12/25/2027`, `1/1/2100`: a day, a month and a four-digit year, day and
    /// month in the one order that makes a date. Where both orders do and differ (`3/4/2027`),
    /// which is meant depends on the country, so it is refused rather than guessed.
    private static func slashed(_ input: String, original: String) throws(DateInputError) -> Day {
        let parts = input.split(separator: "/", omittingEmptySubsequences: false)
        let quoted = "'\(original.messageExcerpt)'"
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              parts[0].count <= 2, parts[1].count <= 2 else { throw notADate(original) }
        guard parts[2].count == 4, let year = Int(parts[2]), year >= 1 else {
            throw DateInputError(message: "\(quoted): the year must have four digits, 0001 to 9999")
        }
        let first = Int(parts[0])!, second = Int(parts[1])!
        let readings = Set([(first, second), (second, first)].compactMap { Day(year: year, month: $0.1, day: $0.0) })
        guard readings.count <= 1 else {
            throw DateInputError(
                message: "\(quoted) is \(first) \(Day.monthNames[second - 1]) in some countries and \(Day.monthNames[first - 1]) \(second) "
                    + "in others; write \(Day(year: year, month: second, day: first)!.iso) or \(Day(year: year, month: first, day: second)!.iso)")
        }
        guard let day = readings.first else {
            throw DateInputError(message: "\(quoted) is no date, day or month first; write the date as YYYY-MM-DD")
        }
        return day
    }

    private static func offset(_ today: Day, by days: Int, input: String) throws(DateInputError) -> Day {
        guard let day = Day(number: today.number + days) else { throw outsideCalendar(input) }
        return day
    }

    private static func outsideCalendar(_ input: String) -> DateInputError {
        DateInputError(message: "'\(input.messageExcerpt)' falls outside the calendar, 0001-01-01 to 9999-12-31")
    }

    private static func notADate(_ input: String) -> DateInputError {
        DateInputError(message: "'\(input.messageExcerpt)' is not a date; use \(acceptedForms)", isUnknownForm: true)
    }

    /// Weekday words: full names, three-letter abbreviations and the common longer ones; also
    /// the words of repeating meals' `--on`, so that both accept the same spellings.
    public static let weekdays: [String: Weekday] = {
        var words = ["tues": Weekday.tuesday, "weds": .wednesday, "thur": .thursday, "thurs": .thursday]
        for weekday in Weekday.allCases {
            words[weekday.name.lowercased()] = weekday
            words[weekday.shortName.lowercased()] = weekday
        }
        return words
    }()

    /// Month words: full names, three-letter abbreviations and `sept`, to month numbers.
    private static let months: [String: Int] = {
        var words = ["sept": 9]
        for (index, name) in Day.monthNames.enumerated() {
            words[name.lowercased()] = index + 1
            words[String(name.prefix(3)).lowercased()] = index + 1
        }
        return words
    }()
}
