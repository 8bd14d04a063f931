import MealPlanCore
import TextHelpers

extension RepeatRule {
    /// The rule the command line's words give: `--every`, `--on`, `--until`, `--count`.
    ///
    /// - `every`: `day`, `week`, `month`, `year`, or a count with a unit: `3d`, `2w`, `6m`, `4y`
    ///   (1 to 9999); case and surrounding spaces do not matter. Days of the week in the words
    ///   of `WeekdaySet` (`weekdays`, `mon-fri`, `mon,wed,fri`) are a weekly rule on them, as
    ///   a cook says "every weekday".
    /// - `on` (optional), which must fit the unit:
    ///   - weeks: days of the week in the words of `WeekdaySet` (`mon,thu`, `weekends`,
    ///     `mon-fri`); without it, the first day's weekday;
    ///   - months: a day of the month, `15`; or a weekday with its place, counted from the
    ///     month's start, `2tue`, `2nd-tue`, or from its end, `last-fri`, `-1fri`, `-2fri`
    ///     (places 1 to 5); without it, the first day's day of the month;
    ///   - days and years take none: a yearly rule repeats on the first day's date.
    /// - `until` (the last day that can have one, not before the first day) or `count` (at
    ///   least 1), not both; without them the rule never ends.
    ///
    /// Each mistake is one line that names the option (`RepeatRuleError`, exit status 64).
    public init(firstDay: Day, every: String, on: String? = nil, until: Day? = nil, count: Int? = nil)
        throws(RepeatRuleError)
    {
        let pattern: Pattern
        if let days = WeekdaySet.days(in: every) {
            if let on {
                throw RepeatRuleError("'\(field: .on) \(on.messageExcerpt)' does not fit \(field: .every) \(every.messageExcerpt), "
                    + "which names the days already")
            }
            pattern = .weeks(interval: 1, weekdays: days)
            try self.init(firstDay: firstDay, pattern: pattern, end: try Self.end(until: until, count: count))
            return
        }
        let (interval, unit) = try Self.parseEvery(every)
        switch unit {
        case "d", "y":
            if let on {
                throw RepeatRuleError("'\(field: .on) \(on.messageExcerpt)' does not fit \(field: .every) \(every.messageExcerpt): "
                    + (unit == "d" ? "it repeats by days, without weekdays or dates"
                                   : "a yearly rule repeats on its first day's date"))
            }
            pattern = unit == "d" ? .days(interval: interval) : .years(interval: interval)
        case "w":
            pattern = .weeks(interval: interval, weekdays: try on.map(Self.parseWeekdays) ?? [firstDay.weekday])
        default:
            pattern = try on.map { text throws(RepeatRuleError) in try Self.parseMonthly(text, interval: interval) }
                ?? .monthsOnDay(interval: interval, day: firstDay.date.day)
        }
        try self.init(firstDay: firstDay, pattern: pattern, end: try Self.end(until: until, count: count))
    }

    private static func end(until: Day?, count: Int?) throws(RepeatRuleError) -> End {
        switch (until, count) {
        case (nil, nil): .never
        case (let last?, nil): .until(last)
        case (nil, let count?): .count(count)
        case (_?, _?): throw RepeatRuleError("give \(field: .until) or \(field: .count), not both")
        }
    }

    /// The interval and the unit letter (d, w, m, y) of `--every`.
    private static func parseEvery(_ text: String) throws(RepeatRuleError) -> (Int, Character) {
        let input = text.trimmingWhitespace().lowercased()
        let words: [String: Character] = ["day": "d", "week": "w", "month": "m", "year": "y"]
        if let unit = words[input] { return (1, unit) }
        // A unit alone is one of it, as its word is: `w` as `week` and `1w`.
        if input.count == 1, let unit = input.first, "dwmy".contains(unit) { return (1, unit) }
        let digits = input.prefix { $0.isASCIIDigit }
        let unit = input.dropFirst(digits.count)
        guard !digits.isEmpty, unit.isEmpty || (unit.count == 1 && "dwmy".contains(unit)) else {
            throw RepeatRuleError("'\(field: .every) \(text.messageExcerpt)': use day, week, month, year, a number "
                + "with d, w, m or y (3d, 2w, 6m, 4y), or days of the week (\(WeekdaySet.forms))")
        }
        guard let interval = Int(digits) else {
            throw RepeatRuleError("'\(field: .every) \(text.messageExcerpt)': the interval must be 1 to 9999")
        }
        try check(interval: interval)
        guard let letter = unit.first else {
            throw RepeatRuleError("'\(field: .every) \(text.messageExcerpt)': give the unit: \(digits)d, \(digits)w, \(digits)m or \(digits)y")
        }
        return (interval, letter)
    }

