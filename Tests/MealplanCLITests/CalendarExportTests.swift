import Foundation
import TestSupport
import Testing

/// A plan whose text holds what iCalendar and JSON must protect, imported into a sandbox.
enum SharedPlan {
    static let longCJK = String(repeating: "拉麺", count: 100)
    /// Titles and notes the calendar clients are asked to show (their own quirks aside).
    static let csv = """
        date,slot,title,note\r
        2026-11-27,breakfast,"Eggs, toast; jam",\r
        2026-11-27,dinner,Lasagna,"double batch\r
        freeze half, label it"\r
        2026-11-28,lunch,拉麺 🍜,"back\\slash; semi, comma"\r
        2026-11-28,dinner,Pizza 🍕,\r
        2026-11-30,snack,Crème brûlée,tab\there\r

        """

    /// Meals only an independent parser is asked about: 200 CJK characters, emoji, controls.
    static let awkwardCSV = """
        date,slot,title,note\r
        2026-12-01,lunch,\(longCJK),"\(longCJK)🍜\r\nsecond line\rthird\nfourth"\r
        2026-12-01,dinner,"esc\u{1B} del\u{7F} \\ ; ,",👩‍👩‍👧 family\r
        2026-12-02,breakfast,x,"only\u{7}bell"\r

        """

    static func sandbox() throws -> CLISandbox {
        let cli = CLISandbox()
        try cli.succeed(["import", "-"], input: Data(csv.utf8))
        return cli
    }
}

