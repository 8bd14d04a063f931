import MealPlanCore

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
