import Foundation
import Glibc
import TestSupport
import Testing

/// A whole plan's import into a new file, killed before it linked the file into place, leaves
/// its hidden new file (and SQLite's beside it); the next import into that path removes them,
/// and keeps the hidden file of an import that still runs.
@Suite struct WholePlanKilledImportTests {
    @Test func whatAKilledImportLeftIsClearedByTheNextOne() throws {
        let cli = try WholePlanTests.fullPlan()
        let plan = try cli.succeed(["export", "--format", "json", "--everything"])
        let file = cli.folder + "/plan.json"
        try Data(plan.utf8).write(to: URL(fileURLWithPath: file))
        let folder = cli.folder + "/moved"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let target = folder + "/plan.sqlite"
        // The import reads its file from a named pipe that gives it everything but the end of
        // the meals: it makes its new file, stores the meals it has and waits for the rest.
        let fifo = cli.folder + "/plan.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = try KillableProcess(
            CLISandbox.binary.path, ["import", "--format", "json", fifo], environment: cli.environment(["MEALPLAN_DB": target]),
            standardOutput: "/dev/null", standardError: cli.folder + "/import.err")
        let writer = open(fifo, O_WRONLY | O_CLOEXEC)
        let start = Array(plan.utf8.dropLast(3))
        #expect(start.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == start.count)
        var hidden: [String] = []
        for _ in 0..<30_000 where hidden.isEmpty {
            hidden = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".plan.sqlite.") }
            if hidden.isEmpty { usleep(1_000) }
        }
        #expect(process.kill() == .killed(by: SIGKILL))
        close(writer)
        #expect(!hidden.isEmpty, "the import made its new file under a hidden name")
        #expect(!FileManager.default.fileExists(atPath: target))
        // One of a process that runs (this one) is another import's, under way: it stays.
        let running = folder + "/.plan.sqlite.\(getpid())-k3x9.new"
        _ = FileManager.default.createFile(atPath: running, contents: Data())
        let recipes = cli.folder + "/recipes"
        try cli.succeed(["import", file], environment: ["MEALPLAN_DB": target, "MEALPLAN_RECIPES": recipes])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
        #expect(left == [".plan.sqlite.\(getpid())-k3x9.new"], "\(left)")
        #expect(try cli.succeed(["list", "--from", "2026-03-02", "--to", "2026-03-08"], environment: ["MEALPLAN_DB": target, "MEALPLAN_RECIPES": recipes])
            == cli.succeed(["list", "--from", "2026-03-02", "--to", "2026-03-08"], environment: ["MEALPLAN_RECIPES": recipes]))
    }
}
