import MealPlanCore
@testable import PlannerUI
import TerminalKit
import Testing
import TestSupport

/// A long save (`A` laying a template down many times, its undo) as the loop reports it: how far
/// it is in the status line, a cancel that keeps nothing and leaves the history as it was, and a
/// finished save that is one step of the history.
@Suite struct LongSaveTests {
    /// Saturday's two meals and Monday's one, kept as the template "weekend" of three days.
    static let copies = 400
    static let laid = 3 * copies

    /// A planner 100 columns wide whose saves wait for the test, the template's prompt
    /// answered: `A` on Sunday 8 March, "weekend x400", Enter.
    func applying() -> (Harness, SaveRequest) {
        var harness = Harness(today: saturday, size: Size(width: 100, height: 12), meals: sampleMeals)
        try! harness.store.saveTemplate("weekend", from: saturday, days: 3)
        harness.holdsSaves = true
        harness.send(.weekForward, .nextDay)
        harness.press(.character("A"))
        harness.type("weekend x\(Self.copies)")
        harness.press(.enter)
        return (harness, harness.heldSaves[0])
    }

    /// The status line, from its start: the selected date, two spaces, the text.
    func status(_ harness: Harness) -> String {
        harness.lines.last!
    }

    @Test func theStatusLineSaysHowFarTheApplyIsInPlaceOfItsPrompt() {
        var (harness, request) = applying()
        #expect(request.work == .template(TemplatePlacement(name: "weekend", start: saturday.adding(days: 8), times: Self.copies),
                                          asRead: try! harness.store.template(named: "weekend")))
        #expect(harness.prompt != nil && harness.state.isSaving)
        harness.send(.saveProgress(request, done: 1_024, total: Self.laid))
        #expect(harness.prompt == nil)
        #expect(status(harness) == line("Sun 8 Mar 2026  Applying 'weekend': 1,024 of 1,200 meals… Esc or Ctrl-C cancels", 94)
            + "? help")
        // Later reports replace it; one for another save (long over) changes nothing.
        harness.send(.saveProgress(request, done: 1_152, total: Self.laid))
        harness.send(.saveProgress(SaveRequest(id: 99, work: request.work), done: 1, total: Self.laid))
        #expect(status(harness).hasPrefix("Sun 8 Mar 2026  Applying 'weekend': 1,152 of 1,200 meals…"))
    }

    @Test func aCancelledApplyKeepsNothingAndIsNoStepOfTheHistory() {
        var (harness, request) = applying()
        let before = harness.ordered
        harness.send(.saveProgress(request, done: 64, total: Self.laid))
        harness.send(.saveCancelled(request))
        #expect(!harness.state.isSaving && harness.state.undoStack.isEmpty && harness.state.redoStack.isEmpty)
        #expect(harness.state.message == StatusMessage("Cancelled applying 'weekend': nothing was kept"))
        #expect(status(harness).hasPrefix("Sun 8 Mar 2026  Cancelled applying 'weekend': nothing was kept"))
        #expect(harness.ordered == before)
        // A late answer to the cancelled save (there is none; the loop sends one or the other) is ignored.
        harness.send(.saved(request, stored: []))
        #expect(harness.state.undoStack.isEmpty)
    }

    @Test func aFinishedApplyIsOneStepAndItsUndoCanBeCancelledAndTriedAgain() {
        var (harness, request) = applying()
        let before = harness.ordered
        harness.send(.saveProgress(request, done: 1_024, total: Self.laid))
        harness.answer(request)
        #expect(harness.state.message == StatusMessage("Added \(Self.laid) meals from 'weekend'; u undoes"))
        #expect(harness.state.undoStack.count == 1 && harness.ordered.count == before.count + Self.laid)
        let applied = harness.ordered

        harness.press(.character("u"))
        let undo = harness.heldSaves.removeFirst()
        harness.send(.saveProgress(undo, done: 640, total: Self.laid))
        #expect(status(harness).hasPrefix("Sun 8 Mar 2026  Undoing: 640 of 1,200 changes… Esc or Ctrl-C cancels"))
        harness.send(.saveCancelled(undo))
        #expect(harness.state.message == StatusMessage("Cancelled undoing: nothing was kept"))
        #expect(harness.state.undoStack.count == 1 && harness.state.redoStack.isEmpty && harness.ordered == applied)

        harness.press(.character("u"))
        harness.answer(harness.heldSaves[0])
        #expect(harness.state.undoStack.isEmpty && harness.state.redoStack.count == 1)
        #expect(harness.ordered == before)
    }

    @Test func escAndCtrlCAreTheKeysThatCancel() {
        #expect(LongSave.cancels(.key(.escape)) && LongSave.cancels(.key(.control("c"))))
        #expect(!LongSave.cancels(.key(.character("q"))) && !LongSave.cancels(.resize(width: 80, height: 24)))
        #expect(KeyReference.sections().contains { $0.heading == KeyReference.longSaveHeading && $0.rows.first?.keys == ["Esc", "Ctrl-C"] })
    }
}
