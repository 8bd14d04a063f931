import MealPlanCore
import Timeline

/// Search across the whole database: the selected day is searched in memory (it is loaded),
/// and the store is asked for the nearest match on the days beyond it.
extension PlannerState {
    mutating func findNext(_ direction: SearchDirection) -> [Effect] {
        guard let text = lastSearch else {
            message = StatusMessage("No search yet; / searches titles and notes", isError: true)
            return []
        }
        let selection = timeline.selection
        if let meals = timeline.content(of: selection.day) {
            let candidates: [Int]
            switch direction {
            case .forward: candidates = meals.indices.filter { $0 > selection.item ?? -1 }
            case .backward: candidates = meals.indices.filter { $0 < selection.item ?? 0 }.reversed()
            }
            let query = MealQuery(text)
            if let item = candidates.first(where: { meals[$0].matches(query) }) {
                timeline.select(Selection(day: selection.day, item: item))
                message = StatusMessage("/\(text)")
                return []
            }
        }
        return [.findMatch(SearchRequest(text: text, direction: direction, from: selection.day, today: today))]
    }

    /// Shows the store's answer; with no match, says where repeats stopped being searched when
    /// a matching one goes on past the horizon (`repeatsShownThrough`).
    mutating func found(_ meal: Meal?, for request: SearchRequest, repeatsShownThrough horizon: Day?) -> [Effect] {
        guard request.text == lastSearch else { return [] }
        guard let meal else {
            let side = request.direction == .forward ? "after" : "before"
            // Where repeats stopped being searched matters more than the text, which was just
            // typed: with it the line still fits 80 columns.
            message = StatusMessage(
                horizon.map { "No match \(side) \(longDate(request.from)) (repeats to \(longDate($0)))" }
                    ?? "No match for '\(request.text)' \(side) \(longDate(request.from))",
                isError: true)
            return []
        }
        message = StatusMessage("/\(request.text)")
        return reveal(meal, showingDay: true)
    }
}
