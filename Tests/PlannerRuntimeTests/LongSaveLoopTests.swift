import MealPlanCore
import MealPlanStore
import PlannerRuntime
import PlannerUI
import TerminalKit
import Testing
import TestSupport

/// A long save in the run loop, played at `LongSavePacing.everyChange` so that a template laid
/// down 50 times acts as one laid down thousands of times would: the status line says how far
/// it is while it runs, Esc or Ctrl-C cancels it with nothing stored, and any other key waits
/// for it and then acts.
@Suite struct LongSaveLoopTests {
    let folder = TemporaryFolder()
    let today = day("2026-03-04")
    /// Four meals on today, kept as the one-day template "big", laid down 50 times.
    static let laid = 4 * 50

    func plan() throws -> MealStore {
        let store = try MealStore.open(path: folder.file("meals.sqlite"), access: .read)
        try store.apply(["breakfast", "lunch", "dinner", "snack"].map { .add(Meal(day: today, slot: $0, title: "Meal \($0)")) })
        try store.saveTemplate("big", from: today, days: 1)
        return store
    }

    /// `A`, "big x50", Enter on tomorrow, then `keys`.
    func backend(then keys: [Key]) -> TestBackend {
        let typed = "big x50".map { Event.key(.character($0)) }
        let events = [Event.key(.character("J")), .key(.character("A"))] + typed + [.key(.enter)] + keys.map(Event.key)
        return TestBackend(width: 100, height: 12, events: events)
    }

    func run(_ backend: any TerminalBackend, store: MealStore) -> PlannerState {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: .seconds(30))
        var loop = PlannerLoop(terminal: backend, store: store, today: { today }, weekStart: .monday, slots: MealSlot.defaults,
                               longSave: .everyChange) { clock.now > end }
        #expect(loop.run() == .quit)
        return loop.state
    }

    /// The status line of every frame drawn, oldest first.
    func statusLines(_ backend: TestBackend) -> [String] {
        backend.frames.map { $0.lines.last! }
    }

    /// The status line as `q` found it (the loop draws nothing after it).
    func lastStatus(_ backend: TestBackend) -> String {
        backend.frames.last!.lines.last!
    }

    /// Ctrl-C pressed once the progress is on screen, as a person presses it.
    @Test func ctrlCWhileItSavesKeepsNothing() throws {
        let store = try plan()
        let before = try store.meals(in: .all)
        let terminal = backend(then: [])
        let progress = "Thu 5 Mar 2026  Applying 'big': 1 of \(Self.laid) meals… Esc or Ctrl-C cancels"
        let backend = KeysOnceDrawn(terminal, shown: progress, then: [.control("c"), .character("q")])
        let state = run(backend, store: store)
        #expect(try store.meals(in: .all) == before)
        #expect(state.undoStack.isEmpty && !state.isSaving)
        #expect(backend.released)
        #expect(lastStatus(terminal).hasPrefix("Thu 5 Mar 2026  Cancelled applying 'big': nothing was kept"))
    }

    @Test func escWhileItSavesKeepsNothingToo() throws {
        let store = try plan()
        let before = try store.meals(in: .all)
        let backend = backend(then: [.escape, .character("q")])
        let state = run(backend, store: store)
        #expect(try store.meals(in: .all) == before && state.undoStack.isEmpty)
        #expect(lastStatus(backend).hasPrefix("Thu 5 Mar 2026  Cancelled applying 'big': nothing was kept"))
    }

    /// Keys typed before the cancel go with it, as a terminal's interrupt flushes them: the `u`
    /// does not act once the apply is cancelled.
    @Test func keysTypedBeforeACancelGoWithIt() throws {
        let store = try plan()
        let before = try store.meals(in: .all)
        let backend = backend(then: [.character("u"), .control("c"), .character("q")])
        let state = run(backend, store: store)
        #expect(try store.meals(in: .all) == before)
        #expect(state.undoStack.isEmpty && state.redoStack.isEmpty)
        #expect(lastStatus(backend).hasPrefix("Thu 5 Mar 2026  Cancelled applying 'big': nothing was kept"))
    }

    /// `u` pressed while the template is laid down waits for it, then takes all of it away as
    /// one step, itself a long save that says how far it is.
    @Test func otherKeysWaitForTheSaveThenAct() throws {
        let store = try plan()
        let before = try store.meals(in: .all)
        let backend = backend(then: [.character("u"), .character("q")])
        let state = run(backend, store: store)
        let lines = statusLines(backend)
        let applying = try #require(lines.firstIndex { $0.hasPrefix("Thu 5 Mar 2026  Applying 'big': \(Self.laid) of \(Self.laid) meals…") })
        let undoing = try #require(lines.firstIndex { $0.hasPrefix("Thu 5 Mar 2026  Undoing: 1 of \(Self.laid) changes…") })
        #expect(applying < undoing)
        #expect(try store.meals(in: .all) == before)
        #expect(state.undoStack.isEmpty && state.redoStack.count == 1 && state.redoStack[0].changes.count == Self.laid)
    }

    @Test func aFinishedSaveIsOneStepOfTheHistory() throws {
        let store = try plan()
        let before = try store.meals(in: .all)
        let backend = backend(then: [.character("q")])
        let state = run(backend, store: store)
        #expect(try store.meals(in: .all).count == before.count + Self.laid)
        #expect(state.undoStack.count == 1 && state.undoStack[0].changes.count == Self.laid)
        #expect(lastStatus(backend).hasPrefix("Thu 5 Mar 2026  Added \(Self.laid) meals from 'big'; u undoes"))
    }
}

/// A scripted terminal that hands out `keys` only once a frame whose last line begins with
/// `shown` was drawn: a key pressed in answer to what the screen shows, whatever the clock.
final class KeysOnceDrawn: TerminalBackend {
    let terminal: TestBackend
    let shown: String
    let keys: [Key]
    private(set) var released = false

    init(_ terminal: TestBackend, shown: String, then keys: [Key]) {
        self.terminal = terminal
        self.shown = shown
        self.keys = keys
    }

    var size: Size { terminal.size }
    var hasColors: Bool { terminal.hasColors }
    var inputEnded: Bool { terminal.inputEnded }

    func draw(_ buffer: Buffer, cursor: Position?) {
        terminal.draw(buffer, cursor: cursor)
        if !released, buffer.lines.last!.hasPrefix(shown) {
            released = true
            for key in keys { terminal.send(.key(key)) }
        }
    }

    func readEvent(timeout: Duration) -> Event? { terminal.readEvent(timeout: timeout) }
    func pause() { terminal.pause() }
    func resume() { terminal.resume() }
    func suspend() { terminal.suspend() }
    func repaint() { terminal.repaint() }
}
