import MealPlanCore
import TextHelpers

/// `/`: the text to find in titles and notes, which `n` and `N` find again.
public struct SearchPrompt: PlannerPrompt, Hashable {
    var kind: Prompt.Kind { .search(self) }
    var label: String { "Search: " }
    var typesQuestionMark: Bool { true }

    func hint(_ prompt: Prompt, state: PlannerState) -> [PromptView.HintPart] {
        [.asked("Text in titles and notes"), .enter("finds the next match"), .cancel]
    }

    /// Enter alone searches again for the last text.
    func submit(_ text: String, prompt: inout Prompt, state: inout PlannerState) throws -> [Effect] {
        let query = text.trimmingWhitespace()
        if !query.isEmpty {
            _ = try MealQuery.checked(query)
            state.lastSearch = query
        }
        return state.findNext(.forward)
    }
}

extension PlannerPrompt where Self == SearchPrompt {
    static var search: Self { SearchPrompt() }
}
