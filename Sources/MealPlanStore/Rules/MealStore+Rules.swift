import GRDB
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

    /// The rules that can happen on or after `day` (and some over a little before), as last
    /// read while `ruleVersion` had the number it has now: a planner loads days many times a
    /// second, and the rules rarely change. The rules of a plan kept for years are mostly over;
    /// the SQL leaves those out by their stored last day. A read for days before those read
    /// last goes a year further back, so that scrolling back reads again once a year of days.
    private func rules(_ db: Database, notOverBefore day: Day) throws -> [StoredRule] {
        let version = try Int.fetchOne(db, sql: "SELECT number FROM ruleVersion") ?? 0
        if let cached = ruleCache.withLock({ $0 }), cached.version == version, cached.from <= day {
            return cached.rules
        }
        let from = day.adding(days: -366)
        let rules = try Self.fetchRules(db, where: "rule.lastDay IS NULL OR rule.lastDay >= \(from.number)")
        ruleCache.withLock { $0 = (version, from, rules) }
        return rules
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
    private static func deleteRule(_ db: Database, id: Int64) throws {
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
        let id = seen.id
        return try write { db in
            let stored = try Self.expectUnchanged(db, seen)
            try Self.addException(db, stored, day)
            let slot = try Self.resolveSlot(db, meal.slot)
            return try Self.link(db, try Self.insert(db, meal, slotID: slot.id), to: Occurrence(rule: id, day: day))
        }
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
    private static func expectUnchanged(_ db: Database, _ seen: StoredRule) throws -> StoredRule {
        let current = try fetchRule(db, id: seen.id)
        guard current == seen else { throw StoreError.input("repeat \(seen.id) was changed by another program meanwhile") }
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
    private static func split(
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

    // MARK: Changes to occurrences (`MealChange`)

    /// The occurrence a change names, which must be one as a rule gives it (no id).
    static func occurrence(of meal: Meal) throws(StoreError) -> Occurrence {
        guard meal.id == nil, let occurrence = meal.occurrence else {
            throw StoreError.input("'\(meal.title.messageExcerpt)' is not an occurrence of a repeat")
        }
        return occurrence
    }

    /// The rule of the occurrence `seen`, refused when it no longer gives the meal this process
    /// last saw (removed, or changed by another writer), as `expectUnchanged` does for meals.
    private static func expectRuleUnchanged(_ db: Database, _ seen: Meal) throws -> StoredRule {
        let occurrence = try occurrence(of: seen)
        guard let stored = try fetchRules(db, where: "rule.id = \(occurrence.rule)").first else {
            throw StoreError.input("the repeat of '\(seen.title.messageExcerpt)' was removed by another program meanwhile")
        }
        let gives = stored.meal
        guard gives.slot == seen.slot, gives.title == seen.title, gives.note == seen.note,
              gives.recipe == seen.recipe, gives.servings == seen.servings
        else {
            throw StoreError.input("the repeat of '\(seen.title.messageExcerpt)' was changed by another program meanwhile")
        }
        return stored
    }

    /// `.skip`: the occurrence's rule skips its day.
    static func skip(_ db: Database, _ meal: Meal) throws {
        let stored = try expectRuleUnchanged(db, meal)
        try addException(db, stored, try occurrence(of: meal).day)
    }

    /// `.unskip`: the occurrence's rule happens on its day again; refused while a changed
    /// occurrence stands in for it (that meal is removed first, as the undo of a change does).
    static func unskip(_ db: Database, _ meal: Meal) throws {
        let stored = try expectRuleUnchanged(db, meal)
        let day = try occurrence(of: meal).day
        let standsIn = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM meal WHERE ruleId = ? AND ruleDay = ?)", arguments: [stored.id, day.number])
        guard stored.exceptions.contains(day), standsIn == false else {
            throw StoreError.input("'\(meal.title.messageExcerpt)' on \(day.iso) is back in the plan already (another program put it back)")
        }
        try db.execute(sql: "DELETE FROM ruleException WHERE ruleId = ? AND day = ?", arguments: [stored.id, day.number])
    }

    /// `.updateRule`: the rule of occurrence `from` gives `meal`'s slot, title, note, recipe
    /// and servings. Returns the occurrence of `from`'s day as the rule now gives it.
    static func updateRule(_ db: Database, _ from: Meal, to meal: Meal) throws -> Meal {
        let stored = try expectRuleUnchanged(db, from)
        let slot = try resolveSlot(db, meal.slot)
        try db.execute(
            sql: "UPDATE rule SET slotId = ?, title = ?, note = ?, recipe = ?, servings = ? WHERE id = ?",
            arguments: [slot.id, meal.title, meal.note, meal.recipe, meal.servings, stored.id])
        return try fetchRule(db, id: stored.id).occurrence(on: try occurrence(of: from).day)
    }

    /// `.removeRuleOf`: the whole rule of occurrence `meal` is removed; returns it made as a
    /// `removeRule`.
    static func removeRule(_ db: Database, of meal: Meal) throws -> [MealChange] {
        let stored = try expectRuleUnchanged(db, meal)
        let snapshot = try snapshot(db, stored)
        try deleteRule(db, id: stored.id)
        return [.removeRule(snapshot)]
    }

    /// `.splitRule`: the rule of occurrence `meal` ends before its day, `continuedAs` (checked)
    /// giving a new rule from there; returns it made as the rule removed as it was and put
    /// back as it became, then the new rule (`restoreRule` of a rule not there before adds it).
    static func splitRule(_ db: Database, at meal: Meal, continuedAs: Meal?) throws -> [MealChange] {
        let stored = try expectRuleUnchanged(db, meal)
        let was = try snapshot(db, stored)
        let split = try split(stored, at: try occurrence(of: meal).day)
        let continued = continuedAs.map { meal in
            var meal = meal
            meal.day = split.day
            return (split.following, meal)
        }
        let (before, after) = try self.split(db, stored, split, continuedAs: continued)
        return [.removeRule(was)] + (try [before, after].compactMap { $0 }.map { .restoreRule(try snapshot(db, $0)) })
    }

    /// `.addRule`: `snapshot`'s rule (its meal checked) stored under a new id, without
    /// exceptions; returns it made as the `restoreRule` of the rule as stored.
    static func addRule(_ db: Database, _ snapshot: RuleSnapshot) throws -> MealChange {
        var rule = snapshot
        rule.exceptions = []
        rule.replacements = [:]
        let stored = try fetchRule(db, id: try insertRule(db, rule))
        return .restoreRule(try self.snapshot(db, stored))
    }

    /// `.removeRule`: refused unless the stored rule is the snapshot still (with the same
    /// exceptions and changed occurrences).
    static func removeRule(_ db: Database, _ snapshot: RuleSnapshot) throws {
        guard let stored = try fetchRules(db, where: "rule.id = \(snapshot.id)").first else {
            throw StoreError.input("the repeat of '\(snapshot.meal.title.messageExcerpt)' was removed by another program meanwhile")
        }
        guard try self.snapshot(db, stored) == snapshot else {
            throw StoreError.input("the repeat of '\(snapshot.meal.title.messageExcerpt)' was changed by another program meanwhile")
        }
        try deleteRule(db, id: snapshot.id)
    }

    /// `.restoreRule`: the rule under its id again, with its exceptions, and the meals that
    /// replaced its occurrences, those that still exist, linked to it again.
    static func restoreRule(_ db: Database, _ snapshot: RuleSnapshot) throws {
        let exists = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM rule WHERE id = ?)", arguments: [snapshot.id])
        guard exists == false else {
            throw StoreError.input("repeat \(snapshot.id) ('\(snapshot.meal.title.messageExcerpt)') is in the plan already (another program put it back)")
        }
        try insertRule(db, snapshot, id: snapshot.id)
        for day in snapshot.exceptions {
            try db.execute(sql: "INSERT INTO ruleException(ruleId, day) VALUES (?, ?)", arguments: [snapshot.id, day.number])
        }
        for (mealID, day) in snapshot.replacements {
            try db.execute(sql: "UPDATE meal SET ruleId = ?, ruleDay = ? WHERE id = ?", arguments: [snapshot.id, day.number, mealID])
        }
        // Reading it back checks that the stored fields make a rule.
        _ = try fetchRule(db, id: snapshot.id)
    }

    /// Rule `stored` whole, with the meals that replace its occurrences.
    private static func snapshot(_ db: Database, _ stored: StoredRule) throws -> RuleSnapshot {
        let rows = try Row.fetchAll(db, sql: "SELECT id, ruleDay FROM meal WHERE ruleId = ?", arguments: [stored.id])
        var snapshot = RuleSnapshot(stored.rule, meal: stored.meal, id: stored.id, uid: stored.uid, exceptions: stored.exceptions)
        for row in rows {
            snapshot.replacements[row[0]] = Day(clamping: row[1] as Int)
        }
        return snapshot
    }

    private static func addException(_ db: Database, _ stored: StoredRule, _ day: Day) throws {
        guard stored.rule.isOccurrence(day), !stored.exceptions.contains(day) else {
            throw StoreError.input(notAnOccurrence(stored, day))
        }
        try db.execute(sql: "INSERT INTO ruleException(ruleId, day) VALUES (?, ?)", arguments: [stored.id, day.number])
    }

    private static func notAnOccurrence(_ stored: StoredRule, _ day: Day) -> String {
        stored.exceptions.contains(day)
            ? "repeat \(stored.id) already skips \(day.iso)"
            : "repeat \(stored.id) ('\(stored.meal.title.messageExcerpt)', \(stored.rule)) does not happen on \(day.weekday.shortName) \(day.iso)"
    }

    // MARK: Occurrences among the meals

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

    /// The first occurrence after `day` whose title or note contains `text`, in display order.
    func nextOccurrence(_ db: Database, matching text: String, after day: Day) throws -> Meal? {
        guard day < .last else { return nil }
        let range = DayRange(day.adding(days: 1), .last)
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

    // MARK: Rows

    private static func fetchRule(_ db: Database, id: Int64) throws -> StoredRule {
        guard let stored = try fetchRules(db, where: "rule.id = \(id)").first else {
            throw StoreError.input("there is no repeat \(id)")
        }
        return stored
    }

    /// The columns of a rule as `fetchRules` selects them: rows are read by these positions,
    /// since looking a column up by name costs more than the rest of reading a rule.
    private enum RuleColumn: Int, CaseIterable {
        case id, slotName, title, note, recipe, servings, firstDay, frequency, interval, weekdays, monthDay, ordinal
        case weekday, untilDay, count, lastDay, skipped, uid

        var expression: String {
            switch self {
            case .slotName: "slot.name"
            case .skipped: "(SELECT group_concat(day) FROM ruleException WHERE ruleId = rule.id)"
            default: "rule.\(self)"
            }
        }
    }

    /// The rules `condition` selects; `readsUIDs` false for the migrations of the schema before
    /// rules had UIDs (`Schema.addItemUIDs`), which read them without.
    private static func fetchRules(_ db: Database, where condition: String, readsUIDs: Bool = true) throws -> [StoredRule] {
        let columns = RuleColumn.allCases.map { $0 == .uid && !readsUIDs ? "NULL" : $0.expression }.joined(separator: ", ")
        let rows = try Row.fetchAll(db, sql: """
            SELECT \(columns) FROM rule JOIN slot ON slot.id = rule.slotId WHERE \(condition) ORDER BY rule.id
            """)
        return try rows.map(decodeRule)
    }

    /// The rule in `row`, or why it cannot be one. Another program may write any value into
    /// any column (the `sqlite3` shell can switch the checks off), so each is checked and a
    /// damaged rule is refused with its id, never read as some other rule.
    private static func decodeRule(_ row: Row) throws -> StoredRule {
        let id: Int64 = row[RuleColumn.id.rawValue]
        func damaged(_ why: String) -> StoreError {
            .database("repeat \(id) is damaged: \(why); another program wrote it")
        }
        func text(_ column: RuleColumn) -> String? {
            String.fromDatabaseValue(row[column.rawValue] as DatabaseValue)
        }
        /// The column's whole number, `nil` when empty; anything else is damage.
        func number(_ column: RuleColumn) throws -> Int? {
            let stored: DatabaseValue = row[column.rawValue]
            if stored.isNull { return nil }
            guard case .int64(let value) = stored.storage, let number = Int(exactly: value) else {
                throw damaged("its \(column) is \(stored), not a whole number")
            }
            return number
        }
        func day(_ column: RuleColumn) throws -> Day? {
            guard let number = try number(column) else { return nil }
            guard let day = Day(number: number) else { throw damaged("its \(column) \(number) is not a day of the calendar") }
            return day
        }
        guard let firstDay = try day(.firstDay), let interval = try number(.interval),
              let frequency = text(.frequency), let title = text(.title), let slot = text(.slotName) else {
            throw damaged("its first day, frequency, interval, title or slot is missing")
        }
        let pattern: RepeatRule.Pattern
        switch frequency {
        case "day": pattern = .days(interval: interval)
        case "week":
            guard let bits = try number(.weekdays), (1...127).contains(bits) else { throw damaged("its weekdays are not a set of days") }
            pattern = .weeks(interval: interval, weekdays: Weekday.allCases.filter { bits & (1 << ($0.rawValue - 1)) != 0 })
        case "month":
            if let ordinal = try number(.ordinal) {
                guard let weekday = try number(.weekday).flatMap(Weekday.init(rawValue:)) else {
                    throw damaged("its weekday in the month is not a weekday")
                }
                pattern = .monthsOnWeekday(interval: interval, ordinal: ordinal, weekday: weekday)
            } else {
                pattern = .monthsOnDay(interval: interval, day: try number(.monthDay) ?? firstDay.date.day)
            }
        case "year": pattern = .years(interval: interval)
        default: throw damaged("its frequency '\(frequency.messageExcerpt)' is not day, week, month or year")
        }
        let end: RepeatRule.End = if let until = try day(.untilDay) {
            .until(until)
        } else if let count = try number(.count) {
            .count(count)
        } else {
            .never
        }
        let rule: RepeatRule
        do {
            rule = try RepeatRule(firstDay: firstDay, pattern: pattern, end: end)
        } catch {
            throw damaged(error.description)
        }
        var skipped: [Day] = []
        for word in (text(.skipped) ?? "").split(separator: ",") {
            guard let number = Int(word), let day = Day(number: number) else { throw damaged("a skipped day '\(word)' is not a day") }
            skipped.append(day)
        }
        let meal = Meal(day: firstDay, slot: slot, title: title, note: text(.note), recipe: text(.recipe),
                        servings: Double.fromDatabaseValue(row[RuleColumn.servings.rawValue] as DatabaseValue))
        let lastDay = try day(.lastDay) ?? rule.lastPossibleDay
        return StoredRule(id: id, uid: ItemUID.stored(in: row, at: RuleColumn.uid.rawValue), rule: rule, meal: meal,
                          exceptions: skipped.sorted(), lastDay: lastDay)
    }

    /// Stores the last day of each rule that has none (`Schema.rememberRuleEnds` says why):
    /// after every write that makes a rule or changes its pattern or end, and once for the
    /// rules stored before the column existed (`readsUIDs` false: that schema had no UIDs yet).
    static func rememberRuleEnds(_ db: Database, readsUIDs: Bool = true) throws {
        let update = try db.makeStatement(sql: "UPDATE rule SET lastDay = ? WHERE id = ?")
        for stored in try fetchRules(db, where: "rule.lastDay IS NULL", readsUIDs: readsUIDs) {
            try update.execute(arguments: [stored.lastDay.number, stored.id])
        }
    }

    /// Stores `snapshot`'s rule (its meal checked already) under `id` and the snapshot's UID
    /// (a rule put back), or as a new rule with a new id and a new UID; returns the id.
    @discardableResult
    private static func insertRule(_ db: Database, _ snapshot: RuleSnapshot, id: Int64? = nil) throws -> Int64 {
        let slot = try resolveSlot(db, snapshot.meal.slot)
        var arguments = ruleArguments(snapshot, slotID: slot.id)
        let uid = id == nil ? ItemUID.fresh() : try ItemUID.restored(snapshot.uid, in: "rule", db)
        arguments += ["id": id, "uid": uid.storedValue]
        try db.execute(
            sql: """
                INSERT INTO rule(id, uid, slotId, title, note, recipe, servings, firstDay, frequency, interval, weekdays,
                                 monthDay, ordinal, weekday, untilDay, count)
                VALUES (:id, :uid, :slotId, :title, :note, :recipe, :servings, :firstDay, :frequency, :interval, :weekdays,
                        :monthDay, :ordinal, :weekday, :untilDay, :count)
                """,
            arguments: arguments)
        let id = db.lastInsertedRowID
        try rememberRuleEnds(db)
        return id
    }

    private static func ruleArguments(_ snapshot: RuleSnapshot, slotID: Int64) -> StatementArguments {
        let meal = snapshot.meal
        return [
            "slotId": slotID, "title": meal.title, "note": meal.note, "recipe": meal.recipe, "servings": meal.servings,
            "firstDay": meal.day.number, "frequency": snapshot.frequency, "interval": snapshot.interval,
            "weekdays": snapshot.weekdays, "monthDay": snapshot.monthDay, "ordinal": snapshot.ordinal,
            "weekday": snapshot.weekday, "untilDay": snapshot.untilDay?.number, "count": snapshot.count,
        ]
    }
}
