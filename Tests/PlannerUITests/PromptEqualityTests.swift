import MealPlanCore
@testable import PlannerUI
import Testing
import TestSupport

/// `Prompt` holds the open prompt as `any PlannerPrompt`, so it says by hand when two are equal:
/// by the prompt and its fields (its kind), and by everything of the line being typed.
@Suite struct PromptEqualityTests {
    let monday = day("2026-03-02")

    @Test func theSamePromptAndLineAreEqualAndHashAlike() {
        let prompt = Prompt(.applyTemplate(monday), text: "week")
        let again = Prompt(.applyTemplate(monday), text: "week")
        #expect(prompt == again && prompt.hashValue == again.hashValue)
    }

    @Test func anotherPromptOrOtherFieldsAreUnequal() {
        let prompt = Prompt(.applyTemplate(monday), text: "week")
        #expect(prompt != Prompt(.applyTemplate(monday.adding(days: 1)), text: "week"))
        #expect(prompt != Prompt(.saveTemplate(DayRange(monday, monday)), text: "week"))
        #expect(prompt != Prompt(.goToDate, text: "week"))
    }

    @Test func anotherLineIsUnequal() {
        let prompt = Prompt(.applyTemplate(monday), text: "week")
        #expect(prompt != Prompt(.applyTemplate(monday), text: "weeks"))
        #expect(prompt != Prompt(.applyTemplate(monday), text: "week", isSuggestion: true))
        var refused = prompt
        refused.error = "No template starts with 'week'"
        #expect(prompt != refused)
        var cycling = prompt
        cycling.completionBase = "we"
        #expect(prompt != cycling)
        var waiting = prompt
        waiting.pendingNamesTab = true
        #expect(prompt != waiting)
        var recipe = prompt
        recipe.suggestsRecipe = true
        #expect(prompt != recipe)
    }
}
