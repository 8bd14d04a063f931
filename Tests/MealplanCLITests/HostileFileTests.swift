import Foundation
import Testing
import TestSupport

/// A database file that is not a usable mealplan database, and the one line every command
/// must answer it with (PATH stands for the file's path).
struct HostileDatabase: Sendable, CustomTestStringConvertible {
    let name: String
    /// Puts the file at the given path, using the sandbox when it needs a real database first.
    let make: @Sendable (CLISandbox, String) throws -> Void
    let message: String
    var testDescription: String { name }

    /// A real mealplan database of 40 meals whose bytes from `intactBytes` on are replaced by
    /// seeded garbage: the SQLite header (with mealplan's application id) stays valid.
    static func corrupt(keeping intactBytes: Int) -> @Sendable (CLISandbox, String) throws -> Void {
        { cli, path in
            // One import, not forty adds: the same pages in a fraction of the time.
            let rows = (1...40).map { "2026-03-02,dinner,Meal \($0),\(String(repeating: "n", count: 2000))\r\n" }
            try cli.succeed(["import", "-", "--db", path], input: Data(("date,slot,title,note\r\n" + rows.joined()).utf8))
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(bytes.count > 16 * 4096, "the database spans many pages")
            var generator = SeededGenerator(seed: 74)
            for index in intactBytes..<bytes.count { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
    }
}

let hostileDatabases: [HostileDatabase] = [
    HostileDatabase(name: "corrupt: first page intact, garbage pages after it", make: HostileDatabase.corrupt(keeping: 4096),
                    message: "database 'PATH': the file is damaged (SQLite reports corruption)"),
    HostileDatabase(name: "corrupt: only the 100-byte header intact", make: HostileDatabase.corrupt(keeping: 100),
                    message: "database 'PATH': the file is damaged (SQLite reports corruption)"),
    HostileDatabase(name: "a text file", make: { _, path in try Data("date,slot,title\n2026-03-02,lunch,Soup\n".utf8).write(to: URL(fileURLWithPath: path)) },
                    message: "'PATH' is not a SQLite database, so not a mealplan database"),
    HostileDatabase(name: "an empty file", make: { _, path in try Data().write(to: URL(fileURLWithPath: path)) },
                    message: "database 'PATH' is an empty file, not a mealplan database; remove it or choose another path"),
]

/// Hostile files: each one gives one clear line on standard error and the documented exit
/// status, and leaves every file involved (the database, its -wal and -shm, the imported
/// file) with the same SHA-256, and no file added or removed.
@Suite struct HostileFileTests {
    /// Every command that reads or changes the plan, against a database file at `path`.
    static func commands(database path: String, input: String) -> [[String]] {
        [["list"], ["list", "--all-days", "--format", "json"], ["export"], ["slots"], ["add", "today", "lunch", "Soup"],
         ["edit", "1", "--title", "Stew"], ["remove", "1"], ["import", input], ["copy-days", "today", "--to", "+1"]]
            .map { $0 + ["--db", path] }
    }

    @Test(arguments: hostileDatabases)
    func unusableDatabasesAreRefusedUntouched(_ hostile: HostileDatabase) throws {
        let cli = CLISandbox()
        let path = cli.folder + "/plan.sqlite", input = cli.folder + "/input.csv"
        try hostile.make(cli, path)
        try Data(twoRows.utf8).write(to: URL(fileURLWithPath: input))
        let listing = try FileManager.default.contentsOfDirectory(atPath: cli.folder).sorted()
        for arguments in Self.commands(database: path, input: input) {
            try cli.expectFailure(arguments, status: 74, message: hostile.message.replacingOccurrences(of: "PATH", with: path),
                                  database: path, inputs: [input])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder).sorted() == listing)
    }

    /// A database without write permission: reading works, every change is refused up front.
    @Test func readOnlyDatabaseRefusesEveryChange() throws {
        let cli = CLISandbox()
        let input = cli.folder + "/input.csv"
        try Data(twoRows.utf8).write(to: URL(fileURLWithPath: input))
        try cli.succeed(["add", "today", "lunch", "Soup"])
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: cli.database)
        let message = "database '\(cli.database)' is read-only; cannot change it"
        for arguments in [["add", "today", "lunch", "Bread"], ["edit", "1", "--title", "Stew"], ["move", "1", "+1"],
                          ["copy", "1", "+1"], ["remove", "1"], ["import", input],
                          ["slots", "add", "brunch"], ["slots", "remove", "snack"], ["copy-days", "today", "--to", "+1"]] {
            try cli.expectFailure(arguments, status: 74, message: message, inputs: [input])
        }
        // Reading works, and leaves no -wal or -shm beside the database (see ReadOnlyReaderTests).
        let before = try cli.sha256(of: [cli.database])
        #expect(try cli.succeed(["list"]) == "Mon 2026-03-02\n  1  lunch  Soup\n")
        #expect(try cli.succeed(["export"]) == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-02,lunch,Soup,,,,,,\r\n")
        #expect(try cli.sha256(of: [cli.database]) == before, "reading changed nothing")
    }

