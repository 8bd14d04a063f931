import Foundation
import MealPlanCore
import TestSupport
import Testing

/// The real planner's prompts in tmux: Esc in the last field of `a` adds nothing, and `?` in
/// a date prompt shows the date forms, with a paste into the prompt and a resize while the
/// help is open; Ctrl-L paints a scribbled screen again.
@Suite(.requires(.tmux))
struct PromptHelpEndToEndTests {
    @Test(arguments: [(80, 24), (53, 17)])
    func escInTheLastFieldOfAddAddsNothing(width: Int, height: Int) throws {
        let planner = try TmuxPlanner(width: width, height: height)
        try planner.waitFor("Wed 4 Mar 2026")
        try planner.press("a")
        try planner.waitFor("Slot:")
        try planner.press("Enter")
        try planner.waitFor("Title:")
        try planner.paste("Leek soup")
        try planner.press("Enter")
        try planner.waitFor("Note:")
        try planner.type("half a note")
        try planner.press("Escape")
        try planner.waitForAbsence(of: "Note:")
        #expect(try !planner.mealplan("list", "--days", "1").contains("Leek soup"))
        #expect(try !planner.screen().joined().contains("Leek soup"))
    }

    @Test(arguments: [(80, 24), (53, 17)])
    func questionMarkInADatePromptShowsTheForms(width: Int, height: Int) throws {
        let planner = try TmuxPlanner(width: width, height: height)
        try planner.waitFor("Wed 4 Mar 2026")
        try planner.press("g")
        try planner.waitFor("Go to:")
        try planner.press("?")
        try planner.waitFor("┌─ Go to ")
        // Scrolled to its end: the last forms, from the grammar's table, above the footer.
        try planner.press("NPage", "NPage", "NPage")
        let last = DateInput.forms(weekStart: .monday).last!
        try planner.waitForScreen("the date forms") { screen in
            screen.contains { $0.contains("\(last.example): \(last.meaning)") } && screen.contains { $0.contains("any other key") }
                && screen[height - 1].hasPrefix("Go to:")
        }
        // A resize while it is open draws it at the new size, the prompt kept below it.
        try planner.resize(width: 40, height: 12)
        try planner.waitForScreen("the help at 40×12") { screen in
            screen.count == 12 && screen[11].hasPrefix("Go to:") && screen.contains { $0.contains("┌─ Go to ") }
        }
        try planner.resize(width: width, height: height)
        try planner.waitForScreen("the help back at \(width)×\(height)") { $0.count == height && $0[height - 1].hasPrefix("Go to:") }
        // A paste closes it and goes into the field.
        try planner.paste("next month")
        try planner.waitFor("Go to: next month")
        #expect(try !planner.screen().joined().contains("┌─ Go to "))
        try planner.press("Enter")
        try planner.waitForScreen("April selected") { $0[height - 1].hasPrefix("Wed 1 Apr 2026") }
    }

    /// Characters written over the planner's screen behind its back stay until Ctrl-L.
    @Test func ctrlLPaintsTheWholeScreenAgain() throws {
        let planner = try TmuxPlanner()
        try planner.waitFor("Wed 4 Mar 2026")
        let clean = try planner.screen()
        let tty = try planner.tmux("display-message", "-p", "-t", "0", "#{pane_tty}").trimmingCharacters(in: .whitespacesAndNewlines)
        try "\u{1B}[5;5HSCRIBBLE".write(toFile: tty, atomically: false, encoding: .utf8)
        try planner.waitFor("SCRIBBLE")
        try planner.press("C-l")
        try planner.waitForAbsence(of: "SCRIBBLE")
        #expect(try planner.screen() == clean)
    }
}