@Suite struct CalendarExportTests {
    /// Checks every VEVENT of an .ics file against the meal table with the `icalendar` package;
    /// each event's UID is its meal's stored UID as Python's `uuid` writes it, a version 7 UUID.
    /// Arguments: the .ics, the database, slot start times as JSON ({"dinner": "19:00"}), and
    /// the duration in minutes. Prints "ok N" for N matching events, else what differs.
    static let icalendarCheck = #"""
        import datetime, json, sqlite3, sys, uuid
        import icalendar
        ics, db, times, duration = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), int(sys.argv[4])

        def visible(text):
            # The documented rule: line breaks become one \n each, other controls (but tab) their pictures.
            text = text.replace("\r\n", "\n").replace("\r", "\n")
            return "".join(chr(0x2400 + ord(c)) if ord(c) < 0x20 and c not in "\n\t"
                           else "\u2421" if c == "\x7f" else c for c in text)

        calendar = icalendar.Calendar.from_ical(open(ics, "rb").read())
        problems = []
        if str(calendar["VERSION"]) != "2.0" or not str(calendar.get("PRODID", "")):
            problems.append("VERSION or PRODID")
        meals = {}
        epoch = datetime.date(1970, 1, 1)
        for uid, day, slot, title, note in sqlite3.connect(db).execute(
                "SELECT meal.uid, meal.day, slot.name, meal.title, meal.note FROM meal JOIN slot ON slot.id = meal.slotId"):
            uid = uuid.UUID(bytes=uid)
            if uid.version != 7 or uid.variant != uuid.RFC_4122:
                problems.append("not a version 7 UUID: %s" % uid)
            meals[str(uid)] = (epoch + datetime.timedelta(days=day), slot, title, note)
        now = datetime.datetime.now(datetime.timezone.utc)
        events = calendar.walk("VEVENT")
        for event in events:
            uid = str(event["UID"])
            if uid not in meals:
                problems.append("unknown UID " + uid)
                continue
            date, slot, title, note = meals.pop(uid)
            start, end = event["DTSTART"].dt, event["DTEND"].dt
            if slot in times:
                hour, minute = map(int, times[slot].split(":"))
                want_start = datetime.datetime.combine(date, datetime.time(hour, minute))
                want_end = want_start + datetime.timedelta(minutes=duration)
                if start != want_start or start.tzinfo is not None or end != want_end:
                    problems.append("%s: times %s %s" % (uid, start, end))
            elif type(start) is not datetime.date or start != date or end != date + datetime.timedelta(days=1):
                problems.append("%s: dates %r %r" % (uid, start, end))
            if str(event["SUMMARY"]) != visible(slot[0].upper() + slot[1:] + ": " + title):
                problems.append("%s: summary %r" % (uid, str(event["SUMMARY"])))
            description = str(event["DESCRIPTION"]) if "DESCRIPTION" in event else None
            if description != (visible(note) if note is not None else None):
                problems.append("%s: description %r" % (uid, description))
            stamp = event["DTSTAMP"].dt
            if stamp.utcoffset() != datetime.timedelta(0) or abs((now - stamp).total_seconds()) > 300:
                problems.append("%s: DTSTAMP %s" % (uid, stamp))
        problems += ["no event for " + uid for uid in meals]
        print("\n".join(problems) if problems else "ok %d" % len(events))
        """#

    @Test(.requires(.icalendar))
    func everyEventMatchesTheDatabaseInPythonsIcalendar() throws {
        let cli = try SharedPlan.sandbox()
        try cli.succeed(["import", "-"], input: Data(SharedPlan.awkwardCSV.utf8))
        try cli.succeed(["export", "--format", "ics", "--output", cli.folder + "/all-day.ics"])
        #expect(try pythonCheck(Self.icalendarCheck, ["all-day.ics", cli.database, "{}", "60"], in: cli) == "ok 8\n")
        try cli.succeed(["export", "--format", "ics", "--slot-time", "breakfast=8:00", "--slot-time", "DIN=23:30",
                         "--duration", "1h30m", "--output", cli.folder + "/timed.ics"])
        #expect(try pythonCheck(Self.icalendarCheck, ["timed.ics", cli.database, #"{"breakfast": "08:00", "dinner": "23:30"}"#, "90"],
                                in: cli) == "ok 8\n")
        // Every physical line of the file with 200 CJK characters holds at most 75 octets. Its
        // SUMMARY and DESCRIPTION take 8 continuation lines each (24 three-octet characters
        // after the leading space), nothing else is that long.
        let bytes = try #require(FileManager.default.contents(atPath: cli.folder + "/timed.ics"))
        let lines = bytes.split(separator: 0x0A)
        #expect(lines.filter { $0.first == 0x20 }.count == 16)
        #expect(lines.allSatisfy { $0.count <= 76 && $0.last == 0x0D && String(data: Data($0), encoding: .utf8) != nil })
    }

    /// `[slot-times]` in the config file gives slots their times without --slot-time, which
    /// wins for the slots it names; a slot the plan does not have is the file's mistake.
    @Test func theConfigFileGivesSlotTimes() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "dinner", "Soup"])
        try cli.succeed(["add", "today", "lunch", "Bread"])
        let folder = cli.folder + "/config/mealplan"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("[slot-times]\ndinner = \"19:00\"\nlunch = \"12:30\"\n".utf8).write(to: URL(fileURLWithPath: folder + "/config.toml"))
        let environment = ["XDG_CONFIG_HOME": cli.folder + "/config"]
        let configured = try cli.succeed(["export", "--format", "ics", "--duration", "30m"], environment: environment)
        #expect(configured.contains("DTSTART:20260302T190000\r\nDTEND:20260302T193000\r\n"))
        #expect(configured.contains("DTSTART:20260302T123000\r\nDTEND:20260302T130000\r\n"))
        let overridden = try cli.succeed(["export", "--format", "ics", "--slot-time", "din=18:00"], environment: environment)
        #expect(overridden.contains("DTSTART:20260302T180000\r\nDTEND:20260302T190000\r\n"))
        #expect(overridden.contains("DTSTART:20260302T123000\r\n"))
        // CSV does not read the table.
        #expect(try cli.succeed(["export"], environment: environment).hasPrefix("date,slot,title"))
        try Data("[slot-times]\ntea = \"16:00\"\n".utf8).write(to: URL(fileURLWithPath: folder + "/config.toml"))
        try cli.expectFailure(["export", "--format", "ics"], status: 78,
                              message: "config file '\(folder)/config.toml': line 2: [slot-times] unknown slot 'tea'; slots are breakfast, lunch, dinner, snack",
                              environment: environment)
        try Data("[slot-times]\ndinner = \"7pm\"\n".utf8).write(to: URL(fileURLWithPath: folder + "/config.toml"))
        try cli.expectFailure(["export", "--format", "ics"], status: 78,
                              message: "config file '\(folder)/config.toml': line 2: key 'slot-times.dinner' must be a time in quotes, like \"19:00\"",
                              environment: environment)
    }

    /// Each meal's event UID is the meal's own: edits and moves keep it, other meals do not
    /// disturb it, and a new meal has a UID no meal had.
    @Test(.requires(.icalendar))
    func uidsStayTheSameAcrossExports() throws {
        let cli = try SharedPlan.sandbox()
        let before = try uidsAndSummaries(try cli.succeed(["export", "--format", "ics"]))
        try cli.succeed(["edit", "2", "--title", "Lasagne verde"])
        try cli.succeed(["move", "3", "2026-11-29"])
        try cli.succeed(["add", "2026-11-26", "lunch", "Earlier"])
        try cli.succeed(["remove", "4"])
        try cli.succeed(["export", "--format", "ics", "--output", cli.folder + "/after.ics"])
        #expect(try pythonCheck(Self.icalendarCheck, ["after.ics", cli.database, "{}", "60"], in: cli) == "ok 5\n")
        let after = try uidsAndSummaries(String(decoding: try #require(FileManager.default.contents(atPath: cli.folder + "/after.ics")), as: UTF8.self))
        #expect(Set(before.map(\.uid)).count == 5)
        #expect(after.map(\.summary) == [
            "Lunch: Earlier", #"Breakfast: Eggs\, toast\; jam"#, "Dinner: Lasagne verde", "Lunch: 拉麺 🍜", "Snack: Crème brûlée",
        ])
        #expect(after.dropFirst().map(\.uid) == [before[0].uid, before[1].uid, before[2].uid, before[4].uid])
        #expect(!before.map(\.uid).contains(after[0].uid))
    }

    /// Two plans' exports share no UID, although both number their meals from 1: a CalDAV
    /// server or a calendar client given both keeps every meal of both. Python's `icalendar`
    /// reads each file, and each UID is the one `list --format json` gives its meal.
    @Test(.requires(.icalendar))
    func twoPlansExportsShareNoUID() throws {
        var uidSets: [Set<String>] = []
        for _ in 0..<2 {
            let cli = try SharedPlan.sandbox()
            try cli.succeed(["repeat", "add", "2026-11-23", "dinner", "Soup", "--every", "week", "--on", "mon"])
            try cli.succeed(["export", "--format", "ics", "--output", cli.folder + "/plan.ics"])
            let read = try pythonCheck(#"""
                import sys, icalendar
                calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
                print("\n".join(sorted(str(event["UID"]) for event in calendar.walk("VEVENT"))))
                """#, ["plan.ics"], in: cli)
            let uids = read.split(separator: "\n").map(String.init)
            let listed = try JSONSerialization.jsonObject(with: Data(try cli.succeed(
                ["list", "--format", "json", "--from", "2026-11-23", "--days", "8"]).utf8)) as? [[String: Any]] ?? []
            let mealUIDs = listed.compactMap { $0["uid"] as? String }
            #expect(mealUIDs.count == 5, "the five meals have a UID; the rule's occurrences have none of their own")
            #expect(uids.count == 6 && Set(uids).isSuperset(of: mealUIDs), "five meals and the rule: \(uids)")
            #expect(uids.allSatisfy { UUID(uuidString: $0) != nil && $0 == $0.lowercased() })
            uidSets.append(Set(uids))
        }
        #expect(uidSets[0].isDisjoint(with: uidSets[1]))
    }

    struct Event: Equatable {
        let uid: String
        let summary: String
    }

    private func uidsAndSummaries(_ ics: String) throws -> [Event] {
        let lines = ics.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        let uids = lines.filter { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
        let summaries = lines.filter { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) }
        try #require(uids.count == summaries.count)
        return zip(uids, summaries).map(Event.init)
    }

    /// The meals of `SharedPlan.csv` as calcurse and khal list them, by day; `timed` gives the
    /// start and end that breakfast and dinner get from `timedOptions`.
    static func expectedDays(timed: Bool) -> [String] {
        let breakfast = timed ? "2026-11-27 08:00 2026-11-27 08:45 " : ""
        let dinner27 = timed ? "2026-11-27 19:00 2026-11-27 19:45 " : ""
        let dinner28 = timed ? "2026-11-28 19:00 2026-11-28 19:45 " : ""
        return [
            "2026-11-27", breakfast + "Breakfast: Eggs, toast; jam", dinner27 + "Dinner: Lasagna",
            "2026-11-28", "Lunch: 拉麺 🍜", dinner28 + "Dinner: Pizza 🍕",
            "2026-11-30", "Snack: Crème brûlée",
        ]
    }

    static let timedOptions = ["--slot-time", "breakfast=08:00", "--slot-time", "dinner=19:00", "--duration", "45"]

    /// calcurse reads the file into its own store; its query lists each day's events (all-day)
    /// and appointments (timed). Floating times must stay as written in any time zone.
    @Test(.requires(.calcurse), arguments: [false, true])
    func calcurseShowsTheSameMealsOnTheSameDays(timed: Bool) throws {
        let cli = try SharedPlan.sandbox()
        try cli.succeed(["export", "--format", "ics", "--output", cli.folder + "/plan.ics"] + (timed ? Self.timedOptions : []))
        let zone = ["TZ": "Asia/Tokyo", "HOME": cli.folder]
        try FileManager.default.createDirectory(atPath: cli.folder + "/calcurse", withIntermediateDirectories: true)
        let imported = try ExternalTool.run("calcurse", ["-D", "calcurse", "-i", "plan.ics"], in: cli.folder, environment: zone)
        #expect(imported.status == 0)
        #expect(imported.stdout.contains(timed ? "3 apps / 2 events / 0 todos / 0 skipped" : "0 apps / 5 events / 0 todos / 0 skipped"),
                "\(imported.stdout)")
        // calcurse's query takes its dates in the format --input-datefmt names (4 = ISO).
        let query = try ExternalTool.run("calcurse", [
            "-D", "calcurse", "-Q", "--input-datefmt", "4", "--output-datefmt", "%Y-%m-%d",
            "--format-event", "%m\n", "--format-apt", "%(start:%Y-%m-%d %H:%M) %(end:%Y-%m-%d %H:%M) %m\n",
            "--from", "2026-11-26", "--days", "6",
        ], in: cli.folder, environment: zone)
        #expect(query.status == 0)
        let lines = query.stdout.split(separator: "\n").map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: ":")) }
        #expect(Self.sortedWithinDays(lines) == Self.sortedWithinDays(Self.expectedDays(timed: timed)))
        // The notes arrive too, with their line break and punctuation unescaped (calcurse keeps
        // each note in a file of its own, ending in a line break).
        let notes = try FileManager.default.contentsOfDirectory(atPath: cli.folder + "/calcurse/notes").map {
            String(decoding: try #require(FileManager.default.contents(atPath: cli.folder + "/calcurse/notes/" + $0)), as: UTF8.self)
        }
        #expect(Set(notes) == ["double batch\nfreeze half, label it\n", "back\\slash; semi, comma\n", "tab\there\n"])
    }

    /// Imports `file` (in the sandbox's folder) with khal into a new vdir calendar, `khal/meals`,
    /// configured by `khal/config` for ISO dates.
    static func khalImport(_ file: String, in cli: CLISandbox, environment: [String: String],
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        try FileManager.default.createDirectory(atPath: cli.folder + "/khal/meals", withIntermediateDirectories: true)
        try Data("""
            [calendars]
            [[meals]]
            path = \(cli.folder)/khal/meals
            type = calendar
            [locale]
            timeformat = %H:%M
            dateformat = %Y-%m-%d
            longdateformat = %Y-%m-%d
            datetimeformat = %Y-%m-%d %H:%M
            longdatetimeformat = %Y-%m-%d %H:%M
            [sqlite]
            path = \(cli.folder)/khal/cache.db

            """.utf8).write(to: URL(fileURLWithPath: cli.folder + "/khal/config"))
        let imported = try ExternalTool.run("khal", ["-c", "khal/config", "import", "--batch", file], in: cli.folder, environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)", sourceLocation: sourceLocation)
    }

    /// khal imports into a vdir calendar and lists each day with its events.
    @Test(.requires(.khal), arguments: [false, true])
    func khalShowsTheSameMealsOnTheSameDays(timed: Bool) throws {
        let cli = try SharedPlan.sandbox()
        try cli.succeed(["export", "--format", "ics", "--output", cli.folder + "/plan.ics"] + (timed ? Self.timedOptions : []))
        let zone = ["TZ": "America/Los_Angeles", "HOME": cli.folder]
        try Self.khalImport("plan.ics", in: cli, environment: zone)
        // One file per event, named by its UID.
        let json = try JSONSerialization.jsonObject(with: Data(try cli.succeed(["list", "--format", "json", "--from", "2026-11-27", "--days", "4"]).utf8))
        let uids = (json as? [[String: Any]] ?? []).compactMap { $0["uid"] as? String }
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder + "/khal/meals").sorted()
            == uids.map { $0 + ".ics" }.sorted() && uids.count == 5)
        let listed = try ExternalTool.run("khal", [
            "-c", "khal/config", "list", "--day-format", "{date}", "--format", "{start} {end} {title}|{description}",
            "2026-11-26", "6d",
        ], in: cli.folder, environment: zone)
        #expect(listed.status == 0, "\(listed.stderr)")
        // khal prints an all-day event's start and end as its day; the description follows the bar.
        var lines: [String] = []
        var notes: [String] = []
        for line in listed.stdout.components(separatedBy: "\n").dropLast() {
            guard let bar = line.firstIndex(of: "|") else {
                if line.hasPrefix("2026-") && line.count == 10 { lines.append(line) } else { notes[notes.count - 1] += "\n" + line }
                continue
            }
            var event = String(line[..<bar])
            if event.hasPrefix("2026-"), event.dropFirst(11).hasPrefix("2026-"), event.dropFirst(10).hasPrefix(" ") {
                event = String(event.dropFirst(22))  // "DAY DAY title" of an all-day event
            }
            lines.append(event)
            notes.append(String(line[line.index(after: bar)...]))
        }
        #expect(Self.sortedWithinDays(lines) == Self.sortedWithinDays(Self.expectedDays(timed: timed)))
        #expect(notes.filter { !$0.isEmpty }.sorted() == [#"back\slash; semi, comma"#, "double batch\nfreeze half, label it", "tab\there"])
    }

    /// Days in order with each day's lines sorted, since clients order a day's events their own way.
    /// A day's line is its date alone, `YYYY-MM-DD`.
    static func sortedWithinDays(_ lines: [String]) -> [[String]] {
        var days: [[String]] = []
        for line in lines where !line.isEmpty {
            if line.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}/) != nil { days.append([line]) } else { days[days.count - 1].append(line) }
        }
        return days.map { [$0[0]] + $0.dropFirst().sorted() }
    }
}
