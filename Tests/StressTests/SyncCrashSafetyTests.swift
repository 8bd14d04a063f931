import Foundation
import Glibc
import Testing
import TestSupport

extension CrashSafetyTests {
    /// A sync killed at 20 random moments (writing files, committing, or in between), each
    /// kill leaving what it did in place, then a clean sync: the plan and the folder agree row
    /// for row, no meal and no file doubled, and a second plan synced from the folder holds the
    /// same meals.
    @Test func aSyncKilledTwentyTimesConvergesWithNothingDoubled() throws {
        let cli = CLISandbox()
        let vdir = cli.folder + "/vdir", other = cli.folder + "/b.sqlite"
        func csv(_ name: String, _ count: Int, _ title: String) throws -> String {
            let slots = ["breakfast", "lunch", "dinner"]
            let rows = (0..<count).map { index in
                "2026-\(String(format: "%02d", 3 + index / 84))-\(String(format: "%02d", 1 + index / 3 % 28)),\(slots[index % 3]),\(title) \(index),"
            }
            let file = cli.folder + "/" + name
            try (["date,slot,title,note"] + rows).joined(separator: "\r\n").appending("\r\n").write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }
        try cli.succeed(["import", try csv("a.csv", 400, "Here")])
        try cli.succeed(["import", try csv("b.csv", 60, "There")], environment: ["MEALPLAN_DB": other])
        try cli.succeed(["sync", "--vdir", vdir], environment: ["MEALPLAN_DB": other])
        let sync = ["sync", "--vdir", vdir]

        // One sync of a copy, left to finish, measures how long one takes here.
        let copy = cli.folder + "/copy"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: cli.database, toPath: copy + "/a.sqlite")
        try FileManager.default.copyItem(atPath: vdir, toPath: copy + "/vdir")
        let start = clock.now
        #expect(try KillableProcess(CLISandbox.binary.path, ["sync", "--vdir", copy + "/vdir"],
                                    environment: cli.environment(["MEALPLAN_DB": copy + "/a.sqlite"]),
                                    standardOutput: "/dev/null", standardError: cli.folder + "/copy.err").wait() == .exited(0))
        let duration = clock.now - start

        var generator = SeededGenerator(seed: 0x5E_7C_0DE)
        var endings: [KillableProcess.Ending] = []
        for trial in 0..<20 {
            let moment = (Double(trial) + Double.random(in: 0..<1, using: &generator)) / 20 * 1.2
            let process = try KillableProcess(CLISandbox.binary.path, sync, environment: cli.environment(),
                                              standardOutput: "/dev/null", standardError: cli.folder + "/sync.err")
            let ending = process.wait(until: clock.now + duration * moment) ?? process.kill()
            endings.append(ending)
            #expect(ending == .killed(by: SIGKILL) || ending == .exited(0), "trial \(trial): \(ending)")
            #expect(try String(contentsOfFile: cli.folder + "/sync.err", encoding: .utf8) == "", "trial \(trial)")
        }
        #expect(endings.contains(.killed(by: SIGKILL)), "\(endings)")

        // A clean sync converges; the next finds nothing to do.
        let clean = try cli.succeed(sync)
        #expect(clean.hasSuffix(" 0 conflicts\n"), "\(clean)")
        #expect(try cli.succeed(sync) == "0 sent, 0 received, 0 removed, 0 conflicts\n")
        #expect(try cli.succeed(sync, environment: ["MEALPLAN_DB": other]).hasSuffix(" 0 conflicts\n"))

        // The place in a slot is each plan's own: the meals of a day and slot, in any order.
        let rows = "SELECT day, slot.name, title, ifnull(note, '') FROM meal JOIN slot ON slot.id = slotId ORDER BY day, slot.position, title;"
        let here = try sqlite("PRAGMA integrity_check; " + rows, in: cli)
        let there = try ExternalTool.run("sqlite3", [other, rows], in: cli.folder).stdout
        #expect(here.split(separator: "\n").count == 1 + 460)
        #expect(here == "ok\n" + there)
        let files = try FileManager.default.contentsOfDirectory(atPath: vdir).filter { $0.hasSuffix(".ics") }
        #expect(files.count == 460)
        // A write killed before its rename leaves its hidden temporary file, which no reader
        // of a vdir takes for an item; nothing else is there.
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir).allSatisfy { $0.hasSuffix(".ics") || ($0.hasPrefix(".") && $0.hasSuffix(".partial")) })
    }
}
