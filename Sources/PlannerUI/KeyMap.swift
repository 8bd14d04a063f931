import TerminalKit

/// The one table of key bindings: browsing keys are looked up here and the help overlay is
/// generated from it, so the keys that work and the keys that are documented cannot drift.
public struct KeyMap: Sendable {
    /// Keys bound to one action, with the words the help overlay shows for it.
    public struct Binding: Hashable, Sendable {
        public let keys: [Key]
        public let action: Action
        public let help: String
        /// The heading the binding is listed under in the help overlay.
        public let section: String
    }

    public let bindings: [Binding]

    /// The bindings; no key may appear twice.
    public init(_ bindings: [Binding]) {
        let keys = bindings.flatMap(\.keys)
        precondition(Set(keys).count == keys.count, "a key is bound twice")
        self.bindings = bindings
    }

    /// The action bound to `key`, if any.
    public func action(for key: Key) -> Action? {
        bindings.first { $0.keys.contains(key) }?.action
    }

    /// The keys bound to `action`, as the help overlay names them ("j ↓").
    public func keyNames(for action: Action) -> String {
        bindings.first { $0.action == action }.map { $0.keys.map(Self.name(of:)).joined(separator: " ") } ?? ""
    }

    /// How a key is written in help text and hints.
    public static func name(of key: Key) -> String {
        switch key {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .control(let character): "Ctrl-" + String(character).uppercased()
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .delete: "Del"
        case .insert: "Ins"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .function(let number): "F\(number)"
        }
    }

    /// The planner's keys.
    public static let standard = KeyMap(
        section("Move", [
            ([.character("j"), .down], .moveDown, "next meal"),
            ([.character("k"), .up], .moveUp, "previous meal"),
            ([.character("J")], .nextDay, "next day"),
            ([.character("K")], .previousDay, "previous day"),
            ([.pageDown, .character(" "), .control("f")], .pageDown, "page down"),
            ([.pageUp, .control("b")], .pageUp, "page up"),
            ([.control("e")], .scrollDown, "scroll down, keep the selection"),
            ([.control("y")], .scrollUp, "scroll up, keep the selection"),
            ([.character("]")], .weekForward, "a week forward"),
            ([.character("[")], .weekBack, "a week back"),
            ([.character("t")], .today, "today"),
            ([.character("g")], .goToDate, "go to a date"),
        ]) + section("Change", [
            ([.character("a")], .addMeal, "add a meal to the selected day"),
            ([.character("e"), .enter], .editMeal, "edit the selected meal"),
            ([.character("d")], .deleteMeal, "delete the selected meal"),
            ([.character("m")], .moveMeal, "move the selected meal to a date"),
            ([.character("y")], .copyMeal, "copy the selected meal"),
            ([.character("p")], .pasteMeal, "paste it onto the selected day"),
            ([.character("Y")], .copyDay, "copy the selected day's meals"),
            ([.character("P")], .pasteDay, "paste them onto the selected day"),
            ([.character("u")], .undo, "undo"),
            ([.control("r")], .redo, "redo"),
        ]) + section("Find", [
            ([.character("/")], .search, "search titles and notes"),
            ([.character("n")], .nextMatch, "next match"),
            ([.character("N")], .previousMatch, "previous match"),
        ]) + section("Planner", [
            ([.character("?")], .help, "show or hide this help"),
            ([.character("q"), .control("c")], .quit, "quit"),
        ]))

    private static func section(_ name: String, _ rows: [([Key], Action, String)]) -> [Binding] {
        rows.map { Binding(keys: $0.0, action: $0.1, help: $0.2, section: name) }
    }
}
