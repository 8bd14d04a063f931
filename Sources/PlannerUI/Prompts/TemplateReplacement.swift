import MealPlanCore

/// "Replace template 'X'?": the marked days and the name typed, and the template of that name.
/// `y` replaces it (the question stays until the store answers), `n` goes back to the name,
/// Esc leaves the marked days unsaved.
public struct TemplateReplacement: PlannerQuestion, Hashable {
    /// The name as typed, which the template takes.
    public let name: String
    public let existing: MealTemplateSummary
    public let days: DayRange

    var kind: Prompt.Kind { .replaceTemplate(self) }
    var label: String { "Replace? " }
    static var keys: KeyTable<ReplaceAnswer> { ReplaceAnswer.keys }
    static var shortAnswers: [String] { ["replaces", "renames"] }
    static var nothingDone: String { "Nothing saved" }
    var question: String { "Replace template \(quoted(existing.name)) (\(countedMeals(existing.mealCount)))?" }

    func answer(_ answer: ReplaceAnswer, prompt: inout Prompt, state: inout PlannerState) -> [Effect] {
        switch answer {
        case .replace:
            prompt.error = nil
            state.mode = .prompt(prompt)
            return [.saveTemplate(name: name, days: days, replacing: true)]
        case .rename:
            state.mode = .prompt(Prompt(.saveTemplate(days), text: name))
            return []
        }
    }
}

/// The answers to "replace template 'X'?", with their keys.
enum ReplaceAnswer: Hashable, Sendable {
    case replace, rename

    static let keys = KeyTable<ReplaceAnswer>([
        KeyBinding([.character("y")], .replace, "replaces it"),
        KeyBinding([.character("n")], .rename, "types another name"),
    ])
}

extension PlannerState {
    /// The name typed is taken: asks whether the marked days replace that template. Ignored
    /// when the prompt was left meanwhile.
    mutating func askToReplace(_ existing: MealTemplateSummary, with name: String) {
        guard case .prompt(let prompt) = mode, case .saveTemplate(let naming) = prompt.kind else { return }
        mode = .prompt(Prompt(TemplateReplacement(name: name, existing: existing, days: naming.days)))
    }
}
