import Foundation
import TestSupport
import Testing

/// The real planner left open over midnight, its clock set by Debian's faketime.
@Suite(.requires(.tmux), .requires(.faketime))
struct MidnightEndToEndTests {
    @Test func todayRollsOverAtLocalMidnightWhileThePlannerIsOpen() throws {
        // Three seconds before midnight, in a time zone that is not UTC; "today" not pinned.
        let planner = try TmuxPlanner(
            environment: ["MEALPLAN_TODAY": "", "TZ": "Asia/Tokyo", "FAKETIME_DONT_FAKE_MONOTONIC": "1"],
            wrapper: ["faketime", "2026-03-04 23:59:57"])
        try planner.waitForScreen("the first screen") { $0.count == 24 && $0[2] == "Wed 4 Mar  today" }
        let clock = ContinuousClock()
        let shown = clock.now
        // The view stayed: Wednesday still shows, no longer today (waited for with Thursday, as
        // tmux may show the frame drawn in part).
        try planner.waitForScreen("Thursday as today, Wednesday still shown") {
            $0.contains("Thu 5 Mar  today") && $0.contains("Wed 4 Mar")
        }
        let delay = clock.now - shown
        #expect(delay < .seconds(5), "rolled over \(delay) after a first screen shown at most 3 s before midnight")
        try planner.press("t")
        try planner.waitForScreen("t on Thursday") { $0[23].hasPrefix("Thu 5 Mar 2026") }
        try planner.press("g")
        try planner.type("tomorrow")
        try planner.press("Enter")
        try planner.waitForScreen("tomorrow from Thursday") { $0[23].hasPrefix("Fri 6 Mar 2026") }
        try planner.press("a")
        try planner.waitFor("New meal on Fri 6 Mar 2026")
    }
}
