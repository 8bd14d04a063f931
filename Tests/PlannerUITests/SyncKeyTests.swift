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
        harness.sync = PlannerSync { store, _, _ in
            var curry = soup
            curry.title = "Curry"
            let stored = try store.make([
                .update(from: soup, to: curry, restoresPosition: false),
                .add(Meal(day: monday.adding(days: 1), slot: "dinner", title: "Tacos")),
            ])
            return PlannerSync.Outcome(summary: "0 sent, 2 received, 0 removed, 0 conflicts", stored: stored)
        }
        let before = titles(harness)
        harness.press(.character("C"))
        #expect(harness.state.message == StatusMessage("Synced: 0 sent, 2 received, 0 removed, 0 conflicts", showsWhole: true))
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
        harness.sync = PlannerSync { _, _, _ in PlannerSync.Outcome(summary: "1 sent, 0 received, 0 removed, 0 conflicts", stored: []) }
        harness.press(.character("C"))
        #expect(harness.state.message == StatusMessage("Synced: 1 sent, 0 received, 0 removed, 0 conflicts", showsWhole: true))
        // The delete before it is still the step `u` takes back.
        harness.press(.character("u"))
        #expect(harness.state.message == StatusMessage("Undid: delete 'Soup'"))
    }

    @Test func withoutAVdirTheKeySaysWhatToSet() {
        var harness = Harness(today: monday)
        harness.press(.character("C"))
        #expect(harness.state.message == StatusMessage(
            "Not synced: no vdir to sync with: set [sync] vdir in the config file", isError: true, showsWhole: true))
    }

    /// A sync command's failure, as long as a server's refusal makes it.
    struct CommandFailed: UserFacingError {
        let userMessage = "the [sync] command 'vdirsyncer sync meals' failed before the sync (exit status 1), saying "
            + "'error: Unknown error occurred: 400, message='Bad Request', url='http://kitchen-pc.local:5232/household/meals/''; "
            + "nothing was synced"
        let exitStatus = ExitStatus.failure
    }

    /// The reason is read whole at 80 columns and at 53: every character of the error, in order, on the
    /// lines right above the status line, none wider than the screen, and the status line
    /// below them keeps the date and the help hint.
    @Test(arguments: [80, 53]) func aFailedCommandsReasonIsShownWhole(width: Int) throws {
        var harness = Harness(today: monday, size: Size(width: width, height: 12), meals: [Meal(day: monday, slot: "lunch", title: "Soup")])
        harness.sync = PlannerSync { _, _, _ in throw CommandFailed() }
        harness.press(.character("C"))
        let message = "Not synced: " + CommandFailed().userMessage
        #expect(harness.state.message == StatusMessage(message, isError: true, showsWhole: true))
        let lines = harness.render().buffer.lines
        let bottom = try #require(lines.last)
        #expect(bottom.hasPrefix("Mon 2 Mar 2026 "))
        #expect(bottom.trimmingCharacters(in: .whitespaces).hasSuffix("? help"))
        // The message's lines: from the first that starts it to the status line.
        let first = try #require(lines.firstIndex { $0.hasPrefix("Not synced: ") })
        let shown = lines[first..<(lines.count - 1)]
        #expect(shown.count >= 2)
        #expect(shown.allSatisfy { $0.count == width })
        // (A word longer than a line, the address, is broken inside: compared without spaces.)
        #expect(shown.joined().filter { $0 != " " } == message.filter { $0 != " " })
    }
}

