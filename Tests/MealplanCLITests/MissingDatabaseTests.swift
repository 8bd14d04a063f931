import Foundation
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
