import MealPlanCore
import TextHelpers

/// `g`: the date to jump to; Enter alone goes to today.
public struct GoToDatePrompt: PlannerPrompt, Hashable {
    var kind: Prompt.Kind { .goToDate(self) }
    var label: String { "Go to: " }
    var dateField: DateField? { .fromToday }

    func hint(_ prompt: Prompt, state: PlannerState) -> [PromptView.HintPart] {
        [.asked("A date: tomorrow, fri, +2w, 2027-03-15"), .enter("goes"), .cancel]
    }

    func submit(_ text: String, prompt: inout Prompt, state: inout PlannerState) throws -> [Effect] {
        let day = text.trimmingWhitespace().isEmpty
            ? state.today : try DateInput.parse(text, today: state.today, weekStart: state.weekStart)
        return state.jump(to: day)
    }
}

extension PlannerPrompt where Self == GoToDatePrompt {
    static var goToDate: Self { GoToDatePrompt() }
}
