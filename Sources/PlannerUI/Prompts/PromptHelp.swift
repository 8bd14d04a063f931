import MealPlanCore
import TerminalKit

/// `?` in a prompt: that prompt's help in a box over the days, its two lines left in view,
/// what was typed kept. It says what the prompt asks (every part of its hint, which the hint
/// line may have had to leave out), the keys that edit the line, and in a prompt that takes a
/// date the date forms, from the grammar's own table. ↑ ↓ and the page keys scroll it; any
/// other key, Esc too, closes it and leaves the prompt as it was.
enum PromptHelp {
    /// The prompt's two lines stay below the box.
    static let below = 2
    static let keysHeading = "Keys"
    static let datesHeading = "Dates"
    static let footer = "j k scroll · any other key: back to the prompt"

    /// Whether `key` opens the help of the open prompt: `?`, unless the field takes one as
    /// text (a title, a note, a name, a search) and already holds some.
    static func opens(_ key: Key, in prompt: Prompt) -> Bool {
        PromptCommand.keys.command(for: key) == .help && (!prompt.body.typesQuestionMark || prompt.editor.text.isEmpty)
    }

    static func title(_ prompt: Prompt) -> String {
        let label = prompt.body.label.trimmingWhitespace()
        return " \(label.hasSuffix(":") ? String(label.dropLast()) : label) "
    }

    static func entries(_ prompt: Prompt, state: PlannerState) -> [HelpView.Row] {
        var rows = prompt.body.hint(prompt, state: state).map { HelpView.Row(text: $0.text, role: .note) }
        if prompt.body.answers == nil {
            rows.append(HelpView.Row(role: .note))
            rows.append(HelpView.Row(text: keysHeading, role: .heading))
            rows += LineEditor.keys.bindings.map {
                HelpView.Row(keys: $0.shownKeys.map(\.helpName).joined(separator: " "),
                             text: $0.command == .cancel ? "cancels the whole prompt, nothing saved" : $0.help, role: .binding)
            }
        }
        if let dates = prompt.body.dateField {
            rows.append(HelpView.Row(role: .note))
            rows.append(HelpView.Row(text: datesHeading, role: .heading))
            rows += DateInput.forms(weekStart: state.weekStart).map {
                HelpView.Row(text: $0.meaning.isEmpty ? $0.example : "\($0.example): \($0.meaning)", role: .note)
            }
            if dates == .fromMealsDay { rows.append(HelpView.Row(text: "+3, +2w, +1m, +1y, fri count from the meal's day", role: .note)) }
        }
        rows.append(HelpView.Row(role: .note))
        rows.append(HelpView.Row(text: footer, role: .note))
        return rows
    }

    static func draw(_ prompt: Prompt, scroll: Int, state: PlannerState, theme: Theme, into buffer: inout Buffer) {
        HelpView.draw(title: title(prompt), entries: entries(prompt, state: state), scroll: scroll, below: below,
                      theme: theme, into: &buffer)
    }
}

extension PlannerState {
    /// A key while the prompt's help is open: it scrolls the help or closes it.
    mutating func promptHelpKey(_ key: Key, prompt: Prompt, scroll: Int) {
        var prompt = prompt
        if let change = HelpView.scrollChange(for: key, page: max(1, size.height - 4)) {
            let entries = PromptHelp.entries(prompt, state: self)
            prompt.helpScroll = HelpView.clampedScroll(scroll + change, entries: entries, size: size, below: PromptHelp.below)
        } else {
            prompt.helpScroll = nil
        }
        mode = .prompt(prompt)
    }
}
