import Foundation
import Testing
import TestSupport

/// `mealplan sync` on the built binary: two plans (two people) and one vdir folder between
/// them, as vdirsyncer would leave it.
@Suite struct SyncCommandTests {
    /// Two databases in one sandbox, and the folder they sync with.
    struct Household {
        let cli = CLISandbox()
        var vdir: String { cli.folder + "/vdir" }
        var a: String { cli.folder + "/a.sqlite" }
        var b: String { cli.folder + "/b.sqlite" }

        func run(_ database: String, _ arguments: [String]) throws -> RunResult {
            try cli.run(arguments, environment: ["MEALPLAN_DB": database])
        }

        /// Runs a command on `database` that must succeed; its standard output.
        @discardableResult
        func succeed(_ database: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            try cli.succeed(arguments, environment: ["MEALPLAN_DB": database], sourceLocation: sourceLocation)
        }

        /// `sync` of `database`, which must succeed: its summary line.
        func sync(_ database: String, _ extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            try succeed(database, ["sync", "--vdir", vdir] + extra, sourceLocation: sourceLocation)
                .trimmingCharacters(in: .newlines)
        }

        /// The plan's meals of the weeks around the pinned today, as JSON without ids and UIDs
        /// (each plan numbers its own rows): what two synced plans must show alike.
        func meals(_ database: String) throws -> String {
            let json = try succeed(database, ["list", "--from", "-30", "--to", "+400", "--format", "json"])
            return withoutUIDs(json).replacingOccurrences(of: #""id":[0-9]+,"#, with: "", options: .regularExpression)
        }

        /// The id the plan in `database` gives its meal titled `title` (each plan numbers its own).
        func id(of title: String, in database: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            let json = try succeed(database, ["list", "--from", "-30", "--to", "+400", "--format", "json"])
            let meals = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
            let id = try #require(meals.first { $0["title"] as? String == title }?["id"] as? Int, "\(title)", sourceLocation: sourceLocation)
            return String(id)
        }

        /// The folder's `.ics` files, sorted.
        func files() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: vdir).filter { $0.hasSuffix(".ics") }.sorted()
        }

        func file(_ name: String) throws -> String {
            try String(contentsOfFile: vdir + "/" + name, encoding: .utf8)
        }

        /// Writes the config file with a `[sync]` table of `lines` (after `vdir`, this folder);
        /// the config file's folder.
        @discardableResult
        func configureSync(_ lines: String) throws -> String {
            let config = cli.folder + "/home/.config/mealplan"
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            try "[sync]\nvdir = \"../../../vdir\"\n\(lines)".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
            return config
        }

