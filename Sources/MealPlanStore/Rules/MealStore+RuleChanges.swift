import GRDB
import MealPlanCore
import Recurrence
import TextHelpers

/// Changes to a rule's occurrences as `MealChange` names them: skipping, moving, changing
/// and restoring, the planner's undo included.
extension MealStore {
    /// The occurrence a change names, which must be one as a rule gives it (no id).
    static func occurrence(of meal: Meal) throws(StoreError) -> Occurrence {
        guard meal.id == nil, let occurrence = meal.occurrence else {
            throw StoreError.input("'\(meal.title.messageExcerpt)' is not an occurrence of a repeat")
        }
        return occurrence
    }

    /// The rule of the occurrence `seen`, refused when it no longer gives the meal this process
    /// last saw (removed, or changed by another writer), as `expectUnchanged` does for meals.
    static func expectRuleUnchanged(_ db: Database, _ seen: Meal) throws -> StoredRule {
        let occurrence = try occurrence(of: seen)
        guard let stored = try fetchRules(db, where: "rule.id = \(occurrence.rule)").first else {
            throw StoreError.changedMeanwhile("the repeat of '\(seen.title.messageExcerpt)' was removed by another program meanwhile")
        }
        let gives = stored.meal
        guard gives.slot == seen.slot, gives.title == seen.title, gives.note == seen.note,
              gives.recipe == seen.recipe, gives.servings == seen.servings
        else {
            throw StoreError.changedMeanwhile("the repeat of '\(seen.title.messageExcerpt)' was changed by another program meanwhile")
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
            throw StoreError.changedMeanwhile("'\(meal.title.messageExcerpt)' on \(day.iso) is back in the plan already (another program put it back)")
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
            throw StoreError.changedMeanwhile("the repeat of '\(snapshot.meal.title.messageExcerpt)' was removed by another program meanwhile")
        }
        guard try self.snapshot(db, stored) == snapshot else {
            throw StoreError.changedMeanwhile("the repeat of '\(snapshot.meal.title.messageExcerpt)' was changed by another program meanwhile")
        }
        try deleteRule(db, id: snapshot.id)
    }

    /// `.restoreRule`: the rule under its id again, with its exceptions, and the meals that
    /// replaced its occurrences, those that still exist, linked to it again.
    static func restoreRule(_ db: Database, _ snapshot: RuleSnapshot) throws {
        let exists = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM rule WHERE id = ?)", arguments: [snapshot.id])
        guard exists == false else {
            throw StoreError.changedMeanwhile("repeat \(snapshot.id) ('\(snapshot.meal.title.messageExcerpt)') is in the plan already (another program put it back)")
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
    static func snapshot(_ db: Database, _ stored: StoredRule) throws -> RuleSnapshot {
        let rows = try Row.fetchAll(db, sql: "SELECT id, ruleDay FROM meal WHERE ruleId = ?", arguments: [stored.id])
        var snapshot = RuleSnapshot(stored.rule, meal: stored.meal, id: stored.id, uid: stored.uid, exceptions: stored.exceptions)
        for row in rows {
            snapshot.replacements[row[0]] = Day(clamping: row[1] as Int)
        }
        return snapshot
    }

    static func addException(_ db: Database, _ stored: StoredRule, _ day: Day) throws {
        guard stored.rule.isOccurrence(day), !stored.exceptions.contains(day) else {
            throw StoreError.input(notAnOccurrence(stored, day))
        }
        try db.execute(sql: "INSERT INTO ruleException(ruleId, day) VALUES (?, ?)", arguments: [stored.id, day.number])
    }

    static func notAnOccurrence(_ stored: StoredRule, _ day: Day) -> String {
        stored.exceptions.contains(day)
            ? "repeat \(stored.id) already skips \(day.iso)"
            : "repeat \(stored.id) ('\(stored.meal.title.messageExcerpt)', \(stored.rule)) does not happen on \(day.weekday.shortName) \(day.iso)"
    }
}
