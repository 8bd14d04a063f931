import Foundation
import Glibc
import TestSupport
import Testing

/// `template apply` lays a template down in one transaction that Ctrl-C rolls back: the real
/// process, sent SIGINT mid-apply, ends as SIGINT ends a process, with no meal added.
@Suite struct TemplateInterruptTests {
    /// A plan whose one day of 300 meals is kept as the template "big".
    func bigDay() throws -> CLISandbox {
        let cli = CLISandbox()
        let file = cli.folder + "/day.csv"
        let slots = ["breakfast", "lunch", "dinner", "snack"]
        let rows = (0..<300).map { "2026-03-02,\(slots[$0 % 4]),Meal \($0)" }
        try Data((["date,slot,title"] + rows).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        try cli.succeed(["import", file])
        try cli.succeed(["template", "save", "big", "--from", "2026-03-02"])
        return cli
    }

    @Test(.requires(.sqlite3)) func sigintMidApplyAddsNothingAndEndsTheProcessAsInterrupted() throws {
        let cli = try bigDay()
        let stderr = cli.folder + "/stderr"
        let process = try KillableProcess(
            CLISandbox.binary.path, ["template", "apply", "big", "--to", "2030-01-01", "--times", "1000"],
            environment: cli.environment(), standardOutput: "/dev/null", standardError: stderr)
        // Mid-apply: the transaction's pages have begun to spill into the write-ahead log
        // (300,000 meals take far longer than that).
        guard process.interrupt(onceOver: 1_000_000, written: {
            (try? FileManager.default.attributesOfItem(atPath: cli.database + "-wal")[.size] as? Int) ?? 0
        }) else { return }
        #expect(process.wait() == .killed(by: SIGINT))
        let message = String(decoding: FileManager.default.contents(atPath: stderr) ?? Data(), as: UTF8.self)
        #expect(message == "mealplan: interrupted: the template was not applied, nothing was added\n")
        let count = try ExternalTool.run("sqlite3", [cli.database, "SELECT COUNT(*) FROM meal; PRAGMA integrity_check"], in: cli.folder)
        #expect(count.stdout == "300\nok\n")
    }

    /// No progress line on a piped standard error, and the whole apply is there.
    @Test func aFinishedApplyPrintsNoProgressOnAPipe() throws {
        let cli = try bigDay()
        let result = try cli.run(["template", "apply", "big", "--to", "2030-01-01", "--times", "20"])
        #expect(result.status == 0 && result.stderr == "")
        #expect(result.stdoutLines.first == "applied template 'big' 20 times to Tue 2030-01-01 … Sun 2030-01-20: 6000 meals")
        #expect(try cli.succeed(["list", "--from", "2030-01-20", "--days", "1", "--format", "csv"]).split(separator: "\r\n").count == 301)
    }
}
