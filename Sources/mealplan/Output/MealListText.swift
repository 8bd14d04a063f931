import MealPlanCore
import TerminalKit

/// The text of `mealplan list`: meals grouped under day headers, ids and slots in aligned
/// columns measured in terminal columns (a CJK slot name takes two per character), user text
/// made visible, the recipe (with "recipe missing" when `hasRecipe` does not find its file) and
/// each note line indented under its title. `everyDay` lists each of its days,
/// those without meals too; `ifEmpty` is the one line printed when there is nothing to list.
/// `dayLabel` heads each day; meals without ids (a template's) have no id column.
///
/// Given the `width` of a terminal, titles and notes wrap at spaces to fit it, each continuation
/// indented under the title, so a long line never breaks mid-word at the terminal's edge. Text
/// for a pipe or a file is never wrapped.
enum MealListText {
    /// Below this many columns for the text, wrapping would make a ribbon of words: the lines
    /// are left long instead.
    static let narrowestWrap = 12

    static func lines(
        meals: [Meal], everyDay: DayRange?, ifEmpty: String, width: Int? = nil, hasRecipe: (String) -> Bool = { _ in true },
        dayLabel: (Day) -> String = { "\($0.weekday.shortName) \($0.iso)" }
    ) -> [String] {
        guard everyDay != nil || !meals.isEmpty else { return [ifEmpty] }
        // A template's meals have no ids: no id column then.
        let idWidth = meals.contains { $0.id != nil || $0.occurrence != nil } ? meals.map(\.listedID.count).max() ?? 1 : nil
        let slotWidth = meals.map(\.slot.terminalWidth).max() ?? 0
        let noteIndent = String(repeating: " ", count: 2 + (idWidth.map { $0 + 2 } ?? 0) + slotWidth + 2)
        let textWidth = width.map { $0 - noteIndent.count }.flatMap { $0 >= narrowestWrap ? $0 : nil }
        /// `text` as lines of at most `textWidth` columns (one line each when not wrapping).
        func fitted(_ text: Substring) -> [String] {
            guard let textWidth else { return [String(text).terminalVisible] }
            return String(text).wrapped(toWidth: textWidth)
        }
        let byDay = Dictionary(grouping: meals, by: \.day)
        let days: [Day] = everyDay.map(Array.init) ?? byDay.keys.sorted()
        var lines: [String] = []
        for day in days {
            if !lines.isEmpty { lines.append("") }
            lines.append(dayLabel(day))
            guard let dayMeals = byDay[day] else {
                lines.append("  (nothing planned)")
                continue
            }
            for meal in dayMeals {
                let idColumn = idWidth.map { width in
                    let id = meal.listedID
                    return String(repeating: " ", count: width - id.count) + id + "  "
                } ?? ""
                let title = fitted(meal.title[...])
                lines.append("  \(idColumn)\(meal.slot.padded(toWidth: slotWidth))  \(title[0])")
                lines += title.dropFirst().map { noteIndent + $0 }
                if let recipe = meal.recipe {
                    lines += fitted(recipeLine(recipe, servings: meal.servings, missing: !hasRecipe(recipe))[...]).map { noteIndent + $0 }
                }
                for noteLine in meal.note?.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) ?? [] {
                    lines += fitted(noteLine).map { noteIndent + $0 }
                }
            }
        }
        return lines
    }

    /// "recipe: Lasagna, 6 servings", and "(recipe missing)" after it when its file is gone.
    static func recipeLine(_ recipe: String, servings: Double?, missing: Bool) -> String {
        "recipe: \(recipe)" + (servings.map { ", \(Meal.servingsText($0)) servings" } ?? "") + (missing ? " (recipe missing)" : "")
    }
}

extension Meal {
    /// The id `list` shows: the meal's, or `r` and the rule's for an occurrence of a repeat
    /// rule, which `mealplan repeat` takes.
    var listedID: String {
        if let id { return String(id) }
        return occurrence.map { "r\($0.rule)" } ?? "-"
    }
}
