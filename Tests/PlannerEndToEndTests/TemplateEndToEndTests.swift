import Foundation
import TestSupport
import Testing

/// Templates in the real planner in tmux: two marked days kept as a template, laid down a
/// week on as one change, seen by `mealplan list`, and taken away again by one `u`.
@Suite(.requires(.tmux))
struct TemplateEndToEndTests {
    @Test func markedDaysAreSavedAsATemplateAndLaidDownAWeekOnAsOneUndoableChange() throws {
        let planner = try TmuxPlanner { planner in
            try planner.mealplan("add", "2026-03-04", "breakfast", "Porridge")
            try planner.mealplan("add", "2026-03-05", "dinner", "Stew")
        }
        try planner.waitFor("Porridge")
        try planner.press("v", "J")
        try planner.waitFor("2 days marked: T saves a template")
        try planner.press("T")
        try planner.waitFor("Save as:")
        try planner.type("two days")
        try planner.press("Enter")
        try planner.waitFor("Saved template 'two days' (2 days, 2 meals)")
        let kept = try planner.mealplan("template", "show", "two days")
        #expect(kept.contains("Porridge") && kept.contains("Stew"), "\(kept)")

        // A week on from Thursday: the template is laid from the selected day, Thu 12 Mar.
        try planner.press("]", "A")
        try planner.waitFor("Template:")
        try planner.type("two")
        try planner.press("Tab")
        try planner.waitFor("Template: two days")
        try planner.press("Enter")
        try planner.waitFor("Added 2 meals from 'two days'; u undoes")
        let laid = try planner.mealplan("list", "--from", "2026-03-12", "--days", "2")
        #expect(laid == "Thu 2026-03-12\n  3  breakfast  Porridge\n\nFri 2026-03-13\n  4  dinner     Stew\n", "\(laid)")

        try planner.press("u")
        try planner.waitFor("Undid: apply template 'two days'")
        #expect(try planner.mealplan("list", "--from", "2026-03-12", "--days", "2")
            == "nothing planned from 2026-03-12 to 2026-03-13\n")
        try planner.press("q")
        try planner.waitFor("planner exited with 0")
    }

    @Test func aTakenNameAsksAndYReplacesTheTemplate() throws {
        let planner = try TmuxPlanner { planner in
            try planner.mealplan("add", "2026-03-04", "breakfast", "Porridge")
            try planner.mealplan("add", "2026-03-06", "dinner", "Stew")
            try planner.mealplan("template", "save", "two", "--from", "2026-03-04", "--days", "2")
        }
        try planner.waitFor("Porridge")
        try planner.press("v", "J", "J", "T")
        try planner.waitFor("Save as:")
        try planner.type("Two")
        try planner.press("Enter")
        try planner.waitFor("Replace template 'two' (1 meal)? · y replaces it · n types another name")
        try planner.press("y")
        try planner.waitFor("Replaced template 'Two' (3 days, 2 meals)")
        #expect(try planner.mealplan("template", "list") == "Two  3 days  2 meals\n")
        try planner.press("q")
        try planner.waitFor("planner exited with 0")
    }
}
