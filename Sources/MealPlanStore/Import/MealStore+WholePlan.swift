#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GRDB
import MealPlanCore
import Recurrence
import TextHelpers

/// A whole plan, read for `export --everything` and stored back by its import: slots, repeat
/// rules with their skipped days, templates, and every meal with its id, UID, place and the
/// occurrence it replaces.
extension MealStore {
    /// Calls `body` with everything of the plan but its meals and a function that hands each
    /// stored meal (no occurrence of a rule: the rules say those), as a view of its row with its
    /// leftovers' source, in display order to its
    /// argument, one at a time, all from one snapshot: memory stays constant however many
    /// meals there are.
    public func readWholePlan(
        _ body: (PlanStructure, _ forEachMeal: ((MealRowView) throws -> Void) throws -> Void) throws -> Void
    ) throws {
        try useDeferredFileIfMade()
        do {
            try writer.read { db in
                try body(try Self.planStructure(db)) { meal in
                    try forEachMeal(db, in: .all, slot: nil, search: nil, occurrencesThrough: nil, identities: true,
                                    stored: meal, occurrence: { _ in })
                }
            }
        } catch let error as DatabaseError {
            throw StoreError.wrapping(error, path: path)
        }
    }

    static func planStructure(_ db: Database) throws -> PlanStructure {
        let rules = try fetchRules(db, where: "1").map {
            RuleSnapshot($0.rule, meal: $0.meal, id: $0.id, uid: $0.uid, exceptions: $0.exceptions)
        }
        let templates = try storedTemplates(db).map { try fetchTemplate(db, $0) }
        return PlanStructure(slots: try storedSlots(db).map(\.slot), rules: rules, templates: templates)
    }

    /// Stores a whole plan into this one, which must be empty (no meal, repeat or template):
    /// its slots replace the plan's, its rules and templates keep their UIDs (and rules their
    /// ids), and `produce` adds the meals on a second thread, as `importMealsPipelined` does,
    /// each keeping its id, UID, position and link. One transaction: all or nothing. The
    /// structure must be consistent (`WholePlanCheck` in the exchange module checks a file's):
    /// slots named once, ids and UIDs not shared.
    ///
    /// Into a database file that does not exist yet, the plan is made whole in a new file
    /// under a hidden name beside it and linked into place only then, so that a refused file
    /// leaves no database behind, not even an empty one.
    @discardableResult
    public func importPlan(
        _ plan: PlanStructure, dryRun: Bool = false, _ produce: @escaping @Sendable (inout ImportFeed) throws -> Void
    ) throws -> ImportSummary {
        if !dryRun, let summary = try inNewFile({ try $0.importPlan(plan, produce) }, madeMeanwhile: { _ in
            throw StoreError.changedMeanwhile("database '\(path)' was made by another program meanwhile; nothing imported")
        }) {
            return summary
        }
        return try inImportTransaction(dryRun: dryRun, refusingDuplicates: false, keepsIdentity: true, prepare: { db in
            try Self.expectEmptyPlan(db)
            try Self.replaceSlots(db, plan.slots)
            for rule in plan.rules { try Self.restoreRule(db, rule) }
            for template in plan.templates { try Self.insertTemplate(db, template) }
        }) { importer in
            try Self.pipeline(into: importer, produce)
        }
    }

    /// Refuses a plan that has any meal, repeat or template: a whole plan is put back into an
    /// empty one, where nothing of it can meet something already there.
    private static func expectEmptyPlan(_ db: Database) throws {
        let counts = try Row.fetchOne(db, sql: """
            SELECT (SELECT COUNT(*) FROM meal), (SELECT COUNT(*) FROM rule), (SELECT COUNT(*) FROM template)
            """)!
        let (meals, rules, templates): (Int, Int, Int) = (counts[0], counts[1], counts[2])
        guard meals + rules + templates > 0 else { return }
        let held = [(meals, "meal"), (rules, "repeat"), (templates, "template")].filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
        throw StoreError.input(
            "a whole plan goes into an empty one, and this plan has \(held); nothing imported; "
                + "import it with --db into a new file, or remove them first")
    }

    /// The plan's slots, which no meal, rule or template uses yet, become `slots`, in order.
    private static func replaceSlots(_ db: Database, _ slots: [MealSlot]) throws {
        try db.execute(sql: "DELETE FROM slot")
        let insert = try db.makeStatement(sql: "INSERT INTO slot(name, position) VALUES (?, ?)")
        for (position, slot) in slots.enumerated() { try insert.execute(arguments: [slot.name, position]) }
    }

    /// Stores `template` under its UID, with its meals at their day offsets and places, their
    /// eaters, and its leftovers linked to their cooks among its meals.
    private static func insertTemplate(_ db: Database, _ template: MealTemplate) throws {
        try db.execute(sql: "INSERT INTO template(uid, name, days) VALUES (?, ?, ?)",
                       arguments: [template.uid.map(\.storedValue) ?? ItemUID.fresh().storedValue, template.name, template.days])
        let id = db.lastInsertedRowID
        let insert = try db.makeStatement(sql: """
            INSERT INTO templateMeal(templateId, dayOffset, slotId, position, title, note, recipe, servings, eaters)
            VALUES (?, ?, (SELECT id FROM slot WHERE name = ?), ?, ?, ?, ?, ?, ?)
            """)
        var ids: [Int64] = []
        for meal in template.meals {
            try insert.execute(arguments: [
                id, Day.first.distance(to: meal.day), meal.slot, meal.position, meal.title, meal.note, meal.recipe, meal.servings,
                meal.eaters,
            ])
            ids.append(db.lastInsertedRowID)
        }
        for (leftovers, source) in template.leftoverSources {
            try db.execute(sql: "UPDATE templateMeal SET leftoversOf = ? WHERE id = ?", arguments: [ids[source], ids[leftovers]])
        }
    }
}

/// Two meals of a whole plan with one UID, found when the UID index is built at the end of
/// the import (row by row, the file's UIDs, in no order, would cost most of it): the UID and the ids of
/// the first two meals that have it, by id. The caller may find their lines in the file.
public struct SharedUIDError: Error, Equatable {
    public let uid: ItemUID
    public let ids: (first: Int64, second: Int64)

    public static func == (one: Self, other: Self) -> Bool { one.uid == other.uid && one.ids == other.ids }

    /// The first UID, in byte order, that two meals share: a query only made once the index
    /// refused them.
    static func first(_ db: Database) throws -> SharedUIDError {
        let row = try Row.fetchOne(db, sql: """
            SELECT uid, MIN(id), MAX(id) FROM meal GROUP BY uid HAVING COUNT(*) > 1 ORDER BY uid LIMIT 1
            """)!
        return SharedUIDError(uid: ItemUID.stored(in: row, at: 0)!, ids: (row[1], row[2]))
    }
}

/// A whole plan's meal that the database refused because its id or place is another meal's:
/// the message names its line in the file.
enum PlanConflict {
    static func message(_ meal: MealBatch.Entry, sqliteMessage: String) -> String {
        let id = meal.id.map { "meal \($0)" } ?? "a meal"
        let what = if sqliteMessage.contains("meal.id") {
            "\(id): another meal of the file has its id"
        } else if sqliteMessage.contains("meal.day") {
            "\(id): another meal of the file has its date, slot and position"
        } else {
            "\(id): \(sqliteMessage.messageExcerpt)"
        }
        return "line \(meal.line): meals: \(what)"
    }
}

/// The C library's `link`, which the store's own `link` (a meal to an occurrence) hides.
private func systemLink(_ existing: String, _ new: String) -> Int32 { link(existing, new) }
