import MealPlanCore
@testable import PlannerUI
import TerminalKit
import Testing
import TestSupport

/// The run loop draws each frame with the lines of the days the last frame drew alike
/// (`DrawnDays`): every such frame must be the frame drawn from nothing, whatever moved.
@Suite struct DrawnDaysTests {
    @Test func aFrameDrawnFromTheLastIsTheFrameDrawnAnew() throws {
        let meals = sampleMeals + [
            Meal(day: day("2026-03-03"), slot: "breakfast", title: "Toast"),
            Meal(day: day("2026-03-03"), slot: "dinner", title: "Leek soup with bread", note: "from the market"),
            Meal(day: day("2026-03-05"), slot: "lunch", title: "Salad"),
        ]
        var harness = Harness(today: saturday, size: Size(width: 44, height: 12), meals: meals)
        var drawn = DrawnDays()
        var reused = 0
        func check(_ step: String) {
            let frame = Planner.render(harness.state, colors: true, reusing: &drawn)
            reused += drawn.reused
            #expect(frame == Planner.render(harness.state, colors: true), "after \(step)")
        }
        check("the first screen")
        for _ in 0..<4 {
            harness.press(.character("J"))
            check("J")
        }
        harness.press(.character("K"))
        check("K")
        harness.press(.character("j"), .character("k"))
        check("j, k")
        // Another program renames a meal on screen, to a title as long (the day's lines where
        // they were), then to one that wraps: its day is drawn anew each time.
        let soup = try #require(try harness.store.meals(in: DayRange(day("2026-03-03"), day("2026-03-03"))).last)
        try harness.store.updateMeal(id: soup.id!, title: "Pea soup with cheese")
        harness.send(.externalChange)
        check("another program's change of a title")
        try harness.store.updateMeal(id: soup.id!, title: "Leek and potato soup, a long title that wraps now")
        harness.send(.externalChange)
        check("another program's longer title")
        harness.send(.event(.resize(width: 52, height: 14)))
        check("a resize")
        harness.press(.character("v"), .character("J"))
        check("v, J")
        #expect(reused > 10, "days drawn again from the frame before: \(reused)")
    }
}
