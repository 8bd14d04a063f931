import MealPlanCore
import Recurrence

/// A repeat rule as stored: its id, when it happens, and the meal it gives (its `day` is the
/// rule's first day; no id, no position).
public struct StoredRule: Hashable, Sendable {
    public var id: Int64
    /// The rule's identity in every plan and calendar; its occurrences have none of their own.
    public var uid: ItemUID?
    public var rule: RepeatRule
    public var meal: Meal
    /// The days the rule skips (an occurrence removed, or changed into a meal of its own).
    public var exceptions: [Day]
    /// The last day the rule can happen on (`RepeatRule.lastPossibleDay`), as stored.
    public var lastDay: Day

    /// The meal of the occurrence on `day`.
    public func occurrence(on day: Day) -> Meal {
        var meal = meal
        meal.day = day
        meal.occurrence = Occurrence(rule: id, day: day)
        return meal
    }

    /// The days the rule happens on from `first` through `last`, its exceptions left out.
    public func days(from first: Day, through last: Day = .last) -> RepeatRule.Days {
        rule.days(from: first, through: last, skipping: Set(exceptions))
    }
}
