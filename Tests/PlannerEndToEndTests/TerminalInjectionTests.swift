import Foundation
import TestSupport
import Testing

/// Titles and notes full of terminal controls never reach the terminal raw: a real terminal
/// (tmux) keeps its screen, cursor and window title, and shows the controls as symbols.
@Suite(.requires(.tmux))
struct TerminalInjectionTests {
    /// Clear screen, cursor home and a cursor move.
    static let screenAttack = "A\u{1B}[2J\u{1B}[H\u{1B}[10;10HB"
    /// Window title changes, ended by BEL and by ST (ESC \).
    static let titleAttack = "C\u{1B}]0;pwned\u{07}D\u{1B}]2;owned\u{1B}\\E"
    /// BEL, backspace, DEL and the C1 control CSI (U+009B) starting a colour.
    static let rawControls = "F\u{07}G\u{08}H\u{7F}I\u{9B}31mJ"

    /// The same texts as the planner and `list` show them: C0 controls and DEL as their
    /// Control Pictures, C1 controls as U+FFFD.
    static let screenAttackShown = "A␛[2J␛[H␛[10;10HB"
    static let titleAttackShown = "C␛]0;pwned␇D␛]2;owned␛\\E"
    static let rawControlsShown = "F␇G␈H␡I\u{FFFD}31mJ"

    /// Adds the hostile meals to today (Wednesday 2026-03-04): two with `mealplan add`, two
    /// by importing a CSV file, with a hostile note on breakfast and on snack.
    static func addHostileMeals(_ planner: TmuxPlanner) throws {
        try planner.mealplan("add", "today", "lunch", screenAttack)
        try planner.mealplan("add", "today", "breakfast", "Toast", "--note", "N\u{1B}]0;pwned\u{07}\u{1B}[2J")
        let csv = planner.folder + "/hostile.csv"
        let rows = "date,slot,title,note\r\n2026-03-04,dinner,\"\(titleAttack)\",\r\n"
            + "2026-03-04,snack,\"\(rawControls)\",\"one\rtwo\u{1B}[H\u{9B}\"\r\n"
        try Data(rows.utf8).write(to: URL(fileURLWithPath: csv))
        try planner.mealplan("import", csv)
    }

    @Test func plannerShowsControlsAsSymbolsAndKeepsTheTerminal() throws {
        let planner = try TmuxPlanner(before: Self.addHostileMeals)
        // tmux names a pane after the host until a program sets a title.
        let host = try planner.tmux("display-message", "-p", "-t", "0", "#{host}").trimmingCharacters(in: .newlines)
        // The whole first screen (tmux may show a frame drawn in part): not cleared, and the
        // cursor moves did not move the rest of it. The title is read once it is all drawn.
        try planner.waitForScreen("the whole first screen, the controls as symbols") { screen in
            screen.count == 24 && screen[23].hasSuffix("? help")
                && screen[0].hasPrefix("Tue 3 Mar") && screen[0].hasSuffix("March 2026")
                && screen[1] == "  nothing planned"
                && screen[2] == "Wed 4 Mar  today"
                && screen[3].hasPrefix("  breakfast Toast ") && screen[3].hasSuffix("✎")
                && screen[4] == "  lunch     \(Self.screenAttackShown)"
                && screen[5] == "  dinner    \(Self.titleAttackShown)"
                && screen[6].hasPrefix("  snack     \(Self.rawControlsShown) ") && screen[6].hasSuffix("✎")
                && screen[7].hasPrefix("Thu 5 Mar")
                && screen[8] == "  nothing planned"
                && screen[23].hasPrefix("Wed 4 Mar 2026")
        }
        #expect(try planner.paneTitle == host)

        // The note reaches the terminal only in the edit prompt, made visible there too.
        try planner.press("e")
        try planner.waitFor("Title: Toast")
        try planner.press("Enter")
        try planner.waitForScreen("the note in the prompt, the screen kept") { prompt in
            prompt.contains { $0.hasPrefix("Note: N␛]0;pwned␇␛[2J") }
                && prompt[0].hasPrefix("Tue 3 Mar") && prompt[4] == "  lunch     \(Self.screenAttackShown)"
        }
        try planner.press("Escape")
        try planner.waitForAbsence(of: "Note: ")
        #expect(try planner.paneTitle == host)

        try planner.press("q")
        let after = try planner.waitFor("planner exited with 0")
        #expect(after.prefix(2) == ["shell before the planner", "planner exited with 0"])
        let modes = try planner.tmux("display-message", "-p", "-t", "0", "#{alternate_on} #{cursor_flag}")
        #expect(modes == "0 1\n", "the main screen is back, with a visible cursor")
        #expect(try planner.paneTitle == host)
    }

    /// `list` on a terminal: every title and note line with its controls made visible, in
    /// place, and the terminal's title untouched.
    @Test func listOnATerminalShowsControlsAsSymbols() throws {
        let planner = try TmuxPlanner(arguments: ["list"], before: Self.addHostileMeals)
        let host = try planner.tmux("display-message", "-p", "-t", "0", "#{host}").trimmingCharacters(in: .newlines)
        // The last line the pane's shell prints after the command.
        let screen = try planner.waitFor("terminal modes:")
        #expect(Array(screen.prefix(12)) == [
            "shell before the planner",
            "Wed 2026-03-04",
            "  2  breakfast  Toast",
            "                N␛]0;pwned␇␛[2J",
            "  1  lunch      \(Self.screenAttackShown)",
            "  3  dinner     \(Self.titleAttackShown)",
            "  4  snack      \(Self.rawControlsShown)",
            "                one",
            "                two␛[H\u{FFFD}",
            "planner exited with 0",
            "terminal modes: icanon echo",
            "",
        ])
        #expect(try planner.paneTitle == host)
    }
}
