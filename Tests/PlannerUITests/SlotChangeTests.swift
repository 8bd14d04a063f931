import MealPlanCore
import PlannerUI
import TerminalKit
import Testing

/// Slots changed by another process (`mealplan slots …`) while the planner runs: the loop
/// sends `.slotsLoaded` and then `.externalChange`.
@Suite struct SlotChangeTests {
    /// The defaults with "midnight feast" added after "breakfast".
    static let changedSlots = [
        MealSlot(name: "breakfast", position: 0), MealSlot(name: "midnight feast", position: 1),
        MealSlot(name: "lunch", position: 2), MealSlot(name: "dinner", position: 3),
        MealSlot(name: "snack", position: 4),
    ]

    /// Adds "midnight feast" after "breakfast", and `meals` in it, as another process would.
    static func changeSlots(_ harness: inout Harness, meals: [Meal] = []) {
        harness.changeOutside { harness in
            try! harness.store.addSlot("midnight feast", after: "breakfast")
            for meal in meals { harness.add(meal) }
        }
    }

    @Test func theSlotColumnAndMealOrderFollowTheNewSlots() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        let position = harness.state.timeline.position
        Self.changeSlots(&harness, meals: [Meal(day: saturday, slot: "midnight feast", title: "Cheese")])
        #expect(harness.state.slots == Self.changedSlots)
        // The slot column widens to its cap of 12: titles start at column 15 and wrap at 23.
        #expect(harness.lines == [
            "Fri 27 Feb                February 2026 ",
            line("  nothing planned"),
            line("Sat 28 Feb  today"),
            line("  breakfast    Porridge"),
            line("  midnight fe… Cheese"),
            "  dinner       Roast vegetables with a ✎",
            line("               very long title that"),
            line("               wraps"),
            "── March 2026 " + String(repeating: "─", count: 26),
            line("Sun 1 Mar"),
            line("  nothing planned"),
            line("Sat 28 Feb 2026", 34) + "? help",
        ])
        // The view did not move, and the selected meal (Porridge) is still selected.
        #expect(harness.state.timeline.position == position)
        #expect(harness.selectedTitle == "Porridge")
    }

    @Test func tabCompletesANewSlot() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        Self.changeSlots(&harness)
        harness.press(.character("a"))
        harness.type("mid")
        harness.press(.tab)
        #expect(harness.prompt?.editor.text == "midnight feast")
    }

    @Test func theSameSlotsAgainChangeNothing() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.send(.moveDown)
        let before = harness.state.timeline
        harness.send(.slotsLoaded(MealSlot.defaults))
        #expect(harness.state.timeline.screen == before.screen)
        #expect(harness.effects.filter { if case .load = $0 { true } else { false } }.count == 1)
    }
}
