import Foundation
import TestSupport
import Testing

/// A big import in a real terminal (tmux) shows its progress on standard error and still ends
/// with the usual summary.
@Suite(.requires(.tmux))
struct ProgressEndToEndTests {
    /// Just above the 50,000 meals from which progress is shown.
    static let rows = 60_000

    @Test func anImportAboveTheThresholdShowsAProgressLineThenTheSummary() throws {
        let folder = TemporaryFolder()
        let file = folder.file("big.csv")
        try Data(manyMealsCSV(rows: Self.rows).utf8).write(to: URL(fileURLWithPath: file))

        let terminal = try TmuxPlanner(arguments: ["import", file])
        // An import's time grows with the machine's load (9,000 meals a second were seen beside
        // a full test run); the bound is against a hang, the speed is the import benchmark's.
        let screen = try terminal.waitFor("planner exited with 0", within: .seconds(180))
        // The last drawn line stays, complete: the file read to its end, then the summary below it.
        let progress = try #require(screen.firstIndex { $0.hasPrefix("importing  60,000 meals  100%  [") })
        #expect(screen[progress].contains("██████████]"))
        #expect(screen[progress].contains("/s  in "))
        #expect(screen[progress + 1].hasPrefix("imported 60000 meals (2030-01-01 … "))
    }
}

/// A template laid down long enough shows its progress line past a second, whatever its count,
/// and ends it before the summary.
@Suite(.requires(.tmux))
struct TemplateProgressEndToEndTests {
    /// `template apply` of a day of 200 meals 1,000 times, in a terminal 100 columns wide.
    static func applyingABigDay() throws -> TmuxPlanner {
        try TmuxPlanner(
            width: 100, arguments: ["template", "apply", "big", "--to", "2030-01-01", "--times", "1000"],
            // The 200,000 lines of added meals go to /dev/null: the terminal keeps standard error.
            wrapper: ["sh", "-c", "exec \"$0\" \"$@\" >/dev/null"], before: planBigDay)
    }

    /// Plans 200 meals on 2026-03-02 and keeps that day as the template "big".
    static func planBigDay(_ terminal: TmuxPlanner) throws {
        let file = terminal.folder + "/day.csv"
        let slots = ["breakfast", "lunch", "dinner", "snack"]
        let rows = (0..<200).map { "2026-03-02,\(slots[$0 % 4]),Meal \($0)" }
        try Data((["date,slot,title"] + rows).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        try terminal.mealplan("import", file)
        try terminal.mealplan("template", "save", "big", "--from", "2026-03-02")
    }

    @Test func aLongApplyShowsAProgressLineThenEnds() throws {
        let terminal = try Self.applyingABigDay()
        // 200,000 meals take seconds in a debug build; the bound is against a hang.
        let screen = try terminal.waitFor("planner exited with 0", within: .seconds(300))
        let progress = try #require(screen.firstIndex { $0.hasPrefix("applying  200,000 meals") })
        #expect(screen[progress].contains("100%") && screen[progress].contains("  in "))
        #expect(screen[progress + 1] == "planner exited with 0")
    }

    /// SIGINT (what Ctrl-C sends; sent to the process alone, since the pane's own shell would
    /// end too) while the line shows: nothing is added, and the line goes, so that no count is
    /// left on screen to read as meals added.
    @Test func anInterruptedApplyErasesItsLine() throws {
        let terminal = try Self.applyingABigDay()
        _ = try terminal.waitFor("applying", within: .seconds(300))
        #expect(kill(try terminal.plannerProcess(), SIGINT) == 0)
        let screen = try terminal.waitFor("planner exited with", within: .seconds(60))
        let message = try #require(screen.firstIndex { $0.contains("interrupted: the template was not applied, nothing was added") })
        #expect(screen[message + 1] == "planner exited with 130")
        #expect(!screen.contains { $0.contains("applying") }, "\(screen)")
        #expect(try terminal.mealplan("list", "--from", "2030-01-01", "--days", "1").contains("nothing planned"))
    }
}

/// The planner's `A` laying that big day down 1,000 times (200,000 meals) says in its status line
/// how far it is, and Ctrl-C or Esc cancels it: the plan is as it was, row for row.
@Suite(.requires(.tmux), .requires(.sqlite3))
struct PlannerApplyProgressEndToEndTests {
    /// Every meal row, as the `sqlite3` shell lists it in SQL literals (a UID's bytes in hex).
    func rows(_ terminal: TmuxPlanner) throws -> String {
        try terminal.run(["sqlite3", "-quote", terminal.database, "SELECT * FROM meal ORDER BY id; PRAGMA integrity_check"])
    }

    /// `key` as tmux names it.
    @Test(arguments: ["C-c", "Escape"])
    func aKeyCancelsALongApplyWithNothingKept(key: String) throws {
        let terminal = try TmuxPlanner(width: 100, before: TemplateProgressEndToEndTests.planBigDay)
        try terminal.waitFor("Wed 4 Mar")
        let before = try rows(terminal)
        #expect(before.hasSuffix("\n'ok'\n") && before.split(separator: "\n").count == 201)

        try terminal.press("A")
        try terminal.waitFor("Template:")
        try terminal.type("big x1000")
        try terminal.press("Enter")
        // Past a second of adding; the bound is against a hang.
        try terminal.waitForScreen("the apply's progress", within: .seconds(120)) { lines in
            lines.last?.contains(#/Applying 'big': [0-9,]+ of 200,000 meals… Esc or Ctrl-C cancels/#) == true
        }
        try terminal.press(key)
        try terminal.waitFor("Cancelled applying 'big': nothing was kept", within: .seconds(60))
        #expect(try rows(terminal) == before)
        #expect(try terminal.mealplan("list", "--from", "2026-03-04", "--days", "1").contains("nothing planned"))

        try terminal.press("q")
        try terminal.waitFor("planner exited with 0")
    }
}
