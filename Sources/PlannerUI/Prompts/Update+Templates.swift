import MealPlanCore
import TerminalKit
import TextHelpers

/// Templates in the planner: `v` marks days from the selected one (moving the selection
/// extends the marking), `T` keeps the marked days as a named template, and `A` lays one down
/// from the selected day as one change, which `u` undoes. The store keeps and reads the
/// templates (see `Effect`); these only ask and show.
extension PlannerState {
    /// `v`: starts marking days at the selected one, or ends the marking.
    mutating func toggleMarking() {
        markedFrom = markedFrom == nil ? timeline.selection.day : nil
    }

    /// `T`: asks the name to keep the marked days under.
    mutating func startSavingTemplate() {
        guard let days = markedDays else {
            message = StatusMessage("No days marked; \(keyMap.keyNames(for: .markDays)) marks them from the selected day",
                                    isError: true)
            return
        }
        mode = .prompt(Prompt(.saveTemplate(days)))
    }

    /// `A`: asks which template to lay down from the selected day (a marking ends: the
    /// template goes where the selection is).
    mutating func startApplyingTemplate() {
        markedFrom = nil
        templateNames = nil
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

    /// The next (or previous) template name starting with what was typed before the first
    /// Tab; the names are asked for first when not yet known.
    mutating func completeTemplate(in prompt: inout Prompt, forward: Bool) -> [Effect] {
        guard let names = templateNames else {
            prompt.pendingNamesTab = forward
            return [.listTemplates]
        }
        let base = prompt.completionBase ?? prompt.editor.text
        let matching = names.filter { $0.lowercased().hasPrefix(base.lowercased()) }
        guard !matching.isEmpty else {
            prompt.error = names.isEmpty
                ? "No templates yet: \(keyMap.keyNames(for: .markDays)) marks days, \(keyMap.keyNames(for: .saveTemplate)) saves them"
                : "No template starts with '\(base)'"
            return []
        }
        cycle(through: matching, from: base, in: &prompt, forward: forward)
        return []
    }

    // MARK: - The store's answers

    /// The template names arrived: a Tab that waited for them completes now.
    mutating func templateNamesLoaded(_ names: [String]) -> [Effect] {
        templateNames = names
        guard case .prompt(var prompt) = mode, case .applyTemplate = prompt.kind,
              let forward = prompt.pendingNamesTab else { return [] }
        prompt.pendingNamesTab = nil
        let effects = completeTemplate(in: &prompt, forward: forward)
        prompt.editor.scrollToCursor(width: fieldWidth(for: prompt))
        mode = .prompt(prompt)
        return effects
    }

    /// The marked days are kept: the marking ends.
    mutating func templateSaved(_ template: MealTemplate) {
        var verb = "Saved"
        if case .prompt(let prompt) = mode {
            switch prompt.kind {
            case .saveTemplate: mode = .browsing
            case .replaceTemplate:
                mode = .browsing
                verb = "Replaced"
            default: break
            }
        }
        markedFrom = nil
        message = StatusMessage("\(verb) template \(quoted(template.name)) (\(countedDays(template.days)), \(countedMeals(template.meals.count)))")
    }

    /// The name typed is taken: asks whether the marked days replace that template. Ignored
    /// when the prompt was left meanwhile.
    mutating func askToReplace(_ existing: MealTemplateSummary, with name: String) {
        guard case .prompt(let prompt) = mode, case .saveTemplate(let days) = prompt.kind else { return }
        mode = .prompt(Prompt(.replaceTemplate(TemplateReplacement(name: name, existing: existing, days: days))))
    }

    /// A key while "replace template?" is open: `y` replaces it (the question stays until the
    /// store answers), `n` goes back to the name, Esc leaves the marked days unsaved.
    mutating func answerReplacement(_ replacement: TemplateReplacement, key: Key, prompt: inout Prompt) -> [Effect] {
        if LineEditor.keys.command(for: key) == .cancel {
            message = StatusMessage("Nothing saved")
            return []
        }
        switch ReplaceAnswer.keys.command(for: key) {
        case .replace?:
            prompt.error = nil
            mode = .prompt(prompt)
            return [.saveTemplate(name: replacement.name, days: replacement.days, replacing: true)]
        case .rename?:
            mode = .prompt(Prompt(.saveTemplate(replacement.days), text: replacement.name))
        case nil:
            prompt.error = Self.notAnAnswer(key.helpName, ReplaceAnswer.answers)
            mode = .prompt(prompt)
        }
        return []
    }

    /// The template's meals, on their days: stored as one change, so that `u` takes them all
    /// away again. Ignored when the prompt was left meanwhile.
    mutating func templatePlaced(_ placement: TemplatePlacement, name: String, meals: [Meal]) -> [Effect] {
        guard case .prompt(let prompt) = mode, prompt.kind == .applyTemplate(placement.start) else { return [] }
        guard !meals.isEmpty else {
            mode = .browsing
            message = StatusMessage("Template \(quoted(name)) has no meals to add")
            return []
        }
        return save(ChangeBatch(meals.map { .add($0) }),
                    origin: .change(done: "Added \(countedMeals(meals.count)) from \(quoted(name)); u undoes"),
                    showsDay: true)
    }

    /// A template effect was refused or failed: the reason shows above the prompt that asked
    /// for it, where the name can be typed again, or in the status line once it is closed.
    mutating func templateFailed(_ text: String) {
        guard case .prompt(var prompt) = mode else {
            message = StatusMessage(text, isError: true)
            return
        }
        prompt.pendingNamesTab = nil
        prompt.error = text
        mode = .prompt(prompt)
    }
}

/// "Replace template 'X'?": the marked days and the name typed, and the template of that name.
public struct TemplateReplacement: Hashable, Sendable {
    /// The name as typed, which the template takes.
    public let name: String
    public let existing: MealTemplateSummary
    public let days: DayRange
}

/// The answers to "replace template 'X'?", with their keys.
enum ReplaceAnswer: Hashable, Sendable {
    case replace, rename

    static let keys = KeyTable<ReplaceAnswer>([
        KeyBinding([.character("y")], .replace, "replaces it"),
        KeyBinding([.character("n")], .rename, "types another name"),
    ])

    /// "y replaces it", "n types another name".
    static var answers: [String] { keys.hints }
    /// The answers where the line is short of room.
    static var shortAnswers: [String] { keys.hints(saying: ["replaces", "renames"]) }
}
