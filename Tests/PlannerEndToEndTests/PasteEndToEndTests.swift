import Foundation
import TestSupport
import Testing

/// Pasting into the real planner in tmux (`paste-buffer -p`): a paste is text for the prompt
/// that is open, never keys.
@Suite(.requires(.tmux))
struct PasteEndToEndTests {
    /// Starts a new meal in the proposed slot and stops at its title.
    private func openTitle(in planner: TmuxPlanner) throws {
        try planner.waitFor("Wed 4 Mar 2026")
        try planner.press("a")
        try planner.waitFor("Slot:")
        try planner.press("Enter")
        try planner.waitFor("Title:")
    }

    /// Starts a new meal and stops at its note.
    private func openNote(in planner: TmuxPlanner, title: String) throws {
        try openTitle(in: planner)
        try planner.type(title)
        try planner.press("Enter")
        try planner.waitFor("Note:")
    }

    @Test func aPastedNoteKeepsItsLinesAndNoneOfItActsAsKeys() throws {
        let planner = try TmuxPlanner()
        try openNote(in: planner, title: "Salad")
        try planner.paste("rocket and pear\nquick vinaigrette\nq")
        // The line breaks are in the field (shown as ␊), not Enter presses.
        try planner.waitFor("Note: rocket and pear␊quick vinaigrette␊q")
        try planner.press("Enter")
        try planner.waitFor("Added 'Salad'")
        let meals = try planner.mealplan("list", "--format", "json")
        #expect(meals.contains(#""title":"Salad","note":"rocket and pear\nquick vinaigrette\nq""#), "\(meals)")
        try planner.press("q")
        try planner.waitFor("planner exited with 0")
    }

    @Test func aPasteIntoATitleIsOneLineWithoutControlCharacters() throws {
        let planner = try TmuxPlanner()
        try openTitle(in: planner)
        try planner.paste("Leek\tsoup\n\u{1B}[2Jwith bread\u{07}")
        let screen = try planner.waitFor("Title: Leek soup [2Jwith bread")
        #expect(!screen.joined().contains("\u{1B}"))
        try planner.press("Enter", "Enter")
        try planner.waitFor("Added 'Leek soup [2Jwith bread'")
        #expect(try planner.mealplan("list").contains("  1  breakfast  Leek soup [2Jwith bread\n"))
    }

    @Test func aPasteWhileBrowsingDoesNothing() throws {
        let planner = try TmuxPlanner { planner in
            try planner.mealplan("add", "today", "lunch", "Soup")
        }
        try planner.waitFor("Soup")
        try planner.paste("dq\njjd")
        try planner.waitFor("A paste goes into a prompt only")
        #expect(try planner.mealplan("list").contains("Soup"))
        try planner.press("q")
        try planner.waitFor("planner exited with 0")
    }
}
