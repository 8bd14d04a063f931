import MealPlanCore

/// `T`: the name to keep the marked days under as a template.
public struct SaveTemplatePrompt: PlannerPrompt, Hashable {
    /// The marked days.
    public let days: DayRange

    var kind: Prompt.Kind { .saveTemplate(self) }
    var label: String { "Save as: " }
    var typesQuestionMark: Bool { true }

    func hint(_ prompt: Prompt, state: PlannerState) -> [PromptView.HintPart] {
        [.asked("A template name for \(countedDays(days.count)) from \(longDate(days.first))"), .enter("saves"), .cancel]
    }

    /// The prompt stays open, as typed, until the store answers (a name taken asks whether to
    /// replace that template: `TemplateReplacement`).
    func submit(_ text: String, prompt: inout Prompt, state: inout PlannerState) throws -> [Effect] {
        let name = try MealTemplate.validNewName(text)
        state.mode = .prompt(prompt)
        return [.saveTemplate(name: name, days: days, replacing: false)]
    }
}

extension PlannerPrompt where Self == SaveTemplatePrompt {
    static func saveTemplate(_ days: DayRange) -> Self { SaveTemplatePrompt(days: days) }
}

extension PlannerState {
    /// `T`: asks the name to keep the marked days under.
    mutating func startSavingTemplate() {
        guard let days = markedDays else {
            message = StatusMessage("No days marked; \(keyMap.keyNames(for: .markDays)) marks them from the selected day",
                                    isError: true)
            return
        }
        mode = .prompt(Prompt(.saveTemplate(days)))
    }
}
