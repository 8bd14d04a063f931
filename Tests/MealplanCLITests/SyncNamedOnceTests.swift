import Foundation
import Testing
import TestSupport

/// A file the sync leaves as it is, and an entry that is no item's file, is named on the first
/// sync that meets it and not again while it stays the same; a change to it, or its coming back
/// after it was gone, names it again. Each plan remembers what it named; a dry run remembers
/// nothing.
@Suite struct SyncNamedOnceTests {
    typealias Household = SyncCommandTests.Household

    /// A weekly repeat with a second RRULE, which mealplan cannot keep in a rewrite.
    static func twoRules(_ title: String) -> String {
        SyncUnkeptFilesTests.calendar(SyncUnkeptFilesTests.event(
            "two", "DTSTART;VALUE=DATE:20261201\r\nRRULE:FREQ=WEEKLY\r\nSUMMARY:Dinner: \(title)\r\nRRULE:FREQ=MONTHLY\r\n"))
    }

    /// The warnings of a sync of `database`, which must succeed and change nothing.
    static func warnings(_ home: Household, _ database: String, _ extra: [String] = [],
                         sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let run = try home.run(database, ["sync", "--vdir", home.vdir] + extra)
        #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stdoutLines.first?.hasPrefix(SyncCommandTests.summary()) == true, "\(run.stdout)", sourceLocation: sourceLocation)
        return run.stderr.split(separator: "\n").map(String.init)
    }

    @Test func aLinkAndAFileLeftAreNamedOnceAndAgainWhenTheyChange() throws {
        let home = Household()
        home.cli.today = "2026-11-30"
        try home.put("two-rules.ics", Self.twoRules("Soup"))
        let link = home.vdir + "/link.ics"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/etc/hostname")
        let rules = "mealplan: warning: \(home.vdir)/two-rules.ics: line 10: RRULE, which mealplan cannot keep in a rewrite; left as it is"
        let linked = "mealplan: warning: \(home.vdir)/link.ics: a link, not an item's file; skipped"

        // Both plans made, each with a meal long before the window the sync takes.
        for database in [home.a, home.b] { try home.succeed(database, ["add", "2020-01-01", "dinner", "Old"]) }
        // A dry run names both and remembers nothing; the first sync names both; the next, none.
        #expect(try Self.warnings(home, home.a, ["--dry-run"]) == [linked, rules])
        #expect(try Self.warnings(home, home.a) == [linked, rules])
        #expect(try Self.warnings(home, home.a) == [])
        #expect(try Self.warnings(home, home.a) == [])

        // Another plan of the same folder names them itself, once.
        #expect(try Self.warnings(home, home.b) == [linked, rules])
        #expect(try Self.warnings(home, home.b) == [])

        // The file rewritten, and the link made again to lead elsewhere: each named again.
        try home.put("two-rules.ics", Self.twoRules("Leek soup"))
        #expect(try Self.warnings(home, home.a) == [rules])
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/etc/passwd")
        #expect(try Self.warnings(home, home.a) == [linked])
        #expect(try Self.warnings(home, home.a) == [])

        // Gone, then back as it was: named again when it comes back.
        let saved = try home.file("two-rules.ics")
        try FileManager.default.removeItem(atPath: home.vdir + "/two-rules.ics")
        #expect(try Self.warnings(home, home.a) == [])
        try home.put("two-rules.ics", saved)
        #expect(try Self.warnings(home, home.a) == [rules])
        #expect(try Self.warnings(home, home.a) == [])
        #expect(try home.file("two-rules.ics") == saved, "left as it is")
        #expect(try home.succeed(home.a, ["list", "--from", "2026-11-30", "--days", "28"])
                == "nothing planned from 2026-11-30 to 2026-12-27\n", "nothing taken")
    }

    /// A synced meal's file changed into one mealplan cannot take: named once, the meal kept.
    @Test func aSyncedFileThatTurnsUnreadableIsNamedOnce() throws {
        let home = Household()
        home.cli.today = "2026-11-30"
        try home.succeed(home.a, ["add", "2026-12-01", "dinner", "Paella"])
        #expect(try home.sync(home.a) == SyncCommandTests.summary(sent: 1))
        let name = try #require(try home.files().first)
        try home.put(name, try home.file(name).replacingOccurrences(of: "END:VEVENT", with: "RDATE;VALUE=DATE:20261203\r\nEND:VEVENT"))
        let warnings = try Self.warnings(home, home.a)
        #expect(warnings.count == 1 && warnings[0].contains("\(home.vdir)/\(name): line ") && warnings[0].contains(": RDATE, which"), "\(warnings)")
        #expect(try Self.warnings(home, home.a) == [])
        #expect(try home.succeed(home.a, ["list", "--from", "2026-11-30", "--days", "7"]) == "Tue 2026-12-01\n  1  dinner  Paella\n")
    }
}
