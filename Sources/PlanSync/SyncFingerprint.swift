import MealPlanCore
import TextHelpers

/// The fingerprints a sync keeps of each item: a `StableHash` (it is stored, so it must be the
/// same in every process) of the fields mealplan stores of a meal, or of a file's bytes.
enum SyncFingerprint {
    /// The meal's day, slot, title, note, recipe and servings, and what became of it (status,
    /// leftovers' source by its UID `leftoversOf`, the same on both sides, eaters): what a
    /// person sees change. Its place in the slot is left out: another meal's removal moves it
    /// and nothing changed. What became of a meal is hashed only when it is not as planned, so
    /// a plan synced before meals had it keeps its fingerprints.
    static func of(_ meal: Meal, leftoversOf source: ItemUID? = nil) -> UInt64 {
        var hash = FNV1a()
        hash.add(String(meal.day.number))
        hash.add(meal.slot)
        hash.add(meal.title)
        hash.add(meal.note)
        hash.add(meal.recipe)
        hash.add(meal.servings.map(Meal.servingsText))
        if meal.status != .planned || source != nil || meal.eaters != nil {
            hash.add(meal.status.rawValue)
            hash.add(source?.text)
            hash.add(meal.eaters.map(Meal.servingsText))
        }
        return hash.value
    }

    /// The bytes of a file's text.
    static func of(text: String) -> UInt64 {
        of(bytes: text.utf8)
    }

    /// The hash of a file's bytes: of its text, when they are UTF-8.
    static func of(bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = FNV1a()
        hash.add(bytes: bytes)
        return hash.value
    }

    private struct FNV1a {
        private var hash = StableHash()
        var value: UInt64 { hash.value }

        mutating func add(bytes: some Sequence<UInt8>) {
            hash.add(bytes: bytes)
        }

        /// A field, then a separator no text holds; an absent field is another byte alone.
        mutating func add(_ field: String?) {
            if let field { add(bytes: field.utf8); add(bytes: [0xFF]) } else { add(bytes: [0xFE]) }
        }
    }
}
