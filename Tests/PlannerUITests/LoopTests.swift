import MealPlanCore
import MealPlanStore
import PlannerRuntime
import PlannerUI
import TerminalKit
import Testing

@Suite struct LoopTests {
    /// The run loop against a TestBackend and a store in memory: render, draw, read an event,
    /// update, carry out the effects and feed their answers back, until `q`.
    @Test func theRunLoopDrivesThePlannerThroughABackend() throws {
        let backend = TestBackend(width: 40, height: 12, hasColors: false, events: [
            .key(.character("j")), .key(.character("d")), .resize(width: 30, height: 8), .key(.character("u")),
            .key(.character("q")), .key(.character("j")),
        ])
        let store = try MealStore.inMemory()
        for meal in sampleMeals {
            try store.addMeal(day: meal.day, slot: meal.slot, title: meal.title, note: meal.note)
        }
        var loop = PlannerLoop(terminal: backend, store: store, today: { saturday }, weekStart: .monday, slots: try store.slots()) { false }
        loop.run()
        #expect(loop.state.shouldQuit)
        // Five frames: the first screen and one after each event before q; the last j is never read.
        #expect(backend.frames.count == 5)
        // j selected the dinner (reverse video without colours), d deleted it.
        #expect(backend.frames[1][2, 4].style == Style(reverse: true))
        #expect(!backend.frames[2].lines.prefix(11).joined().contains("Roast"))
        #expect(backend.frames[4].width == 30 && backend.frames[4].height == 8)
        #expect(try store.mealCount() == 3)
        #expect(backend.frames[4].lines[7].hasPrefix("Sat 28 Feb  Undid: del"))
    }
}
