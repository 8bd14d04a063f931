import Foundation
import Testing
import TestSupport

extension CrashSafetyTests {
    /// `template apply --times 52` lays down a year of weeks in one transaction: killed at any
    /// moment, the plan has all 52 copies or none, and the file is intact.
    @Test func aTemplateAppliedFiftyTwoTimesAndKilledIsWhollyThereOrNot() throws {
        let cli = CLISandbox()
        // A week with a meal in every slot, two of them with a note, kept as a template.
        let rows = (2...8).flatMap { day in
            ["breakfast", "lunch", "dinner", "snack"].map { slot in
                "2026-03-0\(day),\(slot),\(slot.capitalized) \(day),\(slot == "dinner" && day < 4 ? "note \(day)" : "")"
            }
        }
        let file = cli.folder + "/week.csv"
        try (["date,slot,title,note"] + rows).joined(separator: "\r\n").appending("\r\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        try cli.succeed(["import", file])
        try cli.succeed(["template", "save", "week", "--from", "2026-03-02", "--days", "7"])
        let planned = try sqlite(Self.storedMeals, in: cli)
        #expect(planned.split(separator: "\n").count == 28)
        // The sqlite3 shell folded the WAL into the file when it closed it.
        let pristine = cli.folder + "/pristine.sqlite"
        try FileManager.default.copyItem(atPath: cli.database, toPath: pristine)
        let apply = ["template", "apply", "week", "--to", "2026-03-09", "--times", "52"]
        func spawnApply() throws -> KillableProcess {
            try KillableProcess(CLISandbox.binary.path, apply, environment: cli.environment(),
                                standardOutput: "/dev/null", standardError: cli.folder + "/apply.err")
        }

        // An apply left to finish measures how long one takes here, and what it leaves.
        let start = clock.now
        #expect(try spawnApply().wait() == .exited(0))
        let duration = clock.now - start
        let applied = try sqlite(Self.storedMeals, in: cli)
        #expect(applied.split(separator: "\n").count == 28 + 52 * 28)
        #expect(applied.hasPrefix(planned))

        /// Checks the database after an apply that ended as `ending`; whether the copies are in.
        func expectWholeOrNothing(after ending: KillableProcess.Ending, _ what: String) throws -> Bool {
            #expect(ending == .killed(by: SIGKILL) || ending == .exited(0), "\(what): \(ending)")
            #expect(try String(contentsOfFile: cli.folder + "/apply.err", encoding: .utf8) == "", "\(what)")
            let state = try sqlite("PRAGMA integrity_check; PRAGMA foreign_key_check; " + Self.storedMeals, in: cli)
            let isApplied = state == "ok\n" + applied
            #expect(isApplied || state == "ok\n" + planned, "\(what): \(state.count) characters, neither before nor after")
            if ending == .exited(0) { #expect(isApplied, "\(what): finished but not there") }
            return isApplied
        }

        let outcomes = try killedRuns(lasting: duration, seed: 0x7E3D_1A7E, from: pristine, in: cli,
                                      spawn: spawnApply, check: expectWholeOrNothing)
        #expect(outcomes.contains(true) && outcomes.contains(false), "applied after each kill: \(outcomes)")
    }
}
