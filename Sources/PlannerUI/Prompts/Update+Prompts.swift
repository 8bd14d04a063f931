import MealPlanCore
import TerminalKit
import TextHelpers
import Timeline

/// The prompt's own keys, beside the line editor's.
enum PromptCommand: Hashable, Sendable {
    case completeNext, completePrevious, previousField, newLine

    static let keys = KeyTable<PromptCommand>([
        KeyBinding([.tab], .completeNext, "completes slot, title, template"),
        KeyBinding([.backTab], .completePrevious, "completes them backwards"),
        KeyBinding([.up], .previousField, "goes back to the previous field"),
        KeyBinding([.control("j")], .newLine, "starts a new line in the note"),
    ])
}

/// The prompt line: keys edit its text; Enter checks it and either acts or shows why not,
/// keeping what was typed.
extension PlannerState {
    /// The columns the prompt's input field gets on the bottom line.
    func fieldWidth(for prompt: Prompt) -> Int {
        max(1, size.width - PromptView.labelWidth(prompt, screenWidth: size.width))
    }

    /// Applies `key` to the open prompt. The prompt is taken out of `mode` while it is edited,
    /// so that its text is not copied on every key (every path puts a mode back).
    mutating func editPrompt(with key: Key) -> [Effect] {
        guard case .prompt(var prompt) = mode else { return [] }
        mode = .browsing
        if case .repeatChoice(let choice) = prompt.kind {
            return answerRepeatChoice(choice, key: key, prompt: &prompt)
        }
        if case .replaceTemplate(let replacement) = prompt.kind {
            return answerReplacement(replacement, key: key, prompt: &prompt)
        }
        if prompt.isSuggestion, case .character = key { prompt.editor.setText("") }
        switch prompt.editor.handle(key) {
        case .cancelled:
            if case .meal(var form) = prompt.kind, form.step == .note, form.original == nil, prompt.error == nil {
                // The note is optional: Esc there leaves it out but keeps the meal being added;
                // once a save was refused, Esc gives up the meal as it does anywhere else.
                form.note = ""
                mode = .prompt(prompt)
                return saveForm(form)
            }
            mode = .browsing
            return []
        case .accepted:
            return submit(prompt)
        case .edited:
            prompt.textChanged()
        case .ignored:
            let effects = otherKey(key, in: &prompt)
            prompt.editor.scrollToCursor(width: fieldWidth(for: prompt))
            mode = .prompt(prompt)
            return effects
        }
        prompt.editor.scrollToCursor(width: fieldWidth(for: prompt))
        mode = .prompt(prompt)
        return []
    }

    /// Inserts pasted text at the cursor as one edit (replacing a proposal, as typing does);
    /// line breaks stay only in a note. A question answered by a key takes no paste: it says so.
    mutating func pasteIntoPrompt(_ text: String) {
        guard case .prompt(var prompt) = mode else { return }
        mode = .browsing
        if let answers = Self.answers(to: prompt.kind) {
            prompt.error = Self.notAnAnswer("A paste", answers)
            mode = .prompt(prompt)
            return
        }
        if prompt.isSuggestion { prompt.editor.setText("") }
        prompt.editor.insert(LineEditor.pastable(text, keepingLineBreaks: prompt.takesLineBreaks))
        prompt.textChanged()
        prompt.editor.scrollToCursor(width: fieldWidth(for: prompt))
        mode = .prompt(prompt)
    }

    /// The answers of a question answered by a key; nil for a prompt with a field to type in.
    static func answers(to kind: Prompt.Kind) -> [String]? {
        switch kind {
        case .repeatChoice: RepeatScope.answers
        case .replaceTemplate: ReplaceAnswer.answers
        default: nil
        }
    }

    /// Why `input` (a key's name, "A paste") answers no question of `answers`.
    static func notAnAnswer(_ input: String, _ answers: [String]) -> String {
        "\(input) is not an answer: \(answers.joined(separator: ", ")), \(LineEditor.keys[.cancel].hint)"
    }

