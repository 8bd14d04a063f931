import MealPlanCore
import TerminalKit

/// The text of `mealplan list`: meals grouped under day headers, ids and slots in aligned
/// columns measured in terminal columns (a CJK slot name takes two per character), user text
/// made visible, each note line indented under its title. `everyDay` lists each of its days,
/// those without meals too; `ifEmpty` is the one line printed when there is nothing to list.
enum MealListText {
    static func lines(meals: [Meal], everyDay: DayRange?, ifEmpty: String) -> [String] {
        guard everyDay != nil || !meals.isEmpty else { return [ifEmpty] }
        let idWidth = meals.map { String($0.id ?? 0).count }.max() ?? 1
        let slotWidth = meals.map(\.slot.terminalWidth).max() ?? 0
        let noteIndent = String(repeating: " ", count: 2 + idWidth + 2 + slotWidth + 2)
        let byDay = Dictionary(grouping: meals, by: \.day)
        let days: [Day] = everyDay.map(Array.init) ?? byDay.keys.sorted()
        var lines: [String] = []
        for day in days {
            if !lines.isEmpty { lines.append("") }
            lines.append("\(day.weekday.shortName) \(day.iso)")
            guard let dayMeals = byDay[day] else {
                lines.append("  (nothing planned)")
                continue
            }
            for meal in dayMeals {
                let id = String(meal.id ?? 0)
                let paddedID = String(repeating: " ", count: idWidth - id.count) + id
                lines.append("  \(paddedID)  \(meal.slot.padded(toWidth: slotWidth))  \(meal.title.terminalVisible)")
                for noteLine in meal.note?.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) ?? [] {
                    lines.append(noteIndent + String(noteLine).terminalVisible)
                }
            }
        }
        return lines
    }
}
