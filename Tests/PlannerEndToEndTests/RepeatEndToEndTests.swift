import Foundation
import TestSupport
import Testing

/// An occurrence of a repeat in the real planner in tmux: marked, deleted as "this one" and
/// put back with u, then edited as "all"; the whole repeat deleted and put back with u.
@Suite(.requires(.tmux))
struct RepeatEndToEndTests {
    /// What `mealplan list` shows of Wednesday 4 March, the planner's today.
    private func wednesday(_ planner: TmuxPlanner) throws -> String {
        try planner.mealplan("list", "--from", "2026-03-04", "--days", "1")
    }

    @Test func deleteThisOneUndoItThenEditAll() throws {
        let planner = try TmuxPlanner { planner in
            try planner.mealplan("repeat", "add", "today", "breakfast", "Porridge", "--every", "day")
        }
        try planner.waitFor("Porridge ↻")
        try planner.press("d")
        try planner.waitFor("Delete 'Porridge' · o this one · a all of them · f this and the following ones")
        try planner.press("o")
        try planner.waitFor("Deleted 'Porridge' on Wed 4 Mar 2026 only; u undoes")
        #expect(try !wednesday(planner).contains("Porridge"))
        try planner.press("u")
        try planner.waitFor("Undid: delete 'Porridge' on Wed 4 Mar 2026 only")
        #expect(try wednesday(planner).contains("Porridge"))
        try planner.press("e", "C-u")
        try planner.type("Oat porridge")
        try planner.press("Enter", "Enter")
        try planner.waitFor("o this one · a all of them")
        try planner.press("a")
        try planner.waitFor("Saved every 'Oat porridge'; u undoes")
        try planner.waitFor("Oat porridge ↻")
        #expect(try planner.mealplan("repeat", "list").contains("Oat porridge"))
        try planner.press("q")
        try planner.waitFor("planner exited with 0")
    }

    @Test func deleteAllThenUndo() throws {
        let planner = try TmuxPlanner { planner in
            try planner.mealplan("repeat", "add", "today", "breakfast", "Porridge", "--every", "day")
            try planner.mealplan("repeat", "skip", "1", "2026-03-05")
        }
        let listed = try planner.mealplan("repeat", "list")
        try planner.waitFor("Porridge ↻")
        try planner.press("d", "a")
        try planner.waitFor("Deleted every 'Porridge'; u undoes")
        #expect(try !wednesday(planner).contains("Porridge"))
        #expect(try !planner.mealplan("repeat", "list").contains("Porridge"))
        try planner.press("u")
        try planner.waitFor("Undid: delete every 'Porridge'")
        try planner.waitFor("Porridge ↻")
        // The same rule, id and skipped day included.
        #expect(try planner.mealplan("repeat", "list") == listed)
        #expect(try !planner.mealplan("list", "--from", "2026-03-05", "--days", "1").contains("Porridge"))
        try planner.press("q")
        try planner.waitFor("planner exited with 0")
    }

    @Test func xMakesASingleMealRepeatThroughAResizeAndAPasteAndUUndoesIt() throws {
        let planner = try TmuxPlanner { planner in
            try planner.mealplan("add", "today", "dinner", "Pizza")
        }
        try planner.waitFor("Pizza")
        try planner.press("x")
        try planner.waitFor("Repeating 'Pizza' · day, weekdays, mon-fri, 2w, month, year")
        try planner.paste("2w")
        try planner.waitFor("Every: 2w")
        try planner.press("Enter")
        try planner.waitFor("mon,thu, mon-fri or nothing: every 2 weeks on Wed")
        // The prompt stays open, as typed, through a resize.
        try planner.type("wed,fri")
        try planner.resize(width: 53, height: 17)
        try planner.waitFor("On: wed,fri")
        try planner.resize(width: 80, height: 24)
        try planner.press("Enter")
        try planner.waitFor("Ends:")
        try planner.type("x4")
        try planner.press("Enter")
        try planner.waitFor("'Pizza' repeats every 2 weeks on Wed, Fri, 4 times; u undoes")
        try planner.waitFor("Pizza ↻")
        #expect(try planner.mealplan("repeat", "list").contains("Pizza  (every 2 weeks on Wed, Fri, 4 times"))
        #expect(try planner.mealplan("list", "--from", "2026-03-06", "--days", "1").contains("Pizza"))

        try planner.press("u")
        try planner.waitFor("Undid: make 'Pizza' repeat")
        #expect(try !planner.mealplan("repeat", "list").contains("Pizza"))
        #expect(try wednesday(planner) == "Wed 2026-03-04\n  1  dinner  Pizza\n")
        #expect(try !planner.mealplan("list", "--from", "2026-03-06", "--days", "1").contains("Pizza"))
        try planner.press("C-r")
        try planner.waitFor("Redid: make 'Pizza' repeat")
        #expect(try planner.mealplan("repeat", "list").contains("Pizza"))
        try planner.press("q")
        try planner.waitFor("planner exited with 0")
    }
}