    /// Tab and Shift-Tab complete slot names, and recipe names in a title; ↑ goes back to the
    /// previous field of a meal; Ctrl-J breaks a note's line.
    private mutating func otherKey(_ key: Key, in prompt: inout Prompt) -> [Effect] {
        guard let command = PromptCommand.keys.command(for: key) else { return [] }
        if case .applyTemplate = prompt.kind, command == .completeNext || command == .completePrevious {
            return completeTemplate(in: &prompt, forward: command == .completeNext)
        }
        if case .repeatMeal(var form) = prompt.kind, command == .previousField, let previous = form.previousStep {
            form[form.step] = prompt.editor.text
            form.step = previous
            prompt = Prompt(.repeatMeal(form), text: form[previous])
            return []
        }
        guard case .meal(var form) = prompt.kind else { return [] }
        switch command {
        case .completeNext, .completePrevious:
            switch form.step {
            case .slot: completeSlot(in: &prompt, forward: command == .completeNext)
            case .title: return completeTitle(in: &prompt, forward: command == .completeNext)
            case .servings, .note: break
            }
        case .previousField:
            guard let previous = form.step(before: form.step) else { return [] }
            form.setField(form.step, prompt.editor.text)
            form.step = previous
            prompt = Prompt(.meal(form), text: form.field(previous))
        case .newLine:
            guard form.step == .note else { return [] }
            _ = prompt.editor.handle(.character("\n"))
        }
        return []
    }

    /// The next (or previous) slot name starting with what was typed before the first Tab.
    private func completeSlot(in prompt: inout Prompt, forward: Bool) {
        let base = prompt.completionBase ?? (prompt.isSuggestion ? "" : prompt.editor.text)
        let names = slotNames(startingWith: base)
        guard !names.isEmpty else {
            prompt.error = "No slot starts with '\(base)'; slots are \(slots.map(\.name).joined(separator: ", "))"
            return
        }
        cycle(through: names, from: base, in: &prompt, forward: forward)
    }

    /// The next (or previous) of `names` after the one in the field, or the first (last).
    func cycle(through names: [String], from base: String, in prompt: inout Prompt, forward: Bool) {
        let current = names.firstIndex { $0.lowercased() == prompt.editor.text.lowercased() }
        let next = current.map { (forward ? $0 + 1 : $0 - 1 + names.count) % names.count } ?? (forward ? 0 : names.count - 1)
        prompt.editor.setText(names[next])
        prompt.completionBase = base
        prompt.isSuggestion = false
        prompt.error = nil
    }

    /// The next (or previous) recipe name, then title planned before, matching what was typed
    /// before the first Tab (recipes as `RecipeNames.matching` finds them, then the most often
    /// planned titles); a past title that is a matching recipe's name (any case) is left out, so
    /// the first Tab links the meal rather than planning one the shopping list never sees. Both
    /// lists are asked for first when not yet known.
    mutating func completeTitle(in prompt: inout Prompt, forward: Bool) -> [Effect] {
        let missing: [Effect] = (pastTitles == nil ? [.listTitles(around: today)] : []) + (recipeNames == nil ? [.listRecipes] : [])
        guard missing.isEmpty, let titles = pastTitles, let names = recipeNames else {
            prompt.pendingNamesTab = forward
            return missing
        }
        let base = prompt.completionBase ?? (prompt.isSuggestion ? "" : prompt.editor.text)
        let wanted = base.lowercased()
        let recipes = names.matching(base)
        // A title that names a recipe is that recipe (which starts with the same letters).
        let matching = recipes + titles.filter { title in
            let key = title.lowercased()
            return key.hasPrefix(wanted) && !names.contains(title: key)
        }
        guard !matching.isEmpty else {
            prompt.error = titles.isEmpty && names.names.isEmpty
                ? "No titles planned before and no recipes to complete" : "No title or recipe starts with '\(base)'"
            return []
        }
        cycle(through: matching, from: base, in: &prompt, forward: forward)
        prompt.suggestsRecipe = recipes.contains(prompt.editor.text)
        return []
    }

    /// The slot names that start with `prefix`, ignoring case, in slot order.
    func slotNames(startingWith prefix: String) -> [String] {
        let wanted = prefix.lowercased()
        return slots.map(\.name).filter { $0.lowercased().hasPrefix(wanted) }
    }

