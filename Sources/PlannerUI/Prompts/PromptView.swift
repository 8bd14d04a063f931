import TerminalKit

/// The prompt: the bottom line holds a label and the input field; the line above says what is
/// being asked and which keys work, or, after a refused Enter, why it was refused.
enum PromptView {
    /// The label's columns: all of it, but never more than half the screen.
    static func labelWidth(_ prompt: Prompt, screenWidth: Int) -> Int {
        min(prompt.body.label.terminalWidth, screenWidth / 2)
    }

    /// One part of a hint; `rank` says what goes first when the hint is too wide: the keys
    /// anyone guesses (0: Enter, ↑, Tab), then Esc (1), never what is asked (2).
    struct HintPart {
        var text: String
        let rank: Int
        /// A shorter way to say it, used before any part is left out.
        var short: String?

        /// What is asked.
        static func asked(_ text: String) -> HintPart { HintPart(text: text, rank: 2) }
        /// What Enter does: "Enter goes".
        static func enter(_ text: String) -> HintPart { HintPart(text: LineEditor.keys.keyNames(for: .accept) + " " + text, rank: 0) }
        /// What one of the prompt keys does: "Tab templates".
        static func key(_ command: PromptCommand, _ text: String, rank: Int = 0) -> HintPart {
            HintPart(text: PromptCommand.keys.keyNames(for: command) + " " + text, rank: rank)
        }
        /// The field ↑ goes back to: "↑ slot".
        static func back(to field: String) -> HintPart { key(.previousField, field) }
        /// "Esc cancels".
        static let cancel = HintPart(text: LineEditor.keys[.cancel].hint, rank: 1)
    }

    /// The parts joined with " · " in `width` columns. Until it fits: the keys anyone guesses
    /// (rank 0) are left out, then the parts with a shorter form take it, then what is asked
    /// (rank 1), the last of equals first; what still does not fit is cut with "…".
    static func fitted(_ parts: [HintPart], width: Int) -> String {
        var parts = parts
        func joined() -> String { parts.map(\.text).joined(separator: " · ") }
        func leaveOut(below rank: Int) -> Bool {
            guard let lowest = parts.indices.filter({ parts[$0].rank < rank })
                .min(by: { (parts[$0].rank, -$0) < (parts[$1].rank, -$1) }) else { return false }
            parts.remove(at: lowest)
            return true
        }
        while joined().terminalWidth > width {
            if leaveOut(below: 1) { continue }
            if parts.contains(where: { $0.short != nil }) {
                parts = parts.map { HintPart(text: $0.short ?? $0.text, rank: $0.rank) }
                continue
            }
            if !leaveOut(below: 2) { break }
        }
        return joined().truncated(toWidth: width)
    }

    /// Draws the prompt over the two bottom lines and returns where the cursor goes.
    static func draw(_ prompt: Prompt, state: PlannerState, theme: Theme, into buffer: inout Buffer) -> Position {
        prompt.body.drawAbove(prompt, state: state, theme: theme, into: &buffer)
        let width = buffer.width
        let row = buffer.height - 1
        let above = Rect(x: 0, y: row - 1, width: width, height: 1)
        buffer.fill(above, style: .plain)
        if let error = prompt.error {
            buffer.write(error.truncated(toWidth: width), x: 0, y: above.y, style: theme.error)
        } else {
            buffer.write(fitted(prompt.body.hint(prompt, state: state), width: width), x: 0, y: above.y, style: theme.hint)
        }
        buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: .plain)
        let labelWidth = labelWidth(prompt, screenWidth: width)
        buffer.write(prompt.body.label.truncated(toWidth: labelWidth), x: 0, y: row, style: theme.promptLabel)
        let field = Rect(x: labelWidth, y: row, width: width - labelWidth, height: 1)
        let (text, cursorColumn) = prompt.editor.visible(width: field.width)
        let end = buffer.write(text, x: field.x, y: row, style: prompt.isSuggestion ? theme.suggestion : .plain, clip: field)
        if let completion = prompt.body.completion(prompt, state: state) {
            buffer.write(completion, x: end, y: row, style: theme.completion, clip: field)
        }
        return Position(x: min(width - 1, field.x + cursorColumn), y: row)
    }
}
