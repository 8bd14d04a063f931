import MealPlanCore
import PlannerUI
import TerminalKit
import Testing
import TestSupport
import Timeline

/// `Y` copies the selected day's meals, `P` pastes them onto the selected day as one change.
@Suite struct DayCopyTests {
    let monday = day("2026-03-02")

    /// The save effects seen so far.
    func saves(_ harness: Harness) -> Int {
        harness.effects.filter { if case .save = $0 { true } else { false } }.count
    }

    func titles(on day: Day, _ harness: Harness) -> [String] {
        harness.ordered.filter { $0.day == day }.map { "\($0.slot) \($0.title)" }
    }

    @Test func pastingADayAddsAllItsMealsAsOneChangeThatUndoesAndRedoesAsOne() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        let porridge = harness.meals[1]!, roast = harness.meals[2]!
        harness.press(.character("Y"))
        #expect(harness.state.clipboard == .days(DayRange(start: saturday, count: 1), [porridge, roast]))
        #expect(harness.state.message == StatusMessage("Copied Sat 28 Feb (2 meals); P pastes them onto the selected day"))

        harness.press(.character("J"), .character("J"))
        let savesBefore = saves(harness)
        harness.press(.character("P"))
        #expect(saves(harness) == savesBefore + 1, "one save for the whole day")
        #expect(titles(on: monday, harness) == [
            "breakfast Porridge", "lunch Soup", "dinner Roast vegetables with a very long title that wraps",
        ])
        let copies = harness.ordered.filter { $0.day == monday && $0.slot != "lunch" }
        #expect(copies.map(\.id) == [4, 5])
        #expect(copies.map(\.note) == [nil, "oven at 200"])
        #expect(harness.state.message == StatusMessage("Pasted 2 meals onto Mon 2 Mar 2026; u undoes"))
        #expect(harness.state.undoStack == [ChangeBatch(copies.map { .add($0) })])
        #expect(harness.selectedTitle == "Porridge" && harness.state.timeline.selection.day == monday)
        // The screen shows the pasted meals.
        #expect(harness.lines.contains { $0.hasPrefix("  breakfast Porridge") })

        harness.press(.character("u"))
        #expect(titles(on: monday, harness) == ["lunch Soup"])
        #expect(harness.state.message == StatusMessage("Undid: add 2 meals to Mon 2 Mar 2026"))
        #expect(harness.state.undoStack.isEmpty && harness.state.redoStack.count == 1)
        #expect(saves(harness) == savesBefore + 2)

        harness.press(.control("r"))
        #expect(harness.ordered.filter { $0.day == monday && $0.slot != "lunch" } == copies, "back with the same ids")
        #expect(harness.state.message == StatusMessage("Redid: add 2 meals to Mon 2 Mar 2026"))
        #expect(harness.state.undoStack.count == 1 && harness.state.redoStack.isEmpty)
        #expect(saves(harness) == savesBefore + 3)
    }

    /// A pasted meal keeps its recipe and servings, so it stays on the shopping list, as
    /// `mealplan copy` and `copy-days` keep them.
    @Test func pastedMealsKeepTheirRecipeAndServings() {
        let chili = Meal(day: saturday, slot: "dinner", title: "Chili", recipe: "mains/chili", servings: 6)
        var harness = Harness(today: saturday, meals: [chili])
        let sunday = saturday.adding(days: 1)
        harness.press(.character("y"), .character("J"), .character("p"))
        harness.press(.character("Y"), .character("J"), .character("P"))
        for day in [sunday, monday] {
            let pasted = harness.ordered.filter { $0.day == day }
            #expect(pasted.map(\.title) == ["Chili"])
            #expect(pasted.map(\.recipe) == ["mains/chili"] && pasted.map(\.servings) == [6])
        }
    }

    @Test func pasteAppendsToEachSlotAndPastesTheDayAsItWasWhenCopied() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("Y"), .character("d"))
        #expect(titles(on: saturday, harness).count == 1, "Porridge deleted after the copy")
        harness.press(.character("P"))
        #expect(titles(on: saturday, harness) == [
            "breakfast Porridge",
            "dinner Roast vegetables with a very long title that wraps",
            "dinner Roast vegetables with a very long title that wraps",
        ])
        #expect(harness.ordered.filter { $0.day == saturday }.map(\.position) == [0, 0, 1])
        harness.press(.character("J"), .character("J"), .character("P"))
        #expect(titles(on: monday, harness).count == 3)
        #expect(harness.state.undoStack.count == 3)
    }

    @Test func aDayWithOneMealOrNoneSaysSo() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("J"), .character("Y"))
        #expect(harness.state.clipboard == .days(DayRange(start: day("2026-03-01"), count: 1), []))
        #expect(harness.state.message == StatusMessage("Copied Sun 1 Mar (no meals)"))
        harness.press(.character("J"))
        let savesBefore = saves(harness), meals = harness.meals
        harness.press(.character("P"))
        #expect(harness.state.message == StatusMessage("Nothing to paste: Sun 1 Mar had no meals when copied"))
        #expect(saves(harness) == savesBefore && harness.meals == meals && harness.state.undoStack.isEmpty)

        harness.press(.character("Y"))
        #expect(harness.state.message == StatusMessage("Copied Mon 2 Mar (1 meal); P pastes it onto the selected day"))
        harness.press(.character("P"))
        #expect(harness.state.message == StatusMessage("Pasted 1 meal onto Mon 2 Mar 2026; u undoes"))
        #expect(titles(on: monday, harness) == ["lunch Soup", "lunch Soup"])
        harness.press(.character("u"))
        #expect(harness.state.message == StatusMessage("Undid: add 'Soup'"))
    }

    @Test func eachPasteKeyPastesItsOwnKindOfCopy() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("P"))
        #expect(harness.state.message == StatusMessage("Nothing copied yet; Y copies the selected day", isError: true))
        harness.press(.character("y"), .character("P"))
        #expect(harness.state.message == StatusMessage("A meal is copied, not a day: p pastes it, Y copies the selected day", isError: true))
        harness.press(.character("Y"), .character("p"))
        #expect(harness.state.message == StatusMessage("A day is copied, not a meal: P pastes it, y copies the selected meal", isError: true))
        #expect(harness.meals.count == 3)
        // The last copy wins: y after Y makes p paste one meal again.
        harness.press(.character("y"), .character("J"), .character("p"))
        #expect(titles(on: day("2026-03-01"), harness) == ["breakfast Porridge"])
    }

    @Test func aFailedPasteChangesNothingAndSaysWhy() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        let meals = harness.meals
        harness.press(.character("Y"), .character("J"))
        harness.failNextSave = "unknown slot 'dinner'; slots are breakfast, lunch"
        harness.press(.character("P"))
        #expect(harness.state.message == StatusMessage("Not saved: unknown slot 'dinner'; slots are breakfast, lunch", isError: true))
        #expect(harness.meals == meals && harness.state.undoStack.isEmpty)
    }

    @Test func aDayStillLoadingIsNotCopied() {
        var state = PlannerState(today: saturday, weekStart: .monday, slots: MealSlot.defaults, size: Size(width: 40, height: 12))
        _ = Planner.start(&state)
        #expect(Planner.update(&state, .copyDay).isEmpty)
        #expect(state.clipboard == nil)
        #expect(state.message == StatusMessage("Sat 28 Feb is still loading; try again", isError: true))
    }

    @Test func aBatchIsUndoneLastChangeFirst() {
        let added = Meal(id: 7, day: saturday, slot: "lunch", title: "A")
        let first = MealChange.add(added)
        let second = MealChange.remove(sampleMeals[0])
        let batch: ChangeBatch = [first, second]
        #expect(batch.inverse == [.restore(sampleMeals[0]), .remove(added)])
        // Redoing puts the added meal back with its id.
        #expect(batch.inverse.inverse == [.restore(added), second])
        #expect(ChangeBatch([first, .restore(sampleMeals[2]), second]).days == [saturday, monday])
    }
}
