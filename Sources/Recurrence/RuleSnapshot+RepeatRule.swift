import MealPlanCore
import TextHelpers

extension RuleSnapshot {
    /// `rule` giving `meal` in the rule table's terms; the meal's day becomes the rule's first
    /// day. `id` 0 (and no `uid`) stands for a rule not stored yet.
    public init(_ rule: RepeatRule, meal: Meal, id: Int64 = 0, uid: ItemUID? = nil, exceptions: [Day] = []) {
        let meal = Meal(day: rule.firstDay, slot: meal.slot, title: meal.title, note: meal.note,
                        recipe: meal.recipe, servings: meal.servings)
        self.init(id: id, uid: uid, meal: meal, frequency: "", interval: rule.pattern.interval, exceptions: exceptions)
        switch rule.pattern {
        case .days: frequency = "day"
        case .weeks(_, let days):
            frequency = "week"
            weekdays = days.reduce(0) { $0 | 1 << ($1.rawValue - 1) }
        case .monthsOnDay(_, let day):
            frequency = "month"
            monthDay = day
        case .monthsOnWeekday(_, let ordinal, let day):
            frequency = "month"
            self.ordinal = ordinal
            weekday = day.rawValue
        case .years: frequency = "year"
        }
        switch rule.end {
        case .never: break
        case .until(let day): untilDay = day
        case .count(let count): self.count = count
        }
    }
}

extension RepeatRule {
    /// The rule a snapshot's stored fields make, or why they make none: the one reading of
    /// the `rule` table's terms, for the store's rows (which another program may have
    /// damaged) and a whole plan's file alike. A monthly rule without a day of the month
    /// happens on its first day's.
    public init(_ snapshot: RuleSnapshot) throws(RepeatRuleError) {
        let firstDay = snapshot.meal.day, interval = snapshot.interval
        let pattern: Pattern
        switch snapshot.frequency {
        case "day": pattern = .days(interval: interval)
        case "week":
            guard let bits = snapshot.weekdays, (1...127).contains(bits) else {
                throw RepeatRuleError("its weekdays are not a set of days")
            }
            pattern = .weeks(interval: interval, weekdays: Weekday.allCases.filter { bits & (1 << ($0.rawValue - 1)) != 0 })
        case "month":
            if let ordinal = snapshot.ordinal {
                guard let weekday = snapshot.weekday.flatMap(Weekday.init(rawValue:)) else {
                    throw RepeatRuleError("its weekday in the month is not a weekday")
                }
                pattern = .monthsOnWeekday(interval: interval, ordinal: ordinal, weekday: weekday)
            } else {
                pattern = .monthsOnDay(interval: interval, day: snapshot.monthDay ?? firstDay.date.day)
            }
        case "year": pattern = .years(interval: interval)
        default:
            throw RepeatRuleError("its frequency '\(snapshot.frequency.messageExcerpt)' is not day, week, month or year")
        }
        let end: End = if let until = snapshot.untilDay {
            .until(until)
        } else if let count = snapshot.count {
            .count(count)
        } else {
            .never
        }
        try self.init(firstDay: firstDay, pattern: pattern, end: end)
    }
}