    /// A folder the user may not write to (mode 0500): neither a new database nor a folder can
    /// be made in it, and an existing database in it cannot be used, because SQLite must
    /// create its -wal and -shm files beside it. Root ignores permissions, so as root the
    /// commands run as the unprivileged user `nobody` (65534) through `setpriv`.
    @Test(.requires(.unprivilegedUser))
    func unwritableFolderIsReportedInOneLine() throws {
        let cli = CLISandbox()
        let locked = cli.folder + "/locked", existing = locked + "/plan.sqlite"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        try cli.succeed(["add", "today", "lunch", "Soup", "--db", existing])
        if geteuid() == 0 {
            try cli.runAsNobody()
            for path in [locked, existing] {
                try FileManager.default.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: path)
            }
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked) }
        let listing = try FileManager.default.contentsOfDirectory(atPath: locked)
        let inUse = "cannot open database '\(existing)': its folder is not writable, and SQLite must create the -wal and -shm files there"
        for arguments in [["list"], ["add", "today", "lunch", "Bread"]] {
            try cli.expectFailure(arguments + ["--db", existing], status: 74, message: inUse, database: existing)
        }
        let add = ["add", "today", "lunch", "Bread"]
        try cli.expectFailure(add + ["--db", locked + "/new.sqlite"], status: 74,
                              message: "cannot create database '\(locked)/new.sqlite': Permission denied")
        try cli.expectFailure(add + ["--db", locked + "/sub/new.sqlite"], status: 74,
                              message: "cannot create folder '\(locked)/sub' for the database: Permission denied")
        // Reading never creates, so list says the database is missing rather than uncreatable.
        try cli.expectFailure(["list", "--db", locked + "/new.sqlite"], status: 66,
                              message: "there is no database '\(locked)/new.sqlite'; commands that add meals create it")
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked) == listing)
    }

    /// What Excel and old editors write is read as they mean it: a byte order mark before the
    /// header, CR alone as the line end (classic Mac OS), and a note of 10 MiB (notes have no
    /// length limit; titles do).
    @Test(arguments: [
        ("byte order mark, CRLF", [0xEF, 0xBB, 0xBF] + Array("date,slot,title,note\r\n2026-03-03,lunch,Bread,\"warm\"\r\n".utf8)),
        ("CR line ends", Array("date,slot,title,note\r2026-03-03,lunch,Bread,warm\r".utf8)),
        ("byte order mark, CR line ends, no final line end", [0xEF, 0xBB, 0xBF] + Array("date,slot,title,note\r2026-03-03,lunch,Bread,warm".utf8)),
    ])
    func excelAndOldMacFilesAreImported(name: String, bytes: [UInt8]) throws {
        let cli = CLISandbox()
        let input = cli.folder + "/input.csv"
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let before = try cli.sha256(of: [input])
        #expect(try cli.succeed(["import", input]) == "imported 1 meal (2026-03-03 … 2026-03-03) from \(input)\n")
        #expect(try cli.succeed(["list"]) == "Tue 2026-03-03\n  1  lunch  Bread\n            warm\n")
        #expect(try cli.sha256(of: [input]) == before)
    }

    @Test func aHugeNoteIsImportedWhole() throws {
        let cli = CLISandbox()
        let input = cli.folder + "/input.csv"
        try Data((twoRows + "2026-03-03,lunch,Bread,\(runawayField)\r\n").utf8).write(to: URL(fileURLWithPath: input))
        #expect(try cli.succeed(["import", input]) == "imported 2 meals (2026-03-02 … 2026-03-03) from \(input)\n")
        let exported = try cli.succeed(["export", "--from", "2026-03-03"])
        #expect(exported == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-03,lunch,Bread,\(runawayField),,,,,\r\n")
    }

    /// A header of 100,000 columns, all but three ignored: one readable warning naming the
    /// first ten, and the meal is imported.
    @Test func aHeaderOfAHundredThousandColumnsGivesOneShortWarning() throws {
        let cli = CLISandbox()
        let extra = (0..<99_997).map { "c\($0)" }
        let text = (["date", "slot"] + extra + ["title"]).joined(separator: ",") + "\r\n"
            + "2026-03-03,lunch" + String(repeating: ",", count: extra.count) + ",Bread\r\n"
        let result = try cli.run(["import", "-"], input: Data(text.utf8))
        #expect(result.status == 0)
        let named = (0..<10).map { "'c\($0)'" }.joined(separator: ", ")
        #expect(result.stderr == "mealplan: warning: ignoring columns \(named) and 99987 more\n")
        #expect(result.stdout == "imported 1 meal (2026-03-03 … 2026-03-03) from standard input\n")
        #expect(try cli.succeed(["list"]) == "Tue 2026-03-03\n  1  lunch  Bread\n")
    }
}
