import GRDB

/// Case-insensitive substring search over a meal's title and note.
///
/// It runs inside SQLite as the function `mealplan_matches(title, note, text)` so that "the next
/// meal matching X" can stop at the first hit of an index scan instead of loading every meal.
/// SQLite's own `LIKE` only folds ASCII letters; this folds all of Unicode ("CRÈME" finds
/// "crème").
enum MealSearch {
    static func matches(title: String, note: String?, text: String) -> Bool {
        let wanted = text.lowercased()
        if wanted.isEmpty { return true }
        if title.lowercased().contains(wanted) { return true }
        return note?.lowercased().contains(wanted) ?? false
    }

    static let function = DatabaseFunction("mealplan_matches", argumentCount: 3, pure: true) { values in
        guard let title = String.fromDatabaseValue(values[0]), let text = String.fromDatabaseValue(values[2]) else {
            return false
        }
        return matches(title: title, note: String.fromDatabaseValue(values[1]), text: text)
    }
}
