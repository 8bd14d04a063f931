import MealPlanCore
import TextHelpers

/// `S`: the days of a shopping list, as `mealplan shop` takes them.
public struct ShoppingDaysPrompt: PlannerPrompt, Hashable {
    var kind: Prompt.Kind { .shoppingDays(self) }
    var label: String { "Shop for: " }
    var dateField: DateField? { .fromToday }

    /// What Enter alone lists goes first: it depends on the week start.
    func hint(_ prompt: Prompt, state: PlannerState) -> [PromptView.HintPart] {
        let week = DayRange.shoppingWeek(today: state.today, weekStart: state.weekStart)
        return [.asked("Empty for the week from \(DayBlock.headerText(for: week.first)), or: fri, sat 14 (14 days), dec 1 to dec 24"),
                .enter("shows the list"), .cancel]
    }

    func submit(_ text: String, prompt: inout Prompt, state: inout PlannerState) throws -> [Effect] {
        [.showShoppingList(try Self.days(text, today: state.today, weekStart: state.weekStart))]
    }

    /// The days a shopping list is asked for: `DATE` (the week from it), `DATE to DATE`, or
    /// `DATE N` (N days from it); dates as `g` takes them. Empty: the household's next week,
    /// from the next week start (today when the week starts today).
    static func days(_ text: String, today: Day, weekStart: Weekday) throws -> DayRange {
        let text = text.trimmingWhitespace()
        let day = { (text: String) throws(DateInputError) in try DateInput.parse(text, today: today, weekStart: weekStart) }
        if let to = text.firstRange(of: " to ") {
            let first = try day(String(text[..<to.lowerBound]))
            let last = try day(String(text[to.upperBound...]))
            guard last >= first else {
                throw ShoppingDaysError(description: "The last day, \(last.iso), is before the first, \(first.iso)")
            }
            let days = DayRange(first, last)
            guard days.count <= DayRange.longestShoppingList else {
                throw ShoppingDaysError(description: "A list covers 1 to \(DayRange.longestShoppingList) days, not \(days.count)")
            }
            return days
        }
        if let space = text.lastIndex(of: " "), let count = Int(text[text.index(after: space)...]), !text[..<space].isEmpty {
            guard (1...DayRange.longestShoppingList).contains(count) else {
                throw ShoppingDaysError(description: "A list covers 1 to \(DayRange.longestShoppingList) days, not \(count)")
            }
            return DayRange(start: try day(String(text[..<space])), count: count)
        }
        if text.isEmpty { return .shoppingWeek(today: today, weekStart: weekStart) }
        return DayRange(start: try day(text), count: 7)
    }
}

extension PlannerPrompt where Self == ShoppingDaysPrompt {
    static var shoppingDays: Self { ShoppingDaysPrompt() }
}

/// Why the days typed for a shopping list make no range.
struct ShoppingDaysError: Error, CustomStringConvertible {
    let description: String
}
