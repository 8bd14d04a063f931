import MealPlanCore
import PlannerUI
import TerminalKit
import Testing

@Suite struct LoopTests {
    /// The run loop's shape, against a TestBackend and the in-memory store: render, draw, read
    /// an event, update, carry out the effects (the harness feeds their answers back).
    @Test func aRunLoopDrivesThePlannerThroughABackend() {
        let backend = TestBackend(width: 40, height: 12, hasColors: false, events: [
            .key(.character("j")), .key(.character("d")), .resize(width: 30, height: 8), .key(.character("u")),
            .key(.character("q")), .key(.character("j")),
        ])
        var harness = Harness(today: saturday, size: backend.size, meals: sampleMeals)
        while !harness.state.shouldQuit {
            let frame = Planner.render(harness.state, colors: backend.hasColors)
            backend.draw(frame.buffer, cursor: frame.cursor)
            guard let event = backend.readEvent(timeout: .milliseconds(100)) else { break }
            harness.send(.event(event))
        }
        #expect(harness.quitRequested)
        // Five frames: the first screen and one after each event before q; the last j is never read.
        #expect(backend.frames.count == 5)
        // j selected the dinner (reverse video without colours), d deleted it.
        #expect(backend.frames[1][2, 4].style == Style(reverse: true))
        #expect(!backend.frames[2].lines.prefix(11).joined().contains("Roast"))
        #expect(backend.frames[4].width == 30 && backend.frames[4].height == 8)
        #expect(harness.meals.count == 3)
        #expect(backend.frames[4].lines[7].hasPrefix("Sat 28 Feb  Undid: del"))
    }
}
