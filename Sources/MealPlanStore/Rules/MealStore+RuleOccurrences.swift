import GRDB
import MealPlanCore
import Recurrence

/// A rule's occurrences among the stored meals: which rules a range or a search needs, and
/// the two merged in display order.
extension MealStore {
    /// The rules that can happen in `range`, optionally only those of one slot (its stored
    /// name) and those whose title or note contains `search`. The rules of a few days come
    /// from those kept for the planner's days (`rules(_:near:)`); those of a longer range are
    /// read for it alone, each kept only when it is wanted, so that a search over centuries
    /// holds its matches, not every rule it looked at.
    func rules(_ db: Database, in range: DayRange, slot: String?, search: String?) throws -> [StoredRule] {
        let query = search.flatMap { $0.isEmpty ? nil : MealQuery($0) }
        func wanted(_ stored: StoredRule) -> Bool {
            stored.rule.firstDay <= range.last && stored.lastDay >= range.first
                && (slot == nil || stored.meal.slot == slot)
                && (query?.matches(title: stored.meal.title, note: stored.meal.note) ?? true)
        }
        if range.count <= Self.ruleWindow.days {
            return try rules(db, near: range).filter(wanted)
        }
        // A search's rules are picked in SQL (`MealSearch.matchesFunction`, the same test as
        // `wanted`'s), so that `N` over centuries does not decode every rule to drop most.
        let searched = query == nil ? "" : " AND mealplan_matches(rule.title, rule.note, ?)"
        return try Self.fetchRules(db, where: Self.canHappen(in: range) + searched,
                                   arguments: query == nil ? [] : [search], keeping: wanted)
    }

    /// Hands over the stored meals and the occurrences of `rules` in `range`, merged in display
    /// order: `nextStored` moves to the next stored meal (in display order) and gives its day,
    /// its slot's place in the day and its position, or nil after the last; `writeStored` hands
    /// over the one it moved to; `writeOccurrence` is given each occurrence. An occurrence comes
    /// after the stored meals of its day and slot, its position where it shows in the slot.
    static func forEachMerged(
        nextStored: () throws -> (day: Int, slot: Int, position: Int)?, writeStored: () throws -> Void,
        rules: [StoredRule], in range: DayRange, slotOrder: [String: Int], writeOccurrence: (Meal) throws -> Void
    ) throws {
        var occurrences = OccurrenceStream(rules: rules, in: range, slotOrder: slotOrder)
        var stored = try nextStored()
        var occurrence = occurrences.next()
        /// The day and slot last written, and the position the next occurrence there takes.
        var place: (day: Int, slot: Int, next: Int)?
        while stored != nil || occurrence != nil {
            let pending = occurrence.map { (day: $0.day.number, slot: slotOrder[$0.slot] ?? .max) }
            if let meal = stored, pending.map({ (meal.day, meal.slot) <= ($0.day, $0.slot) }) ?? true {
                place = (meal.day, meal.slot, meal.position + 1)
                try writeStored()
                stored = try nextStored()
            } else if var meal = occurrence, let key = pending {
                occurrence = occurrences.next()
                meal.position = place.map { $0.day == key.day && $0.slot == key.slot ? $0.next : 0 } ?? 0
                place = (key.day, key.slot, meal.position + 1)
                try writeOccurrence(meal)
            }
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
