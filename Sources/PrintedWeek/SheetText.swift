import MealPlanCore

/// The dates a sheet prints, as a person writes them.
enum SheetText {
    /// "2 – 8 March 2026", "30 March – 5 April 2026", "28 December 2026 – 3 January 2027", or
    /// "Wednesday 4 March 2026" for one day.
    static func range(_ days: DayRange) -> String {
        let first = days.first.date, last = days.last.date
        if days.first == days.last { return "\(days.first.weekday.name) \(full(days.first))" }
        if first.year != last.year { return "\(full(days.first)) – \(full(days.last))" }
        if first.month != last.month { return "\(first.day) \(month(first.month)) – \(full(days.last))" }
        return "\(first.day) – \(full(days.last))"
    }

    /// "4 March 2026".
    static func full(_ day: Day) -> String {
        let date = day.date
        return "\(date.day) \(month(date.month)) \(date.year)"
    }

    /// "Wed 4 Mar 2026".
    static func printed(_ day: Day) -> String {
        let date = day.date
        return "\(day.weekday.shortName) \(date.day) \(month(date.month).prefix(3)) \(date.year)"
    }

    private static func month(_ number: Int) -> String { Day.monthNames[number - 1] }
}
