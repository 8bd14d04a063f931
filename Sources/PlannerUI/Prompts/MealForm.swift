import MealPlanCore
import TerminalKit
import TextHelpers

/// A meal being added or edited: the fields entered so far and the one being typed.
public struct MealForm: PlannerPrompt, Hashable {
    /// The fields in order; `servings` is asked only while a recipe is linked.
    public enum Step: Int, Hashable, Sendable, CaseIterable {
        case slot, title, servings, note
    }

    /// The meal being edited; `nil` when adding.
    public let original: Meal?
    public let day: Day
    public internal(set) var slot: String
    public internal(set) var title: String
    public internal(set) var note: String
    public internal(set) var step: Step
    /// The recipe the meal links to (the edited meal's, or one chosen with Tab in the title),
    /// and its servings.
    public internal(set) var recipe: String?
    public internal(set) var servings: Double?
    /// The recipes folder's names for Tab in the title, asked for (`Effect.listRecipes`) at
    /// its first Tab; `nil` until then.
    var recipeNames: RecipeNames? = nil
    /// The titles planned before, for Tab in the title (`Effect.listTitles`), asked for with
    /// the recipe names; `nil` until then.
    var pastTitles: [String]? = nil

    /// The text of `step`'s field.
    func field(_ step: Step) -> String {
        switch step {
        case .slot: slot
        case .title: title
        case .servings: servings.map(Meal.servingsText) ?? ""
        case .note: note
        }
    }

    /// Keeps the text of `step`'s field; servings only when they read as servings (Enter
    /// says why they do not).
    mutating func setField(_ step: Step, _ text: String) {
        switch step {
        case .slot: slot = text
        case .title: title = text
        case .servings: if let typed = try? Meal.servings(parsing: text) { servings = typed }
        case .note: note = text
        }
    }

    /// The field after `step`: servings come after the title only with a recipe.
    func step(after step: Step) -> Step? {
        guard let next = Step(rawValue: step.rawValue + 1) else { return nil }
        return next == .servings && recipe == nil ? .note : next
    }

    /// The field before `step`, likewise.
    func step(before step: Step) -> Step? {
        guard let previous = Step(rawValue: step.rawValue - 1) else { return nil }
        return previous == .servings && recipe == nil ? .title : previous
    }

    var kind: Prompt.Kind { .meal(self) }
    /// A title or a note may hold a `?`.
    var typesQuestionMark: Bool { step == .title || step == .note }

    var label: String {
        switch step {
        case .slot: "Slot: "
        case .title: "Title: "
        case .servings: "Servings: "
        case .note: "Note: "
        }
    }

    func hint(_ prompt: Prompt, state: PlannerState) -> [PromptView.HintPart] {
        let subject = original.map { "Editing \(quoted($0.title))" } ?? "New meal on \(longDate(day))"
        switch step {
        case .slot:
            let names = state.slots.map(\.name).joined(separator: ", ")
            return [.asked(subject), .asked("\(PromptCommand.keys.keyNames(for: .completeNext)): \(names)"), .enter("next"), .cancel]
        case .title:
            // While Tab cycles: whether the suggestion is a recipe (Enter links it) or a past title.
            let suggestion: PromptView.HintPart? = prompt.completionBase == nil ? nil
                : .asked(prompt.suggestsRecipe ? "\(DayBlock.recipeMark) recipe" : "past title, no recipe")
            let linked = suggestion ?? recipe.map { .asked("\(DayBlock.recipeMark) \($0)") }
            return [.asked("\(subject), \(slot)")] + (linked.map { [$0] } ?? [])
                + [.enter("next"), .back(to: "slot"), .key(.completeNext, "past titles, recipes"), .key(.pantry, "can make"), .cancel]
        case .note:
            // Esc cancels here too, as in every field: Enter on an empty note saves without one.
            return [.asked(subject), .asked("note, optional"), .enter("saves"), .key(.newLine, "new line", rank: 1),
                    .back(to: recipe == nil ? "title" : "servings"), .cancel]
        case .servings:
            let linked = recipe.map { "\(DayBlock.recipeMark) \($0)" } ?? ""
            return [.asked("Servings of \(linked): a number, nothing: as written"), .enter("next"), .back(to: "title"), .cancel]
        }
    }

