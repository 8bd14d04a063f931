import MealPlanCore
import TerminalKit

/// A report as text: each day's figures per person with what is known of them, each meal's per
/// serving beneath, then the average. One rule for `mealplan nutrition` and the planner's
/// nutrition page (which shows the title in its bar) and recipe page (a meal's serving).
/// Titles, names and messages come from the plan and the recipes: they are made visible, never
/// sent to the terminal raw.
public enum NutritionReportText {
    /// The report's lines, the title first when `titled`.
    public static func lines(_ report: NutritionReport, energy: NutritionText.Energy = .kcal, titled: Bool = true) -> [String] {
        var lines = titled ? [title(report.range), ""] : []
        let slotWidth = report.days.flatMap(\.meals).map { $0.meal.slot.terminalWidth }.max() ?? 0
        for day in report.days {
            guard !day.meals.isEmpty else {
                lines += ["\(day.day.label): nothing planned", ""]
                continue
            }
            if day.hasFigures {
                lines.append("\(day.day.label): " + NutritionText.figures(day.perPerson.nutrients, energy: energy))
                lines.append("  " + NutritionText.coverage(day.perPerson))
            } else {
                lines.append("\(day.day.label): no meal with figures")
            }
            for meal in day.meals {
                let lead = "  " + meal.meal.slot.terminalVisible.padded(toWidth: slotWidth) + "  "
                let indent = String(repeating: " ", count: lead.terminalWidth)
                let title = meal.meal.title + (meal.meal.isLeftovers ? " (leftovers)" : "")
                let serving = self.serving(meal, named: title, energy: energy)
                lines.append(lead + serving[0])
                lines += serving.dropFirst().map { indent + $0 }
            }
            lines.append("")
        }
        if let average = report.averagePerDay {
            let days = report.daysWithFigures == 1 ? "the 1 day" : "the \(report.daysWithFigures) days"
            lines.append("Average per day, over \(days) with figures: " + NutritionText.figures(average.nutrients, energy: energy))
            lines.append("  " + NutritionText.coverage(average))
        } else {
            lines.append("No day has figures: no meal of these days has a recipe that could be used.")
        }
        return lines.map(\.terminalVisible)
    }

    /// "Per person, one serving of each meal, Mon 2026-03-02 … Sun 2026-03-08 (USDA SR21)".
    public static func title(_ range: DayRange) -> String {
        "Per person, one serving of each meal, \(describe(range)) (USDA SR21)"
    }

    /// What a serving of `meal` is, under `name`: a first line ("Stew, a serving: kcal 520 …",
    /// "Stew: skipped, counts nothing"), then what is known of the figures and the notes, for
    /// the caller to indent beneath it.
    public static func serving(_ meal: NutritionReport.MealFigures, named name: String, energy: NutritionText.Energy = .kcal) -> [String] {
        switch meal.outcome {
        case .serving(let figures, let notes):
            return [name + ", a serving: " + NutritionText.figures(figures.nutrients, energy: energy), NutritionText.coverage(figures)]
                + notes.map { "note: " + $0 }
        case .skipped: return [name + ": skipped, counts nothing"]
        case .noRecipe: return [name + ": no recipe, not known"]
        case .notKnown(let why): return [name + ": not known: " + why.terminalVisible]
        }
    }

    /// "Mon 2026-03-02 … Sun 2026-03-08", or one day.
    private static func describe(_ range: DayRange) -> String {
        range.first == range.last ? range.first.label : "\(range.first.label) … \(range.last.label)"
    }
}
