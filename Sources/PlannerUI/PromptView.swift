import MealPlanCore
import TerminalKit

/// The prompt: the bottom line holds a label and the input field; the line above says what is
/// being asked and which keys work, or, after a refused Enter, why it was refused.
enum PromptView {
    static func label(_ prompt: Prompt) -> String {
        switch prompt.kind {
        case .goToDate: "Go to: "
        case .search: "Search: "
        case .moveMeal: "Move to: "
        case .meal(let form):
            switch form.step {
            case .slot: "Slot: "
            case .title: "Title: "
            case .note: "Note: "
            }
        }
    }

    /// The label's columns: all of it, but never more than half the screen.
    static func labelWidth(_ prompt: Prompt, screenWidth: Int) -> Int {
        min(label(prompt).terminalWidth, screenWidth / 2)
    }

    /// What is asked and which keys work.
    static func hint(_ prompt: Prompt, slots: [MealSlot]) -> String {
        switch prompt.kind {
        case .goToDate:
            return "A date: tomorrow, fri, +2w, 2027-03-15 · Enter goes · Esc cancels"
        case .search:
            return "Text in titles and notes · Enter finds the next match · Esc cancels"
        case .moveMeal(let meal):
            return "Moving \(quoted(meal.title)) · tomorrow, fri, +1w, 2027-03-15 · Enter moves · Esc cancels"
        case .meal(let form):
            let subject = form.original.map { "Editing \(quoted($0.title))" } ?? "New meal on \(longDate(form.day))"
            switch form.step {
            case .slot:
                let names = slots.map(\.name).joined(separator: ", ")
                return "\(subject) · Tab: \(names) · Enter next · Esc cancels"
            case .title:
                return "\(subject), \(form.slot) · Enter next · ↑ slot · Esc cancels"
            case .note:
                return "\(subject) · note, optional · Enter saves · ↑ title · Esc cancels"
            }
        }
    }

    /// The rest of the first slot name that starts with the typed text, shown dim after it so
    /// that Tab's completion can be seen before it is asked for.
    static func completion(_ prompt: Prompt, state: PlannerState) -> String? {
        guard case .meal(let form) = prompt.kind, form.step == .slot, !prompt.isSuggestion else { return nil }
        let text = prompt.editor.text
        guard !text.isEmpty, prompt.editor.cursor == text.count,
              let name = state.slotNames(startingWith: text).first, name.count > text.count else { return nil }
        return String(name.dropFirst(text.count))
    }

    /// Draws the prompt over the two bottom lines and returns where the cursor goes.
    static func draw(_ prompt: Prompt, state: PlannerState, theme: Theme, into buffer: inout Buffer) -> Position {
        let width = buffer.width
        let row = buffer.height - 1
        let above = Rect(x: 0, y: row - 1, width: width, height: 1)
        buffer.fill(above, style: .plain)
        if let error = prompt.error {
            buffer.write(error.truncated(toWidth: width), x: 0, y: above.y, style: theme.error)
        } else {
            buffer.write(hint(prompt, slots: state.slots).truncated(toWidth: width), x: 0, y: above.y, style: theme.hint)
        }
        buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: .plain)
        let labelWidth = labelWidth(prompt, screenWidth: width)
        buffer.write(label(prompt).truncated(toWidth: labelWidth), x: 0, y: row, style: theme.promptLabel)
        let field = Rect(x: labelWidth, y: row, width: width - labelWidth, height: 1)
        let (text, cursorColumn) = prompt.editor.visible(width: field.width)
        let end = buffer.write(text, x: field.x, y: row, style: prompt.isSuggestion ? theme.suggestion : .plain, clip: field)
        if let completion = completion(prompt, state: state) {
            buffer.write(completion, x: end, y: row, style: theme.completion, clip: field)
        }
        return Position(x: min(width - 1, field.x + cursorColumn), y: row)
    }
}
