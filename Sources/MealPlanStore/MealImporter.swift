import GRDB
import MealPlanCore

/// Adds many meals inside the one transaction of `MealStore.importMeals`.
///
/// Built for a million rows: one prepared statement, slot names resolved once per distinct
/// spelling, and each meal's position computed inside its INSERT from the day/slot index.
/// It exists only during `importMeals`; keeping it past that call is a programming error.
public final class MealImporter {
    private let insert: Statement
    private let slots: [MealStore.StoredSlot]
    private var slotIDs: [String: Int64] = [:]
    /// How many meals were added so far.
    public private(set) var count = 0

    init(_ db: Database) throws {
        insert = try db.makeStatement(sql: """
            INSERT INTO meal(day, slotId, position, title, note)
            VALUES (:day, :slotId, \(MealStore.nextPositionSQL), :title, :note)
            """)
        slots = try MealStore.storedSlots(db)
    }

    /// Adds one meal at the end of its day's slot. The error says what is wrong with this meal
    /// (unknown slot, empty title, …) without saying where; the caller adds the line.
    public func add(day: Day, slot: String, title: String, note: String?) throws(StoreError) {
        let slotID = try slotID(slot)
        let title = try MealStore.validTitle(title)
        do {
            try insert.execute(arguments: [
                "day": day.number, "slotId": slotID, "title": title, "note": Meal.validNote(note),
            ])
        } catch {
            throw StoreError.wrapping(error, path: "import")
        }
        count += 1
    }

    private func slotID(_ input: String) throws(StoreError) -> Int64 {
        if let id = slotIDs[input] { return id }
        let slot: MealSlot
        do {
            slot = try slots.map(\.slot).resolve(input)
        } catch {
            throw .input(error.message)
        }
        let id = slots.first { $0.slot == slot }!.id
        slotIDs[input] = id
        return id
    }
}

extension MealStore {
    /// Runs `body` with an importer inside ONE transaction: if `body` or any row throws,
    /// nothing is added. With `dryRun`, everything is checked (schema constraints included) and
    /// then rolled back. Returns the number of meals added (or that would be added).
    public func importMeals(dryRun: Bool = false, _ body: (MealImporter) throws -> Void) throws -> Int {
        var count = 0
        do {
            try writer.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    let importer = try MealImporter(db)
                    try body(importer)
                    count = importer.count
                    return dryRun ? .rollback : .commit
                }
            }
        } catch let error as DatabaseError {
            throw StoreError.wrapping(error, path: path)
        }
        return count
    }
}
