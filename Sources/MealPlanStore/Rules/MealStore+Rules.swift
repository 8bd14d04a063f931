import GRDB
import MealPlanCore
import Recurrence

extension MealStore {
    /// Stores a new rule giving `meal` (slot matched like typed input, title and recipe checked
    /// as a meal's) on the days of `rule`.
    @discardableResult
    public func addRule(_ rule: RepeatRule, meal: Meal) throws(StoreError) -> StoredRule {
        let meal = try Self.valid(meal)
        return try write { db in
            return try Self.fetchRule(db, id: try Self.insertRule(db, RuleSnapshot(rule, meal: meal)))
        }
    }

    /// Every rule, by id; with `range`, only those that can happen in it.
    public func rules(in range: DayRange = .all) throws(StoreError) -> [StoredRule] {
        try read { db in try rules(db, in: range, slot: nil, search: nil) }
    }

    /// The rules that can happen in `range` (at most `ruleWindow.days` days; some of those read
    /// happen only near it), as last read while `ruleVersion` had the number it has now: a
    /// planner loads a few days many times a second, and the rules rarely change. A read takes
    /// the rules of the days around `range`, `ruleWindow.margin` days each way, so that
    /// scrolling reads again once a year of days; only those are held. The SQL leaves out the
    /// rest by their first and stored last day: the rules of a plan kept for years mostly
    /// ended long before today or begin long after a day jumped to.
    func rules(_ db: Database, near range: DayRange) throws -> [StoredRule] {
        let version = try Int.fetchOne(db, sql: "SELECT number FROM ruleVersion") ?? 0
        if let cached = ruleCache.withLock({ $0 }), cached.version == version,
           cached.window.first <= range.first, range.last <= cached.window.last {
            return cached.rules
        }
        let window = DayRange(range.first.adding(days: -Self.ruleWindow.margin), range.last.adding(days: Self.ruleWindow.margin))
        // Dropped first, so that the rules of the old window and of the new are never held at once.
        ruleCache.withLock { $0 = nil }
        let rules = try Self.fetchRules(db, where: Self.canHappen(in: window))
        ruleCache.withLock { $0 = (version, window, rules) }
        return rules
    }

    /// The longest range whose rules are kept for the next read (`rules(_:near:)`), and how
    /// many days each way around it are read with it. A longer range (a search to its horizon,
    /// a sync, an export) reads its rules each time and keeps none.
    static let ruleWindow = (days: 366, margin: 366)

    /// The SQL condition of the rules that can happen in `range`: not begun after its last day,
    /// and not over before its first. A rule whose last day is not stored is read, and its day
    /// worked out; one whose first day is no day of the calendar is read too, and refused as
    /// damaged, never left out unseen.
    static func canHappen(in range: DayRange) -> String {
        "rule.firstDay NOT BETWEEN \(range.last.number + 1) AND \(Day.last.number)"
            + " AND (rule.lastDay IS NULL OR rule.lastDay >= \(range.first.number))"
    }

    /// The rule with this id, or why there is none.
    public func rule(id: Int64) throws(StoreError) -> StoredRule {
        try read { db in try Self.fetchRule(db, id: id) }
    }

    /// Gives rule `seen` (as the caller read it) another pattern or meal; its exceptions stay.
    /// Refused when another writer changed or removed the rule since it was read: a change is
    /// worked out from what was read, and writing it over another would lose that one.
    @discardableResult
    public func updateRule(_ seen: StoredRule, rule: RepeatRule, meal: Meal) throws(StoreError) -> StoredRule {
        let meal = try Self.valid(meal)
        let id = seen.id
        return try write { db in
            try Self.expectUnchanged(db, seen)
            let slot = try Self.resolveSlot(db, meal.slot)
            var arguments = Self.ruleArguments(RuleSnapshot(rule, meal: meal), slotID: slot.id)
            arguments += ["id": id]
            try db.execute(
                sql: """
                    UPDATE rule SET slotId = :slotId, title = :title, note = :note, recipe = :recipe,
                        servings = :servings, firstDay = :firstDay, frequency = :frequency, interval = :interval,
                        weekdays = :weekdays, monthDay = :monthDay, ordinal = :ordinal, weekday = :weekday,
                        untilDay = :untilDay, count = :count
                    WHERE id = :id
                    """,
                arguments: arguments)
            try Self.rememberRuleEnds(db)
            return try Self.fetchRule(db, id: id)
        }
    }

