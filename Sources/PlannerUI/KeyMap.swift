import TerminalKit

/// Keys bound to one command, with the words help text shows for it.
public struct KeyBinding<Command: Hashable & Sendable>: Hashable, Sendable {
    public let keys: [Key]
    public let command: Command
    public let help: String
    /// The heading the binding is listed under in the help overlay (browsing keys only).
    public let section: String
    /// The keys help text names: all of them unless a binding has a key too obscure to mention
    /// (Ctrl-C beside Esc).
    let shownKeys: [Key]

    public init(_ keys: [Key], _ command: Command, _ help: String, section: String = "", shownKeys: [Key]? = nil) {
        self.keys = keys
        self.command = command
        self.help = help
        self.section = section
        self.shownKeys = shownKeys ?? keys
    }

    /// The keys as help text names them: "j ↓".
    public var keyNames: String { shownKeys.map(\.helpName).joined(separator: " ") }

    /// The keys and what they do, as a hint: "Esc cancels".
    public var hint: String { keyNames + " " + help }
}

/// One table of key bindings for one mode: keys are looked up here, and the help overlay and the
/// prompt hints are generated from it, so the keys that work and the keys that are documented
/// cannot drift.
public struct KeyTable<Command: Hashable & Sendable>: Sendable {
    public let bindings: [KeyBinding<Command>]

    /// The bindings; no key and no command may appear twice.
    public init(_ bindings: [KeyBinding<Command>]) {
        let keys = bindings.flatMap(\.keys)
        precondition(Set(keys).count == keys.count, "a key is bound twice")
        precondition(Set(bindings.map(\.command)).count == bindings.count, "a command is bound twice")
        self.bindings = bindings
    }

    /// The command bound to `key`, if any.
    public func command(for key: Key) -> Command? {
        bindings.first { $0.keys.contains(key) }?.command
    }

    /// The binding of `command`; every command a mode's code names is in its table.
    public subscript(command: Command) -> KeyBinding<Command> {
        guard let binding = bindings.first(where: { $0.command == command }) else {
            preconditionFailure("\(command) has no binding")
        }
        return binding
    }

    /// The keys bound to `command`, as the help overlay names them ("j ↓").
    public func keyNames(for command: Command) -> String {
        self[command].keyNames
    }

    /// Every binding as a hint, in order: the answers of a question ("o this one").
    public var hints: [String] { bindings.map(\.hint) }

    /// The hints with shorter `words`, one per binding, for a line short of room ("a all").
    public func hints(saying words: [String]) -> [String] {
        zip(bindings, words).map { $0.keyNames + " " + $1 }
    }
}

/// The browsing keys: the planner's commands.
public typealias KeyMap = KeyTable<Command>

extension KeyTable where Command == PlannerUI.Command {
    /// The planner's keys.
    public static let standard = KeyMap(
        section("Move", [
            ([.character("j"), .down], .moveDown, "next meal"),
            ([.character("k"), .up], .moveUp, "previous meal"),
            ([.character("J"), .character("l"), .right], .nextDay, "next day"),
            ([.character("K"), .character("h"), .left], .previousDay, "previous day"),
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
            ([.character("Y")], .copyDay, "copy the selected or marked days"),
            ([.character("P")], .pasteDay, "paste them onto the selected day"),
            ([.character("x")], .repeatMeal, "make the selected meal repeat"),
            ([.character("c")], .cycleStatus, "mark it done, skipped, planned"),
            ([.character("L")], .planLeftovers, "eat the rest on another day"),
            ([.character("u")], .undo, "undo"),
            ([.control("r")], .redo, "redo"),
        ]) + section("Templates", [
            ([.character("v")], .markDays, "mark days from the selected one"),
            ([.character("T")], .saveTemplate, "save the marked days as a template"),
            ([.character("A")], .applyTemplate, "lay a template down from this day"),
        ]) + section("Notes", [
            ([.character("o")], .readNote, "read the selected meal's note"),
            ([.character("E")], .editNoteInEditor, "edit the note in $EDITOR"),
        ]) + section("Recipes", [
            ([.character("r")], .readRecipe, "show the selected meal's recipe"),
            ([.character("R")], .editRecipe, "edit the recipe in $EDITOR"),
            ([.character("s")], .shoppingList, "shopping list of the days shown"),
            ([.character("S")], .shoppingListForDays, "shopping list of days you name"),
            ([.character("F")], .nutrition, "nutrition of the days shown"),
            ([.character("W")], .printDays, "write the days shown to print"),
            ([.character("+")], .moreServings, "one more serving of the meal"),
            ([.character("-")], .fewerServings, "one serving fewer"),
        ]) + section("Find", [
            ([.character("/")], .search, "search titles and notes"),
            ([.character("n")], .nextMatch, "next match"),
            ([.character("N")], .previousMatch, "previous match"),
        ]) + section("Planner", [
            ([.character("C")], .sync, "sync with the shared calendar"),
            ([.character("!")], .listConflicts, "list the conflicts the sync left"),
            ([.character("?")], .help, "show or hide this help"),
            ([.control("l")], .redraw, "redraw the whole screen, anywhere"),
            ([.control("z")], .suspend, "suspend (fg returns)"),
            ([.character("q"), .control("c")], .quit, "quit"),
        ]))

    private static func section(_ name: String, _ rows: [([Key], PlannerUI.Command, String)]) -> [KeyBinding<PlannerUI.Command>] {
        rows.map { KeyBinding($0.0, $0.1, $0.2, section: name) }
    }
}

extension Key {
    /// How the key is written in help text and hints.
    public var helpName: String {
        switch self {
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
        case .alt(let character): "Alt-" + String(character)
        }
    }
}
