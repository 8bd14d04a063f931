import MealPlanCore
import TerminalKit

/// Templates in the planner: `v` marks days from the selected one (moving the selection
/// extends the marking), `T` keeps the marked days as a named template
/// (`SaveTemplatePrompt`, `TemplateReplacement`), and `A` lays one down from the selected day
/// (`ApplyTemplatePrompt`) as one change, which `u` undoes. The store keeps and reads the
/// templates (see `Effect`); its answers arrive here.
extension PlannerState {
    /// `v`: starts marking days at the selected one, or ends the marking.
    mutating func toggleMarking() {
        markedFrom = markedFrom == nil ? timeline.selection.day : nil
    }

    // MARK: - The store's answers

    /// The template names arrived: a Tab that waited for them completes now.
    mutating func templateNamesLoaded(_ names: [String]) -> [Effect] {
        guard case .prompt(var prompt) = mode, case .applyTemplate(var applying) = prompt.kind else { return [] }
        applying.names = names
        prompt.body = applying
        guard let forward = prompt.pendingNamesTab else {
            mode = .prompt(prompt)
            return []
        }
        prompt.pendingNamesTab = nil
        let effects = completeTemplate(names, in: &prompt, forward: forward)
        reopen(prompt)
        return effects
    }

    /// The marked days are kept: the marking ends.
    mutating func templateSaved(_ template: MealTemplate) {
        var verb = "Saved"
        if case .prompt(let prompt) = mode {
            // The prompt that asked closes; any other was opened meanwhile and stays.
            if case .saveTemplate = prompt.kind { mode = .browsing }
            if case .replaceTemplate = prompt.kind {
                mode = .browsing
                verb = "Replaced"
            }
        }
        markedFrom = nil
        message = StatusMessage("\(verb) template \(quoted(template.name)) (\(countedDays(template.days)), \(countedMeals(template.meals.count)))")
    }

    /// The template's meals, on their days: laid down by the store as `template apply` lays
    /// them (each copy's leftovers linked to that copy's cook) and stored as one change, so
    /// that `u` takes them all away again. The save carries the template as read here, so
    /// that the store lays down what these meals were counted from, or refuses when another
    /// program changed it meanwhile (said above the prompt, which stays: Enter reads it again).
    /// Ignored when the prompt was left meanwhile.
    mutating func templatePlaced(_ placement: TemplatePlacement, template: MealTemplate, meals: [Meal]) -> [Effect] {
        let name = template.name
        guard case .prompt(let prompt) = mode, case .applyTemplate(let applying) = prompt.kind, applying.start == placement.start
        else { return [] }
        guard !meals.isEmpty else {
            mode = .browsing
            message = StatusMessage("Template \(quoted(name)) has no meals to add")
            return []
        }
        return save(.template(placement, asRead: template),
                    origin: .change(done: "Added \(countedMeals(meals.count)) from \(quoted(name)); u undoes",
                                    working: "applying \(quoted(name))", unit: "meals"),
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
