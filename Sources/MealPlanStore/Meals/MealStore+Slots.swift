import GRDB
import MealPlanCore
import TextHelpers

extension MealStore {
    /// A slot row: the public `MealSlot` plus the row id meals refer to.
    struct StoredSlot {
        let id: Int64
        let slot: MealSlot
    }

    static func storedSlots(_ db: Database) throws -> [StoredSlot] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT id, name, position FROM slot ORDER BY position")).map {
            StoredSlot(id: $0["id"], slot: MealSlot(name: $0["name"], position: $0["position"]))
        }
    }

    /// The slot `input` names, by the one matching rule of `[MealSlot].resolve`.
    static func resolveSlot(_ db: Database, _ input: String) throws -> StoredSlot {
        let stored = try storedSlots(db)
        do {
            let slot = try stored.map(\.slot).resolve(input)
            return stored.first { $0.slot == slot }!
        } catch {
            throw StoreError.input(error.message)
        }
    }

    /// The slots in display order.
    public func slots() throws(StoreError) -> [MealSlot] {
        try read { db in try Self.storedSlots(db).map(\.slot) }
    }

    /// Adds a slot at the end, or right after the slot `after` names.
    ///
    /// Names are unique regardless of case ("Brunch" and "brunch" are the same slot).
    @discardableResult
    public func addSlot(_ input: String, after: String? = nil) throws(StoreError) -> MealSlot {
        let name: String
        do {
            name = try MealSlot.validName(input)
        } catch {
            throw .input(error.message)
        }
        return try write { db in
            let stored = try Self.storedSlots(db)
            if let existing = stored.first(where: { $0.slot.name.lowercased() == name.lowercased() }) {
                throw StoreError.input("there is already a slot '\(existing.slot.name)'")
            }
            let position: Int
            if let after {
                position = try Self.resolveSlot(db, after).slot.position + 1
                // Shift the later slots in two steps: positions are unique at every moment.
                try db.execute(
                    sql: "UPDATE slot SET position = -position - 1 WHERE position >= ?", arguments: [position])
                try db.execute(sql: "UPDATE slot SET position = -position WHERE position < 0")
            } else {
                position = (stored.map(\.slot.position).max() ?? -1) + 1
            }
            try db.execute(sql: "INSERT INTO slot(name, position) VALUES (?, ?)", arguments: [name, position])
            return MealSlot(name: name, position: position)
        }
    }

    /// Removes the slot `name` names; refused while any meal or template uses it, and for the
    /// last slot.
    @discardableResult
    public func removeSlot(_ name: String) throws(StoreError) -> MealSlot {
        try write { db in
            let target = try Self.resolveSlot(db, name)
            let meals = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM meal WHERE slotId = ?", arguments: [target.id]) ?? 0
            let templates = try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM template WHERE id IN (SELECT templateId FROM templateMeal WHERE slotId = ?)
                    ORDER BY name COLLATE NOCASE, name
                    """,
                arguments: [target.id]
            ).map { "'\($0.messageExcerpt)'" }
            let rules = try Int64.fetchAll(db, sql: "SELECT id FROM rule WHERE slotId = ? ORDER BY id", arguments: [target.id])
            var users: [String] = []
            if meals > 0 { users.append(meals == 1 ? "1 meal" : "\(meals) meals") }
            if !rules.isEmpty { users.append((rules.count == 1 ? "repeat " : "repeats ") + rules.map(String.init).joined(separator: ", ")) }
            if !templates.isEmpty { users.append((templates.count == 1 ? "template " : "templates ") + templates.joined(separator: ", ")) }
            guard users.isEmpty else {
                let verb = meals + rules.count + templates.count == 1 ? "uses" : "use"
                let remedy = meals == 0 && rules.isEmpty ? "remove the template\(templates.count == 1 ? "" : "s") first" : "move or remove them first"
                throw StoreError.input(
                    "cannot remove slot '\(target.slot.name)': \(users.joined(separator: " and ")) \(verb) it; \(remedy)")
            }
            guard try Self.storedSlots(db).count > 1 else {
                throw StoreError.input("cannot remove '\(target.slot.name)': it is the only slot")
            }
            try db.execute(sql: "DELETE FROM slot WHERE id = ?", arguments: [target.id])
            return target.slot
        }
    }
}
