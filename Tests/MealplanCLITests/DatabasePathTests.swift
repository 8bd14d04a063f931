import Foundation
import Testing
import TestSupport

/// A database path names one file, whatever its spelling: never a SQLite URI, never memory, and
/// a special file is refused at once.
@Suite struct DatabasePathTests {
    /// Names SQLite would read as something else than a file in the current folder: memory, or
    /// a URI naming `other.sqlite` (in memory, with `mode=memory`). Each must be a file of that
    /// exact name that keeps the meal, and `other.sqlite`, another program's file, is untouched.
    @Test(arguments: [":memory:", "file:other.sqlite", "file:other.sqlite?mode=memory", "file::memory:"])
    func aPathSQLiteTreatsSpeciallyIsAPlainFile(name: String) throws {
        let cli = CLISandbox()
        let other = cli.folder + "/other.sqlite"
        let stranger = Data("SQLite format 3\0".utf8) + Data(repeating: 7, count: 4080)
        try stranger.write(to: URL(fileURLWithPath: other))

        let added = try cli.run(["add", "today", "dinner", "Stew", "--db", name], directory: cli.folder)
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try cli.run(["list", "--db", name], directory: cli.folder)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Stew"), "the meal is kept in the file '\(name)'")
        #expect(FileManager.default.fileExists(atPath: cli.folder + "/" + name))
        #expect(FileManager.default.contents(atPath: other) == stranger, "another program's file is untouched")
        #expect(!FileManager.default.fileExists(atPath: other + "-wal"))
    }

    /// Opening a FIFO for reading waits for a writer; the type check must come first.
    @Test func aFIFOIsRefusedAtOnce() throws {
        let cli = CLISandbox()
        let fifo = cli.folder + "/meals.sqlite"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Not `expectFailure`: hashing the FIFO would itself wait for a writer.
        let started = ContinuousClock.now
        let result = try cli.run(["list", "--db", fifo])
        #expect(result.status == 74)
        #expect(result.stderr == "mealplan: cannot open database '\(fifo)': it is not a regular file\n")
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    /// The schema counts code points; so must the check that gives the message, so that such a
    /// title is a usage error, not a database failure.
    @Test func aTitleOfTooManyCodePointsIsAUsageError() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "dinner", "Soup"])
        let heavy = "e" + String(repeating: "\u{301}", count: 4000)
        try cli.expectFailure(["add", "today", "dinner", heavy], status: 64,
                              message: "the title has 4001 code points (letters and the accents and marks on them); at most 4000 are allowed")
    }

    @Test func aSlotNameOfTooManyCodePointsIsAUsageError() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "dinner", "Soup"])
        let family = String(repeating: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", count: 7)
        try cli.expectFailure(["slots", "add", family], status: 64,
                              message: "the slot name '\(family)' is longer than 32 characters (an emoji or an accented letter counts as several)")
    }
}
