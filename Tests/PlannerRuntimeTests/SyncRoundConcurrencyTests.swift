import Foundation
import MealPlanCore
import MealPlanStore
import PlannerRuntime
import PlannerUI
import Settings
import Testing
import TestSupport

/// `mealplan sync` and the planner's `C` on one plan and folder at once never double or lose
/// an item: one round waits for the other (`SyncLock`) and works from what it left.
@Suite struct SyncRoundConcurrencyTests {
    let home = SyncRoundAgreementTests()
    var plan: String { home.folder.file("plan.sqlite") }

    /// A phone's new event in the folder, then the command and the key at the same moment,
    /// twenty times over (a `[sync] command` that takes a moment widens the window they overlap
    /// in): the plan holds each event once, and exactly one of each pair took it.
    @Test func theCommandAndTheKeyAtOnceTakeANewEventOnce() throws {
        try home.folder.write("[sync]\nvdir = \"\(home.vdir)\"\ncommand = \"sleep 0.2\"\n", to: "home/.config/mealplan/config.toml")
        try home.mealplan(plan, ["add", "2026-03-02", "lunch", "Soup"])
        try home.mealplan(plan, ["sync"])
        let store = try MealStore.open(path: plan, access: .read)
        let environment = Environment(variables: home.variables.merging(["MEALPLAN_DB": plan]) { $1 })
        let key = PlannerSync(environment: environment, weekStart: .monday)
        for run in 1...20 {
            try phoneEvent(uid: "PHONE-\(run)", day: String(format: "202604%02d", run), title: "Dinner: Tacos \(run)")
                .write(toFile: home.vdir + "/phone-\(run).ics", atomically: true, encoding: .utf8)
            let command = Process()
            command.executableURL = builtExecutable("mealplan")
            command.arguments = ["sync"]
            command.environment = home.variables.merging(["MEALPLAN_DB": plan]) { $1 }
            let output = Pipe()
            command.standardOutput = output
            command.standardError = FileHandle.nullDevice
            try command.run()
            let answer = key.answer(store, today: day(home.today))
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            command.waitUntilExit()
            #expect(command.terminationStatus == 0)
            guard case .synced(let summary, _, nil, _) = answer else {
                Issue.record("run \(run): the key's sync: \(answer)")
                continue
            }
            let received = [printed, summary].filter { $0.contains(", 1 received,") }
            #expect(received.count == 1, "run \(run): \(printed) and \(summary)")
        }
        let meals = try home.mealplan(plan, ["list", "--from", "2026-04-01", "--to", "2026-04-30"])
        for run in 1...20 {
            #expect(meals.components(separatedBy: "Tacos \(run)\n").count == 2, "Tacos \(run) once")
        }
        #expect(try home.files().count == 21)
    }
}
