import Foundation
import MealPlanCore
import MealPlanStore
import PlannerRuntime
import PlannerUI
import TerminalKit
import Testing
import TestSupport

/// The run loop against a scripted terminal and a real database file: what it does with the
/// store's answers, failures and other processes' changes.
@Suite struct PlannerLoopTests {
    let folder = TemporaryFolder()
    let today = day("2026-03-04")

    /// The database as the planner opens it: made at once when missing.
    func openStore() throws -> MealStore {
        try MealStore.open(path: folder.file("meals.sqlite"), access: .read)
    }

    /// Runs the loop until it quits or `stop` says so (or 10 seconds pass).
    func runLoop(_ backend: TestBackend, store: MealStore, slots: [MealSlot] = MealSlot.defaults,
                 stop: @escaping () -> Bool = { false }) -> PlannerState {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: .seconds(10))
        var loop = PlannerLoop(terminal: backend, store: store, today: { today }, weekStart: .monday, slots: slots) {
            stop() || clock.now > end
        }
        loop.run()
        return loop.state
    }

    /// `text` padded with spaces to the screen's `width` columns, as a buffer line is.
    func padded(_ text: String, _ width: Int = 40) -> String {
        text + String(repeating: " ", count: width - text.count)
    }

    /// A meal's line as the planner draws it: indented by two, the slot name in a column
    /// `slotWidth` wide, a space, the title.
    func mealLine(_ slot: String, _ title: String, slotWidth: Int) -> String {
        padded("  " + slot.padding(toLength: slotWidth, withPad: " ", startingAt: 0) + " " + title)
    }

    /// A batch saved as the loop saves it, through `PlannerEffects`; each change's meal as
    /// stored, or the store's reason for refusing the batch.
    func save(_ batch: ChangeBatch, in store: MealStore) -> Result<[Meal?], SaveRefused> {
        let request = SaveRequest(id: 1, change: batch)
        switch PlannerEffects.answer(.save(request), store: store) {
        case .saved(request, let stored)?: return .success(stored.map(\.result))
        case .saveFailed(request, let message)?, .saveRefused(request, let message)?:
            return .failure(SaveRefused(message: message))
        case let other: return .failure(SaveRefused(message: "unexpected answer \(String(describing: other))"))
        }
    }

    struct SaveRefused: Error, Equatable {
        let message: String
    }

    /// One change saved as the loop saves it; the meal as stored.
    func save(_ change: MealChange, in store: MealStore) throws -> Meal? {
        try save([change], in: store).get()[0]
    }

    @Test func everyKindOfChangeReachesTheStore() throws {
        let store = try openStore()
        let added = try #require(try save(.add(Meal(day: today, slot: "lunch", title: "Soup")), in: store))
        #expect(added.id != nil && added.title == "Soup" && added.slot == "lunch")

        var edited = added
        edited.title = "Leek soup"
        edited.note = "with bread"
        edited.slot = "dinner"
        edited.day = today.adding(days: 1)
        let stored = try #require(try save(.update(from: added, to: edited, restoresPosition: false), in: store))
        #expect(stored == Meal(id: added.id, uid: added.uid, day: today.adding(days: 1), slot: "dinner", position: 0, title: "Leek soup", note: "with bread"))

        var noteless = stored
        noteless.note = nil
        #expect(try save(.update(from: stored, to: noteless, restoresPosition: false), in: store)?.note == nil)

        #expect(try save(.remove(noteless), in: store) == nil)
        #expect(try store.mealCount() == 0)
        #expect(try save(.restore(noteless), in: store) == noteless)
        #expect(try store.meals(in: .all) == [noteless])
    }

    @Test func aBatchReachesTheStoreAllOrNoneAndItsInverseUndoesItAsOne() throws {
        let store = try openStore()
        let soup = try store.addMeal(day: today, slot: "lunch", title: "Soup")
        let stew = try store.addMeal(day: today, slot: "dinner", title: "Stew", note: "slow")
        let tomorrow = DayRange(start: today.adding(days: 1), count: 1)
        let paste = ChangeBatch([soup, stew].map {
            .add(Meal(day: tomorrow.first, slot: $0.slot, title: $0.title, note: $0.note))
        })
        let stored = try save(paste, in: store).get()
        // The copies are new meals: new UIDs.
        #expect(stored[0]?.uid != soup.uid && stored[1]?.uid != stew.uid && stored.allSatisfy { $0?.uid != nil })
        #expect(stored == [
            Meal(id: 3, uid: stored[0]?.uid, day: tomorrow.first, slot: "lunch", position: 0, title: "Soup", note: nil),
            Meal(id: 4, uid: stored[1]?.uid, day: tomorrow.first, slot: "dinner", position: 0, title: "Stew", note: "slow"),
        ])
        #expect(try store.meals(in: tomorrow) == stored.compactMap { $0 })

        // Undo removes both, redo puts both back with their ids.
        let applied = ChangeBatch(zip(paste.changes, stored).map { $0.stored(as: $1) })
        #expect(try save(applied.inverse, in: store).get() == [nil, nil])
        #expect(try store.meals(in: tomorrow).isEmpty)
        #expect(try save(applied.inverse.inverse, in: store).get() == stored)

        // One change the store refuses (a slot it does not have) and nothing of the batch is stored.
        let refused: ChangeBatch = [
            .add(Meal(day: tomorrow.first, slot: "lunch", title: "Bread")),
            .add(Meal(day: tomorrow.first, slot: "brunch", title: "Eggs")),
        ]
        #expect(save(refused, in: store) == .failure(SaveRefused(message: "unknown slot 'brunch'; slots are breakfast, lunch, dinner, snack")))
        #expect(try store.mealCount() == 4)
    }

    @Test func undoOfAMovePutsTheMealBackBetweenItsNeighbours() throws {
        let store = try openStore()
        let titles = ["Toast", "Eggs", "Fruit"]
        let meals = try titles.map { try store.addMeal(day: today, slot: "breakfast", title: $0) }
        var moved = meals[1]
        moved.day = today.adding(days: 2)
        let move = MealChange.update(from: meals[1], to: moved, restoresPosition: false)
        let stored = try #require(try save(move, in: store))
        #expect(stored.day == moved.day && stored.position == 0)

        // The history's inverse names the position the meal was stored at.
        let back = try save(move.stored(as: stored).inverse, in: store)
        #expect(back == meals[1])
        #expect(try store.meals(in: DayRange(start: today, count: 1)).map(\.title) == titles)
    }

    @Test func yAndPCopyADayThroughTheLoopIntoTheStore() throws {
        let store = try openStore()
        try store.addMeal(day: today, slot: "lunch", title: "Soup")
        try store.addMeal(day: today, slot: "dinner", title: "Stew")
        let keys: [Key] = [.character("Y"), .character("J"), .character("P")]
        let backend = TestBackend(width: 60, height: 12, hasColors: false, events: keys.map(Event.key))
        let state = runLoop(backend, store: store) {
            backend.frames.last?.lines.contains { $0.contains("Pasted") } ?? false
        }
        #expect(try #require(backend.frames.last).lines[11].hasPrefix("Thu 5 Mar 2026  Pasted 2 meals onto Thu 5 Mar 2026; u undoes"))
        #expect(try store.meals(in: DayRange(start: today.adding(days: 1), count: 1)).map(\.title) == ["Soup", "Stew"])
        #expect(state.undoStack.count == 1 && state.undoStack[0].changes.count == 2)
    }

    @Test func theLoopEndsWhenTheTerminalsInputIsGone() throws {
        let store = try openStore()
        let backend = TestBackend(width: 40, height: 8, hasColors: false, events: [.key(.character("j"))])
        backend.inputEnded = true
        var loop = PlannerLoop(terminal: backend, store: store, today: { today }, weekStart: .monday, slots: MealSlot.defaults) { false }
        #expect(loop.run() == .inputEnded)
    }

    @Test func eRunsTheEditorOnTheNoteWithTheTerminalGivenBackAndSavesItsText() throws {
        let store = try openStore()
        try store.addMeal(day: today, slot: "dinner", title: "Stew", note: "garlic and rosemary")
        let backend = TestBackend(width: 60, height: 10, hasColors: false, events: [.key(.character("E"))])
        let editor = ExternalEditor(command: "sed -i 's/garlic/ginger/'")
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: .seconds(10))
        var loop = PlannerLoop(terminal: backend, store: store, today: { today }, weekStart: .monday, slots: MealSlot.defaults, editor: editor) {
            clock.now > end || backend.frames.last?.lines.contains { $0.contains("Saved the note") } == true
        }
        loop.run()
        #expect(try store.meals(in: DayRange(start: today, count: 1)).map(\.note) == ["ginger and rosemary"])
        #expect(!backend.isPaused)
        #expect(loop.state.undoStack.count == 1)
    }

    @Test func anEditorThatFailsLeavesTheNoteAndSaysWhy() throws {
        let store = try openStore()
        try store.addMeal(day: today, slot: "dinner", title: "Stew", note: "garlic")
        let backend = TestBackend(width: 100, height: 10, hasColors: false, events: [.key(.character("E"))])
        var loop = PlannerLoop(terminal: backend, store: store, today: { today }, weekStart: .monday, slots: MealSlot.defaults,
                               editor: ExternalEditor(command: "exit 3")) {
            backend.frames.last?.lines.contains { $0.contains("Note not changed") } == true
        }
        loop.run()
        #expect(try #require(backend.frames.last).lines[9].contains("Note not changed: the editor (exit 3) exited with status 3"))
        #expect(try store.meals(in: DayRange(start: today, count: 1)).map(\.note) == ["garlic"])
    }

    @Test func ctrlZSuspendsThroughTheTerminalAndTheScreenIsDrawnAgain() throws {
        let store = try openStore()
        let backend = TestBackend(width: 40, height: 8, hasColors: false, events: [.key(.control("z"))])
        let framesBefore = Box(0)
        var loop = PlannerLoop(terminal: backend, store: store, today: { today }, weekStart: .monday, slots: MealSlot.defaults) {
            if backend.suspensions == 0 { framesBefore.value = backend.frames.count }
            return backend.suspensions == 1 && backend.frames.count > framesBefore.value
        }
        #expect(loop.run() == .stopped)
        #expect(backend.suspensions == 1)
    }

    /// Ctrl-L, browsing and in an open prompt, has the terminal paint every cell again, and
    /// a frame is drawn after it.
    @Test func ctrlLRepaintsTheWholeScreen() throws {
        let store = try openStore()
        let backend = TestBackend(width: 40, height: 8, hasColors: false,
                                  events: [.key(.control("l")), .key(.character("g")), .key(.control("l"))])
        let framesBefore = Box(0)
        var loop = PlannerLoop(terminal: backend, store: store, today: { today }, weekStart: .monday, slots: MealSlot.defaults) {
            if backend.repaints < 2 { framesBefore.value = backend.frames.count }
            return backend.repaints == 2 && backend.frames.count > framesBefore.value
        }
        #expect(loop.run() == .stopped)
        #expect(backend.repaints == 2)
        #expect(try #require(backend.frames.last).lines[7].hasPrefix("Go to:"))
    }

    @Test func aFailedSaveIsShownInThePromptWithTheTypedTextKept() throws {
        let store = try openStore()
        // The planner knows a slot the database does not (as if another process removed it).
        let slots = MealSlot.defaults + [MealSlot(name: "brunch", position: 4)]
        let keys = [Key.character("a")] + "brunch".map(Key.character) + [.enter] + "Pancakes".map(Key.character) + [.enter, .enter]
        let backend = TestBackend(width: 60, height: 10, hasColors: false, events: keys.map(Event.key))
        let state = runLoop(backend, store: store, slots: slots) {
            backend.frames.last?.lines.contains { $0.contains("Not saved") } ?? false
        }
        let lines = try #require(backend.frames.last).lines
        #expect(lines[8].hasPrefix("Not saved: unknown slot 'brunch'"))
        #expect(lines[9].hasPrefix("Note:"))
        guard case .prompt(let prompt) = state.mode, case .meal(let form) = prompt.kind else {
            Issue.record("the meal prompt closed")
            return
        }
        #expect(form.title == "Pancakes" && form.slot == "brunch")
        #expect(try store.mealCount() == 0)
    }

    @Test func aReadOnlyDatabaseGivesTheShortReasonFirst() throws {
        _ = try openStore()
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: folder.file("meals.sqlite"))
        let store = try MealStore.open(path: folder.file("meals.sqlite"), access: .read)
        let keys = [Key.character("a"), .enter] + "Bread".map(Key.character) + [.enter, .enter]
        let backend = TestBackend(width: 40, height: 10, hasColors: false, events: keys.map(Event.key))
        let state = runLoop(backend, store: store) {
            backend.frames.last?.lines.contains { $0.contains("Not saved") } ?? false
        }
        // The whole reason fits on a narrow screen: the file's path is left out.
        let lines = try #require(backend.frames.last).lines
        #expect(lines[8] == padded("Not saved: the database is read-only"))
        guard case .prompt(let prompt) = state.mode, case .meal(let form) = prompt.kind else {
            Issue.record("the meal prompt closed")
            return
        }
        #expect(form.title == "Bread")
    }

    @Test func aChangeByAnotherProcessIsShownWithoutMovingTheSelection() throws {
        let store = try openStore()
        let other = try openStore()
        try other.addMeal(day: today, slot: "lunch", title: "Soup")
        try other.addMeal(day: today, slot: "dinner", title: "Stew")
        let backend = TestBackend(width: 40, height: 8, hasColors: false, events: [.key(.character("j"))])
        var addedOutside = false
        let state = runLoop(backend, store: store) {
            guard let frame = backend.frames.last else { return false }
            if !addedOutside, frame.lines.contains(where: { $0.contains("Stew") }) {
                addedOutside = true
                _ = try? other.addMeal(day: today, slot: "breakfast", title: "Toast")
            }
            return frame.lines.contains { $0.contains("Toast") }
        }
        let lines = try #require(backend.frames.last).lines
        // The slot column is as wide as the longest slot name, "breakfast".
        #expect(Array(lines[1...3]) == [
            mealLine("breakfast", "Toast", slotWidth: 9), mealLine("lunch", "Soup", slotWidth: 9),
            mealLine("dinner", "Stew", slotWidth: 9),
        ])
        #expect(state.selectedMeal?.title == "Stew")
    }

    @Test func slotsChangedByAnotherProcessAreLaidOutLive() throws {
        let store = try openStore()
        let other = try openStore()
        try other.addMeal(day: today, slot: "breakfast", title: "Toast")
        let backend = TestBackend(width: 40, height: 8, hasColors: false, events: [])
        var changedOutside = false
        let state = runLoop(backend, store: store, slots: try store.slots()) {
            guard let frame = backend.frames.last else { return false }
            if !changedOutside, frame.lines.contains(where: { $0.contains("Toast") }) {
                changedOutside = true
                _ = try? other.addSlot("midnight feast")
                _ = try? other.addMeal(day: today, slot: "midnight feast", title: "Cheese")
            }
            return frame.lines.contains { $0.contains("Cheese") }
        }
        let lines = try #require(backend.frames.last).lines
        // The slot column widened to its cap of 12 columns for the new slot, whose name is cut.
        #expect(Array(lines[1...2]) == [
            mealLine("breakfast", "Toast", slotWidth: 12), mealLine("midnight fe…", "Cheese", slotWidth: 12),
        ])
        #expect(state.slots.map(\.name) == ["breakfast", "lunch", "dinner", "snack", "midnight feast"])
    }

    @Test func aFailingChangeCheckIsReportedOnceUntilACheckWorksAgain() {
        var watch = ChangeWatch()
        let broken = StoreError(.database, "database 'meals.sqlite': input/output error", reason: "input/output error")
        let failing = { () throws(StoreError) -> Bool in throw broken }
        let unchanged: () throws(StoreError) -> Bool = { false }
        let changed: () throws(StoreError) -> Bool = { true }
        let slots: () throws(StoreError) -> [MealSlot] = { MealSlot.defaults }
        let failingSlots = { () throws(StoreError) -> [MealSlot] in throw broken }
        let reported = Input.changeCheckFailed(message: "input/output error")

        #expect(watch.inputs(hasChanges: failing, slots: slots) == [reported])
        #expect(watch.inputs(hasChanges: failing, slots: slots) == [])
        #expect(watch.inputs(hasChanges: unchanged, slots: slots) == [])
        #expect(watch.inputs(hasChanges: failing, slots: slots) == [reported])
        // A change is still reloaded when the slots cannot be read; the failure was reported.
        #expect(watch.inputs(hasChanges: changed, slots: failingSlots) == [.externalChange])
        #expect(watch.inputs(hasChanges: changed, slots: slots) == [.slotsLoaded(MealSlot.defaults), .externalChange])
        #expect(watch.inputs(hasChanges: changed, slots: failingSlots) == [reported, .externalChange])
    }

    /// The local date as a test sets it, read by the loop whenever it asks.
    final class TestCalendar {
        var day: Day
        init(_ day: Day) { self.day = day }
    }

    @Test func theLoopRollsTodayOverWhenTheDateChanges() throws {
        let store = try openStore()
        let calendar = TestCalendar(today)
        let backend = TestBackend(width: 40, height: 12, hasColors: false, events: [])
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: .seconds(10))
        let midnight = clock.now.advanced(by: .milliseconds(300))
        var loop = PlannerLoop(terminal: backend, store: store, today: {
            if clock.now >= midnight { calendar.day = day("2026-03-05") }
            return calendar.day
        }, weekStart: .monday, slots: MealSlot.defaults) {
            backend.frames.last?.lines.contains { $0.hasPrefix("Thu 5 Mar  today") } == true || clock.now > end
        }
        loop.run()
        #expect(loop.state.today == day("2026-03-05"))
        // Within a change check (250 ms) of the new date.
        #expect(clock.now < midnight.advanced(by: .seconds(1)))
        #expect(backend.frames.last?.lines.contains(padded("Wed 4 Mar")) == true)
    }

}

/// A value a test's closures share.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
