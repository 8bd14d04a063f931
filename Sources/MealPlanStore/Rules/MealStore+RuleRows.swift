import GRDB
import MealPlanCore
import Recurrence
import TextHelpers

/// Rules as rows of the `rule` table: read (each column checked), written and remembered.
extension MealStore {
    static func fetchRule(_ db: Database, id: Int64) throws -> StoredRule {
        guard let stored = try fetchRules(db, where: "rule.id = \(id)").first else {
            throw StoreError.input("there is no repeat \(id)")
        }
        return stored
    }

    /// The columns of a rule as `fetchRules` selects them: rows are read by these positions,
    /// since looking a column up by name costs more than the rest of reading a rule.
    enum RuleColumn: Int, CaseIterable {
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

    /// The rules `condition` (with `arguments` for its `?`) selects that `keeping` wants, each
    /// read and decided on in turn (the rows are never all held); `readsUIDs` false for the
    /// migrations of the schema before rules had UIDs (`Schema.addItemUIDs`), which read them without.
    static func fetchRules(
        _ db: Database, where condition: String, arguments: StatementArguments = [], readsUIDs: Bool = true,
        keeping: (StoredRule) -> Bool = { _ in true }
    ) throws -> [StoredRule] {
        let columns = RuleColumn.allCases.map { $0 == .uid && !readsUIDs ? "NULL" : $0.expression }.joined(separator: ", ")
        let rows = try Row.fetchCursor(db, sql: """
            SELECT \(columns) FROM rule JOIN slot ON slot.id = rule.slotId WHERE \(condition) ORDER BY rule.id
            """, arguments: arguments)
        var rules: [StoredRule] = []
        while let row = try rows.next() {
            let stored = try decodeRule(row)
            if keeping(stored) { rules.append(stored) }
        }
        return rules
    }

    /// The rule in `row`, or why it cannot be one. Another program may write any value into
    /// any column (the `sqlite3` shell can switch the checks off), so each is checked and a
    /// damaged rule is refused with its id, never read as some other rule.
    static func decodeRule(_ row: Row) throws -> StoredRule {
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
        let meal = Meal(day: firstDay, slot: slot, title: title, note: text(.note), recipe: text(.recipe),
                        servings: Double.fromDatabaseValue(row[RuleColumn.servings.rawValue] as DatabaseValue))
        let snapshot = RuleSnapshot(
            id: id, meal: meal, frequency: frequency, interval: interval, weekdays: try number(.weekdays),
            monthDay: try number(.monthDay), ordinal: try number(.ordinal), weekday: try number(.weekday),
            untilDay: try day(.untilDay), count: try number(.count))
        let rule: RepeatRule
        do {
            rule = try RepeatRule(snapshot)
        } catch {
            throw damaged(error.description)
        }
        var skipped: [Day] = []
        for word in (text(.skipped) ?? "").split(separator: ",") {
            guard let number = Int(word), let day = Day(number: number) else { throw damaged("a skipped day '\(word)' is not a day") }
            skipped.append(day)
        }
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
    static func insertRule(_ db: Database, _ snapshot: RuleSnapshot, id: Int64? = nil) throws -> Int64 {
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

    static func ruleArguments(_ snapshot: RuleSnapshot, slotID: Int64) -> StatementArguments {
        let meal = snapshot.meal
        return [
            "slotId": slotID, "title": meal.title, "note": meal.note, "recipe": meal.recipe, "servings": meal.servings,
            "firstDay": meal.day.number, "frequency": snapshot.frequency, "interval": snapshot.interval,
            "weekdays": snapshot.weekdays, "monthDay": snapshot.monthDay, "ordinal": snapshot.ordinal,
            "weekday": snapshot.weekday, "untilDay": snapshot.untilDay?.number, "count": snapshot.count,
        ]
    }
}
