import Foundation
import MealPlanCore
import MealPlanStore
import PlannerRuntime
import PlannerUI
import Settings
import Testing
import TestSupport

/// The `[sync] command` around a round, for `mealplan sync` and the planner's `C` alike: run
/// after the sync only when there is something to carry, not at all in a dry run, and a
/// failure's own last line quoted in the message the planner shows.
@Suite struct SyncRoundCommandTests {
    let home = SyncRoundAgreementTests()
    var plan: String { home.folder.file("plan.sqlite") }

    func configure(command: String) throws {
        try home.folder.write("[sync]\nvdir = \"\(home.vdir)\"\ncommand = \"\(command)\"\n", to: "home/.config/mealplan/config.toml")
    }

    /// The lines the command appended to its log.
    func runs() throws -> Int {
        guard let text = try? String(contentsOfFile: home.commandLog, encoding: .utf8) else { return 0 }
        return text.split(separator: "\n").count
    }

    /// `C` pressed in a planner of the plan: its answer.
    func syncKey() throws -> Input {
        let store = try MealStore.open(path: plan, access: .read)
        let environment = Environment(variables: home.variables.merging(["MEALPLAN_DB": plan]) { $1 })
        return PlannerSync(environment: environment, weekStart: .monday).answer(store, today: day(home.today))
    }

    @Test func withNothingToSendTheCommandRunsOnlyBefore() throws {
        try configure(command: "echo round >> '\(home.commandLog)'")
        try home.mealplan(plan, ["add", "2026-03-02", "lunch", "Soup"])
        #expect(try home.mealplan(plan, ["sync"]) == "1 sent, 0 received, 0 removed, 0 conflicts\n")
        #expect(try runs() == 2)
        #expect(try home.mealplan(plan, ["sync"]) == "0 sent, 0 received, 0 removed, 0 conflicts\n")
        #expect(try runs() == 3)
        guard case .synced("0 sent, 0 received, 0 removed, 0 conflicts", [], nil, []) = try syncKey() else {
            Issue.record("the key's sync: \(try syncKey())")
            return
        }
        #expect(try runs() == 4)
        // A meal changed in the planner has something to carry again.
        try home.mealplan(plan, ["edit", "1", "--title", "Leek soup"])
        _ = try syncKey()
        #expect(try runs() == 6)
    }

    @Test func aDryRunRunsNoCommandAndSaysItPredictsFromTheFolder() throws {
        try configure(command: "echo round >> '\(home.commandLog)'")
        try home.mealplan(plan, ["add", "2026-03-02", "lunch", "Soup"])
        #expect(try home.mealplan(plan, ["sync", "--dry-run"])
            == "1 sent, 0 received, 0 removed, 0 conflicts (dry run: nothing changed; predicted from the folder as last fetched, the [sync] command not run)\n")
        #expect(try runs() == 0)
    }

    /// A server's refusal, as vdirsyncer prints it last, longer than any status line.
    static let refusal = "error: Unknown error occurred: 400, message='Bad Request', url='http://kitchen-pc.local:5232/household/meals/' (REPORT occurrences limit of 10000 hit)"

    @Test func aCommandThatFailsBeforeIsQuotedByItsLastLine() throws {
        try configure(command: "echo fetching; echo \\\"\(Self.refusal)\\\" >&2; echo >&2; exit 1")
        try home.mealplan(plan, ["add", "2026-03-02", "lunch", "Soup"])
        let answer = try syncKey()
        let command = "echo fetching; echo \"\(Self.refusal)\" >&2; echo >&2; exit 1"
        #expect(answer == .syncFailed(message:
            "the [sync] command '\(command.prefix(39))…' failed before the sync (exit status 1), saying '\(Self.refusal)'; nothing was synced"))
    }

    @Test func aCommandThatFailsAfterIsAnErrorBesideTheSummary() throws {
        let flag = home.folder.file("fetched")
        try configure(command: "if [ -f '\(flag)' ]; then echo 'upload refused' >&2; exit 2; fi; touch '\(flag)'")
        try home.mealplan(plan, ["add", "2026-03-02", "lunch", "Soup"])
        guard case .synced(let summary, let stored, let problem?, _) = try syncKey() else {
            Issue.record("the key's sync: \(try syncKey())")
            return
        }
        #expect(summary == "1 sent, 0 received, 0 removed, 0 conflicts")
        #expect(stored.isEmpty)
        #expect(problem.hasSuffix("failed after the sync (exit status 2), saying 'upload refused'; the plan and the folder are synced, the server may not be"))
    }

    /// `[sync] until` ends the window as `from` starts it: a meal after it is not sent, a
    /// phone's event after it not taken, until the window reaches them.
    @Test func theWindowEndsOnUntil() throws {
        try home.folder.write("[sync]\nvdir = \"\(home.vdir)\"\nuntil = \"+7\"\n", to: "home/.config/mealplan/config.toml")
        try home.mealplan(plan, ["add", "2026-03-09", "lunch", "Soup"])
        try home.mealplan(plan, ["add", "2026-03-10", "lunch", "Stew"])
        try FileManager.default.createDirectory(atPath: home.vdir, withIntermediateDirectories: true)
        try phoneEvent(uid: "PHONE-1", day: "20260311", title: "Dinner: Tacos")
            .write(toFile: home.vdir + "/phone-1.ics", atomically: true, encoding: .utf8)
        #expect(try home.mealplan(plan, ["sync"]) == "1 sent, 0 received, 0 removed, 0 conflicts\n")
        #expect(try home.files().count == 2)
        try home.folder.write("[sync]\nvdir = \"\(home.vdir)\"\nuntil = \"+9\"\n", to: "home/.config/mealplan/config.toml")
        #expect(try home.mealplan(plan, ["sync"]) == "1 sent, 1 received, 0 removed, 0 conflicts\n")
        #expect(try home.files().count == 3)
    }

    @Test func anUntilBeforeFromIsAConfigError() throws {
        try home.folder.write("[sync]\nvdir = \"\(home.vdir)\"\nfrom = \"2026-03-01\"\nuntil = \"2026-02-01\"\n", to: "home/.config/mealplan/config.toml")
        let answer = try syncKey()
        #expect(answer == .syncFailed(message:
            "config file '\(home.folder.file("home/.config/mealplan/config.toml"))': line 4: [sync] until 2026-02-01 is before from 2026-03-01"))
    }
}

