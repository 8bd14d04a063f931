import MealPlanCore

extension RepeatRule {
    /// The days in `window` the rule happens on, in order.
    ///
    /// The cost depends on the window's length, not on how long ago the rule began: the walk
    /// starts at the first period at or after the window, found by division, and a `count` end
    /// learns how many occurrences came before it by counting, not by walking (see `PeriodCount`).
    public func occurrences(in window: DayRange) -> [Day] {
        var days: [Day] = []
        forEachOccurrence(from: window.first, through: window.last) { day in
            days.append(day)
            return true
        }
        return days
    }

    /// The next `limit` days the rule happens on, from `day` (included) on.
    public func occurrences(from day: Day, limit: Int) -> [Day] {
        var days: [Day] = []
        guard limit > 0 else { return days }
        forEachOccurrence(from: day, through: .last) { day in
            days.append(day)
            return days.count < limit
        }
        return days
    }

    /// The last day the rule can happen on: its `until` day, the day of its last occurrence for
    /// a `count` end, else the calendar's end (also for a count that would run past it).
    ///
    /// A count end is found by counting, as a window's walk is: a binary search over the
    /// periods for the one holding the last occurrence, then a walk of that period alone, so a
    /// rule of any age and count costs about the same.
    public var lastPossibleDay: Day {
        guard case .count(let count) = end else {
            if case .until(let day) = end { return day }
            return .last
        }
        let periods = Periods(pattern: pattern, firstDay: firstDay)
        let beforeFirstDay = periods.candidates(inPeriod: 0).count(where: { $0 < firstDay.number })
        /// How many occurrences periods 0 ..< `period` hold, the count aside.
        func occurrences(before period: Int) -> Int { periods.candidateCount(before: period) - beforeFirstDay }
        // The periods that can hold a day of the calendar are 0 ... lastPeriod.
        var low = 0, high = periods.firstPeriod(atOrAfter: Day.last.number)
        guard occurrences(before: high + 1) >= count else { return .last }
        while low < high {
            let middle = (low + high) / 2
            if occurrences(before: middle + 1) >= count { high = middle } else { low = middle + 1 }
        }
        guard let start = periods.start(ofPeriod: low) else { return .last }
        // The walk stops at the count, which ends in this period.
        var last = Day.last
        forEachOccurrence(from: Day(number: start)!, through: .last) { day in
            last = day
            return true
        }
        return last
    }

    /// Whether the rule happens on `day`.
    public func isOccurrence(_ day: Day) -> Bool {
        occurrences(in: DayRange(day, day)) == [day]
    }

    /// Calls `body` with each occurrence from `lower` through `upper` in order, until it returns
    /// false.
    func forEachOccurrence(from lower: Day, through upper: Day, _ body: (Day) -> Bool) {
        var upper = upper.number
        if case .until(let last) = end { upper = min(upper, last.number) }
        let lower = max(lower, firstDay).number
        guard lower <= upper else { return }
        let periods = Periods(pattern: pattern, firstDay: firstDay)
        var period = periods.firstPeriod(atOrAfter: lower)
        // The index of the next occurrence, which a `count` end limits: the candidates of the
        // periods before, less those of the first period that fall before the first day.
        var index = 0
        var limit = Int.max
        if case .count(let count) = end {
            limit = count
            if period > 0 {
                let beforeFirstDay = periods.candidates(inPeriod: 0).count(where: { $0 < firstDay.number })
                index = periods.candidateCount(before: period) - beforeFirstDay
            }
        }
        while let start = periods.start(ofPeriod: period), start <= upper {
            for number in periods.candidates(inPeriod: period) where number >= firstDay.number {
                guard index < limit, number <= upper else { return }
                index += 1
                if number >= lower, !body(Day(number: number)!) { return }
            }
            period += 1
        }
    }
}

/// The periods of a pattern, numbered from the one holding the first day (period 0), and the
/// days each one offers: its candidates, which may lie before the first day in period 0.
struct Periods {
    let pattern: RepeatRule.Pattern
    let firstDay: Day

