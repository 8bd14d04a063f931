import MealPlanCore
import Recurrence
import TerminalKit

/// The prompt's own keys, beside the line editor's.
enum PromptCommand: Hashable, Sendable {
    case completeNext, completePrevious, previousField, newLine, pantry
    /// Opens the prompt's help (`PromptHelp`), before the prompt sees the key.
    case help

    static let keys = KeyTable<PromptCommand>([
        KeyBinding([.tab], .completeNext, "completes slot, title, template"),
        KeyBinding([.backTab], .completePrevious, "completes them backwards"),
        KeyBinding([.up], .previousField, "goes back to the previous field"),
        KeyBinding([.control("j")], .newLine, "starts a new line in the note"),
        KeyBinding([.control("p")], .pantry, "lists what the pantry can make"),
        KeyBinding([.character("?")], .help, "shows the prompt's help"),
    ])
}

/// The prompt line: keys edit its text; Enter checks it and either acts or shows why not,
/// keeping what was typed. What each key means is the open prompt's (`PlannerPrompt`).
extension PlannerState {
    /// The columns the prompt's input field gets on the bottom line.
    func fieldWidth(for prompt: Prompt) -> Int {
        max(1, size.width - PromptView.labelWidth(prompt, screenWidth: size.width))
    }

    /// Puts `prompt` back open with its cursor in view, after its text or its label changed.
    mutating func reopen(_ prompt: Prompt) {
        var prompt = prompt
        prompt.editor.scrollToCursor(width: fieldWidth(for: prompt))
        mode = .prompt(prompt)
    }

    /// Applies `key` to the open prompt. The prompt is taken out of `mode` while it is edited,
    /// so that its text is not copied on every key (every path puts a mode back).
    mutating func editPrompt(with key: Key) -> [Effect] {
        guard case .prompt(var prompt) = mode else { return [] }
        if let scroll = prompt.helpScroll {
            promptHelpKey(key, prompt: prompt, scroll: scroll)
            return []
        }
        if PromptHelp.opens(key, in: prompt) {
            prompt.helpScroll = 0
            mode = .prompt(prompt)
            return []
        }
        mode = .browsing
        let body = prompt.body
        if body.answers != nil { return body.answer(key, prompt: &prompt, state: &self) }
        if let effects = body.intercept(key, prompt: &prompt, state: &self) { return effects }
        if prompt.isSuggestion, case .character = key { prompt.editor.setText("") }
        switch prompt.editor.handle(key) {
        case .cancelled:
            return body.cancel(&prompt, state: &self)
        case .accepted:
            return submit(prompt)
        case .edited:
            prompt.textChanged()
            reopen(prompt)
            return []
        case .ignored:
            // Tab and Shift-Tab complete, ↑ goes back a field, Ctrl-J breaks a note's line,
            // where the prompt has them.
            let effects = PromptCommand.keys.command(for: key).map { body.run($0, prompt: &prompt, state: &self) } ?? []
            reopen(prompt)
            return effects
        }
    }

    /// Inserts pasted text at the cursor as one edit (replacing a proposal, as typing does);
    /// line breaks stay only where the field takes them. A question answered by a key takes no
    /// paste: it says so.
    mutating func pasteIntoPrompt(_ text: String) {
        guard case .prompt(var prompt) = mode else { return }
        mode = .browsing
        // A paste goes to the prompt under its help, which closes.
        prompt.helpScroll = nil
        if let answers = prompt.body.answers {
            prompt.error = Self.notAnAnswer("A paste", answers)
            mode = .prompt(prompt)
            return
        }
        if prompt.isSuggestion { prompt.editor.setText("") }
        prompt.editor.insert(LineEditor.pastable(text, keepingLineBreaks: prompt.body.takesLineBreaks))
        prompt.textChanged()
        reopen(prompt)
    }

    /// Why `input` (a key's name, "A paste") answers no question of `answers`.
    static func notAnAnswer(_ input: String, _ answers: [String]) -> String {
        "\(input) is not an answer: \(answers.joined(separator: ", ")), \(LineEditor.keys[.cancel].hint)"
    }

    /// Enter: the prompt acts on its text, or the reason it refused shows above it, the text
    /// kept.
    private mutating func submit(_ prompt: Prompt) -> [Effect] {
        var prompt = prompt
        let body = prompt.body
        do {
            return try body.submit(prompt.editor.text, prompt: &prompt, state: &self)
        } catch let error as DateInputError where error.isUnknownForm {
            prompt.error = Self.unknownDateForm
        } catch let error as RepeatRuleError {
            // In the prompt's words: the cook typed into a field, not an option.
            prompt.error = error.promptMessage
        } catch {
            prompt.error = "\(error)"
        }
        reopen(prompt)
        return []
    }

    /// The refusal of a date in no known form: the forms would not fit on the line, so it
    /// points at the help, which lists them.
    static let unknownDateForm = "Not a date: Esc, ? lists the forms"
}
