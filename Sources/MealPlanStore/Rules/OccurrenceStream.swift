import MealPlanCore
import Recurrence

/// The occurrences of several rules in display order (day, slot, rule id), produced a page at a
/// time, so that an export of every day to 9999 takes constant memory however many there are.
struct OccurrenceStream {
    /// One rule's next occurrence and the walk to the ones after it.
    private struct Head {
        let rule: StoredRule
        var days: RepeatRule.Days
        var meal: Meal
        var key: (Int, Int, Int64) = (0, 0, 0)
    }

    private var heads: [Head] = []
    private let slotOrder: [String: Int]

    init(rules: [StoredRule], in range: DayRange, slotOrder: [String: Int]) {
        self.slotOrder = slotOrder
        for rule in rules {
            var head = Head(rule: rule, days: rule.days(from: range.first, through: range.last), meal: rule.meal)
            if advance(&head) { insert(head) }
        }
    }

    /// The next occurrence, or `nil` after the last one.
    mutating func next() -> Meal? {
        guard !heads.isEmpty else { return nil }
        var head = heads.removeFirst()
        let meal = head.meal
        if advance(&head) { insert(head) }
        return meal
    }

    /// Moves `head` to its rule's next occurrence that is not skipped; false when the range has
    /// no more.
    private func advance(_ head: inout Head) -> Bool {
        guard let day = head.days.next() else { return false }
        head.meal = head.rule.occurrence(on: day)
        head.key = (day.number, slotOrder[head.rule.meal.slot] ?? .max, head.rule.id)
        return true
    }

    private mutating func insert(_ head: Head) {
        var low = 0, high = heads.count
        while low < high {
            let middle = (low + high) / 2
            if heads[middle].key < head.key { low = middle + 1 } else { high = middle }
        }
        heads.insert(head, at: low)
    }
}
