import Foundation
import Glibc
import MealPlanCore
import TestSupport
import Testing

/// Commands that only read refuse a missing database (exit 66) and create nothing, so a
/// mistyped path is not taken for an empty plan; commands that write create it.
@Suite struct MissingDatabaseTests {
    @Test func readingCommandsRefuseAMissingDatabaseAndCreateNothing() throws {
        let cli = CLISandbox()
        let path = cli.folder + "/nonexistent/dir/x.sqlite"
        let message = "there is no database '\(path)'; commands that add meals create it"
        for command in [["list"], ["list", "--search", "soup"], ["export"], ["export", "--format", "json"], ["slots"], ["slots", "list"]] {
            try cli.expectFailure(command + ["--db", path], status: 66, message: message)
        }
        try cli.expectFailure(["list"], status: 66, message: "there is no database '\(cli.database)'; commands that add meals create it")
        #expect(!FileManager.default.fileExists(atPath: cli.folder + "/nonexistent"))
        #expect(!FileManager.default.fileExists(atPath: cli.folder + "/data"))
    }

    @Test func aDryRunImportChecksTheFileWithoutCreatingTheDatabase() throws {
        let cli = CLISandbox()
        let file = cli.folder + "/plan.csv"
        try "date,slot,title\n2026-03-02,lunch,Soup\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try cli.succeed(["import", "--dry-run", file])
            == "would import 1 meal (2026-03-02 … 2026-03-02) from \(file); dry run, nothing changed\n")
        #expect(!FileManager.default.fileExists(atPath: cli.folder + "/data"))
    }

    @Test func writingCommandsCreateTheDatabase() throws {
        let cli = CLISandbox()
        try cli.succeed(["slots", "add", "brunch"])
        #expect(FileManager.default.fileExists(atPath: cli.database))
        #expect(try cli.succeed(["list"]) == "nothing planned from 2026-03-02 to 2026-03-08\n")
    }
}

/// A write command that is refused on a database that does not exist yet leaves no file or
/// folder behind; several processes making the same new database at once all keep their meal.
@Suite struct NewDatabaseTests {
    @Test func aRefusedFirstCommandLeavesNoDatabase() throws {
        let cli = CLISandbox()
        let path = cli.folder + "/new/plan.sqlite"
        try cli.expectFailure(["add", "today", "nosuchslot", "x", "--db", path], status: 64,
                              message: "unknown slot 'nosuchslot'; slots are breakfast, lunch, dinner, snack")
        for command in [["edit", "5", "--title", "y"], ["remove", "3"], ["move", "2", "tomorrow"],
                        ["template", "apply", "week", "--to", "today"], ["repeat", "skip", "1", "today"]] {
            let result = try cli.run(command + ["--db", path])
            #expect(result.status != 0, "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.folder + "/new"))
        try cli.succeed(["add", "today", "dinner", "Soup", "--db", path])
        #expect(try cli.succeed(["list", "--db", path]) == "Mon 2026-03-02\n  1  dinner  Soup\n")
    }

    /// An import checks its rows as it writes them: the rows before the bad one were written,
    /// to a file that never appeared under its name, and nothing of it is left.
    @Test func aFailedImportIntoANewDatabaseLeavesNoFile() throws {
        let cli = CLISandbox()
        let path = cli.folder + "/new/plan.sqlite"
        let goodRows = 5000
        var csv = "date,slot,title\n" + (0..<goodRows).map { "2026-03-02,dinner,Meal \($0)\n" }.joined()
        let bad = cli.folder + "/bad.csv"
        try (csv + "2026-02-30,dinner,Soup\n").write(toFile: bad, atomically: true, encoding: .utf8)
        try cli.expectFailure(["import", bad, "--db", path], status: 65,
                              message: "line \(goodRows + 2): bad date '2026-02-30': February 2026 has 28 days",
                              database: path)
        try cli.expectFailure(["import", "-", "--db", path], status: 65, message: "line 2: the title is empty",
                              input: Data("date,slot,title\n2026-03-02,dinner,\n".utf8), database: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder) == ["bad.csv"])
        csv += "2026-03-03,lunch,Soup\n"
        let good = cli.folder + "/good.csv"
        try csv.write(toFile: good, atomically: true, encoding: .utf8)
        try cli.succeed(["import", good, "--db", path])
        #expect(try cli.succeed(["export", "--db", path]) == csv.replacingOccurrences(of: "\n", with: ",,,,,,\r\n")
            .replacingOccurrences(of: "date,slot,title,,,,,,", with: "date,slot,title,note,recipe,servings,status,leftovers_of,eaters"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder + "/new").sorted() == ["plan.sqlite"])
    }

    /// Ctrl-C mid-import into a new path: the process ends as SIGINT ends it, and neither the
    /// database nor the file it was being written to under another name is left.
    @Test func sigintMidImportIntoANewDatabaseLeavesNoFile() throws {
        let cli = CLISandbox()
        let csv = cli.folder + "/big.csv"
        let slots = ["breakfast", "lunch", "dinner", "snack"]
        let rows = (0..<400_000).map { "\(Day(number: $0 / 4 - 200_000)!.iso),\(slots[$0 % 4]),Meal \($0)" }
        try Data((["date,slot,title"] + rows).joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: csv))
        let folder = cli.folder + "/new"
        let stderr = cli.folder + "/stderr"
        let process = try KillableProcess(
            CLISandbox.binary.path, ["import", csv, "--db", folder + "/plan.sqlite"],
            environment: cli.environment(), standardOutput: "/dev/null", standardError: stderr)
        // Mid-import: the rows written have begun to spill into the new file, under its
        // temporary name (written without a log until the import is done).
        guard process.interrupt(onceOver: 1_000_000, written: {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.filter { $0.hasSuffix(".new") }.compactMap {
                try? FileManager.default.attributesOfItem(atPath: folder + "/" + $0)[.size] as? Int
            }.max() ?? 0
        }) else { return }
        #expect(process.wait() == .killed(by: SIGINT))
        let message = String(decoding: FileManager.default.contents(atPath: stderr) ?? Data(), as: UTF8.self)
        #expect(message == "mealplan: interrupted: the import was rolled back, nothing was imported\n")
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test(.requires(.sqlite3)) func processesMakingTheSameNewDatabaseAtOnceKeepEveryMeal() throws {
        let cli = CLISandbox()
        for round in 0..<5 {
            let path = cli.folder + "/race-\(round).sqlite"
            let processes = try (0..<6).map { index in
                try KillableProcess(
                    CLISandbox.binary.path, ["add", "today", "dinner", "Meal \(index)", "--db", path],
                    environment: cli.environment(), standardOutput: "/dev/null", standardError: cli.folder + "/stderr-\(index)")
            }
            for process in processes { #expect(process.wait() == .exited(0)) }
            let titles = try ExternalTool.run("sqlite3", [path, "SELECT title FROM meal ORDER BY title"], in: cli.folder)
            #expect(titles.stdout == (0..<6).map { "Meal \($0)\n" }.joined())
            #expect(try ExternalTool.run("sqlite3", [path, "PRAGMA integrity_check"], in: cli.folder).stdout == "ok\n")
        }
        // Nothing but the databases and their -wal and -shm files: no temporary file left.
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.folder).filter { !$0.hasPrefix("stderr") && $0.hasPrefix("race") }
        #expect(names.allSatisfy { $0.hasSuffix(".sqlite") || $0.hasSuffix("-wal") || $0.hasSuffix("-shm") }, "\(names)")
    }
}
