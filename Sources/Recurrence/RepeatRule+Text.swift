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
}
