import Foundation
import TestSupport
import Testing

/// Another database moved over the planner's file while it runs: the planner notices within a
/// change check, says so, and never writes again to the file it opened, so the new file keeps
/// its meals and stays sound.
@Suite(.requires(.tmux), .requires(.sqlite3))
struct DatabaseReplacedTests {
    @Test func aDatabaseMovedOverThePlannersFileIsNoticedAndNeverWrittenTo() throws {
        let planner = try TmuxPlanner()
        try planner.waitFor("Wed 4 Mar 2026")
        // A meal saved by the planner, so its connection holds the file's write-ahead log.
        try planner.addWithKeys(slot: "lunch", title: "Soup")
        try planner.waitFor("Added")

        let other = planner.folder + "/other.sqlite"
        _ = try planner.run(["env", "MEALPLAN_TODAY=\(planner.today)", TmuxPlanner.binary, "--db", other,
                         "add", "today", "dinner", "Replacement"])
        _ = try planner.run(["mv", other, planner.database])
        let clock = ContinuousClock()
        let moved = clock.now
        try planner.waitFor("Cannot see other programs' changes: the file was replaced; restart")
        #expect(clock.now - moved < .seconds(1), "noticed within a change check or so")

        // A save is refused and says why; the new file does not get it.
        try planner.addWithKeys(slot: "dinner", title: "Stew")
        try planner.waitFor("Not saved: the file was replaced; restart")
        // Esc gives the meal up once its save was refused; Esc and q apart, not the chord Alt-q.
        try planner.press("Escape")
        try planner.waitForAbsence(of: "Not saved")
        try planner.press("q")
        try planner.waitFor("planner exited with 0")

        #expect(try planner.run(["sqlite3", planner.database, "PRAGMA integrity_check"]) == "ok\n")
        let listed = try planner.mealplan("list", "--days", "1")
        #expect(listed == "Wed 2026-03-04\n  1  dinner  Replacement\n")
    }
}
