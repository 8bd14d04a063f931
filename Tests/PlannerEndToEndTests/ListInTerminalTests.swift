import TestSupport
import Testing

/// `mealplan list` on a terminal wraps titles and notes to its width, each continuation under
/// the title's column; for a pipe it keeps one line per title and note line.
@Suite(.requires(.tmux))
struct ListInTerminalTests {
    static let title = "Roast chicken with lemon and thyme potatoes"
    static let note = "brine overnight in salted water with bay leaves"

    @Test func listWrapsToTheTerminalAtTheTitleColumn() throws {
        let list = try TmuxPlanner(width: 40, height: 12, arguments: ["list"]) { planner in
            try planner.mealplan("add", "today", "dinner", Self.title, "--note", Self.note)
        }
        // The title column starts after "  ", the id (1 column), "  ", the slot ("dinner", 6)
        // and "  ": 13 columns, leaving 27 of the 40 for text, broken at spaces.
        let indent = String(repeating: " ", count: 13)
        let screen = try list.waitFor("exited with")
        #expect(Array(screen.prefix(7)) == [
            "shell before the planner",
            "Wed 2026-03-04",
            "  1  dinner  Roast chicken with lemon",  // + " and" would take 28 columns
            indent + "and thyme potatoes",
            indent + "brine overnight in salted",     // + " water" would take 31
            indent + "water with bay leaves",
            "planner exited with 0",
        ])

        // Through a pipe, nothing is wrapped.
        #expect(try list.mealplan("list") == "Wed 2026-03-04\n  1  dinner  \(Self.title)\n\(indent)\(Self.note)\n")
    }
}