    /// The first day's unit (day, Monday of its week, month or year) as a number: periods
    /// start every `interval` units from it.
    private var firstUnit: Int { Self.unit(of: firstDay, pattern) }

    private static func unit(of day: Day, _ pattern: RepeatRule.Pattern) -> Int {
        switch pattern {
        case .days: day.number
        case .weeks: day.number - (day.weekday.rawValue - 1)
        case .monthsOnDay, .monthsOnWeekday: day.date.year * 12 + day.date.month - 1
        case .years: day.date.year
        }
    }

    /// The number of the first period that can hold a day on or after `day` (≥ the first day).
    func firstPeriod(atOrAfter day: Int) -> Int {
        var units = Self.unit(of: Day(number: day)!, pattern) - firstUnit
        if case .weeks = pattern { units /= 7 }
        let interval = pattern.interval
        return (units + interval - 1) / interval
    }

    /// The first day of period `period`, or nil past the calendar's end.
    func start(ofPeriod period: Int) -> Int? {
        let units = period * pattern.interval
        switch pattern {
        case .days: return Day(number: firstUnit + units)?.number
        case .weeks: return Day(number: firstUnit + 7 * units)?.number
        case .monthsOnDay, .monthsOnWeekday:
            let month = firstUnit + units
            return Day(year: month / 12, month: month % 12 + 1, day: 1)?.number
        case .years: return Day(year: firstUnit + units, month: 1, day: 1)?.number
        }
    }

    /// The days of period `period` the pattern names, in order; none where the date does not
    /// exist (a 31st, a 29th of February, a fifth weekday) or lies past the calendar's end.
    func candidates(inPeriod period: Int) -> [Int] {
        let units = period * pattern.interval
        switch pattern {
        case .days:
            return [firstUnit + units].filter(Day.validNumbers.contains)
        case .weeks(_, let weekdays):
            let monday = firstUnit + 7 * units
            return weekdays.map { monday + $0.rawValue - 1 }.filter(Day.validNumbers.contains)
        case .monthsOnDay(_, let day):
            let month = firstUnit + units
            return Day(year: month / 12, month: month % 12 + 1, day: day).map { [$0.number] } ?? []
        case let .monthsOnWeekday(_, ordinal, weekday):
            let month = firstUnit + units
            return Self.day(ordinal, weekday, year: month / 12, month: month % 12 + 1).map { [$0.number] } ?? []
        case .years:
            let date = firstDay.date
            return Day(year: firstUnit + units, month: date.month, day: date.day).map { [$0.number] } ?? []
        }
    }

    /// The `ordinal`-th `weekday` of a month (from its end when negative), if the month has it.
    static func day(_ ordinal: Int, _ weekday: Weekday, year: Int, month: Int) -> Day? {
        guard let first = Day(year: year, month: month, day: 1) else { return nil }
        let length = Day.daysInMonth(year: year, month: month)
        let dayOfMonth: Int
        if ordinal > 0 {
            dayOfMonth = 1 + (weekday.rawValue - first.weekday.rawValue + 7) % 7 + 7 * (ordinal - 1)
        } else {
            let lastWeekday = first.adding(days: length - 1).weekday
            dayOfMonth = length - (lastWeekday.rawValue - weekday.rawValue + 7) % 7 - 7 * (-ordinal - 1)
        }
        return Day(year: year, month: month, day: dayOfMonth)
    }

    /// How many candidates periods 0 ..< `period` hold together, found without walking them.
    func candidateCount(before period: Int) -> Int {
        let count = PeriodCount(firstUnit: firstUnit, interval: pattern.interval, periods: period)
        switch pattern {
        case .days:
            return period
        case .weeks(_, let weekdays):
            return period * weekdays.count
        case .monthsOnDay(_, let day):
            return period - count.monthsMissing(day: day)
        case let .monthsOnWeekday(_, ordinal, weekday):
            return abs(ordinal) < 5 ? period : count.monthsWithFive(weekday)
        case .years:
            let date = firstDay.date
            return date.month == 2 && date.day == 29 ? count.leapYears() : period
        }
    }
}
