import Foundation
import MealPlanCore
import MealPlanStore
import PlannerRuntime
import PlannerUI
import Settings
import Testing
import TestSupport

/// The planner's `C` names a file it leaves as `mealplan sync` does, once: its status line
/// says the first file newly left, and no later round, of the key or the command, names it
/// again while it stays the same.
@Suite struct SyncRoundNamingTests {
    @Test func theSyncKeyNamesALinkOnceAndTheCommandThenNot() throws {
        let round = SyncRoundAgreementTests()
        try round.folder.write("[sync]\nvdir = \"\(round.vdir)\"\n", to: "home/.config/mealplan/config.toml")
        let database = round.folder.file("plan.sqlite")
        try round.mealplan(database, ["add", "2026-03-02", "lunch", "Soup"])
        try FileManager.default.createDirectory(atPath: round.vdir, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: round.vdir + "/link.ics", withDestinationPath: "/etc/hostname")
        let environment = Environment(variables: round.variables.merging(["MEALPLAN_DB": database]) { $1 })
        func press() throws -> String? {
            let store = try MealStore.open(path: database, access: .read)
            let answer = PlannerSync(environment: environment, weekStart: .monday).answer(store, today: day(round.today))
            guard case .synced(let summary, _, nil, _) = answer else {
                Issue.record("the key did not sync: \(answer)")
                return nil
            }
            return summary
        }
        let vdir = try #require(realpath(round.vdir, nil).map { String(cString: $0) })
        #expect(try press() == "1 sent, 0 received, 0 removed, 0 conflicts; \(vdir)/link.ics: a link, not an item's file; skipped")
        #expect(try press() == "0 sent, 0 received, 0 removed, 0 conflicts")
        // The command's warnings and summary together: the summary alone, named by the key already.
        let said = try round.run("/bin/sh", ["-c", "\"$0\" sync 2>&1", builtExecutable("mealplan").path],
                                 environment: round.variables.merging(["MEALPLAN_DB": database]) { $1 })
        #expect(said == "0 sent, 0 received, 0 removed, 0 conflicts\n")
    }
}