    /// Enter on a field: it is checked and the prompt moves on to the next one; on the note,
    /// the meal is saved (the prompt stays open, as typed, until the store answers).
    func submit(_ text: String, prompt: inout Prompt, state: inout PlannerState) throws -> [Effect] {
        var form = self
        form.setField(step, text)
        switch step {
        case .slot:
            form.slot = try state.slots.resolve(text).name
            form.step = .title
        case .title:
            if prompt.completionBase != nil, let name = recipeNames?.names.first(where: { $0 == text }) {
                // A recipe chosen with Tab: its title and servings come with it.
                prompt.body = form
                state.mode = .prompt(prompt)
                return [.chooseRecipe(name)]
            }
            form.title = try Meal.validTitle(text)
            form.step = form.step(after: .title)!
        case .servings:
            // Nothing: the recipe as written.
            form.servings = text.trimmingWhitespace().isEmpty ? nil : try Meal.servings(parsing: text)
            form.step = .note
        case .note:
            prompt.body = form
            state.mode = .prompt(prompt)
            return state.saveForm(form)
        }
        state.reopen(Prompt(form, text: form.field(form.step)))
        return []
    }

    /// Tab and Shift-Tab complete slot names, and recipe names and past titles in a title; ↑
    /// goes back to the previous field; Ctrl-J breaks a note's line; Ctrl-P in a title asks
    /// what the pantry can make (the list opens when the ranking arrives, `pantryRanked`).
    func run(_ command: PromptCommand, prompt: inout Prompt, state: inout PlannerState) -> [Effect] {
        switch command {
        case .completeNext, .completePrevious:
            switch step {
            case .slot: state.completeSlot(in: &prompt, forward: command == .completeNext)
            case .title: return state.completeTitle(of: self, in: &prompt, forward: command == .completeNext)
            case .servings, .note: break
            }
        case .previousField:
            guard let previous = step(before: step) else { return [] }
            var form = self
            form.setField(step, prompt.editor.text)
            form.step = previous
            prompt = Prompt(form, text: form.field(previous))
        case .newLine:
            guard step == .note else { return [] }
            _ = prompt.editor.handle(.character("\n"))
        case .pantry:
            guard step == .title else {
                prompt.error = "\(PromptCommand.keys.keyNames(for: .pantry)) works in the title: it lists what the pantry can make"
                return []
            }
            return [.rankPantry]
        case .help:
            // `PromptHelp` answers it before the prompt sees the key.
            break
        }
        return []
    }

    /// The form linked to the recipe `name`, with `servings`, titled `title`: a recipe chosen
    /// with Tab or from the pantry's list.
    func linking(_ name: String, title: String, servings: Double?) -> MealForm {
        var form = self
        form.recipe = name
        form.servings = servings
        form.title = title
        return form
    }

    /// The note is the one field that keeps line breaks.
    var takesLineBreaks: Bool { step == .note }

    /// The rest of the first slot name that starts with the typed text, shown dim after it so
    /// that Tab's completion can be seen before it is asked for.
    func completion(_ prompt: Prompt, state: PlannerState) -> String? {
        guard step == .slot, !prompt.isSuggestion else { return nil }
        let text = prompt.editor.text
        guard !text.isEmpty, prompt.editor.cursor == text.endIndex,
              let name = state.slotNames(startingWith: text).first, name.count > text.count else { return nil }
        return String(name.dropFirst(text.count))
    }
}

extension PlannerState {
    /// Saves a completed meal form: a new meal, or the changes to the one being edited.
    fileprivate mutating func saveForm(_ form: MealForm) -> [Effect] {
        let note = Meal.validNote(form.note)
        guard let original = form.original else {
            let meal = Meal(day: form.day, slot: form.slot, title: form.title, note: note, recipe: form.recipe,
                            servings: form.servings)
            return save([.add(meal)],
                        origin: .change(done: "Added \(quoted(meal.title)) to \(longDate(meal.day)); u undoes"))
        }
        var edited = original
        edited.slot = form.slot
        edited.title = form.title
        edited.note = note
        edited.recipe = form.recipe
        edited.servings = form.servings
        guard edited != original else {
            mode = .browsing
            message = StatusMessage("No changes")
            return []
        }
        if original.id == nil, original.occurrence != nil {
            return ask(.edit(from: original, to: edited))
        }
        return save([.update(from: original, to: edited, restoresPosition: false)],
                    origin: .change(done: "Saved \(quoted(edited.title)); u undoes"))
    }
}
