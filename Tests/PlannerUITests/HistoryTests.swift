import MealPlanCore
import PlannerUI
import TerminalKit
import Testing
import TestSupport
import Timeline

@Suite struct HistoryTests {
    @Test func deleteIsImmediateAndUndoRestoresTheSameMeal() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        let porridge = harness.state.selectedMeal!
        harness.press(.character("d"))
        #expect(harness.meals[porridge.id!] == nil)
        #expect(harness.state.message == StatusMessage("Deleted 'Porridge'; u undoes"))
        #expect(harness.selectedTitle == "Roast vegetables with a very long title that wraps")
        #expect(harness.state.undoStack == [[.remove(porridge)]])
        harness.press(.character("u"))
        // Put back with its id, slot and position, and selected again.
        #expect(harness.meals[porridge.id!] == porridge)
        #expect(harness.selectedTitle == "Porridge")
        #expect(harness.state.undoStack.isEmpty)
        // The redo stack holds the change as it will be made again: the delete.
        #expect(harness.state.redoStack == [[.remove(porridge)]])
        #expect(harness.state.message == StatusMessage("Undid: delete 'Porridge'"))
        harness.press(.control("r"))
        #expect(harness.meals[porridge.id!] == nil)
        #expect(harness.state.undoStack == [[.remove(porridge)]])
        #expect(harness.state.redoStack.isEmpty)
        #expect(harness.state.message == StatusMessage("Redid: delete 'Porridge'"))
    }

    @Test func everyChangeOfTheSessionCanBeUndoneAndRedoneInOrder() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        let original = harness.meals
        // Add, edit, move, delete, paste: five changes.
        harness.press(.character("a"), .enter)
        harness.type("Leek soup")
        harness.press(.enter, .enter)
        harness.press(.character("e"), .control("u"))
        harness.type("Leek and potato soup")
        harness.press(.enter, .enter)
        harness.press(.character("y"))
        harness.press(.character("m"))
        harness.type("+1")
        harness.press(.enter)
        harness.finishAnimation()
        harness.press(.character("K"), .character("d"), .character("p"))
        #expect(harness.state.undoStack.count == 5)
        let changed = harness.meals
        for _ in 0..<5 { harness.press(.character("u")) }
        #expect(harness.meals == original)
        #expect(harness.state.redoStack.count == 5)
        harness.press(.character("u"))
        #expect(harness.state.message == StatusMessage("Nothing to undo"))
        for _ in 0..<5 { harness.press(.control("r")) }
        #expect(harness.meals == changed)
        harness.press(.control("r"))
        #expect(harness.state.message == StatusMessage("Nothing to redo"))
    }

    @Test func undoOfAnAddRemovesItAndRedoPutsItBackWithTheSameID() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("a"), .enter)
        harness.type("Toast")
        harness.press(.enter, .enter)
        let toast = harness.state.selectedMeal!
        #expect(toast.id == 4)
        harness.press(.character("u"))
        #expect(harness.meals[4] == nil)
        harness.press(.control("r"))
        #expect(harness.meals[4] == toast)
        #expect(harness.selectedTitle == "Toast")
    }

    @Test func undoOfAMoveFarAwayBringsTheMealAndTheViewBack() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("m"))
        harness.type("2030-01-01")
        harness.press(.enter)
        #expect(harness.state.timeline.selection.day == day("2030-01-01"))
        #expect(harness.selectedTitle == "Porridge")
        harness.press(.character("u"))
        harness.finishAnimation()
        #expect(harness.state.timeline.selection == Selection(day: saturday, item: 0))
        #expect(harness.meals[1]?.day == saturday)
        #expect(harness.state.message == StatusMessage("Undid: move 'Porridge' to Tue 1 Jan 2030"))
    }

    @Test func onlyUndoAndRedoAskTheStoreToRestorePositions() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        func lastSaveRestoresPosition() -> Bool? {
            let request = harness.effects.reversed().lazy.compactMap { if case .save(let request) = $0 { request } else { nil } }.first
            guard case .changes(let batch)? = request?.work, case .update(_, _, let restoresPosition)? = batch.changes.first
            else { return nil }
            return restoresPosition
        }
        harness.press(.character("m"))
        harness.type("2030-01-01")
        harness.press(.enter)
        #expect(lastSaveRestoresPosition() == false)
        harness.press(.character("u"))
        #expect(lastSaveRestoresPosition() == true)
        harness.press(.control("r"))
        #expect(lastSaveRestoresPosition() == true)
        #expect(harness.state.undoStack.count == 1)
    }

    @Test func aNewChangeClearsTheRedoStack() throws {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("d"), .character("u"))
        #expect(harness.state.redoStack.count == 1)
        let roast = try #require(harness.meals[2])
        #expect(roast.title == "Roast vegetables with a very long title that wraps")
        harness.press(.character("j"), .character("d"))
        #expect(harness.state.redoStack.isEmpty)
        #expect(harness.state.undoStack == [[.remove(roast)]])
    }

    @Test func failedUndoKeepsTheHistoryAndSaysWhy() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("d"))
        harness.failNextSave = "disk is full"
        harness.press(.character("u"))
        #expect(harness.state.message == StatusMessage("Could not undo: disk is full", isError: true))
        #expect(harness.state.undoStack.count == 1)
        #expect(harness.state.redoStack.isEmpty)
        harness.press(.character("u"))
        #expect(harness.state.undoStack.isEmpty)
        #expect(harness.meals.count == 3)
    }

    @Test func anUndoTheStoreRefusesIsDroppedSoTheOlderChangesCanBeUndone() {
        let brunch = Meal(day: saturday, slot: "brunch", title: "Pancakes")
        var harness = Harness(today: saturday, size: Size(width: 80, height: 12), extraSlots: ["brunch"],
                              meals: sampleMeals + [brunch])
        let porridge = harness.state.selectedMeal!
        harness.press(.character("d"))
        for _ in 0..<3 where harness.selectedTitle != "Pancakes" { harness.press(.character("j")) }
        harness.press(.character("d"))
        harness.changeOutside { harness in _ = try! harness.store.removeSlot("brunch") }
        harness.press(.character("u"))
        let message = harness.state.message
        #expect(message?.isError == true)
        #expect(message?.text.hasPrefix("Could not undo, so dropped it: unknown slot 'brunch'") == true)
        #expect(harness.state.undoStack == [[.remove(porridge)]])
        harness.press(.character("u"))
        #expect(harness.meals[porridge.id!] == porridge)
        #expect(harness.state.message == StatusMessage("Undid: delete 'Porridge'"))
    }

    @Test func aRedoTheStoreRefusesIsDropped() {
        var harness = Harness(today: saturday, size: Size(width: 80, height: 12), extraSlots: ["brunch"],
                              meals: sampleMeals)
        harness.press(.character("d"), .character("a"))
        harness.type("brunch")
        harness.press(.enter)
        harness.type("Pancakes")
        harness.press(.enter, .enter, .character("u"))
        #expect(harness.state.redoStack.count == 1)
        harness.changeOutside { harness in _ = try! harness.store.removeSlot("brunch") }
        harness.press(.control("r"))
        #expect(harness.state.message?.text.hasPrefix("Could not redo, so dropped it: unknown slot 'brunch'") == true)
        #expect(harness.state.redoStack.isEmpty)
        #expect(harness.state.undoStack.count == 1)
    }

    @Test func aMessageTooLongForTheFullDateGetsTheDateWithoutItsYear() {
        var harness = Harness(today: saturday, size: Size(width: 53, height: 12), meals: sampleMeals)
        harness.press(.character("d"))
        #expect(harness.lines[11] == line("Sat 28 Feb 2026  Deleted 'Porridge'; u undoes", 47) + "? help")
        harness.send(.event(.resize(width: 64, height: 12)))
        harness.press(.character("d"))
        // 67 columns with the year; 62 without, taking the help hint's place.
        #expect(harness.lines[11] == line("Sat 28 Feb  Deleted 'Roast vegetables with a very…'; u undoes", 64))
    }

    @Test func failedDeleteChangesNothing() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.failNextSave = "attempt to write a readonly database"
        harness.press(.character("d"))
        #expect(harness.state.message == StatusMessage("Not saved: attempt to write a readonly database", isError: true))
        #expect(harness.meals.count == 3)
        #expect(harness.state.undoStack.isEmpty)
        // Too long for the screen even so: the date leaves out its year, the message is cut.
        #expect(harness.render().buffer.lines[11] == "Sat 28 Feb  Not saved: attempt to write…")
    }

    @Test func onlyOneSaveIsInFlightAtATime() throws {
        var state = PlannerState(today: saturday, weekStart: .monday, slots: MealSlot.defaults, size: Size(width: 40, height: 12))
        guard case .load(let request)? = Planner.start(&state).first else {
            Issue.record("no first load")
            return
        }
        let harness = Harness(today: saturday, meals: sampleMeals)
        _ = Planner.update(&state, .loaded(request, try harness.store.mealsByDay(in: request.days)))
        let first = Planner.update(&state, .deleteMeal)
        #expect(first.count == 1)
        #expect(state.isSaving)
        #expect(Planner.update(&state, .moveDown).isEmpty)
        #expect(Planner.update(&state, .deleteMeal).isEmpty)
        #expect(state.message == StatusMessage("Still saving the last change; try again", isError: true))
        #expect(Planner.render(state, colors: true).buffer.lines[11].contains("Still saving"))
    }

    @Test func copyAndPasteOntoAnotherDay() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("j"), .character("y"))
        let roast = harness.meals[2]
        #expect(harness.state.clipboard == roast.map(Clipboard.meal))
        #expect(roast?.title == "Roast vegetables with a very long title that wraps")
        #expect(harness.state.message == StatusMessage("Copied 'Roast vegetables with a very…'; p pastes it onto the selected day"))
        harness.press(.character("J"), .character("p"))
        let copy = harness.state.selectedMeal
        #expect(copy?.day == day("2026-03-01") && copy?.slot == "dinner" && copy?.note == "oven at 200")
        #expect(copy?.id == 4)
        harness.press(.character("p"))
        #expect(harness.meals.values.filter { $0.day == day("2026-03-01") }.count == 2)
        #expect(harness.state.undoStack.count == 2)
    }

    @Test func pasteWithNothingCopiedSaysHowToCopy() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("p"))
        #expect(harness.state.message == StatusMessage("Nothing copied yet; y copies the selected meal", isError: true))
        harness.press(.character("J"), .character("y"))
        #expect(harness.state.clipboard == nil)
    }
}
