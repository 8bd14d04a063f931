import MealPlanCore
import TextHelpers

/// Checks meals for an import and adds them to a batch. It needs only the slots read when the
/// import began (no one can change them during its IMMEDIATE transaction), so it can run on a
/// thread of its own while the importer inserts earlier batches.
///
/// The rules of a row and their messages are `CSVMealImport`'s; this check keeps the store's
/// own promise that what it inserts is valid, whoever calls it.
struct MealChecker: Sendable {
    let slots: [MealSlot]
    private let slotIDs: [String: Int64]
    /// Whether the meals are a whole plan's, which keep their ids, UIDs, positions and links
    /// to repeats (`MealStore.importPlan`).
    let keepsIdentity: Bool

    init(slots: [MealStore.StoredSlot], keepsIdentity: Bool = false) {
        self.slots = slots.map(\.slot)
        slotIDs = Dictionary(uniqueKeysWithValues: slots.map { ($0.slot.name, $0.id) })
        self.keepsIdentity = keepsIdentity
    }

    /// Adds the meal to `batch` if it is valid: its slot the stored name of a slot of the plan.
    ///
    /// The import inserts with the meal table's CHECK constraints off, so this check is all
    /// that keeps their promises: `MealStore.valid` states each of them, and one more rule
    /// stands here for SQL's reading of text, whose `length` stops at the first NUL: a title
    /// that begins with one is empty to SQL, which its constraint refuses as such.
    mutating func append(
        _ meal: Meal, to batch: inout MealBatch, line: Int = 0, leftoversOf source: LeftoversSource? = nil
    ) throws(StoreError) {
        guard let slotID = slotIDs[meal.slot] else {
            throw .input("unknown slot '\(meal.slot.messageExcerpt)'; slots are \(slots.map(\.name).joined(separator: ", "))")
        }
        if keepsIdentity && (meal.id == nil || meal.uid == nil) {
            throw .input("a meal of a whole plan needs its id and UID")
        }
        let valid = try MealStore.valid(meal)
        guard valid.title.utf8.first != 0 else { throw .input("the title is empty") }
        batch.append(valid, slotID: slotID, keepingIdentity: keepsIdentity, line: line, leftoversOf: source)
    }
}
