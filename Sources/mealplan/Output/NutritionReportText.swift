import MealPlanCore
import Nutrition
import TerminalKit

/// `mealplan nutrition` as text: each day's figures per person with what is known of them,
/// each meal's per serving beneath, then the average. Titles, names and messages come from
/// the plan and the recipes: they are made visible, never sent to the terminal raw.
enum NutritionReportText {
    static func text(_ report: NutritionReport, energy: NutritionText.Energy) -> String {
        var lines = ["Per person, one serving of each meal, \(describe(report.range)) (USDA SR21)"]
        let slotWidth = report.days.flatMap(\.meals).map { $0.meal.slot.terminalWidth }.max() ?? 0
        for day in report.days {
            lines.append("")
            guard !day.meals.isEmpty else {
                lines.append("\(day.day.label): nothing planned")
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
                switch meal.outcome {
                case .serving(let figures, let notes):
                    lines.append(lead + title + ", a serving: " + NutritionText.figures(figures.nutrients, energy: energy))
                    lines.append(indent + NutritionText.coverage(figures))
                    lines += notes.map { indent + "note: " + $0 }
                case .skipped:
                    lines.append(lead + title + ": skipped, counts nothing")
                case .noRecipe:
                    lines.append(lead + title + ": no recipe, not known")
                case .notKnown(let why):
                    lines.append(lead + title + ": not known: " + why.terminalVisible)
                }
            }
        }
        lines.append("")
        if let average = report.averagePerDay {
            let days = report.daysWithFigures == 1 ? "the 1 day" : "the \(report.daysWithFigures) days"
            lines.append("Average per day, over \(days) with figures: " + NutritionText.figures(average.nutrients, energy: energy))
            lines.append("  " + NutritionText.coverage(average))
        } else {
            lines.append("No day has figures: no meal of these days has a recipe that could be used.")
        }
        return lines.map(\.terminalVisible).joined(separator: "\n")
    }

    /// "Mon 2026-03-02 … Sun 2026-03-08", or one day.
    private static func describe(_ range: DayRange) -> String {
        range.first == range.last ? range.first.label : "\(range.first.label) … \(range.last.label)"
    }
}
