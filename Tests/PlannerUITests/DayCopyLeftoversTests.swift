import MealPlanCore
@testable import PlannerUI
import TerminalKit
import Testing
import TestSupport
import Timeline

/// Days copied with `Y` (the marked ones, `v`, or the selected one) and pasted with `P` keep
/// their leftovers as `copy-days` does: eaten from the copy of their cook when it was copied
/// too, else from the same cook. `y`…`p` of one leftover meal keeps its cook.
@Suite struct DayCopyLeftoversTests {
    let sunday = day("2026-03-01"), monday = day("2026-03-02"), tuesday = day("2026-03-03")
    let nextMonday = day("2026-03-09"), nextTuesday = day("2026-03-10")

    /// A roast cooked on Sunday (meal 1), a chili on Monday (2), Tuesday's lunch of the chili
    /// (3) and Tuesday's dinner of the roast (4).
    var cookOnce: [Meal] {
        [
            Meal(day: sunday, slot: "dinner", title: "Roast", recipe: "Roast", servings: 6),
            Meal(day: monday, slot: "dinner", title: "Chili", recipe: "Chili", servings: 6),
            Meal(day: tuesday, slot: "lunch", title: "Chili", recipe: "Chili", servings: 2, leftoversOf: 2),
            Meal(day: tuesday, slot: "dinner", title: "Roast", recipe: "Roast", servings: 2, leftoversOf: 1),
        ]
    }

    /// A meal's line at 80 columns, as `DayBlock` lays it out.
    func mealLine(_ slot: String, _ rest: String) -> String {
        line("  " + slot.padded(toWidth: 9) + " " + rest, 80)
    }

    func leftoversLine(_ slot: String, _ title: String, from source: String) -> String {
        mealLine(slot, "\(title) \(DayBlock.leftoversMark) ℞ · 2 servings · leftovers from \(source)")
    }

    mutating func go(to day: Day, _ harness: inout Harness) {
        harness.press(.character("g"))
        harness.type(day.iso)
        harness.press(.enter)
    }

    @Test mutating func pastedDaysEatFromThePastedCookAndUndoAndRedoAsOneStep() {
        var harness = Harness(today: saturday, size: Size(width: 80, height: 24), meals: cookOnce)
        let before = harness.ordered
        go(to: monday, &harness)
        harness.press(.character("v"), .character("J"))
        #expect(harness.lines.last == line("Tue 3 Mar 2026  2 days marked: T saves a template, Y copies them, Esc ends", 80))
        harness.press(.character("Y"))
        #expect(harness.state.clipboard == .days(DayRange(monday, tuesday), Array(before[1...])))
        #expect(harness.state.markedDays == nil, "the marking ends")
        #expect(harness.state.message == StatusMessage("Copied 2 days from Mon 2 Mar (3 meals); P pastes them"))
        #expect(harness.lines.last == line("Tue 3 Mar 2026  Copied 2 days from Mon 2 Mar (3 meals); P pastes them", 80 - 6) + "? help", "it fits beside the whole date")

        go(to: nextMonday, &harness)
        harness.press(.character("P"))
        let pasted = harness.ordered.filter { $0.day >= nextMonday }
        #expect(pasted.map { "\($0.day.iso) \($0.slot) \($0.title)" }
            == ["2026-03-09 dinner Chili", "2026-03-10 lunch Chili", "2026-03-10 dinner Roast"])
        let chili = pasted[0]
        #expect(pasted.map(\.leftoversOf) == [nil, chili.id, 1], "the chili's copy and the same roast")
        #expect(harness.state.message == StatusMessage("Pasted 3 meals onto 2 days from Mon 9 Mar 2026; u undoes"))
        #expect(harness.state.undoStack == [ChangeBatch(pasted.map { .add($0) })], "one step, the cook first")
        // Next Tuesday names where each of its leftovers comes from.
        #expect(harness.lines.contains(leftoversLine("lunch", "Chili", from: "Mon dinner")))
        #expect(harness.lines.contains(leftoversLine("dinner", "Roast", from: "Sun 1 Mar dinner")))

        harness.press(.character("u"))
        #expect(harness.ordered == before)
        #expect(harness.state.message == StatusMessage("Undid: add 3 meals from Mon 9 Mar 2026 to Tue 10 Mar 2026"))
        harness.press(.control("r"))
        #expect(harness.ordered.filter { $0.day >= nextMonday } == pasted, "the same meals, linked again")
        #expect(harness.lines.contains(leftoversLine("lunch", "Chili", from: "Mon dinner")))
    }

    /// One day holding a cook and its leftovers: its copy is linked within the pasted day.
    @Test mutating func aPastedDayHoldingACookAndItsLeftoversLinksThemWithinIt() {
        let lunch = Meal(day: monday, slot: "lunch", title: "Soup", recipe: "Soup", servings: 4)
        let dinner = Meal(day: monday, slot: "dinner", title: "Soup", recipe: "Soup", servings: 2, leftoversOf: 1)
        var harness = Harness(today: saturday, size: Size(width: 80, height: 24), meals: [lunch, dinner])
        go(to: monday, &harness)
        harness.press(.character("Y"), .character("J"), .character("J"), .character("P"))
        let pasted = harness.ordered.filter { $0.day == day("2026-03-04") }
        #expect(pasted.count == 2 && pasted[1].leftoversOf == pasted[0].id)
        harness.press(.character("u"))
        #expect(harness.ordered.count == 2)
    }

    /// `y`…`p` of leftovers alone: the copy eats more of the same cooked meal.
    @Test mutating func aPastedLeftoverMealKeepsItsCook() {
        var harness = Harness(today: saturday, size: Size(width: 80, height: 24), meals: cookOnce)
        go(to: tuesday, &harness)
        #expect(harness.selectedTitle == "Chili")
        harness.press(.character("y"), .character("J"), .character("p"))
        let pasted = harness.ordered.filter { $0.day == day("2026-03-04") }
        #expect(pasted.map(\.leftoversOf) == [2])
        #expect(harness.lines.contains(leftoversLine("lunch", "Chili", from: "Mon dinner")))
    }

    /// Marked days out of the loaded ones cannot be copied; the message says what can.
    @Test mutating func markedDaysTooFarFromTheScreenAreNotCopied() {
        var harness = Harness(today: saturday, size: Size(width: 80, height: 24), meals: cookOnce)
        go(to: monday, &harness)
        harness.press(.character("v"))
        go(to: day("2026-06-01"), &harness)
        harness.press(.character("Y"))
        #expect(harness.state.clipboard == nil && harness.state.markedDays != nil)
        #expect(harness.state.message == StatusMessage(
            "Mon 2 Mar is too far from the screen to copy; T keeps the marked days as a template", isError: true))
    }
}
