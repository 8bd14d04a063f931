import Foundation
import MealPlanCore
import MealPlanStore
import PlannerRuntime
import PlannerUI
import Settings
import Testing
import TestSupport

/// `mealplan sync` and the planner's `C` run one round (`SyncRound`): from the same plan and
/// the same folder they print the same summary, leave the same plan and the same files, and
/// run the `[sync] command` as often.
@Suite struct SyncRoundAgreementTests {
    init() {}

    let folder = TemporaryFolder()
    let today = "2026-03-02"
    var vdir: String { folder.file("vdir") }
    var commandLog: String { folder.file("commands") }

    /// The binary's environment: this folder as home, today pinned.
    var variables: [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": folder.file("home"), "LANG": "C.UTF-8", "MEALPLAN_TODAY": today]
    }

    /// Runs `mealplan arguments…` on `database`, which must succeed; its standard output.
    @discardableResult
    func mealplan(_ database: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try run(builtExecutable("mealplan").path, arguments, environment: variables.merging(["MEALPLAN_DB": database]) { $1 },
                sourceLocation: sourceLocation)
    }

    @discardableResult
    func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil,
             sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(program) \(arguments): \(problems)", sourceLocation: sourceLocation)
        return text
    }

    /// The folder's files, each with its text less the lines made from the time of the write
    /// (its stamps, and the revision, which names the version by them).
    func files() throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: vdir) where name.hasSuffix(".ics") {
            let text = try String(contentsOfFile: vdir + "/" + name, encoding: .utf8)
            files[name] = text.split(separator: "\r\n").filter { line in
                !["DTSTAMP:", "LAST-MODIFIED:", "X-MEALPLAN-REVISION:"].contains { line.hasPrefix($0) }
            }
                .joined(separator: "\n")
        }
        return files
    }

    /// Puts the folder and the command log back as `saved` holds them.
    func restore(_ saved: String) throws {
        try? FileManager.default.removeItem(atPath: vdir)
        try? FileManager.default.removeItem(atPath: commandLog)
        try run("/bin/cp", ["-a", saved, vdir])
    }

    /// A plan synced once, then changed on both sides: a meal added here and one removed, a
    /// repeat skipped a day, a phone's dinner in the folder and a synced meal renamed there.
    func planAndFolderToSync() throws -> (database: String, savedFolder: String) {
        try folder.write("[sync]\nvdir = \"\(vdir)\"\ncommand = \"echo round >> '\(commandLog)'\"\n", to: "home/.config/mealplan/config.toml")
        let base = folder.file("base.sqlite")
        try mealplan(base, ["add", "2026-03-02", "lunch", "Soup"])
        try mealplan(base, ["add", "2026-03-03", "dinner", "Stew", "--note", "slow"])
        try mealplan(base, ["add", "2026-03-04", "dinner", "Pie"])
        try mealplan(base, ["repeat", "add", "2026-03-02", "breakfast", "Oats", "--every", "day", "--count", "10"])
        try mealplan(base, ["sync"])
        try mealplan(base, ["add", "2026-03-05", "lunch", "Salad"])
        try mealplan(base, ["rm", "3"])
        try mealplan(base, ["repeat", "skip", "1", "2026-03-06"])
        let stew = try #require(try files().first { $0.value.contains("SUMMARY:Dinner: Stew") }?.key)
        let stewText = try String(contentsOfFile: vdir + "/" + stew, encoding: .utf8)
        try stewText.replacingOccurrences(of: "SUMMARY:Dinner: Stew", with: "SUMMARY:Dinner: Beef stew")
            .write(toFile: vdir + "/" + stew, atomically: true, encoding: .utf8)
        try phoneEvent(uid: "PHONE-1", day: "20260307", title: "Dinner: Tacos")
            .write(toFile: vdir + "/phone-1.ics", atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(atPath: commandLog)
        let saved = folder.file("saved-vdir")
        try run("/bin/cp", ["-a", vdir, saved])
        return (base, saved)
    }

    /// A copy of the database at `base`, as SQLite makes one.
    func copy(_ base: String, to name: String) throws -> String {
        let path = folder.file(name)
        try run("/usr/bin/env", ["sqlite3", base, ".backup '\(path)'"])
        return path
    }

    @Test(.requires(.sqlite3)) func theCommandAndTheSyncKeyGiveTheSameRound() throws {
        let (base, saved) = try planAndFolderToSync()
        let byCommand = try copy(base, to: "command.sqlite")
        let byKey = try copy(base, to: "key.sqlite")

        try restore(saved)
        let printed = try mealplan(byCommand, ["sync"])
        let commandFiles = try files()
        let commandRuns = try String(contentsOfFile: commandLog, encoding: .utf8)

        try restore(saved)
        let store = try MealStore.open(path: byKey, access: .read)
        let environment = Environment(variables: variables.merging(["MEALPLAN_DB": byKey]) { $1 })
        let answer = PlannerSync(environment: environment, weekStart: .monday).answer(store, today: day(today))
        guard case .synced(let summary, let stored, nil, []) = answer else {
            Issue.record("the key did not sync: \(answer)")
            return
        }
        #expect(printed == summary + "\n")
        #expect(summary == "2 sent, 2 received, 1 removed, 0 conflicts")
        #expect(!stored.isEmpty)
        #expect(try files() == commandFiles)
        #expect(try String(contentsOfFile: commandLog, encoding: .utf8) == commandRuns)
        #expect(commandRuns == "round\nround\n")
        let plan = ["list", "--from", "2026-03-01", "--to", "2026-03-31", "--format", "json"]
        // The phone's event too has one UID, made from its own, in both.
        let meals = { (database: String) in try mealplan(database, plan) }
        #expect(try meals(byKey) == meals(byCommand))
        #expect(try meals(byKey).contains(#""title":"Beef stew""#))
    }
}