        /// Puts a file into the folder as another program (a phone, through vdirsyncer) would.
        func put(_ name: String, _ text: String) throws {
            try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: vdir + "/" + name))
        }
    }

    /// `sync` of `database` with the clock at `time` (UTC, "2026-03-05 12:00:00", standing
    /// still) by Debian's faketime, which must succeed: its summary line.
    static func sync(_ home: Household, _ database: String, at time: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try ExternalTool.run(
            "faketime", ["-f", time, CLISandbox.binary.path, "sync", "--vdir", home.vdir], in: home.cli.folder,
            environment: home.cli.environment(["MEALPLAN_DB": database, "TZ": "UTC", "FAKETIME_DONT_FAKE_MONOTONIC": "1"]))
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    /// Each event's `SEQUENCE`, `LAST-MODIFIED` and `DTSTAMP` (ISO 8601, UTC) and whether it
    /// still has an alarm, in the folder's file `name`, as Python's `icalendar` reads them.
    static func revisions(_ home: Household, _ name: String) throws -> [String] {
        let script = """
            import sys
            from icalendar import Calendar
            for event in Calendar.from_ical(open(sys.argv[1], "rb").read()).walk("VEVENT"):
                print(event.decoded("SEQUENCE"), event.decoded("LAST-MODIFIED").isoformat(), event.decoded("DTSTAMP").isoformat(),
                      len(event.walk("VALARM")))
            """
        return try pythonCheck(script, [home.vdir + "/" + name], in: home.cli).split(separator: "\n").map(String.init)
    }

    static func summary(sent: Int = 0, received: Int = 0, removed: Int = 0, conflicts: Int = 0) -> String {
        "\(sent) sent, \(received) received, \(removed) removed, \(conflicts) conflict\(conflicts == 1 ? "" : "s")"
    }

    @Test func aMealAddedMovedAndRemovedTravelsBetweenTwoPlans() throws {
        let home = Household()
        let recipes = home.cli.folder + "/home/.local/share/mealplan/recipes"
        try FileManager.default.createDirectory(atPath: recipes, withIntermediateDirectories: true)
        try "Cook @rice{1%cup} with @curry paste{2%tbsp}.\n".write(toFile: recipes + "/curry.cook", atomically: true, encoding: .utf8)
        try home.succeed(home.a, ["add", "2026-03-03", "lunch", "Soup", "--note", "leek, potato"])
        try home.succeed(home.a, ["add", "2026-03-04", "dinner", "Curry", "--recipe", "curry", "--servings", "3"])
        #expect(try home.sync(home.a) == Self.summary(sent: 2))
        #expect(try home.files().count == 2)
        #expect(try home.sync(home.b) == Self.summary(received: 2))
        #expect(try home.meals(home.b) == home.meals(home.a))
        #expect(try home.sync(home.a) == Self.summary())
        #expect(try home.sync(home.b) == Self.summary())

        // Moved on B: moved on A, the same meal (A's id 1 still names it).
        try home.succeed(home.b, ["move", home.id(of: "Soup", in: home.b), "2026-03-05"])
        #expect(try home.sync(home.b) == Self.summary(sent: 1))
        #expect(try home.sync(home.a) == Self.summary(received: 1))
        #expect(try home.meals(home.a) == home.meals(home.b))
        #expect(try home.succeed(home.a, ["list", "--from", "2026-03-05", "--to", "2026-03-05"]).contains("1  lunch  Soup"))

        // Removed on A: gone on B, and from the folder.
        try home.succeed(home.a, ["remove", home.id(of: "Curry", in: home.a)])
        #expect(try home.sync(home.a) == Self.summary(removed: 1))
        #expect(try home.files().count == 1)
        #expect(try home.sync(home.b) == Self.summary(removed: 1))
        #expect(try home.meals(home.b) == home.meals(home.a))
        #expect(!(try home.meals(home.b).contains("Curry")))
    }

    /// A file the sync rewrites is a revision (RFC 5545): `LAST-MODIFIED` and `DTSTAMP` the
    /// time of the sync, `SEQUENCE` one more when the meal moved, the same when it was renamed;
    /// a phone's alarm stays. A file received, or a sync with nothing changed, writes nothing.
    @Test(.requires(.faketime), .requires(.icalendar))
    func aRewrittenEventIsARevisionAndNothingChangedRewritesNothing() throws {
        let home = Household()
        try home.put("tacos.ics", """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Phone//EN\r
            BEGIN:VEVENT\r
            UID:tacos@phone\r
            DTSTAMP:20260101T090000Z\r
            LAST-MODIFIED:20260101T090000Z\r
            SEQUENCE:3\r
            DTSTART;VALUE=DATE:20260306\r
            SUMMARY:Dinner: Tacos\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER:-PT8H\r
            END:VALARM\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        try home.succeed(home.a, ["add", "2026-03-03", "lunch", "Soup"])
        let phone = try home.file("tacos.ics")
        #expect(try Self.sync(home, home.a, at: "2026-03-05 12:00:00") == Self.summary(sent: 1, received: 1))
        #expect(try home.file("tacos.ics") == phone)
        let soup = try #require(try home.files().first { $0 != "tacos.ics" })
        #expect(try Self.revisions(home, soup) == ["0 2026-03-05T12:00:00+00:00 2026-03-05T12:00:00+00:00 0"])

        try home.succeed(home.a, ["move", home.id(of: "Tacos", in: home.a), "2026-03-07"])
        #expect(try Self.sync(home, home.a, at: "2026-03-06 07:08:09") == Self.summary(sent: 1))
        #expect(try Self.revisions(home, "tacos.ics") == ["4 2026-03-06T07:08:09+00:00 2026-03-06T07:08:09+00:00 1"])
        try home.succeed(home.a, ["edit", home.id(of: "Tacos", in: home.a), "--title", "Fish tacos"])
        #expect(try Self.sync(home, home.a, at: "2026-03-06 20:00:00") == Self.summary(sent: 1))
        #expect(try Self.revisions(home, "tacos.ics") == ["4 2026-03-06T20:00:00+00:00 2026-03-06T20:00:00+00:00 1"])

        // Nothing changed: B receives without writing, then neither side writes a byte, at any time.
        func state() throws -> [String] {
            try home.files().map { name in
                let attributes = try FileManager.default.attributesOfItem(atPath: home.vdir + "/" + name)
                return "\(name) \(attributes[.systemFileNumber] ?? "") \(attributes[.modificationDate] ?? "") \(try home.file(name))"
            }
        }
        let before = try state()
        #expect(try Self.sync(home, home.b, at: "2026-03-07 08:00:00") == Self.summary(received: 2))
        #expect(try Self.sync(home, home.a, at: "2026-03-08 08:00:00") == Self.summary())
        #expect(try Self.sync(home, home.b, at: "2026-03-09 08:00:00") == Self.summary())
        #expect(try state() == before)
    }

    /// What became of a meal travels: a status changed on one side is a change, not a
    /// conflict; leftovers are linked on the other side to the same cooked meal, also when it
    /// arrives in the same run.
    @Test(.requires(.python3))
    func statusLeftoversAndEatersTravelBetweenTwoPlans() throws {
        let home = Household()
        try home.succeed(home.a, ["add", "2026-03-03", "lunch", "Salad"])
        try home.succeed(home.a, ["add", "2026-03-02", "dinner", "Lasagna"])
        try home.succeed(home.a, ["add", "2026-03-03", "dinner", "Lasagna"])
        // Marked through the database: the commands that mark meals are not what this tests.
        let mark = { (database: String, sql: String) in
            _ = try pythonCheck("import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.executescript(sys.argv[2]); db.commit()",
                                [database, sql], in: home.cli)
        }
        try mark(home.a, "UPDATE meal SET status = 'done', eaters = 2 WHERE id = 2; UPDATE meal SET leftoversOf = 2 WHERE id = 3;")
        #expect(try home.sync(home.a) == Self.summary(sent: 3))
        // The leftovers' file comes before the lasagna's or after it: linked either way.
        #expect(try home.sync(home.b) == Self.summary(received: 3))
        #expect(try home.meals(home.b) == home.meals(home.a))
        #expect(try home.meals(home.b).contains(#""status":"done","leftovers_of":null,"eaters":2}"#))
        #expect(try home.sync(home.a) == Self.summary())
        #expect(try home.sync(home.b) == Self.summary())

        // Done on A: done on B. Skipped on B: cancelled in the folder, skipped on A.
        try mark(home.a, "UPDATE meal SET status = 'done' WHERE id = 3;")
        #expect(try home.sync(home.a) == Self.summary(sent: 1))
        #expect(try home.sync(home.b) == Self.summary(received: 1))
        #expect(try home.meals(home.b) == home.meals(home.a))
        try mark(home.b, "UPDATE meal SET status = 'skipped' WHERE title = 'Salad';")
        #expect(try home.sync(home.b) == Self.summary(sent: 1))
        #expect(try home.files().map(home.file).filter { $0.contains("STATUS:CANCELLED") }.count == 1)
        #expect(try home.sync(home.a) == Self.summary(received: 1))
        #expect(try home.meals(home.a) == home.meals(home.b))
        #expect(try home.meals(home.a).contains(#""title":"Salad","note":null,"recipe":null,"servings":null,"repeat":null,"status":"skipped""#))
    }

    @Test func aMealEditedOnBothSidesIsAConflictThatKeepBothResolves() throws {
        let home = Household()
        try home.succeed(home.a, ["add", "2026-03-03", "lunch", "Soup"])
        _ = try home.sync(home.a)
        _ = try home.sync(home.b)
        try home.succeed(home.a, ["edit", "1", "--title", "Tomato soup"])
        try home.succeed(home.b, ["edit", "1", "--title", "Leek soup"])
        #expect(try home.sync(home.a) == Self.summary(sent: 1))
        let planB = try home.meals(home.b), folder = try home.files().map(home.file)

        let conflict = try home.run(home.b, ["sync", "--vdir", home.vdir])
        #expect(conflict.status == 1)
        #expect(conflict.stdoutLines == ["Tue 3 Mar lunch, meal 1: 'Leek soup' here, 'Tomato soup' there", Self.summary(conflicts: 1)])
        #expect(conflict.stderr.hasPrefix("mealplan: 1 conflict left unchanged on both sides"))
        // Nothing lost: neither side changed.
        #expect(try home.meals(home.b) == planB)
        #expect(try home.files().map(home.file) == folder)

        #expect(try home.sync(home.b, ["--keep", "both"]) == Self.summary(sent: 2, received: 1))
        #expect(try home.sync(home.a) == Self.summary(received: 2))
        let titles = try home.succeed(home.a, ["list", "--from", "2026-03-03", "--to", "2026-03-03"])
        #expect(titles.contains("Leek soup") && titles.contains("Tomato soup"))
        #expect(try home.meals(home.a) == home.meals(home.b))
    }

    @Test func keepMineAndKeepTheirsPickOneSide() throws {
        let home = Household()
        try home.succeed(home.a, ["add", "2026-03-03", "dinner", "Stew"])
        _ = try home.sync(home.a)
        _ = try home.sync(home.b)
        try home.succeed(home.a, ["edit", "1", "--title", "Beef stew"])
        try home.succeed(home.b, ["remove", "1"])
        _ = try home.sync(home.a)
        let conflict = try home.run(home.b, ["sync", "--vdir", home.vdir])
        #expect(conflict.status == 1)
        #expect(conflict.stdoutLines.first == "Tue 3 Mar dinner: removed here, 'Beef stew' there")
        #expect(try home.sync(home.b, ["--keep", "theirs"]) == Self.summary(received: 1))
        #expect(try home.meals(home.b) == home.meals(home.a))

        try home.succeed(home.a, ["edit", "1", "--title", "Lamb stew"])
        try home.succeed(home.b, ["edit", home.id(of: "Beef stew", in: home.b), "--title", "Bean stew"])
        _ = try home.sync(home.a)
        #expect(try home.sync(home.b, ["--keep", "mine"]) == Self.summary(sent: 1))
        #expect(try home.sync(home.a) == Self.summary(received: 1))
        #expect(try home.meals(home.a).contains("Bean stew"))
    }

    @Test func anEventTypedOnAPhoneBecomesAMealAndKeepsWhatMealplanDoesNotUse() throws {
        let home = Household()
        try home.put("phone-1234.ics", """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Phone//EN\r
            BEGIN:VEVENT\r
            UID:1234@phone.example\r
            DTSTAMP:20260301T100000Z\r
            DTSTART;VALUE=DATE:20260306\r
            SUMMARY:Dinner: Tacos\r
            COLOR:tomato\r
            ATTENDEE;CN=Sam:mailto:sam@example.org\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            DESCRIPTION:Defrost\r
            TRIGGER:-PT8H\r
            END:VALARM\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        #expect(try home.sync(home.a) == Self.summary(received: 1))
        #expect(try home.succeed(home.a, ["list", "--from", "2026-03-06", "--to", "2026-03-06"]) == "Fri 2026-03-06\n  1  dinner  Tacos\n")
        try home.succeed(home.a, ["edit", "1", "--title", "Fish tacos", "--note", "lime"])
        #expect(try home.sync(home.a) == Self.summary(sent: 1))
        #expect(try home.files() == ["phone-1234.ics"])
        let text = try home.file("phone-1234.ics")
        for kept in ["UID:1234@phone.example", "COLOR:tomato", "ATTENDEE;CN=Sam:mailto:sam@example.org", "BEGIN:VALARM",
                     "TRIGGER:-PT8H", "SUMMARY:Dinner: Fish tacos", "DESCRIPTION:lime", "X-MEALPLAN-SLOT:dinner"] {
            #expect(text.contains(kept + "\r\n"), "\(kept)")
        }
    }

    /// The file a sync rewrote, read by Python's `icalendar`: one event with its alarm, the
    /// new title and mealplan's slot, and the phone's properties.
    @Test(.requires(.icalendar)) func aRewrittenFileIsReadByAnotherParserAlike() throws {
        let home = Household()
        try home.put("x.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//P//EN\r\nBEGIN:VEVENT\r\nUID:x@p\r\nDTSTAMP:20260301T100000Z\r\n"
            + "DTSTART;VALUE=DATE:20260306\r\nSUMMARY:Lunch: Pho\r\nATTENDEE:mailto:a@example.org\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n"
            + "DESCRIPTION:Go\r\nTRIGGER:-PT1H\r\nEND:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        _ = try home.sync(home.a)
        try home.succeed(home.a, ["edit", "1", "--note", String(repeating: "Long broth, ", count: 12)])
        _ = try home.sync(home.a)
        let script = """
            import sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            events = [c for c in cal.walk('VEVENT')]
            e = events[0]
            print(len(events), str(e['SUMMARY']), str(e['X-MEALPLAN-SLOT']), str(e['ATTENDEE']),
                  [str(a['ACTION']) for a in e.walk('VALARM')], str(e['DESCRIPTION']) == sys.argv[2])
            """
        let note = String(repeating: "Long broth, ", count: 12).trimmingCharacters(in: .whitespaces)
        #expect(try pythonCheck(script, [home.vdir + "/x.ics", note], in: home.cli)
            == "1 Lunch: Pho lunch mailto:a@example.org ['DISPLAY'] True\n")
    }

    /// Files mealplan cannot take: each named once with its line on standard error, left as
    /// it is, and the rest synced.
    @Test func badFilesAreNamedAndLeftAsTheyAre() throws {
        let home = Household()
        func event(_ lines: String) -> String {
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\n\(lines)END:VEVENT\r\nEND:VCALENDAR\r\n"
        }
        let good = event("UID:good@x\r\nDTSTART;VALUE=DATE:20260306\r\nSUMMARY:Lunch: Pho\r\n")
        let cases: [(name: String, bytes: Data, message: String)] = [
            ("latin1.ics", Data("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:l@x\r\nDTSTART;VALUE=DATE:20260306\r\nSUMMARY:Cr".utf8) + Data([0xE8])
                + Data("pe\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8), "line 5: the line is not UTF-8"),
            ("nouid.ics", Data(event("DTSTART;VALUE=DATE:20260306\r\nSUMMARY:Soup\r\n").utf8), "line 3: the event has no UID"),
            ("broken.ics", Data(event("UID:b@x\r\nDTSTART;VALUE=DATE:2026030\r\nSUMMARY:Soup\r\n").utf8),
             "line 5: DTSTART '2026030' is not a date"),
            ("unclosed.ics", Data("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:u@x\r\n".utf8), "line 2: BEGIN:VEVENT is never closed by END:VEVENT"),
            ("hourly.ics", Data(event("UID:r@x\r\nDTSTART;VALUE=DATE:20260306\r\nRRULE:FREQ=HOURLY\r\nSUMMARY:Soup\r\n").utf8),
             "line 3: a repeat mealplan cannot keep"),
            ("huge.ics", Data(repeating: UInt8(ascii: "X"), count: 4 << 20 + 1), "larger than 4 MB"),
            // More than the plan stores: the file's mistake, named by its property and line.
            ("crowd.ics", Data(event("UID:c@x\r\nDTSTART;VALUE=DATE:20260306\r\nSUMMARY:Soup\r\nX-MEALPLAN-EATERS:20000\r\n").utf8),
             "line 7: X-MEALPLAN-EATERS '20000' is not a number from 0.01 to 10000; left as it is"),
        ]
        try home.put("good.ics", good)
        var sums: [String: Data] = [:]
        for (name, bytes, _) in cases {
            try FileManager.default.createDirectory(atPath: home.vdir, withIntermediateDirectories: true)
            try bytes.write(to: URL(fileURLWithPath: home.vdir + "/" + name))
            sums[name] = bytes
        }
        let result = try home.run(home.a, ["sync", "--vdir", home.vdir])
        #expect(result.status == 0)
        #expect(result.stdoutLines == [Self.summary(received: 1)])
        let warnings = result.stderr.split(separator: "\n").map(String.init)
        #expect(warnings.count == cases.count, "\(warnings)")
        for (name, _, message) in cases {
            #expect(warnings.contains { $0.hasPrefix("mealplan: warning: ") && $0.contains(home.vdir + "/" + name) && $0.contains(message) },
                    "\(name): \(warnings)")
        }
        for (name, bytes, _) in cases {
            #expect(FileManager.default.contents(atPath: home.vdir + "/" + name) == bytes, "\(name) changed")
        }
        #expect(try home.succeed(home.a, ["list", "--from", "2026-03-06", "--to", "2026-03-06"]) == "Fri 2026-03-06\n  1  lunch  Pho\n")
    }

    /// A weekly rule with a skipped and a changed occurrence travels as one file (`RRULE`,
    /// `EXDATE`, `RECURRENCE-ID`): the other plan lists the same meals for a year; an edit of
    /// the rule there comes back, and its removal removes it here.
    @Test func aWeeklyRuleWithASkippedAndAChangedOccurrenceListsAlikeForAYear() throws {
        let home = Household()
        try home.succeed(home.a, ["repeat", "add", "2026-03-06", "dinner", "Pizza", "--every", "week", "--on", "fri"])
        try home.succeed(home.a, ["repeat", "skip", "1", "2026-03-13"])
        try home.succeed(home.a, ["repeat", "change", "1", "2026-03-20", "--to", "2026-03-21", "--title", "Pizza bianca"])
        try home.succeed(home.a, ["add", "2026-03-04", "lunch", "Soup"])
        #expect(try home.sync(home.a) == Self.summary(sent: 2))
        let rule = try #require(try home.files().map(home.file).first { $0.contains("RRULE:") })
        for line in ["RRULE:FREQ=WEEKLY;BYDAY=FR", "EXDATE;VALUE=DATE:20260313", "RECURRENCE-ID;VALUE=DATE:20260320",
                     "DTSTART;VALUE=DATE:20260321", "SUMMARY:Dinner: Pizza bianca"] {
            #expect(rule.contains(line + "\r\n"), "\(line)")
        }
        #expect(!rule.contains("EXDATE;VALUE=DATE:20260320"))
        #expect(try home.sync(home.b) == Self.summary(received: 2))
        #expect(try home.meals(home.b) == home.meals(home.a))
        #expect(try home.meals(home.b).contains("Pizza bianca") && !home.meals(home.b).contains("2026-03-13"))
        #expect(try home.succeed(home.b, ["repeat", "list"]) == home.succeed(home.a, ["repeat", "list"]))

        try home.succeed(home.b, ["repeat", "edit", "1", "--title", "Pizza night"])
        #expect(try home.sync(home.b) == Self.summary(sent: 1))
        #expect(try home.sync(home.a) == Self.summary(received: 1))
        #expect(try home.meals(home.a) == home.meals(home.b))
        #expect(try home.succeed(home.a, ["repeat", "list"]).contains("Pizza night"))

        try home.succeed(home.a, ["repeat", "remove", "1"])
        // The changed occurrence stays as a meal of its own, as `repeat remove` keeps it.
        #expect(try home.sync(home.a) == Self.summary(sent: 1, removed: 1))
        #expect(try home.sync(home.b) == Self.summary(received: 1, removed: 1))
        #expect(try home.meals(home.b) == home.meals(home.a))
        #expect(try home.succeed(home.b, ["repeat", "list"]) == home.succeed(home.a, ["repeat", "list"]))
        #expect(!(try home.succeed(home.b, ["repeat", "list"]).contains("Pizza")))
    }

    /// A changed occurrence says what became of it as a single meal does (`STATUS:CANCELLED`,
    /// `X-MEALPLAN-STATUS`, `X-MEALPLAN-EATERS`, `X-MEALPLAN-LEFTOVERS-OF` in its
    /// `RECURRENCE-ID` event), and the other plan keeps it: nothing travels back on the next
    /// syncs, and a status changed there comes here.
    @Test(.requires(.icalendar)) func whatBecameOfAChangedOccurrenceTravelsBetweenTwoPlans() throws {
        let home = Household()
        try home.succeed(home.a, ["add", "2026-03-05", "dinner", "Roast"])
        try home.succeed(home.a, ["repeat", "add", "2026-03-06", "dinner", "Pizza", "--every", "week", "--on", "fri"])
        try home.succeed(home.a, ["done", "r1@2026-03-06"])
        try home.succeed(home.a, ["skipped", "r1@2026-03-13"])
        try home.succeed(home.a, ["repeat", "change", "1", "2026-03-20", "--title", "Roast again"])
        // Eaters and leftovers set through the database: the commands that set them are not what
        // this tests.
        _ = try pythonCheck("""
            import sqlite3, sys; db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE meal SET eaters = 2 WHERE title = 'Pizza' AND status = 'done'")
            db.execute("UPDATE meal SET leftoversOf = (SELECT id FROM meal WHERE title = 'Roast') WHERE title = 'Roast again'")
            db.commit()
            """, [home.a], in: home.cli)
        #expect(try home.sync(home.a) == Self.summary(sent: 2))

        let rule = try #require(try home.files().first { try home.file($0).contains("RRULE:") })
        let roastUID = try #require(try home.files().first { try home.file($0).contains("SUMMARY:Dinner: Roast\r\n") })
            .replacingOccurrences(of: ".ics", with: "")
        let script = """
            import sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            for e in cal.walk('VEVENT'):
                if 'RECURRENCE-ID' in e:
                    print(e['RECURRENCE-ID'].dt.isoformat(), str(e.get('STATUS')), str(e.get('X-MEALPLAN-STATUS')),
                          str(e.get('X-MEALPLAN-EATERS')), str(e.get('X-MEALPLAN-LEFTOVERS-OF')) == sys.argv[2])
            """
        #expect(try pythonCheck(script, [home.vdir + "/" + rule, roastUID], in: home.cli).split(separator: "\n").sorted() == [
            "2026-03-06 None done 2 False", "2026-03-13 CANCELLED None None False", "2026-03-20 None None None True",
        ])

        // The meals of both plans alike, leftovers naming their cook by its UID (the same in both).
        #expect(try home.sync(home.b) == Self.summary(received: 2))
        #expect(try home.meals(home.b) == home.meals(home.a))
        #expect(try home.meals(home.b).contains(#""title":"Roast again","note":null,"recipe":null,"servings":null,"repeat":1,"status":"planned","leftovers_of":"\#(roastUID)""#))
        #expect(try home.sync(home.a) == Self.summary())
        #expect(try home.sync(home.b) == Self.summary())

        // Skipped on A, eaten on B after all: done on A.
        try home.succeed(home.b, ["done", home.id(of: "Roast again", in: home.b)])
        #expect(try home.sync(home.b) == Self.summary(sent: 1))
        #expect(try home.sync(home.a) == Self.summary(received: 1))
        #expect(try home.meals(home.a) == home.meals(home.b))
        #expect(try home.meals(home.a).contains(#""title":"Roast again","note":null,"recipe":null,"servings":null,"repeat":1,"status":"done""#))
        #expect(try home.sync(home.a) == Self.summary())
    }

    /// Leftovers whose cook comes in a later run (vdirsyncer had not fetched it yet) wait for
    /// it: nothing travels back meanwhile, and they are linked when it comes, a single meal's
    /// and a changed occurrence's alike.
    @Test func leftoversWhoseCookComesInALaterRunAreLinkedThen() throws {
        let home = Household()
        try home.succeed(home.a, ["add", "2026-03-02", "dinner", "Lasagna"])
        try home.succeed(home.a, ["add", "2026-03-03", "lunch", "Lasagna again"])
        try home.succeed(home.a, ["repeat", "add", "2026-03-06", "lunch", "Sandwich", "--every", "week", "--on", "fri"])
        try home.succeed(home.a, ["repeat", "change", "1", "2026-03-06", "--title", "Lasagna once more"])
        _ = try pythonCheck("""
            import sqlite3, sys; db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE meal SET leftoversOf = (SELECT id FROM meal WHERE title = 'Lasagna') WHERE title LIKE 'Lasagna %'")
            db.commit()
            """, [home.a], in: home.cli)
        #expect(try home.sync(home.a) == Self.summary(sent: 3))
        let cook = try #require(try home.files().first { try home.file($0).contains("SUMMARY:Dinner: Lasagna\r\n") })
        let aside = home.cli.folder + "/" + cook
        try FileManager.default.moveItem(atPath: home.vdir + "/" + cook, toPath: aside)

        #expect(try home.sync(home.b) == Self.summary(received: 2))
        #expect(try !home.meals(home.b).contains(#""leftovers_of":""#))
        let folder = try home.files().map(home.file)
        #expect(try home.sync(home.b) == Self.summary())
        #expect(try home.files().map(home.file) == folder)

        try FileManager.default.moveItem(atPath: aside, toPath: home.vdir + "/" + cook)
        #expect(try home.sync(home.b) == Self.summary(received: 1))
        let lasagna = cook.replacingOccurrences(of: ".ics", with: "")
        #expect(try home.meals(home.b) == home.meals(home.a))
        for title in ["Lasagna again", "Lasagna once more"] {
            #expect(try home.meals(home.b).contains(#""title":"\#(title)","note":null,"recipe":null,"servings":null,"#
                + #""repeat":\#(title == "Lasagna again" ? "null" : "1"),"status":"planned","leftovers_of":"\#(lasagna)""#), "\(title)")
        }
        #expect(try home.sync(home.b) == Self.summary())
        #expect(try home.sync(home.a) == Self.summary())
        #expect(try home.files().map(home.file).count == 3)
    }

    /// Leftovers waiting for their cook that the other side then makes plain again stay plain
    /// when the cook comes in the same run: the version taken waits for nothing.
    @Test func leftoversMadePlainThereNoLongerWaitForTheirCook() throws {
        let home = Household()
        try home.succeed(home.a, ["add", "2026-03-02", "dinner", "Lasagna"])
        try home.succeed(home.a, ["add", "2026-03-03", "lunch", "Lasagna again"])
        let sql = { (statement: String) in
            _ = try pythonCheck("import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.executescript(sys.argv[2]); db.commit()",
                                [home.a, statement], in: home.cli)
        }
        try sql("UPDATE meal SET leftoversOf = 1 WHERE id = 2")
        #expect(try home.sync(home.a) == Self.summary(sent: 2))
        let cook = try #require(try home.files().first { try home.file($0).contains("SUMMARY:Dinner: Lasagna\r\n") })
        try FileManager.default.moveItem(atPath: home.vdir + "/" + cook, toPath: home.cli.folder + "/" + cook)
        #expect(try home.sync(home.b) == Self.summary(received: 1))
        try FileManager.default.moveItem(atPath: home.cli.folder + "/" + cook, toPath: home.vdir + "/" + cook)

        try sql("UPDATE meal SET leftoversOf = NULL WHERE id = 2")
        #expect(try home.sync(home.a) == Self.summary(sent: 1))
        #expect(try home.sync(home.b) == Self.summary(received: 2))
        #expect(try home.meals(home.b) == home.meals(home.a))
        #expect(try !home.meals(home.b).contains(#""leftovers_of":""#))
        #expect(try home.sync(home.b) == Self.summary())
    }

    /// A rule changed on both sides is a conflict like a meal's; `--keep both` would need a
    /// second repeat, which it never makes: the conflict stays, and says why, until mine or
    /// theirs is kept.
    @Test func aRuleEditedOnBothSidesIsAConflictUntilMineOrTheirsIsKept() throws {
        let home = Household()
        try home.succeed(home.a, ["repeat", "add", "2026-03-06", "dinner", "Pizza", "--every", "week", "--on", "fri"])
        _ = try home.sync(home.a)
        _ = try home.sync(home.b)
        try home.succeed(home.a, ["repeat", "edit", "1", "--title", "Pizza A"])
        try home.succeed(home.b, ["repeat", "edit", "1", "--title", "Pizza B"])
        _ = try home.sync(home.a)
        let conflict = try home.run(home.b, ["sync", "--vdir", home.vdir])
        #expect(conflict.status == 1)
        #expect(conflict.stdoutLines == ["Fri 6 Mar dinner, repeat 1: 'Pizza B' here, 'Pizza A' there", Self.summary(conflicts: 1)])
        let both = try home.run(home.b, ["sync", "--vdir", home.vdir, "--keep", "both"])
        #expect(both.status == 1)
        #expect(both.stdoutLines == [
            "Fri 6 Mar dinner, repeat 1: 'Pizza B' here, 'Pizza A' there",
            "  --keep both keeps the other version of a repeat's day as a meal beside it, never a second repeat; this repeat itself differs: keep mine or theirs",
            Self.summary(conflicts: 1),
        ])
        #expect(try home.succeed(home.b, ["repeat", "list"]).split(separator: "\n").count == 1)
        #expect(try home.sync(home.b, ["--keep", "theirs", "r1"]) == Self.summary(received: 1))
        #expect(try home.sync(home.a) == Self.summary())
        #expect(try home.succeed(home.b, ["repeat", "list"]) == home.succeed(home.a, ["repeat", "list"]))
    }

    @Test func aDryRunChangesNothingAndAFailingCommandSyncsNothing() throws {
        let home = Household()
        try home.succeed(home.a, ["add", "2026-03-03", "lunch", "Soup"])
        let before = try home.cli.sha256(of: CLISandbox.databaseFiles(home.a))
        #expect(try home.sync(home.a, ["--dry-run"]) == Self.summary(sent: 1) + " (dry run: nothing changed)")
        #expect(!FileManager.default.fileExists(atPath: home.vdir))
        #expect(try home.cli.sha256(of: CLISandbox.databaseFiles(home.a)) == before)

        let config = home.cli.folder + "/home/.config/mealplan"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "[sync]\nvdir = \"../../../vdir\"\ncommand = \"echo pulled; exit 3\"\n"
            .write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let failed = try home.run(home.a, ["sync"])
        #expect(failed.status == 1)
        #expect(failed.stdout == "")
        #expect(failed.stderr == "pulled\nmealplan: the [sync] command 'echo pulled; exit 3' failed before the sync (exit status 3), saying 'pulled'; nothing was synced\n")
        #expect(!FileManager.default.fileExists(atPath: home.vdir))

        try "[sync]\nvdir = \"../../../vdir\"\ncommand = \"echo ran >> '\(home.cli.folder)/ran.log'\"\n"
            .write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        #expect(try home.succeed(home.a, ["sync"]) == Self.summary(sent: 1) + "\n")
        #expect(try String(contentsOfFile: home.cli.folder + "/ran.log", encoding: .utf8) == "ran\nran\n")
        #expect(try home.files().count == 1)
        // Nothing to send: the command runs before, to bring what others sent, and not after.
        #expect(try home.succeed(home.a, ["sync"]) == Self.summary() + "\n")
        #expect(try String(contentsOfFile: home.cli.folder + "/ran.log", encoding: .utf8) == "ran\nran\nran\n")
    }

    /// A `[sync] command` that never ends (a server that never answers) is stopped after
    /// `[sync] timeout` seconds with what it started: before the sync, nothing is synced;
    /// after it, the plan and the folder are synced. Either is one line and status 1.
    @Test func aSyncCommandThatHangsIsStoppedAfterItsTimeout() throws {
        let home = Household()
        try home.succeed(home.a, ["add", "2026-03-03", "lunch", "Soup"])
        let config = home.cli.folder + "/home/.config/mealplan"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        let started = home.cli.folder + "/started.pid", once = home.cli.folder + "/once"
        // The first run returns at once (before), every later one hangs in a child of the shell.
        let command = "test -e '\(once)' || { touch '\(once)'; exit 0; }; sleep 600 & echo $! > '\(started)'; wait"
        try "[sync]\nvdir = \"../../../vdir\"\ncommand = \"\(command)\"\ntimeout = 1\n"
            .write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        #expect(try home.succeed(home.a, ["config"]).contains("  [sync] timeout = 1\n"))

        /// The child that the stopped command started is gone (or a zombie nobody reaped yet).
        func expectStopped(sourceLocation: SourceLocation = #_sourceLocation) throws {
            let pid = try String(contentsOfFile: started, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            #expect(stat.isEmpty || stat.contains(") Z "), "\(stat)", sourceLocation: sourceLocation)
        }
        let message = "mealplan: the [sync] command '\(command.prefix(39))…' did not finish within 1 s ([sync] timeout) and was stopped"

        let after = try home.run(home.a, ["sync"])
        #expect(after.status == 1)
        #expect(after.stdout == Self.summary(sent: 1) + "\n")
        #expect(after.stderr == message + " after the sync; the plan and the folder are synced, the server may not be\n")
        #expect(try home.files().count == 1)
        try expectStopped()

        try home.succeed(home.a, ["add", "2026-03-04", "lunch", "Stew"])
        let before = try home.cli.sha256(of: CLISandbox.databaseFiles(home.a))
        let folder = try home.files()
        let stopped = try home.run(home.a, ["sync"])
        #expect(stopped.status == 1 && stopped.stdout == "")
        #expect(stopped.stderr == message + " before the sync; nothing was synced\n")
        #expect(try home.files() == folder)
        #expect(try home.cli.sha256(of: CLISandbox.databaseFiles(home.a)) == before)
        try expectStopped()

        for (value, line) in [("0", 4), ("\"60\"", 4), ("86401", 4)] {
            try "[sync]\nvdir = \"v\"\ncommand = \"true\"\ntimeout = \(value)\n"
                .write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
            let refused = try home.run(home.a, ["sync"])
            #expect(refused.status == 78)
            #expect(refused.stderr == "mealplan: config file '\(config)/config.toml': line \(line): key 'sync.timeout' must be a whole number of seconds from 1 to 86400\n")
        }
    }

    /// A `[sync] command` killed by a signal mealplan did not send (SIGKILL, as the kernel's
    /// out-of-memory killer sends it) is named as killed, not as timed out: the shell itself
    /// killed, or a program the shell ran, which the shell reports as 128 + the signal.
    @Test func aSyncCommandKilledFromOutsideSaysSoNotTimedOut() throws {
        let home = Household()
        try home.succeed(home.a, ["add", "2026-03-03", "lunch", "Soup"])
        let config = home.cli.folder + "/home/.config/mealplan"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        for command in ["kill -9 $$", "sleep 600 & kill -9 $!; wait $!"] {
            try "[sync]\nvdir = \"../../../vdir\"\ncommand = \"\(command)\"\ntimeout = 60\n"
                .write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
            let killed = try home.run(home.a, ["sync"])
            #expect(killed.status == 1 && killed.stdout == "")
            // The shell may say "Killed" of its job first, on the command's standard error,
            // which the message then quotes as its last line.
            let saying = killed.stderr.hasPrefix("Killed\n") ? ", saying 'Killed'" : ""
            #expect(killed.stderr.split(separator: "\n").last == "mealplan: the [sync] command '\(command)' was killed by signal 9 (KILL) before the sync\(saying); nothing was synced")
            #expect(!killed.stderr.contains("timeout"))
            #expect(!FileManager.default.fileExists(atPath: home.vdir))
        }
    }

    /// Run in a terminal, the `[sync] command` has it while it runs (in a process group of its
    /// own, for its time limit): a password it asks there is answered, not stopped by the
    /// terminal until the time is up. `script` gives the sync a terminal.
    @Test func aSyncCommandCanAskInTheTerminal() throws {
        let home = Household()
        let config = home.cli.folder + "/home/.config/mealplan"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        let answers = home.cli.folder + "/answers"
        try "[sync]\nvdir = \"../../../vdir\"\ncommand = \"read -r answer && echo \\\"got $answer\\\" >> '\(answers)'\"\ntimeout = 60\n"
            .write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        try "one\ntwo\n".write(toFile: home.cli.folder + "/typed", atomically: true, encoding: .utf8)
        // A meal to send, so that the command runs after the sync too.
        try home.succeed(home.a, ["add", "2026-03-03", "lunch", "Soup"])
        let line = "'\(CLISandbox.binary.path)' sync"
        let result = try ExternalTool.run(
            "sh", ["-c", "script -qec \"$0\" /dev/null < typed", line], in: home.cli.folder,
            environment: home.cli.environment(["MEALPLAN_DB": home.a]))
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(try String(contentsOfFile: answers, encoding: .utf8) == "got one\ngot two\n")
    }

    /// The hidden file a sync killed while writing left in the folder goes at the next sync
    /// once an hour old (not in a dry run); a younger one, and other programs' hidden files,
    /// stay.
    @Test func aKilledSyncsHiddenFilesGoAtTheNextOnceStale() throws {
        let home = Household()
        try home.succeed(home.a, ["add", "2026-03-03", "lunch", "Soup"])
        let stale = ".6b5a599d-d812-425e-b3c7-c308ed9a778e.ics.4242-k3x9.partial"
        let kept = [".6b5a599d-d812-425e-b3c7-c308ed9a778e.ics.4243-a1.partial", ".x.ics.swp", ".x.ics.partial"]
        for name in [stale] + kept {
            try home.put(name, "BEGIN:VCALENDAR\r\n")
            if name != kept[0] {
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3700)], ofItemAtPath: home.vdir + "/" + name)
            }
        }
        let hidden = { try FileManager.default.contentsOfDirectory(atPath: home.vdir).filter { $0.hasPrefix(".") }.sorted() }
        #expect(try home.sync(home.a, ["--dry-run"]) == Self.summary(sent: 1) + " (dry run: nothing changed)")
        #expect(try hidden() == ([stale] + kept).sorted())
        #expect(try home.sync(home.a) == Self.summary(sent: 1))
        #expect(try hidden() == kept.sorted())
        #expect(try home.files().count == 1)
    }

    /// The records are for one folder however its path is typed; synced with another folder,
    /// the plan starts afresh there, and back in the first one adopts the files it finds alike.
    @Test func theFolderIsOneHoweverItIsTypedAndAnotherStartsAfresh() throws {
        let home = Household()
        try home.succeed(home.a, ["add", "2026-03-03", "lunch", "Soup"])
        let relative = try home.cli.run(["sync", "--vdir", "vdir"], environment: ["MEALPLAN_DB": home.a], directory: home.cli.folder)
        #expect(relative.stdoutLines == [Self.summary(sent: 1)] && relative.status == 0)
        #expect(try home.sync(home.a) == Self.summary())
        #expect(try home.succeed(home.a, ["sync", "--vdir", home.cli.folder + "/./vdir/"]) == Self.summary() + "\n")
        #expect(try home.succeed(home.a, ["sync", "--vdir", home.cli.folder + "/other"]) == Self.summary(sent: 1) + "\n")
        #expect(try home.sync(home.a) == Self.summary())
        #expect(try home.files().count == 1)
    }

    /// The `[sync]` table: its keys, each mistake one line naming the file, line and key, and
    /// a default slot for events that name none.
    @Test func theSyncTableOfTheConfigFile() throws {
        let home = Household()
        let config = home.cli.folder + "/home/.config/mealplan"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        let file = config + "/config.toml"
        for (text, message) in [
            ("[sync]\nvdri = \"x\"\n", "line 2: key 'sync.vdri' is unknown; [sync] takes vdir, from, until, slot, command, timeout"),
            ("[sync]\nvdir = 3\n", "line 2: key 'sync.vdir' must be a path in quotes"),
            ("[sync]\nvdir = \"v\"\nslot = \"brunch\"\n", "line 3: [sync] slot: "),
            ("[sync]\nvdir = \"v\"\nfrom = \"someday\"\n", "line 3: [sync] from: "),
        ] {
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let result = try home.run(home.a, ["sync"])
            #expect(result.status == 78 && result.stdout == "", "\(text)")
            #expect(result.stderr.hasPrefix("mealplan: config file '\(file)': " + message), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        try FileManager.default.removeItem(atPath: file)
        let missing = try home.run(home.a, ["sync"])
        #expect(missing.status == 64)
        #expect(missing.stderr == "mealplan: no vdir to sync with: give --vdir DIR or set [sync] vdir in the config file\n")

        try "[sync]\nvdir = \"../../../vdir\"\nslot = \"lunch\"\nfrom = \"2026-03-01\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        try home.put("a.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a@x\r\nDTSTART:20260301T120000\r\nSUMMARY:Ramen\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        try home.put("b.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:b@x\r\nDTSTART;VALUE=DATE:20260228\r\nSUMMARY:Before\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        #expect(try home.succeed(home.a, ["sync"]) == Self.summary(received: 1) + "\n")
        #expect(try home.succeed(home.a, ["list", "--from", "2026-02-01", "--to", "2026-03-31"]) == "Sun 2026-03-01\n  1  lunch  Ramen\n")
    }

    @Test func mealsBeforeTheWindowStayWhereTheyAre() throws {
        let home = Household()
        // Today is 2026-03-02: the window starts 90 days before, on 2025-12-02.
        try home.succeed(home.a, ["add", "2025-12-01", "lunch", "Old soup"])
        try home.succeed(home.a, ["add", "2025-12-02", "lunch", "New soup"])
        #expect(try home.sync(home.a) == Self.summary(sent: 1))
        #expect(try home.file(home.files()[0]).contains("SUMMARY:Lunch: New soup"))
    }
}
