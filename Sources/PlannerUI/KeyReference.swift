import MealPlanCore
import TerminalKit

/// Every key of the planner, mode by mode, and the marks the days show: the one list that the
/// `?` overlay, the manual page's KEYS section and the guide's key table are made from, so that
/// none of them can drift from the key tables the planner looks keys up in.
public enum KeyReference {
    /// One heading and its rows: the keys (as help text names them) and what they do.
    public struct Section: Hashable, Sendable {
        public let heading: String
        public let rows: [Row]
    }

    public struct Row: Hashable, Sendable {
        /// Each key's name, "j", "↓", "Ctrl-F"; a mark's symbol for a mark.
        public let keys: [String]
        public let text: String
    }

    static let repeatHeading = "A repeat's meal (d, e)"
    static let replaceHeading = "Replacing a template (T)"
    static let promptHeading = "In a prompt"
    static let pantryHeading = "What the pantry can make (\(PromptCommand.keys.keyNames(for: .pantry)))"
    static let pageHeading = "Reading a page (?, o, r, s)"
    static let listHeading = "A shopping list (s, S)"
    static let conflictsHeading = "A sync's conflicts (C, !)"
    static let longSaveHeading = "A long change saving (A, u, Ctrl-R)"
    static let marksHeading = "Marks"

    /// The browsing keys by section, then each question's and mode's own keys, then the marks.
    public static func sections(_ keyMap: KeyMap = .standard) -> [Section] {
        var sections: [Section] = []
        for binding in keyMap.bindings {
            if sections.last?.heading == binding.section {
                let last = sections.removeLast()
                sections.append(Section(heading: last.heading, rows: last.rows + [row(binding)]))
            } else {
                sections.append(Section(heading: binding.section, rows: [row(binding)]))
            }
        }
        return sections + [
            Section(heading: repeatHeading, rows: RepeatScope.keys.bindings.map(row)),
            Section(heading: replaceHeading, rows: ReplaceAnswer.keys.bindings.map(row)),
            Section(heading: promptHeading, rows: LineEditor.keys.bindings.map(row) + PromptCommand.keys.bindings.map(row)),
            Section(heading: pantryHeading, rows: PantryPicker.keys.bindings.map(row)),
            Section(heading: pageHeading, rows: HelpView.keys.bindings.map(row)),
            Section(heading: listHeading, rows: PageView.listKeys.bindings.map(row)),
            Section(heading: conflictsHeading, rows: ConflictsPage.keys.bindings.map(row)),
            Section(heading: longSaveHeading, rows: LongSave.keys.bindings.map(row)),
            Section(heading: marksHeading, rows: DayBlock.marks.map { Row(keys: [$0.mark], text: $0.meaning) }),
        ]
    }

    private static func row<C>(_ binding: KeyBinding<C>) -> Row {
        Row(keys: binding.shownKeys.map(\.helpName), text: binding.help)
    }

    /// The sections as one Markdown table (`| keys | action |`), a bold row for each heading and
    /// every key in backticks: the table the guide holds between its markers.
    public static func markdown(_ keyMap: KeyMap = .standard) -> String {
        markdown(of: sections(keyMap))
    }

    /// The conflicts page's keys alone, as `markdown` makes them: the table the guide's
    /// Sharing chapter holds.
    public static func conflictKeysMarkdown() -> String {
        markdown(of: sections().filter { $0.heading == conflictsHeading })
    }

    static func markdown(of sections: [Section]) -> String {
        var lines = ["| keys | action |", "|---|---|"]
        for section in sections {
            lines.append("| **\(cell(section.heading))** | |")
            for row in section.rows {
                lines.append("| " + row.keys.map { "`\(cell($0))`" }.joined(separator: " ") + " | " + cell(row.text) + " |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` safe in a Markdown table cell.
    private static func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|")
    }
}
