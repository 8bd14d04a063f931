import Foundation
import TestSupport
import Testing

/// Keys in the real planner's prompts, as a terminal sends them.
@Suite(.requires(.tmux))
struct PromptKeysEndToEndTests {
    @Test func anAltChordInAPromptDoesNotCancelIt() throws {
        let planner = try TmuxPlanner()
        try planner.waitFor("Wed 4 Mar 2026")
        try planner.press("g")
        try planner.type("to")
        // tmux sends Alt-b as ESC b, as terminals do.
        try planner.press("M-b")
        try planner.type("morrow")
        try planner.waitFor("Go to: tomorrow")
        try planner.press("Enter")
        try planner.waitForScreen("tomorrow selected") { $0[23].hasPrefix("Thu 5 Mar 2026") }
        // Esc alone still cancels.
        try planner.press("g")
        try planner.waitFor("Go to:")
        try planner.press("Escape")
        try planner.waitForAbsence(of: "Go to:")
    }
}
