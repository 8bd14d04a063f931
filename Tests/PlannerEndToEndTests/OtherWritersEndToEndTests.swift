import Foundation
import TestSupport
import Testing

/// The planner and the command line on one database file: the planner's undo and its forms act
/// only on the meal as the planner last saw it, never on another writer's work.
@Suite(.requires(.tmux))
struct OtherWritersEndToEndTests {
    /// Adds "Soup" as dinner today through the planner's prompts.
    func addSoup(_ planner: TmuxPlanner) throws {
        try planner.waitFor("Wed 4 Mar 2026")
        try planner.addMeal(slot: "din", title: "Soup")
    }

    /// The planner adds a meal; another terminal removes it and adds a meal of its own; `u` in
    /// the planner must not delete that one (once it did: the new meal had the old id).
    @Test func undoOfAnAddLeavesAMealAddedLaterAlone() throws {
        let planner = try TmuxPlanner()
        try addSoup(planner)
        let listed = try planner.mealplan("list", "--format", "json")
        let id = try #require(listed.split(separator: ",").first { $0.contains("\"id\"") }?.split(separator: ":").last)
        try planner.mealplan("remove", String(id))
        try planner.mealplan("add", "2026-12-25", "dinner", "Christmas dinner")
        // The status line still says "Added 'Soup'"; the meal's own line goes.
        try planner.waitForScreen("Soup removed") { !$0.contains { $0.hasPrefix("  dinner") && $0.hasSuffix("Soup") } }

        try planner.press("u")
        // The message whole: tmux may show a line drawn in part.
        try planner.waitForScreen("the undo refused, saying why") {
            $0.shows("Could not undo") && $0.shows("'Soup' was removed by another program")
        }
        #expect(try planner.mealplan("list", "--from", "2026-12-25", "--days", "1").contains("Christmas dinner"))
    }

    /// `u` after another writer edited the meal would wipe that edit: it is refused, naming it.
    @Test func undoAfterAnotherWritersEditKeepsTheEdit() throws {
        let planner = try TmuxPlanner()
        try addSoup(planner)
        try planner.mealplan("edit", "1", "--title", "Leek soup")
        try planner.waitFor("Leek soup")

        try planner.press("u")
        try planner.waitForScreen("the undo refused, saying why") {
            $0.shows("Could not undo") && $0.shows("'Soup' was changed by another program")
        }
        #expect(try planner.mealplan("list").contains("Leek soup"))
    }
}
