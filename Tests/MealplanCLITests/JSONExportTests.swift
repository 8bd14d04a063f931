import Foundation
import TestSupport
import Testing

@Suite struct JSONExportTests {
    /// Loads an export with Python's json module and compares each object with the meal table,
    /// read by Python's sqlite3 module. Prints "ok N" for N matching objects, else what differs.
    static let jsonCheck = #"""
        import datetime, json, sqlite3, sys, uuid
        exported, db, first, last = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
        objects = json.load(open(exported, encoding="utf-8"))
        epoch = datetime.date(1970, 1, 1)
        rows = sqlite3.connect(db).execute(
            "SELECT meal.id, meal.uid, meal.day, slot.name, meal.position, meal.title, meal.note, meal.recipe, meal.servings,"
            " meal.status, source.uid, meal.eaters FROM meal JOIN slot ON slot.id = meal.slotId"
            " LEFT JOIN meal AS source ON source.id = meal.leftoversOf ORDER BY meal.day, slot.position, meal.position").fetchall()
        expected = [{"id": id, "uid": str(uuid.UUID(bytes=uid)), "date": (epoch + datetime.timedelta(days=day)).isoformat(), "slot": slot,
                     "position": position, "title": title, "note": note, "recipe": recipe, "servings": servings,
                     "repeat": None, "status": status or "planned", "leftovers_of": source and str(uuid.UUID(bytes=source)),
                     "eaters": eaters}
                    for id, uid, day, slot, position, title, note, recipe, servings, status, source, eaters in rows
                    if first <= (epoch + datetime.timedelta(days=day)).isoformat() <= last]
        problems = ["%r != %r" % (got, want) for got, want in zip(objects, expected) if got != want]
        if [list(o.keys()) for o in objects] != [["id", "uid", "date", "slot", "position", "title", "note", "recipe", "servings", "repeat", "status", "leftovers_of", "eaters"]] * len(objects):
            problems.append("keys")
        if len(objects) != len(expected):
            problems.append("%d objects for %d meals" % (len(objects), len(expected)))
        print("\n".join(problems) if problems else "ok %d" % len(objects))
        """#

    /// Every control character U+0001…U+001F and DEL, and emoji, in notes, and in titles
    /// where a title may hold them (not line breaks). U+0000 cannot get into a plan (no
    /// command line argument holds it, and the store reads text up to it); the writer's own
    /// tests cover its escape.
    static func awkwardSandbox() throws -> CLISandbox {
        let cli = try SharedPlan.sandbox()
        let quoted = { (text: String) in "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        var rows = ["date,slot,title,note"]
        for code in Array(0x01..<0x20) + [0x7F] {
            let control = String(UnicodeScalar(UInt8(code)))
            let title = [0x0A, 0x0B, 0x0C, 0x0D].contains(code) ? "🍲 plain \(code)" : "🍲 x\(control)y \\ \"q\""
            rows.append("2026-12-\(10 + code % 15),dinner,\(quoted(title)),\(quoted("n\(control)🥗"))")
        }
        rows.append("2026-12-05,lunch,\(quoted("👩‍👩‍👧 ̈")),\(quoted("cr\rlf\ncrlf\r\n\""))")
        try cli.succeed(["import", "-"], input: Data((rows.joined(separator: "\r\n") + "\r\n").utf8))
        return cli
    }

    /// What became of some meals, written by Python's sqlite3 module (the commands that mark
    /// them are not what these tests are about): meal 1 cooked for 2 and done, meal 3 its
    /// leftovers, meal 4 skipped.
    static let markMeals = #"""
        import sqlite3, sys
        db = sqlite3.connect(sys.argv[1])
        db.executescript("UPDATE meal SET status = 'done', eaters = 2 WHERE id = 1;"
                         "UPDATE meal SET leftoversOf = 1, status = 'done' WHERE id = 3;"
                         "UPDATE meal SET status = 'skipped', eaters = 2.5 WHERE id = 4;")
        db.commit()
        """#

    @Test(.requires(.python3))
    func jsonMatchesTheDatabaseInPythonsJSONModule() throws {
        let cli = try Self.awkwardSandbox()
        _ = try pythonCheck(Self.markMeals, [cli.database], in: cli)
        try cli.succeed(["export", "--format", "json", "--output", cli.folder + "/all.json"])
        #expect(try pythonCheck(Self.jsonCheck, ["all.json", cli.database, "0001-01-01", "9999-12-31"], in: cli) == "ok 38\n")
        try cli.succeed(["export", "--format", "json", "--from", "2026-11-28", "--to", "2026-12-10", "--output", cli.folder + "/some.json"])
        #expect(try pythonCheck(Self.jsonCheck, ["some.json", cli.database, "2026-11-28", "2026-12-10"], in: cli) == "ok 6\n")
    }

    @Test func exportAndListWriteTheSameJSON() throws {
        let cli = try Self.awkwardSandbox()
        for (from, to) in [("2026-11-27", "2026-11-30"), ("2026-12-01", "2026-12-31"), ("2027-01-01", "2027-01-31")] {
            let listed = try cli.succeed(["list", "--format", "json", "--from", from, "--to", to])
            #expect(try cli.succeed(["export", "--format", "json", "--from", from, "--to", to]) == listed)
        }
        #expect(try cli.succeed(["export", "--format", "json", "--from", "2027-01-01"]) == "[]\n")
        let lines = withoutUIDs(try cli.succeed(["export", "--format", "json", "--to", "2026-11-27"])).split(separator: "\n")
        #expect(lines == [
            #"[{"id":1,"date":"2026-11-27","slot":"breakfast","position":0,"title":"Eggs, toast; jam","note":null,"recipe":null,"servings":null,"repeat":null,"status":"planned","leftovers_of":null,"eaters":null},"#,
            #"{"id":2,"date":"2026-11-27","slot":"dinner","position":0,"title":"Lasagna","note":"double batch\r\nfreeze half, label it","recipe":null,"servings":null,"repeat":null,"status":"planned","leftovers_of":null,"eaters":null}]"#,
        ])
        // Control characters never reach the terminal raw: they are \u escapes.
        let escaped = try cli.succeed(["export", "--format", "json", "--from", "2026-12-22"])
        #expect(escaped.contains(#""title":"🍲 x\u001by \\ \"q\"","note":"n\u001b🥗","recipe":null,"servings":null,"repeat":null,"status":"planned","leftovers_of":null,"eaters":null}"#))
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F })
    }
}

@Suite struct ExportOptionTests {
    /// A failed export prints one line, exits 64 and leaves no file, not even a partial one.
    @Test(arguments: [
        (["--slot-time", "tea=19:00"], "--slot-time 'tea=19:00': unknown slot 'tea'; slots are breakfast, lunch, dinner, snack"),
        (["--slot-time", "dinner=25:00"],
         "--slot-time 'dinner=25:00': '25:00' is not a time of day; use HH:MM from 00:00 to 23:59 (see 'mealplan help')"),
        (["--slot-time", "dinner"], "--slot-time 'dinner': use SLOT=HH:MM, as in dinner=19:00 (see 'mealplan help')"),
        (["--slot-time", "=19:00"], "--slot-time '=19:00': use SLOT=HH:MM, as in dinner=19:00 (see 'mealplan help')"),
        (["--slot-time", "dinner=7pm"],
         "--slot-time 'dinner=7pm': '7pm' is not a time of day; use HH:MM from 00:00 to 23:59 (see 'mealplan help')"),
        (["--slot-time", "dinner=19:00", "--slot-time", "DIN=18:00"], "--slot-time gives a time for dinner twice"),
        (["--slot-time", "dinner=19:00", "--duration", "25h"],
         "--duration '25h': use minutes or hours from 1m to 24h, as in 90, 45m, 1h or 1h30m (see 'mealplan help')"),
        (["--duration", "1h"], "--duration needs --slot-time (or slot times in the config file)"),
        (["--from", "2026-12-01", "--to", "2026-11-30"], "--to 2026-11-30 is before --from 2026-12-01"),
    ])
    func badOptionsWriteNothing(options: [String], message: String) throws {
        let cli = try SharedPlan.sandbox()
        let output = cli.folder + "/plan.ics"
        try cli.expectFailure(["export", "--format", "ics", "--output", output] + options, status: 64, message: message)
        try cli.expectFailure(["export", "--format", "ics"] + options, status: 64, message: message)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder).filter { $0.contains("plan") }.isEmpty)
    }

    @Test func slotTimesAreForICalendarOnly() throws {
        let cli = try SharedPlan.sandbox()
        for format in ["csv", "json"] {
            try cli.expectFailure(["export", "--format", format, "--slot-time", "dinner=19:00", "--output", "x"], status: 64,
                                  message: "--slot-time needs --format ics (see 'mealplan help')")
        }
        try cli.expectFailure(["export", "--format", "xml"], status: 64,
                              message: "the value 'xml' is invalid for '--format <format>'. Please provide one of 'csv', 'ics' or 'json'. (see 'mealplan help')")
        #expect(!FileManager.default.fileExists(atPath: cli.folder + "/x"))
    }

    /// --output writes what standard output would get, whole, for every format; a failure
    /// keeps the old file.
    @Test(arguments: ["csv", "ics", "json"])
    func outputFileIsWrittenWhole(format: String) throws {
        let cli = try SharedPlan.sandbox()
        let output = cli.folder + "/plan.\(format)"
        #expect(try cli.succeed(["export", "--format", format, "--output", output]) == "exported 5 meals to \(output)\n")
        let withoutStamps = { (text: String) in text.components(separatedBy: "\r\n").filter { !$0.hasPrefix("DTSTAMP:") } }
        let written = String(decoding: try #require(FileManager.default.contents(atPath: output)), as: UTF8.self)
        // A *.csv file protects formulas (see SpreadsheetExportTests); standard output does when asked.
        let protection = format == "csv" ? ["--protect-formulas"] : []
        #expect(withoutStamps(written) == withoutStamps(try cli.succeed(["export", "--format", format] + protection)))
        #expect(written.hasPrefix(["csv": "\"date\",slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n", "ics": "BEGIN:VCALENDAR\r\n", "json": "[{\"id\":1,"][format]!))
        try cli.expectFailure(["export", "--format", format, "--output", output, "--slot-time", "x=1:00"], status: 64,
                              message: format == "ics" ? "--slot-time 'x=1:00': unknown slot 'x'; slots are breakfast, lunch, dinner, snack"
                                  : "--slot-time needs --format ics (see 'mealplan help')")
        #expect(FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) } == written)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder).filter { $0.contains("partial") }.isEmpty)
    }
}
