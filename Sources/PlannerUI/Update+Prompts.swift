import MealPlanCore
import TerminalKit
import Timeline

/// The prompt's own keys, beside the line editor's.
enum PromptCommand: Hashable, Sendable {
    case completeNext, completePrevious, previousField

    static let keys = KeyTable<PromptCommand>([
        KeyBinding([.tab], .completeNext, "completes the slot"),
        KeyBinding([.backTab], .completePrevious, "completes the slot backwards"),
        KeyBinding([.up], .previousField, "goes back to the previous field"),
    ])
}

/// The prompt line: keys edit its text; Enter checks it and either acts or shows why not,
/// keeping what was typed.
extension PlannerState {
    /// The columns the prompt's input field gets on the bottom line.
    func fieldWidth(for prompt: Prompt) -> Int {
        max(1, size.width - PromptView.labelWidth(prompt, screenWidth: size.width))
    }

    mutating func edit(_ prompt: Prompt, with key: Key) -> [Effect] {
        var prompt = prompt
        if prompt.isSuggestion, case .character = key { prompt.editor.setText("") }
        switch prompt.editor.handle(key) {
        case .cancelled:
            mode = .browsing
            return []
        case .accepted:
            return submit(prompt)
        case .edited:
            prompt.error = nil
            prompt.isSuggestion = false
            prompt.completionBase = nil
        case .ignored:
            otherKey(key, in: &prompt)
        }
        prompt.editor.scrollToCursor(width: fieldWidth(for: prompt))
        mode = .prompt(prompt)
        return []
    }

    /// Tab and Shift-Tab complete slot names; ↑ goes back to the previous field of a meal.
    private func otherKey(_ key: Key, in prompt: inout Prompt) {
        guard case .meal(var form) = prompt.kind, let command = PromptCommand.keys.command(for: key) else { return }
        switch command {
        case .completeNext, .completePrevious:
            guard form.step == .slot else { return }
            completeSlot(in: &prompt, forward: command == .completeNext)
        case .previousField:
            guard let previous = MealForm.Step(rawValue: form.step.rawValue - 1) else { return }
            form.setField(form.step, prompt.editor.text)
            form.step = previous
            prompt = Prompt(.meal(form), text: form.field(previous))
        }
    }

    /// The next (or previous) slot name starting with what was typed before the first Tab.
    private func completeSlot(in prompt: inout Prompt, forward: Bool) {
        let base = prompt.completionBase ?? (prompt.isSuggestion ? "" : prompt.editor.text)
        let names = slotNames(startingWith: base)
        guard !names.isEmpty else {
            prompt.error = "No slot starts with '\(base)'; slots are \(slots.map(\.name).joined(separator: ", "))"
            return
        }
        let current = names.firstIndex { $0.lowercased() == prompt.editor.text.lowercased() }
        let next = current.map { (forward ? $0 + 1 : $0 - 1 + names.count) % names.count } ?? (forward ? 0 : names.count - 1)
        prompt.editor.setText(names[next])
        prompt.completionBase = base
        prompt.isSuggestion = false
        prompt.error = nil
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
                let day = text.trimmingWhitespace().isEmpty ? today : try DateInput.parse(text, today: today)
                mode = .browsing
                return jump(to: day)
            case .search:
                mode = .browsing
                let query = text.trimmingWhitespace()
                if !query.isEmpty { lastSearch = query }
                return findNext(.forward)
            case .moveMeal(let meal):
                let day = try DateInput.parse(text, today: today, offsetsFrom: meal.day)
                guard day != meal.day else {
                    mode = .browsing
                    message = StatusMessage("\(quoted(meal.title)) is already on \(longDate(day))")
                    return []
                }
                var moved = meal
                moved.day = day
                mode = .prompt(prompt)
                return save([.update(from: meal, to: moved, restoresPosition: false)],
                            origin: .change(done: "Moved \(quoted(meal.title)) to \(longDate(day)); u undoes"))
            case .meal(var form):
                form.setField(form.step, text)
                switch form.step {
                case .slot:
                    form.slot = try slots.resolve(text).name
                    form.step = .title
                case .title:
                    form.title = try Meal.validTitle(text)
                    form.step = .note
                case .note:
                    mode = .prompt(Prompt(.meal(form), text: text))
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
            let meal = Meal(day: form.day, slot: form.slot, title: form.title, note: note)
            return save([.add(meal)],
                        origin: .change(done: "Added \(quoted(meal.title)) to \(longDate(meal.day))"))
        }
        var edited = original
        edited.slot = form.slot
        edited.title = form.title
        edited.note = note
        guard edited != original else {
            mode = .browsing
            message = StatusMessage("No changes")
            return []
        }
        return save([.update(from: original, to: edited, restoresPosition: false)],
                    origin: .change(done: "Saved \(quoted(edited.title)); u undoes"))
    }
}
