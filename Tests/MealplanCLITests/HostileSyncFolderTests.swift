import Foundation
import Testing
import TestSupport

/// A synced folder that holds what no calendar program should write, and entries that are no
/// files at all: each one named once (on the first sync that meets it), in one line quoting at
/// most 40 characters of the file, and left as it is; the rest syncs, the plan stays whole (every command works on it after),
/// and a second sync changes nothing anywhere. Every run is bounded in time.
@Suite struct HostileSyncFolderTests {
    typealias Household = SyncCommandTests.Household

    /// One hostile entry of the folder: how it is made, and the words of its one warning
    /// (nil: it is a meal mealplan takes whole, named by its title in `taken`).
    struct Entry: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @Sendable (_ path: String) throws -> Void
        let warning: String?
        var taken: String? = nil
        var testDescription: String { name }
    }

    static func event(_ uid: String, _ lines: String) -> Data {
        Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//a phone//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261120T100000Z\r\nDTSTART;VALUE=DATE:20261202\r\n\(lines)END:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
    }

    static func file(_ name: String, _ lines: String, warning: String?, taken: String? = nil) -> Entry {
        Entry(name: name, make: { try event(name, lines).write(to: URL(fileURLWithPath: $0)) }, warning: warning, taken: taken)
    }

    static func bytes(_ name: String, _ bytes: [UInt8], warning: String?, taken: String? = nil) -> Entry {
        Entry(name: name, make: { path in
            var text = event(name, "")
            let end = text.range(of: Data("END:VEVENT".utf8))!.lowerBound
            text.insert(contentsOf: bytes + Array("\r\n".utf8), at: end)
            try text.write(to: URL(fileURLWithPath: path))
        }, warning: warning, taken: taken)
    }

    static let megabyte = String(repeating: "7", count: 1 << 20)

    static let entries: [Entry] = [
        // Numbers out of range, in each field that holds one, refused for that one file.
        file("position-huge.ics", "SUMMARY:Soup\r\nX-MEALPLAN-POSITION:9223372036854775807\r\n",
             warning: "line 9: X-MEALPLAN-POSITION '9223372036854775807' is not a place in a slot (0 to 2147483647)"),
        file("position-overflow.ics", "SUMMARY:Soup\r\nX-MEALPLAN-POSITION:99999999999999999999999\r\n",
             warning: "line 9: X-MEALPLAN-POSITION '99999999999999999999999' is not a place in a slot"),
        file("position-negative.ics", "SUMMARY:Soup\r\nX-MEALPLAN-POSITION:-1\r\n", warning: "line 9: X-MEALPLAN-POSITION '-1' is not a place"),
        file("servings-huge.ics", "SUMMARY:Soup\r\nX-MEALPLAN-RECIPE:soup\r\nX-MEALPLAN-SERVINGS:1e308\r\n",
             warning: "line 10: X-MEALPLAN-SERVINGS '1e308' is not a number from 0.01 to 10000"),
        file("servings-nan.ics", "SUMMARY:Soup\r\nX-MEALPLAN-RECIPE:soup\r\nX-MEALPLAN-SERVINGS:nan\r\n",
             warning: "line 10: X-MEALPLAN-SERVINGS 'nan' is not a number"),
        file("eaters-negative.ics", "SUMMARY:Soup\r\nX-MEALPLAN-EATERS:-inf\r\n", warning: "line 9: X-MEALPLAN-EATERS '-inf' is not a number"),
        file("servings-alone.ics", "SUMMARY:Soup\r\nX-MEALPLAN-SERVINGS:4\r\n",
             warning: "line 4: servings without a recipe (X-MEALPLAN-RECIPE): they say how much of a recipe to make"),
        // A NUL in any text the plan keeps: refused, never cut.
        bytes("nul-title.ics", Array("SUMMARY:Tacos".utf8) + [0] + Array(" al pastor".utf8), warning: "line 8: SUMMARY holds a NUL character"),
        bytes("nul-note.ics", Array("SUMMARY:Tacos\r\nDESCRIPTION:hot".utf8) + [0] + Array("sauce".utf8),
              warning: "line 9: DESCRIPTION holds a NUL character"),
        // Other control characters are kept whole, and shown as symbols.
        bytes("escape.ics", Array("SUMMARY:Red \u{1B}[31mbeans\u{07}".utf8), warning: nil, taken: "Red ␛[31mbeans␇"),
        // A fold inside a UTF-8 sequence is joined as bytes, as the reader says.
        bytes("fold.ics", Array("SUMMARY:Cr".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA8] + Array("me br".utf8) + [0xC3, 0xBB]
                + Array("l".utf8) + [0xC3, 0x0D, 0x0A, 0x09, 0xA9] + Array("e".utf8), warning: nil, taken: "Crème brûlée"),
        // A note as a phone leaves it, blank lines after it: taken, and not written back.
        file("note.ics", "SUMMARY:Stew\r\nDESCRIPTION:slow\\n\\n  \r\n", warning: nil, taken: "Stew"),
        // A megabyte in one value: the message quotes 40 characters of it.
        file("huge-date.ics", "SUMMARY:Soup\r\nRECURRENCE-ID:\(megabyte)\r\n", warning: "line 9: RECURRENCE-ID '\(String(repeating: "7", count: 39))…' is not a date"),
        // Entries that are not files.
        Entry(name: "folder.ics", make: { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) },
              warning: "a folder, not an item's file; skipped"),
        Entry(name: "fifo.ics", make: { path in
            guard mkfifo(path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }, warning: "a FIFO, not an item's file; skipped"),
        Entry(name: "socket.ics", make: { path in
            _ = try ExternalTool.run("python3", ["-c", "import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])", path], in: "/")
        }, warning: "a socket, not an item's file; skipped"),
        Entry(name: "link.ics", make: { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: "/etc/hostname") },
              warning: "a link, not an item's file; skipped"),
        Entry(name: "latin1-\u{FFFD}.ics", make: { path in
            let folder = String(path.dropLast("latin1-\u{FFFD}.ics".count))
            let raw = (Array(folder.utf8) + Array("latin1-".utf8) + [0xE9] + Array(".ics".utf8) + [0]).map { CChar(bitPattern: $0) }
            let descriptor = open(raw, O_CREAT | O_WRONLY, 0o644)
            guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
            close(descriptor)
        }, warning: "a file whose name is not UTF-8, not an item's file; skipped"),
    ]

    /// Runs `sync` on `database` bounded in time: its status, output and warnings.
    static func sync(_ home: Household, _ database: String) throws -> BoundedRun {
        try BoundedRun([CLISandbox.binary.path, "sync", "--vdir", home.vdir], environment: home.cli.environment(["MEALPLAN_DB": database]),
                       in: home.cli.folder, within: 60)
    }

    /// The bytes of every regular file of the folder, by name.
    static func contents(_ home: Household) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: home.vdir) {
            let path = home.vdir + "/" + name
            let kind = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
            if kind == .typeRegular { contents[name] = FileManager.default.contents(atPath: path) }
        }
        return contents
    }

    @Test func aHostileFolderIsNamedEntryByEntryAndTheRestSyncs() throws {
        let home = Household()
        home.cli.today = "2026-11-30"
        try FileManager.default.createDirectory(atPath: home.cli.folder + "/home/.local/share/mealplan/recipes", withIntermediateDirectories: true)
        try home.succeed(home.a, ["add", "2026-12-01", "dinner", "Paella"])
        #expect(try home.sync(home.a) == SyncCommandTests.summary(sent: 1))
        for entry in Self.entries { try entry.make(home.vdir + "/" + entry.name) }
        let before = try Self.contents(home)

        let first = try Self.sync(home, home.a)
        #expect(first.status == 0 && !first.timedOut, "\(first.errors)")
        let warnings = first.errors.split(separator: "\n").map(String.init)
        for entry in Self.entries {
            guard let warning = entry.warning else { continue }
            let lines = warnings.filter { $0.contains(home.vdir + "/" + entry.name + ": ") && $0.contains(warning) }
            #expect(lines.count == 1, "\(entry.name): \(warnings)")
        }
        #expect(warnings.count == Self.entries.filter { $0.warning != nil }.count, "one line each, no other: \(warnings)")
        #expect(warnings.allSatisfy { $0.count < home.vdir.count + 200 }, "short lines")
        #expect(try Self.contents(home) == before, "every file as it was")

        // The meals taken are whole, shown with their control characters as symbols.
        let listed = try home.succeed(home.a, ["list", "--from", "2026-11-30", "--days", "7"])
        let taken = Self.entries.compactMap(\.taken) + ["Paella"]
        for title in taken { #expect(listed.contains(title), "\(title): \(listed)") }
        #expect(listed.components(separatedBy: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("            ") }.count == taken.count, "\(listed)")

        // A second sync: nothing changed anywhere, so nothing is written, and nothing named
        // again (`SyncNamedOnceTests`).
        let second = try Self.sync(home, home.a)
        #expect(second.status == 0 && second.output == SyncCommandTests.summary() + "\n", "\(second.output)")
        #expect(second.errors == "", "named once: \(second.errors)")
        #expect(try Self.contents(home) == before, "no file rewritten")
        // Every command reads the plan.
        for arguments in [["list", "--all-days"], ["export"], ["export", "--format", "ics"], ["shop", "--from", "2026-11-30", "--days", "7"],
                          ["list", "--format", "json", "--all-days"], ["nutrition", "--from", "2026-11-30", "--days", "7"]] {
            let run = try home.run(home.a, arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        // And a plan that takes the folder from nothing takes the same.
        let other = try Self.sync(home, home.b)
        #expect(other.status == 0, "\(other.errors)")
        #expect(try home.meals(home.b) == home.meals(home.a))
    }

    /// A link in the place of a synced meal's file removes no meal: it is named, and both
    /// sides stay until the file is back.
    @Test func aLinkInPlaceOfAnItemRemovesNothing() throws {
        let home = Household()
        home.cli.today = "2026-11-30"
        try home.succeed(home.a, ["add", "2026-12-01", "dinner", "Paella"])
        #expect(try home.sync(home.a) == SyncCommandTests.summary(sent: 1))
        let name = try #require(try home.files().first)
        let saved = try home.file(name)
        try FileManager.default.removeItem(atPath: home.vdir + "/" + name)
        try FileManager.default.createSymbolicLink(atPath: home.vdir + "/" + name, withDestinationPath: "/etc/hostname")
        let run = try Self.sync(home, home.a)
        #expect(run.status == 0)
        #expect(run.errors == "mealplan: warning: \(home.vdir)/\(name): a link in the place of the file of 'Paella'; left as it is, and so is the plan's\n")
        #expect(try home.succeed(home.a, ["list", "--from", "2026-11-30", "--days", "7"]) == "Tue 2026-12-01\n  1  dinner  Paella\n")
        try FileManager.default.removeItem(atPath: home.vdir + "/" + name)
        try saved.write(toFile: home.vdir + "/" + name, atomically: true, encoding: .utf8)
        #expect(try home.sync(home.a) == SyncCommandTests.summary())
    }

    /// A synced meal's file that mealplan may not read (mode 000, its time and size as they
    /// were) is never written over: a change here to its meal is named and not sent, and the
    /// file keeps its bytes and its mode. Root ignores permissions, so as root the commands
    /// run as the unprivileged user `nobody`.
    @Test(.requires(.unprivilegedUser)) func anUnreadableFileIsNeverOverwritten() throws {
        let home = Household()
        home.cli.today = "2026-11-30"
        if geteuid() == 0 {
            try home.cli.runAsNobody()
            try FileManager.default.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: home.cli.folder)
        }
        try home.succeed(home.a, ["add", "2026-12-01", "dinner", "Paella"])
        #expect(try home.sync(home.a) == SyncCommandTests.summary(sent: 1))
        let name = try #require(try home.files().first), path = home.vdir + "/" + name
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
        try home.succeed(home.a, ["edit", "1", "--title", "Seafood paella"])
        let run = try home.run(home.a, ["sync", "--vdir", home.vdir])
        #expect(run.status == 0)
        #expect(run.stdout == SyncCommandTests.summary() + "\n")
        #expect(run.stderr.contains("\(path)") && run.stderr.contains("left as it is"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "the file as it was")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0)
    }

    /// A phone's file whose name leaves no room for the hidden file a write goes through: taken,
    /// and a change here to it is named and not sent, while the rest of the sync goes on.
    @Test func aFileWhoseNameIsTooLongToRewriteBlocksNothing() throws {
        let home = Household()
        home.cli.today = "2026-11-30"
        let name = String(repeating: "n", count: 240) + ".ics"
        try FileManager.default.createDirectory(atPath: home.vdir, withIntermediateDirectories: true)
        try Self.event("long", "SUMMARY:Soup\r\n").write(to: URL(fileURLWithPath: home.vdir + "/" + name))
        #expect(try home.sync(home.a) == SyncCommandTests.summary(received: 1))
        try home.succeed(home.a, ["edit", "1", "--title", "Leek soup"])
        try home.succeed(home.a, ["add", "2026-12-03", "dinner", "Paella"])
        let run = try Self.sync(home, home.a)
        #expect(run.status == 0)
        #expect(run.output == SyncCommandTests.summary(sent: 1) + "\n")
        #expect(run.errors.hasPrefix("mealplan: warning: \(home.vdir)/\(String(repeating: "n", count: 39))…: its name is too long"), "\(run.errors)")
        #expect(try home.file(name) == String(decoding: Self.event("long", "SUMMARY:Soup\r\n"), as: UTF8.self))
    }
}
