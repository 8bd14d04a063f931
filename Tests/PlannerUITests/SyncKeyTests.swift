import MealPlanCore
import MealPlanStore
import PlannerRuntime
import PlannerUI
import TerminalKit
import Testing
import TestSupport

/// `C` runs `mealplan sync` on the planner's plan: what it brought is shown at once and is one
/// step of the history, which `u` takes back whole and `Ctrl-R` brings again.
@Suite struct SyncKeyTests {
    let monday = day("2026-03-02")

    func titles(_ harness: Harness) -> [String] {
        harness.ordered.map { "\($0.day.iso) \($0.slot) \($0.title)" }
    }

    @Test func whatASyncBroughtIsOneStepOfTheHistory() throws {
        var harness = Harness(today: monday, meals: [Meal(day: monday, slot: "lunch", title: "Soup")])
        let soup = harness.ordered[0]
        // A sync that receives a changed soup and a phone's tacos, as the store makes them.
        harness.sync = PlannerSync { store, _ in
            var curry = soup
            curry.title = "Curry"
            let stored = try store.make([
                .update(from: soup, to: curry, restoresPosition: false),
                .add(Meal(day: monday.adding(days: 1), slot: "dinner", title: "Tacos")),
            ])
            return ("0 sent, 2 received, 0 removed, 0 conflicts", stored)
        }
        let before = titles(harness)
        harness.press(.character("C"))
        #expect(harness.state.message == StatusMessage("Synced: 0 sent, 2 received, 0 removed, 0 conflicts"))
        #expect(titles(harness) == ["2026-03-02 lunch Curry", "2026-03-03 dinner Tacos"])
        #expect(harness.effects.contains(.sync))
        #expect(harness.state.timeline.content(of: monday)?.map(\.title) == ["Curry"])

        harness.press(.character("u"))
        #expect(harness.state.message == StatusMessage("Undid: sync"))
        #expect(titles(harness) == before)
        harness.press(.control("r"))
        #expect(harness.state.message == StatusMessage("Redid: sync"))
        #expect(titles(harness) == ["2026-03-02 lunch Curry", "2026-03-03 dinner Tacos"])
    }

    @Test func aSyncThatBroughtNothingLeavesTheHistoryAlone() {
        var harness = Harness(today: monday, meals: [Meal(day: monday, slot: "lunch", title: "Soup")])
        harness.press(.character("d"))
        harness.sync = PlannerSync { _, _ in ("1 sent, 0 received, 0 removed, 0 conflicts", []) }
        harness.press(.character("C"))
        #expect(harness.state.message == StatusMessage("Synced: 1 sent, 0 received, 0 removed, 0 conflicts"))
        // The delete before it is still the step `u` takes back.
        harness.press(.character("u"))
        #expect(harness.state.message == StatusMessage("Undid: delete 'Soup'"))
    }

    @Test func withoutAVdirTheKeySaysWhatToSet() {
        var harness = Harness(today: monday)
        harness.press(.character("C"))
        #expect(harness.state.message == StatusMessage(
            "Not synced: no vdir to sync with: set [sync] vdir in the config file", isError: true))
    }
}
