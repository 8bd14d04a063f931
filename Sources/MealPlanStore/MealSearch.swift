import GRDB
import MealPlanCore

/// `MealQuery` as the SQLite function `mealplan_matches(title, note, text)`, so that searches run
/// inside the index scan with the same rules the planner applies in memory.
enum MealSearch {
    static let function = DatabaseFunction("mealplan_matches", argumentCount: 3, pure: true) { values in
        guard let title = String.fromDatabaseValue(values[0]), let text = String.fromDatabaseValue(values[2]) else {
            return false
        }
        return MealQuery(text).matches(title: title, note: String.fromDatabaseValue(values[1]))
    }
}
