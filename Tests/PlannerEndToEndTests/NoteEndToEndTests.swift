import Foundation
import TestSupport
import Testing

/// Notes in a real terminal: typed over several lines with Ctrl-J, read whole with `o`,
/// edited in the user's editor with `E`; and
/// Ctrl-Z, which gives the terminal back to the shell until `fg`.
@Suite(.requires(.tmux))
struct NoteEndToEndTests {
    /// A shell with job control, as the user's is: the planner runs as a job in its own process
    /// group; when it stops (status 148), the shell says so and continues it with `fg` once
    /// Enter is pressed. The shell exits with the planner's status.
    static let jobControlShell = [
        "bash", "-c",
        "set -m; \"$@\"; status=$?; if [ $status = 148 ]; then echo planner stopped; read line; fg; status=$?; fi; exit $status",
        "bash",
    ]

    @Test func eEditsTheNoteInTheEditorAndOReadsItWhole() throws {
        let scripts = TemporaryFolder()
        let editor = scripts.file("editor")
        // An editor that adds a line and leaves a mark that it had the terminal as it was.
        let text = "#!/bin/sh\nprintf 'Serve with bread.\\n' >> \"$1\"\nstty -a | grep -q ' icanon' && echo sane > \(scripts.file("modes"))\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: editor))
        chmod(editor, 0o755)
        let planner = try TmuxPlanner(environment: ["VISUAL": editor, "EDITOR": editor]) { planner in
            try planner.mealplan("add", "today", "dinner", "Stew", "--note", "Roast slowly.")
        }
        try planner.waitFor("Stew")
        try planner.press("E")
        try planner.waitFor("Saved the note of 'Stew'; u undoes")
        #expect(try String(contentsOfFile: scripts.file("modes"), encoding: .utf8) == "sane\n")
        #expect(try planner.mealplan("list", "--days", "1") == "Wed 2026-03-04\n  1  dinner  Stew\n             Roast slowly.\n             Serve with bread.\n")

        try planner.press("o")
        try planner.waitForScreen("the note whole") { note in
            note.shows("Esc closes")
                && Array(note.prefix(3)) == ["Wed 4 Mar 2026 · dinner · Stew", " Roast slowly.", " Serve with bread."]
        }
        // Esc and u as two keystrokes: sent together they are the chord Alt-u.
        try planner.press("Escape")
        try planner.waitForAbsence(of: "Esc closes")
        try planner.press("u")
        try planner.waitFor("Undid")
        #expect(try planner.mealplan("list", "--days", "1") == "Wed 2026-03-04\n  1  dinner  Stew\n             Roast slowly.\n")
    }

    /// Ctrl-C in an editor that leaves it to the terminal interrupts the editor's whole
    /// process group, the planner's included: the editor stops, the planner goes on.
    @Test func ctrlCInTheEditorDoesNotEndThePlanner() throws {
        let scripts = TemporaryFolder()
        let editor = scripts.file("editor")
        try Data("#!/bin/sh\nkill -INT 0\nsleep 1\n".utf8).write(to: URL(fileURLWithPath: editor))
        chmod(editor, 0o755)
        let planner = try TmuxPlanner(environment: ["VISUAL": editor, "EDITOR": editor], launcher: Self.jobControlShell) { planner in
            try planner.mealplan("add", "today", "dinner", "Stew", "--note", "Roast slowly.")
        }
        try planner.waitFor("Stew")
        try planner.press("E")
        try planner.waitFor("Note not changed: the editor")
        try planner.press("q")
        try planner.waitFor("planner exited with 0")
        #expect(try planner.mealplan("list", "--days", "1") == "Wed 2026-03-04\n  1  dinner  Stew\n             Roast slowly.\n")
    }

    @Test func ctrlJTypesANoteOfSeveralLines() throws {
        let planner = try TmuxPlanner()
        try planner.waitFor("Wed 4 Mar 2026")
        try planner.press("a")
        try planner.waitFor("Slot:")
        try planner.press("Enter")
        try planner.waitFor("Title:")
        try planner.type("Soup")
        try planner.press("Enter")
        try planner.waitFor("Ctrl-J new line")
        try planner.type("leeks")
        try planner.press("C-j")
        try planner.type("butter")
        // The line break shows as a mark in the one-line field.
        try planner.waitFor("Note: leeks␊butter")
        try planner.press("Enter")
        try planner.waitFor("Added")
        #expect(try planner.mealplan("list", "--days", "1") == "Wed 2026-03-04\n  1  breakfast  Soup\n                leeks\n                butter\n")
    }

    @Test func ctrlZGivesTheTerminalBackAndFgRedrawsThePlanner() throws {
        let planner = try TmuxPlanner(launcher: Self.jobControlShell) { planner in
            try planner.mealplan("add", "today", "lunch", "Soup")
        }
        // The first screen whole, as tmux may show it drawn in part: the day before (its header
        // with the month), today with Soup, then the days from Thursday 5 March, empty (2 lines
        // each), down to the status line.
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let emptyDays = (5...14).flatMap { ["\(weekdays[($0 - 5) % 7]) \($0) Mar", "  nothing planned"] }
        let before = try planner.waitForScreen("the first screen, whole") { screen in
            screen.count == 24 && screen[0].hasPrefix("Tue 3 Mar") && screen[0].hasSuffix("March 2026")
                && Array(screen[1...3]) == ["  nothing planned", "Wed 4 Mar  today", "  lunch     Soup"]
                && Array(screen[4...22]) == Array(emptyDays.prefix(19))
                && screen[23].hasPrefix("Wed 4 Mar 2026") && screen[23].hasSuffix("? help")
        }
        try planner.press("C-z")
        let stopped = try planner.waitFor("planner stopped")
        #expect(!stopped.contains { $0.contains("Soup") }, "the shell has its screen back")
        #expect(stopped.contains { $0.contains("Stopped") })
        try planner.press("Enter")
        // Drawn again as it was, waited for whole.
        try planner.waitForScreen("the planner drawn again as before") { $0 == before }
        try planner.press("q")
        try planner.waitFor("planner exited with 0")
    }
}