    // MARK: - Enter

    private mutating func submit(_ prompt: Prompt) -> [Effect] {
        var prompt = prompt
        let text = prompt.editor.text
        do {
            switch prompt.kind {
            case .goToDate:
                let day = text.trimmingWhitespace().isEmpty ? today : try DateInput.parse(text, today: today, weekStart: weekStart)
                mode = .browsing
                return jump(to: day)
            case .shoppingDays:
                mode = .browsing
                return [.showShoppingList(try Self.shoppingDays(text, today: today, weekStart: weekStart))]
            case .search:
                mode = .browsing
                // Enter alone searches again for the last text.
                let query = text.trimmingWhitespace()
                if !query.isEmpty {
                    _ = try MealQuery.checked(query)
                    lastSearch = query
                }
                return findNext(.forward)
            case .moveMeal(let meal):
                let day = try DateInput.parse(text, today: today, weekStart: weekStart, offsetsFrom: meal.day)
                guard day != meal.day else {
                    mode = .browsing
                    message = StatusMessage("\(quoted(meal.title)) is already on \(longDate(day))")
                    return []
                }
                var moved = meal
                moved.day = day
                mode = .prompt(prompt)
                if meal.id == nil, meal.occurrence != nil {
                    // An occurrence moves alone: it becomes a meal of its own on the new day.
                    return save([.skip(meal), .add(moved)],
                                origin: .change(done: "Moved \(quoted(meal.title)) (this one only) to \(longDate(day)); u undoes"))
                }
                return save([.update(from: meal, to: moved, restoresPosition: false)],
                            origin: .change(done: "Moved \(quoted(meal.title)) to \(longDate(day)); u undoes"))
            case .saveTemplate(let days):
                // The prompt stays open, as typed, until the store answers.
                let name = try MealTemplate.validNewName(text)
                mode = .prompt(prompt)
                return [.saveTemplate(name: name, days: days, replacing: false)]
            case .applyTemplate(let start):
                let placement = try Self.templatePlacement(text, start: start)
                mode = .prompt(prompt)
                return [.placeTemplate(placement)]
            case .repeatChoice, .replaceTemplate:
                // Their keys never reach the line editor (`answerRepeatChoice`, `answerReplacement`).
                return []
            case .repeatMeal(let form):
                if let effects = try submitRepeat(form, text: text, prompt: &prompt) {
                    // The prompt stays open, as typed, until the store answers.
                    mode = .prompt(prompt)
                    return effects
                }
            case .meal(var form):
                form.setField(form.step, text)
                switch form.step {
                case .slot:
                    form.slot = try slots.resolve(text).name
                    form.step = .title
                case .title:
                    if prompt.completionBase != nil, let name = recipeNames?.names.first(where: { $0 == text }) {
                        // A recipe chosen with Tab: its title and servings come with it.
                        prompt.kind = .meal(form)
                        mode = .prompt(prompt)
                        return [.chooseRecipe(name)]
                    }
                    form.title = try Meal.validTitle(text)
                    form.step = form.step(after: .title)!
                case .servings:
                    // Nothing: the recipe as written.
                    form.servings = text.trimmingWhitespace().isEmpty ? nil : try Meal.servings(parsing: text)
                    form.step = .note
                case .note:
                    // The prompt stays open, as typed, until the store answers.
                    prompt.kind = .meal(form)
                    mode = .prompt(prompt)
                    return saveForm(form)
                }
                prompt = Prompt(.meal(form), text: form.field(form.step))
            }
        } catch let error as DateInputError where error.isUnknownForm {
            prompt.error = Self.unknownDateForm
        } catch {
            prompt.error = "\(error)"
        }
        prompt.editor.scrollToCursor(width: fieldWidth(for: prompt))
        mode = .prompt(prompt)
        return []
    }

    /// The refusal of a date in no known form: the forms would not fit on the line, so it
    /// points at the help, which lists them.
    static let unknownDateForm = "Not a date: Esc, ? lists the forms"

    /// Saves a completed meal form: a new meal, or the changes to the one being edited.
    private mutating func saveForm(_ form: MealForm) -> [Effect] {
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
