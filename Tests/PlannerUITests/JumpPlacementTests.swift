import MealPlanCore
import PlannerUI
import Testing
import TestSupport

/// A paste and a search hit show their day whole, below (40×12: (12 - 1) / 4 =) 2 lines of the
/// day before, as a jump does, even when the day started at the bottom of the screen.
@Suite struct JumpPlacementTests {
    @Test func aPastedDayShowsWholeBelowTheEndOfTheDayBefore() {
        let meals = [("breakfast", "Eggs"), ("lunch", "Salad"), ("dinner", "Stew"), ("snack", "Fruit")]
            .map { Meal(day: saturday, slot: $0.0, title: $0.1) }
        var harness = Harness(today: saturday, meals: meals)
        // Sat 28 Feb (5 lines) under the empty Friday (2 lines); then Sun 1 Mar with its month
        // banner (3 lines) and Mon 2 Mar's header on the last line.
        #expect(harness.lines[10].hasPrefix("Mon 2 Mar"))
        harness.press(.character("Y"), .character("J"), .character("J"), .character("P"))
        #expect(harness.selectedTitle == "Eggs" && harness.state.timeline.selection.day == day("2026-03-02"))
        // Monday, now 5 lines, under the last 2 of Sunday's 3: its header and "nothing planned".
        #expect(harness.lines[0].hasPrefix("Sun 1 Mar") && harness.lines[1] == line("  nothing planned"))
        #expect(harness.lines[2].hasPrefix("Mon 2 Mar"))
        #expect(zip(harness.lines[3..<7], meals).allSatisfy { $0.0.contains($0.1.title) })
    }

    @Test func aSearchHitShowsItsDayWholeBelowTheEndOfTheDayBefore() {
        let tuesday = day("2026-03-03")
        let meals = [Meal(day: saturday, slot: "breakfast", title: "Porridge")]
            + [("breakfast", "Eggs"), ("lunch", "Salad"), ("dinner", "Soup"), ("snack", "Fruit")]
            .map { Meal(day: tuesday, slot: $0.0, title: $0.1) }
        var harness = Harness(today: saturday, meals: meals)
        // Tue 3 Mar starts on the second-to-last line: its header and breakfast show.
        #expect(harness.lines[9].hasPrefix("Tue 3 Mar") && harness.lines[10].contains("Eggs"))
        harness.press(.character("/"))
        harness.type("soup")
        harness.press(.enter)
        harness.finishAnimation()
        #expect(harness.selectedTitle == "Soup")
        // Tuesday (5 lines) under the whole of the empty Monday (2 lines).
        #expect(harness.lines[0].hasPrefix("Mon 2 Mar") && harness.lines[2].hasPrefix("Tue 3 Mar"))
        #expect(zip(harness.lines[3..<7], meals.dropFirst()).allSatisfy { $0.0.contains($0.1.title) })
    }
}
