import GRDB
import MealPlanCore
import Recurrence

/// A rule's occurrences among the stored meals: which rules a range or a search needs, and
/// the two merged in display order.
extension MealStore {
    /// The rules that can happen in `range`, optionally only those of one slot (its stored
    /// name) and those whose title or note contains `search`.
    func rules(_ db: Database, in range: DayRange, slot: String?, search: String?) throws -> [StoredRule] {
        let query = search.flatMap { $0.isEmpty ? nil : MealQuery($0) }
        return try rules(db, notOverBefore: range.first).filter { stored in
            stored.rule.firstDay <= range.last && stored.lastDay >= range.first
                && (slot == nil || stored.meal.slot == slot)
                && (query?.matches(title: stored.meal.title, note: stored.meal.note) ?? true)
        }
    }

    /// Calls `body` with the stored meals that `nextStored` gives (in display order) and the
    /// occurrences of `rules` in `range`, merged in display order: an occurrence comes after
    /// the stored meals of its day and slot, its position where it shows in the slot.
    static func forEachMerged(
        stored nextStored: () throws -> Meal?, rules: [StoredRule], in range: DayRange, slotOrder: [String: Int],
        _ body: (Meal) throws -> Void
    ) throws {
        var occurrences = OccurrenceStream(rules: rules, in: range, slotOrder: slotOrder)
        var storedMeal = try nextStored()
        var occurrence = occurrences.next()
        /// The day and slot last written, and the position the next occurrence there takes.
        var place: (day: Day, slot: String, next: Int)?
        while storedMeal != nil || occurrence != nil {
            let takesStored: Bool = if let stored = storedMeal, let pending = occurrence {
                (stored.day.number, slotOrder[stored.slot] ?? .max) <= (pending.day.number, slotOrder[pending.slot] ?? .max)
            } else {
                storedMeal != nil
            }
            var meal: Meal
            if takesStored {
                meal = storedMeal!
                storedMeal = try nextStored()
            } else {
                meal = occurrence!
                occurrence = occurrences.next()
                if let known = place, known.day == meal.day, known.slot == meal.slot {
                    meal.position = known.next
                } else {
                    meal.position = 0
                }
            }
            place = (meal.day, meal.slot, meal.position + 1)
            try body(meal)
        }
    }

    /// The first occurrence after `day` and up to `last` whose title or note contains `text`,
    /// in display order.
    func nextOccurrence(_ db: Database, matching text: String, after day: Day, through last: Day) throws -> Meal? {
        guard day < last else { return nil }
        let range = DayRange(day.adding(days: 1), last)
        var stream = OccurrenceStream(rules: try rules(db, in: range, slot: nil, search: text), in: range, slotOrder: try Self.slotOrder(db))
        return stream.next()
    }

    /// The last occurrence before `day` whose title or note contains `text`: windows of a year
    /// and more, looking back from `day`, until one has an occurrence or the rules begin.
    func previousOccurrence(_ db: Database, matching text: String, before day: Day) throws -> Meal? {
        guard day > .first else { return nil }
        let matching = try rules(db, in: DayRange(.first, day.adding(days: -1)), slot: nil, search: text)
        guard let earliest = matching.map(\.rule.firstDay).min() else { return nil }
        let order = try Self.slotOrder(db)
        var last = day.adding(days: -1), length = 366
        while last >= earliest {
            let window = DayRange(max(earliest, last.adding(days: -(length - 1))), last)
            var found: Meal?
            var stream = OccurrenceStream(rules: matching, in: window, slotOrder: order)
            while let meal = stream.next() { found = meal }
            if let found { return found }
            guard window.first > earliest else { return nil }
            last = window.first.adding(days: -1)
            length *= 2
        }
        return nil
    }

    /// Whichever of two meals comes first in display order (a stored meal before an occurrence
    /// of the same day and slot); `later` picks the other.
    static func first(_ one: Meal?, _ other: Meal?, slotOrder: [String: Int], later: Bool = false) -> Meal? {
        guard let one, let other else { return one ?? other }
        func key(_ meal: Meal) -> (Int, Int, Int) { (meal.day.number, slotOrder[meal.slot] ?? .max, meal.id == nil ? 1 : 0) }
        return (key(one) <= key(other)) != later ? one : other
    }
}
