import MealPlanCore
import TerminalKit

extension Meal {
    /// One line naming the meal for messages such as "added meal 12 on …" ("a meal on …" for
    /// one not stored, as a dry run shows it); user text made visible, the note left out.
    var summary: String {
        "\(id.map { "meal \($0)" } ?? "a meal") on \(day.label), \(slot.terminalVisible): \(title.terminalVisible)"
    }
}

/// Prints `verb` and the summary of each meal, one line each (what the changing commands say).
func report(_ verb: String, _ meals: [Meal]) {
    for meal in meals {
        print("\(verb) \(meal.summary)")
    }
}
