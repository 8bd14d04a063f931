import MealPlanCore
import TextHelpers

/// `A`: the template to lay down from a day, and how many copies ("winter week x4").
public struct ApplyTemplatePrompt: PlannerPrompt, Hashable {
    /// The day the first copy starts on.
    public let start: Day
    /// The templates' names for Tab, asked for (`Effect.listTemplates`) at its first Tab; `nil`
    /// until then.
    var names: [String]? = nil

    var kind: Prompt.Kind { .applyTemplate(self) }
    var label: String { "Template: " }
    var typesQuestionMark: Bool { true }

    func hint(_ prompt: Prompt, state: PlannerState) -> [PromptView.HintPart] {
        [.asked("From \(longDate(start)): a template, x4 lays 4 copies"), .enter("adds its meals"),
         .key(.completeNext, "templates"), .cancel]
    }

    /// The prompt stays open, as typed, until the store answers with the meals to add.
    func submit(_ text: String, prompt: inout Prompt, state: inout PlannerState) throws -> [Effect] {
        let placement = try PlannerState.templatePlacement(text, start: start)
        state.mode = .prompt(prompt)
        return [.placeTemplate(placement)]
    }

    /// Tab and Shift-Tab complete template names.
    func run(_ command: PromptCommand, prompt: inout Prompt, state: inout PlannerState) -> [Effect] {
        switch command {
        case .completeNext, .completePrevious: state.completeTemplate(names, in: &prompt, forward: command == .completeNext)
        case .previousField, .newLine, .pantry, .help: []
        }
    }
}

extension PlannerPrompt where Self == ApplyTemplatePrompt {
    static func applyTemplate(_ start: Day) -> Self { ApplyTemplatePrompt(start: start) }
}

extension PlannerState {
    /// `A`: asks which template to lay down from the selected day (a marking ends: the
    /// template goes where the selection is).
    mutating func startApplyingTemplate() {
        markedFrom = nil
        mode = .prompt(Prompt(.applyTemplate(timeline.selection.day)))
    }

    /// "winter week x4": the template's name, and the copies laid one after another when the
    /// last word is `x` or `×` and a number (one copy without it).
    static func templatePlacement(_ text: String, start: Day) throws -> TemplatePlacement {
        let text = text.trimmingWhitespace()
        if let space = text.lastIndex(of: " ") {
            let last = text[text.index(after: space)...]
            if let times = MealTemplate.times(in: last) {
                let name = try MealTemplate.validName(String(text[..<space]))
                return TemplatePlacement(name: name, start: start, times: times)
            }
        }
        return TemplatePlacement(name: try MealTemplate.validName(text), start: start, times: 1)
    }
}
