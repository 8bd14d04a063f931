import Foundation
import TestSupport
import Testing

/// What the plan holds, its backup restores: after each history of ordinary commands (and of a
/// calendar's or another program's writes) that leaves a repeat skipping or changing a day it
/// no longer gives, `export --format json --everything` imports into an empty file whole, and
/// the copy lists, repeats and holds in its tables what the original does. Such a day is kept
/// as data both ways, with no effect while the rule does not give it.
@Suite struct WholePlanKeptDaysTests {
    /// Exports the plan of `cli` whole, imports the file into a new database and expects the
    /// same views and the same rows there.
    static func expectRestored(_ cli: CLISandbox, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = cli.folder + "/backup.json"
        try cli.succeed(["export", "--format", "json", "--everything", "--output", file], sourceLocation: sourceLocation)
        let copy = cli.folder + "/restored.sqlite"
        try cli.succeed(["import", file], environment: ["MEALPLAN_DB": copy], sourceLocation: sourceLocation)
        #expect(try views(cli, database: copy) == views(cli, database: cli.database), sourceLocation: sourceLocation)
        #expect(try WholePlanTests.tables(copy, in: cli) == WholePlanTests.tables(cli.database, in: cli), sourceLocation: sourceLocation)
    }

    static func views(_ cli: CLISandbox, database: String) throws -> [String] {
        try [["list", "--from", "2026-01-01", "--to", "2027-12-31"], ["repeat", "list"], ["template", "list"]].map {
            try cli.succeed($0, environment: ["MEALPLAN_DB": database])
        }
    }

    static func run(_ commands: [[String]]) throws -> CLISandbox {
        let cli = CLISandbox()
        for command in commands { try cli.succeed(command) }
        return cli
    }

    static let weekly = ["repeat", "add", "2026-03-02", "dinner", "Pasta", "--every", "week", "--on", "mon"]

    @Test(.requires(.sqlite3))
    func aSkippedDayTheRuleWasMovedOffIsKept() throws {
        let cli = try Self.run([Self.weekly, ["repeat", "skip", "1", "2026-03-09"], ["repeat", "edit", "1", "--on", "tue"]])
        #expect(try WholePlanTests.tables(cli.database, in: cli).contains("skip|1|\(Self.dayNumber("2026-03-09"))\n"))
        try Self.expectRestored(cli)
        // Moved back, the rule finds the day skipped still, in the copy as in the original.
        for database in [cli.database, cli.folder + "/restored.sqlite"] {
            try cli.succeed(["repeat", "edit", "1", "--on", "mon"], environment: ["MEALPLAN_DB": database])
            let week = try cli.succeed(["list", "--from", "2026-03-09", "--to", "2026-03-16"], environment: ["MEALPLAN_DB": database])
            #expect(!week.contains("Mon 2026-03-09") && week.contains("Mon 2026-03-16"), "\(week)")
        }
    }

    @Test(.requires(.sqlite3))
    func aChangedOccurrenceOfADayTheRuleWasMovedOffIsKept() throws {
        let cli = try Self.run([
            Self.weekly, ["repeat", "change", "1", "2026-03-09", "--title", "Pasta bake"], ["repeat", "edit", "1", "--on", "wed"],
        ])
        #expect(try cli.succeed(["list", "--from", "2026-03-09", "--to", "2026-03-09"]).contains("Pasta bake"))
        try Self.expectRestored(cli)
    }

    @Test(.requires(.sqlite3))
    func aSkippedDayPastACountAndACountBeyondAnyBoundAreKept() throws {
        let cli = try Self.run([
            ["repeat", "add", "2026-03-02", "dinner", "Pasta", "--every", "week", "--on", "mon", "--count", "4"],
            ["repeat", "skip", "1", "2026-03-23"], ["repeat", "edit", "1", "--count", "2"],
            ["repeat", "add", "2026-03-02", "lunch", "Soup", "--every", "day", "--count", "3000000000"],
        ])
        try Self.expectRestored(cli)
    }

    /// A position another program gave a meal (the store keeps any from 0 up), and one a
    /// template keeps.
    @Test(.requires(.sqlite3))
    func aMealAtAPositionBeyondFourBillionIsKept() throws {
        let cli = try Self.run([["add", "2026-03-02", "dinner", "Stew"]])
        let result = try ExternalTool.run("sqlite3", [cli.database, "UPDATE meal SET position = 5000000000"], in: cli.folder)
        #expect(result.status == 0, "\(result.stderr)")
        try cli.succeed(["template", "save", "far", "--from", "2026-03-02"])
        try Self.expectRestored(cli)
    }

    /// A calendar's `EXDATE` of a day the rule does not give (a Thursday of a rule on Fridays)
    /// and of one past its `COUNT`, arriving through a sync.
    @Test(.requires(.sqlite3))
    func aCalendarsExdateOfNoOccurrenceIsKept() throws {
        let home = SyncCommandTests.Household()
        try home.succeed(home.a, ["repeat", "add", "2026-03-06", "dinner", "Pizza", "--every", "week", "--on", "fri", "--count", "3"])
        _ = try home.sync(home.a)
        let name = try #require(try home.files().first { try home.file($0).contains("RRULE:") })
        let text = try home.file(name).replacingOccurrences(
            of: "RRULE:", with: "EXDATE;VALUE=DATE:20260312\r\nEXDATE;VALUE=DATE:20260410\r\nRRULE:")
        try home.put(name, text)
        _ = try home.sync(home.b)
        #expect(try WholePlanTests.tables(home.b, in: home.cli).contains("skip|1|\(Self.dayNumber("2026-03-12"))\n"))
        try home.cli.succeed(["export", "--format", "json", "--everything", "--output", home.cli.folder + "/b.json"],
                             environment: ["MEALPLAN_DB": home.b])
        let copy = home.cli.folder + "/copy.sqlite"
        try home.cli.succeed(["import", home.cli.folder + "/b.json"], environment: ["MEALPLAN_DB": copy])
        #expect(try WholePlanTests.tables(copy, in: home.cli) == WholePlanTests.tables(home.b, in: home.cli))
        #expect(try home.succeed(copy, ["repeat", "list"]) == home.succeed(home.b, ["repeat", "list"]))
    }

    /// The day's number as the database stores it: days since 1970-01-01.
    static func dayNumber(_ iso: String) -> Int {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return Int(formatter.date(from: iso)!.timeIntervalSince1970 / 86_400)
    }
}
