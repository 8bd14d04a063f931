import MealPlanCore

extension RepeatRule: CustomStringConvertible {
    /// The rule as people say it: "every 2 weeks on Mon, Thu until 2027-03-01",
    /// "every month on the last Fri, 10 times".
    public var description: String {
        Self.describe(pattern, end, firstDay: firstDay)
    }

    static func describe(_ pattern: Pattern, _ end: End, firstDay: Day) -> String {
        let interval = pattern.interval
        let text: String
        switch pattern {
        case .days:
            text = every(interval, "day")
        case .weeks(_, let weekdays):
            text = every(interval, "week") + " on " + weekdays.map(\.shortName).joined(separator: ", ")
        case .monthsOnDay(_, let day):
            text = every(interval, "month") + " on the " + ordinalWord(day)
        case let .monthsOnWeekday(_, ordinal, weekday):
            let place = ordinal == -1 ? "last" : ordinal > 0 ? ordinalWord(ordinal) : ordinalWord(-ordinal) + " to last"
            text = every(interval, "month") + " on the \(place) \(weekday.shortName)"
        case .years:
            let date = firstDay.date
            text = every(interval, "year") + " on \(Day.monthNames[date.month - 1].prefix(3)) \(date.day)"
        }
        switch end {
        case .never: return text
        case .until(let last): return text + " until \(last.iso)"
        case .count(let count): return text + (count == 1 ? ", once" : ", \(count) times")
        }
    }

    private static func every(_ interval: Int, _ unit: String) -> String {
        interval == 1 ? "every \(unit)" : "every \(interval) \(unit)s"
    }

    /// 1st, 2nd, 3rd, 4th, …, 11th, 12th, 13th, …, 21st, …, 31st.
    private static func ordinalWord(_ number: Int) -> String {
        let suffix = switch (number % 10, number % 100) {
        case (_, 11...13): "th"
        case (1, _): "st"
        case (2, _): "nd"
        case (3, _): "rd"
        default: "th"
        }
        return "\(number)\(suffix)"
    }

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
    private static func icalendarCode(_ weekday: Weekday) -> String {
        weekday.shortName.prefix(2).uppercased()
    }
}