    /// Removes rule `id` and its occurrences; occurrences the user changed stay, as single
    /// meals. Returns the rule as it was.
    @discardableResult
    public func removeRule(id: Int64) throws(StoreError) -> StoredRule {
        try write { db in
            let stored = try Self.fetchRule(db, id: id)
            try Self.deleteRule(db, id: id)
            return stored
        }
    }

    /// Deletes rule `id` with its exceptions; the meals that replace its occurrences stay, as
    /// single meals.
    static func deleteRule(_ db: Database, id: Int64) throws {
        try db.execute(sql: "UPDATE meal SET ruleId = NULL, ruleDay = NULL WHERE ruleId = ?", arguments: [id])
        try db.execute(sql: "DELETE FROM rule WHERE id = ?", arguments: [id])
    }

    /// Skips the occurrence of rule `id` on `day` (which must be one), leaving the others.
    @discardableResult
    public func skipOccurrence(rule id: Int64, on day: Day) throws(StoreError) -> StoredRule {
        try write { db in
            let stored = try Self.fetchRule(db, id: id)
            try Self.addException(db, stored, day)
            return try Self.fetchRule(db, id: id)
        }
    }

    /// Changes the occurrence of rule `seen` (as the caller read it) on `day` into a meal of
    /// its own: `meal` (its day and slot may differ: a moved occurrence) is stored, linked to
    /// the occurrence it replaces, and the rule skips that day. The other occurrences stay as
    /// they are. Refused when another writer changed the rule since it was read.
    @discardableResult
    public func changeOccurrence(of seen: StoredRule, on day: Day, to meal: Meal) throws(StoreError) -> Meal {
        let meal = try Self.valid(meal)
        return try write { db in
            try Self.changeOccurrence(db, of: try Self.expectUnchanged(db, seen), on: day, to: meal)
        }
    }

    /// The occurrence of rule `stored` on `day` stored as `meal`, linked to the occurrence it
    /// replaces; the rule skips that day.
    static func changeOccurrence(_ db: Database, of stored: StoredRule, on day: Day, to meal: Meal) throws -> Meal {
        try addException(db, stored, day)
        let slot = try resolveSlot(db, meal.slot)
        return try link(db, try insert(db, meal, slotID: slot.id), to: Occurrence(rule: stored.id, day: day))
    }

    /// "This one and the following": rule `id` ends the day before `day` (an occurrence), and a
    /// new rule, the same but for what `change` does to it, takes over from `day`, with the
    /// occurrences left of a `count` end. Returns the shortened rule (`nil` when `day` was its
    /// first occurrence: then it is removed) and the new one.
    public func splitRule(
        id: Int64, at day: Day, changing change: (RepeatRule, Meal) throws -> (RepeatRule, Meal)
    ) throws -> (before: StoredRule?, after: StoredRule) {
        let stored = try rule(id: id)
        let split = try Self.split(stored, at: day)
        let (newRule, newMeal) = try change(split.following, split.meal)
        let validMeal = try Self.valid(newMeal)
        return try write { db in
            try Self.expectUnchanged(db, stored)
            let (before, after) = try Self.split(db, stored, split, continuedAs: (newRule, validMeal))
            return (before, after!)
        }
    }

    /// Rule `seen` as it is now, when nobody changed it since it was read.
    @discardableResult
    static func expectUnchanged(_ db: Database, _ seen: StoredRule) throws -> StoredRule {
        let current = try fetchRule(db, id: seen.id)
        guard current == seen else { throw StoreError.changedMeanwhile("repeat \(seen.id) was changed by another program meanwhile") }
        return current
    }