    /// `mon,thu`, `weekends`, `mon-fri` for a weekly rule.
    private static func parseWeekdays(_ text: String) throws(RepeatRuleError) -> [Weekday] {
        guard let weekdays = WeekdaySet.days(in: text) else {
            throw RepeatRuleError("'\(field: .on) \(text.messageExcerpt)' does not fit a weekly rule: "
                + "give days of the week, as in \(WeekdaySet.forms)")
        }
        return weekdays
    }

    /// `15`, `2tue`, `2nd-tue`, `last-fri`, `-1fri` for a monthly rule.
    private static func parseMonthly(_ text: String, interval: Int) throws(RepeatRuleError) -> Pattern {
        let input = text.trimmingWhitespace().lowercased()
        if !input.isEmpty, input.allSatisfy(\.isASCIIDigit) {
            // Out of 1…31 (or too long for an Int): the rule's own check words it.
            return .monthsOnDay(interval: interval, day: Int(input) ?? Int.max)
        }
        if let (ordinal, weekday) = ordinalWeekday(input) {
            return .monthsOnWeekday(interval: interval, ordinal: ordinal, weekday: weekday)
        }
        throw RepeatRuleError("'\(field: .on) \(text.messageExcerpt)' does not fit a monthly rule: give a day of the month (15) "
            + "or a weekday with its place (2tue, last-fri)")
    }

    /// A place and a weekday: `last` or an optionally negative number with an optional
    /// st/nd/rd/th, then an optional hyphen or space, then a weekday word.
    private static func ordinalWeekday(_ input: String) -> (Int, Weekday)? {
        var ordinal: Int
        var rest: Substring
        if input.hasPrefix("last") {
            ordinal = -1
            rest = input.dropFirst(4)
        } else {
            let negative = input.hasPrefix("-")
            let unsigned = input.dropFirst(negative ? 1 : 0)
            let digits = unsigned.prefix { $0.isASCIIDigit }
            guard !digits.isEmpty else { return nil }
            ordinal = (Int(digits) ?? Int.max) * (negative ? -1 : 1)
            rest = unsigned.dropFirst(digits.count)
        }
        // "th" may be the suffix of "4th" or the start of "thu": try the word both ways.
        let suffixes = ["st", "nd", "rd", "th"]
        let readings = [rest] + suffixes.filter { rest.hasPrefix($0) }.map { rest.dropFirst($0.count) }
        for reading in readings {
            let word = reading.first == "-" || reading.first == " " ? reading.dropFirst() : reading
            if let weekday = DateInput.weekdays[String(word)] { return (ordinal, weekday) }
        }
        return nil
    }
}

extension RepeatRule.Pattern {
    /// The `--every` word that gives this pattern back (`2w`), read by `init(firstDay:every:…)`.
    public var everyWords: String {
        switch self {
        case .days(let interval): "\(interval)d"
        case .weeks(let interval, _): "\(interval)w"
        case .monthsOnDay(let interval, _), .monthsOnWeekday(let interval, _, _): "\(interval)m"
        case .years(let interval): "\(interval)y"
        }
    }

    /// The `--on` words that give this pattern back with `everyWords` (`mon,thu`, `15`,
    /// `-1fri`); `nil` for a pattern that takes none.
    public var onWords: String? {
        switch self {
        case .days, .years: nil
        case .weeks(_, let weekdays): weekdays.map { $0.shortName.lowercased() }.joined(separator: ",")
        case .monthsOnDay(_, let day): String(day)
        case .monthsOnWeekday(_, let ordinal, let weekday): "\(ordinal)\(weekday.shortName.lowercased())"
        }
    }
}