    /// Where rule `stored` splits at `day` (which must be an occurrence): the number of
    /// occurrences before it, and the rule that takes over from it (same pattern, the
    /// occurrences left of a `count` end) with the meal it gives there.
    struct Split {
        let day: Day
        let earlier: Int
        let following: RepeatRule
        let meal: Meal
    }

    static func split(_ stored: StoredRule, at day: Day) throws -> Split {
        guard stored.rule.isOccurrence(day) else { throw StoreError.input(notAnOccurrence(stored, day)) }
        let earlier = stored.rule.firstOccurrence < day
            ? stored.rule.occurrences(in: DayRange(stored.rule.firstOccurrence, day.adding(days: -1))).count : 0
        let rest: RepeatRule.End = switch stored.rule.end {
        case .count(let count): .count(count - earlier)
        case .never, .until: stored.rule.end
        }
        // The split day is an occurrence, so the same pattern from it keeps the rule's rhythm
        // (its weeks, months and years count from an occurrence too).
        let following = try RepeatRule(firstDay: day, pattern: stored.rule.pattern, end: rest)
        var meal = stored.meal
        meal.day = day
        return Split(day: day, earlier: earlier, following: following, meal: meal)
    }

    /// Makes `split` of rule `stored`: it ends the day before (removed when nothing is left of
    /// it), and `continuedAs` (a rule and its checked meal), if given, is stored as a new rule
    /// that takes over the exceptions and changed occurrences from the day on; without one,
    /// those exceptions go and those changed occurrences stay as single meals. Returns the
    /// shortened rule and the new one.
    static func split(
        _ db: Database, _ stored: StoredRule, _ split: Split, continuedAs: (rule: RepeatRule, meal: Meal)?
    ) throws -> (before: StoredRule?, after: StoredRule?) {
        let id = stored.id, day = split.day.number
        var after: Int64?
        if let continuedAs {
            let newID = try insertRule(db, RuleSnapshot(continuedAs.rule, meal: continuedAs.meal))
            try db.execute(sql: "UPDATE ruleException SET ruleId = ? WHERE ruleId = ? AND day >= ?", arguments: [newID, id, day])
            try db.execute(sql: "UPDATE meal SET ruleId = ? WHERE ruleId = ? AND ruleDay >= ?", arguments: [newID, id, day])
            after = newID
        } else {
            try db.execute(sql: "DELETE FROM ruleException WHERE ruleId = ? AND day >= ?", arguments: [id, day])
            try db.execute(sql: "UPDATE meal SET ruleId = NULL, ruleDay = NULL WHERE ruleId = ? AND ruleDay >= ?", arguments: [id, day])
        }
        let before: StoredRule?
        if split.earlier == 0 {
            try deleteRule(db, id: id)
            before = nil
        } else {
            let end: (until: Int?, count: Int?) = switch stored.rule.end {
            case .count: (nil, split.earlier)
            case .never, .until: (split.day.adding(days: -1).number, nil)
            }
            try db.execute(sql: "UPDATE rule SET untilDay = ?, count = ? WHERE id = ?", arguments: [end.until, end.count, id])
            try rememberRuleEnds(db)
            before = try fetchRule(db, id: id)
        }
        return (before, try after.map { try fetchRule(db, id: $0) })
    }

    /// Links the stored meal `meal` to `occurrence` (which its rule skips) as that occurrence changed.
    static func link(_ db: Database, _ meal: Meal, to occurrence: Occurrence) throws -> Meal {
        try db.execute(sql: "UPDATE meal SET ruleId = ?, ruleDay = ? WHERE id = ?",
                       arguments: [occurrence.rule, occurrence.day.number, meal.id])
        return try fetchMeal(db, id: meal.id!)!
    }
}
