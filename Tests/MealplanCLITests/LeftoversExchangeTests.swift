import Foundation
import TestSupport
import Testing

/// What became of a meal (its status, the meal its leftovers come from, how many ate at it) in
/// the flat CSV file: written as Python's csv module reads it, and read back into another plan
/// with the leftovers linked by day and slot.
@Suite struct LeftoversExchangeTests {
    /// A week with a lasagna cooked on Monday and eaten by 2, its leftovers on Tuesday (beside
    /// another lunch) and Wednesday, a skipped dinner, and a chili that is no leftovers.
    static func cookedWeek() throws -> CLISandbox {
        let cli = CLISandbox()
        for arguments in [
            ["add", "2026-11-23", "dinner", "Salad"],
            ["add", "2026-11-23", "dinner", "Lasagna"],
            ["add", "2026-11-24", "lunch", "Soup"],
            ["add", "2026-11-24", "lunch", "Lasagna"],
            ["add", "2026-11-25", "lunch", "Lasagna"],
            ["add", "2026-11-25", "dinner", "Chili"],
        ] {
            try cli.succeed(arguments)
        }
        // Marked through the database: the commands that mark meals are not what this tests.
        _ = try pythonCheck("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript("UPDATE meal SET status = 'done', eaters = 2 WHERE id = 2;"
                             "UPDATE meal SET leftoversOf = 2, status = 'done' WHERE id IN (4, 5);"
                             "UPDATE meal SET status = 'skipped', eaters = 1.5 WHERE id = 6;")
            db.commit()
            """, [cli.database], in: cli)
        return cli
    }

    /// The CSV read by Python's csv module, compared with the meal table read by its sqlite3
    /// module: each row's status, the source's date and slot, and eaters.
    static let csvCheck = #"""
        import csv, datetime, sqlite3, sys
        rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8", newline="")))
        epoch = datetime.date(1970, 1, 1)
        iso = lambda day: (epoch + datetime.timedelta(days=day)).isoformat()
        number = lambda value: "" if value is None else ("%d" % value if value == int(value) else repr(value))
        expected = [{"date": iso(d), "title": t, "status": st or "", "leftovers_of": "" if sd is None else iso(sd) + " " + ss,
                     "eaters": number(e)}
                    for d, t, st, sd, ss, e in sqlite3.connect(sys.argv[2]).execute(
                        "SELECT meal.day, meal.title, meal.status, source.day, sourceSlot.name, meal.eaters FROM meal"
                        " JOIN slot ON slot.id = meal.slotId LEFT JOIN meal AS source ON source.id = meal.leftoversOf"
                        " LEFT JOIN slot AS sourceSlot ON sourceSlot.id = source.slotId"
                        " ORDER BY meal.day, slot.position, meal.position")]
        got = [{k: row[k] for k in ("date", "title", "status", "leftovers_of", "eaters")} for row in rows]
        print("ok %d" % len(rows) if got == expected else "%r != %r" % (got, expected))
        """#

    /// Each meal of a plan as `title: status, leftovers of TITLE on DAY, eaters`, in day order.
    static let linksCheck = #"""
        import sqlite3, sys
        for row in sqlite3.connect(sys.argv[1]).execute(
                "SELECT meal.day, meal.title, meal.status, source.title, source.day, meal.eaters FROM meal"
                " LEFT JOIN meal AS source ON source.id = meal.leftoversOf ORDER BY meal.day, meal.slotId, meal.position"):
            print("%d %s: %s, %s, %s" % (row[0], row[1], row[2], row[3] and "%s on %d" % (row[3], row[4]), row[5]))
        """#

    @Test(.requires(.python3))
    func csvCarriesStatusLeftoversAndEatersBothWays() throws {
        let cli = try Self.cookedWeek()
        let file = cli.folder + "/week.csv"
        try cli.succeed(["export", "--output", file])
        #expect(try pythonCheck(Self.csvCheck, [file, cli.database], in: cli) == "ok 6\n")
        let exported = String(decoding: FileManager.default.contents(atPath: file)!, as: UTF8.self)
        #expect(exported.contains("2026-11-24,lunch,Lasagna,,,,done,2026-11-23 dinner,\r\n"))
        // Another plan reads it back: each leftovers meal linked to Monday's lasagna (not the
        // salad before it in the slot), the statuses and eaters as they were.
        let copy = cli.folder + "/copy.sqlite"
        try cli.succeed(["import", file], environment: ["MEALPLAN_DB": copy])
        let links = try pythonCheck(Self.linksCheck, [copy], in: cli)
        #expect(links == (try pythonCheck(Self.linksCheck, [cli.database], in: cli)))
        #expect(links.contains("20781 Lasagna: done, Lasagna on 20780, None\n"))
        #expect(links.contains("Chili: skipped, None, 1.5\n"))
        // A file of the columns before leftovers still imports, each meal planned and plain.
        let old = "date,slot,title,note,recipe,servings\n2026-11-26,dinner,Tacos,,,\n"
        try cli.succeed(["import", "-"], input: Data(old.utf8), environment: ["MEALPLAN_DB": copy])
        #expect(try pythonCheck(Self.linksCheck, [copy], in: cli).hasSuffix("Tacos: None, None, None\n"))
    }

    /// The events read by Python's icalendar package, compared with the meal table: a skipped
    /// meal cancelled, a done one marked so, leftovers naming their source's UID, eaters.
    static let icalendarCheck = #"""
        import sqlite3, sys, uuid
        import icalendar
        events = {str(e["UID"]): e for e in icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read()).walk("VEVENT")}
        number = lambda value: None if value is None else ("%d" % value if value == int(value) else repr(value))
        problems = []
        for uid, status, source, eaters in sqlite3.connect(sys.argv[2]).execute(
                "SELECT meal.uid, meal.status, source.uid, meal.eaters FROM meal LEFT JOIN meal AS source ON source.id = meal.leftoversOf"):
            event = events.pop(str(uuid.UUID(bytes=uid)))
            got = (str(event.get("STATUS")) if "STATUS" in event else None, str(event.get("X-MEALPLAN-STATUS")) if "X-MEALPLAN-STATUS" in event else None,
                   str(event.get("X-MEALPLAN-LEFTOVERS-OF")) if "X-MEALPLAN-LEFTOVERS-OF" in event else None,
                   str(event.get("X-MEALPLAN-EATERS")) if "X-MEALPLAN-EATERS" in event else None)
            want = ("CANCELLED" if status == "skipped" else None, "done" if status == "done" else None,
                    source and str(uuid.UUID(bytes=source)), number(eaters))
            if got != want: problems.append("%r != %r" % (got, want))
        print("\n".join(problems) if problems or events else "ok")
        """#

    @Test(.requires(.icalendar))
    func iCalendarCancelsASkippedMealAndNamesTheSourceByUID() throws {
        let cli = try Self.cookedWeek()
        let file = cli.folder + "/week.ics"
        try cli.succeed(["export", "--output", file])
        #expect(try pythonCheck(Self.icalendarCheck, [file, cli.database], in: cli) == "ok\n")
    }

    /// A source in the plan (not in the file) is found too; one that names no meal leaves the
    /// leftovers plain with a warning naming the line, and the rest is imported.
    @Test(.requires(.python3))
    func aSourceIsFoundInThePlanAndAMissingOneIsAWarning() throws {
        let cli = try Self.cookedWeek()
        let csv = """
            date,slot,title,leftovers_of,status
            2026-11-26,lunch,Lasagna,2026-11-23 Dinner,DONE
            2026-11-27,lunch,Chili,2026-11-20 dinner,
            2026-11-27,dinner,Rice,,

            """
        let result = try cli.run(["import", "-"], input: Data(csv.utf8))
        #expect(result.status == 0)
        #expect(result.stdout == "imported 3 meals (2026-11-26 … 2026-11-27) from standard input\n")
        #expect(result.stderr == "mealplan: warning: line 3 of standard input: leftovers_of '2026-11-20 dinner' names no meal; imported as a plain meal\n")
        let links = try pythonCheck(Self.linksCheck, [cli.database], in: cli)
        #expect(links.contains("20783 Lasagna: done, Lasagna on 20780, None\n"))
        #expect(links.contains("20784 Chili: None, None, None\n"))
    }

    /// A status, source or eaters that cannot be read is an error naming the line, and nothing
    /// is imported.
    @Test(arguments: [
        ("2026-11-26,lunch,Lasagna,yesterday,,", "line 3: leftovers_of 'yesterday' must name the day and slot of the cooked meal, as in '2026-11-23 dinner'"),
        ("2026-11-26,lunch,Lasagna,2026-11-23 tea,,", "line 3: leftovers_of: unknown slot 'tea'; slots are breakfast, lunch, dinner, snack"),
        ("2026-11-26,lunch,Lasagna,2026-02-30 dinner,,", "line 3: leftovers_of: bad date '2026-02-30': February 2026 has 28 days"),
        ("2026-11-26,lunch,Lasagna,,eaten,", "line 3: status 'eaten' is not planned, done or skipped"),
        ("2026-11-26,lunch,Lasagna,,,0", "line 3: eaters: servings must be a number above 0, not 0"),
        ("2026-11-26,lunch,Lasagna,,,two", "line 3: eaters: servings must be a number like 4 or 2.5, not 'two'"),
    ])
    func aBadFieldIsAnErrorNamingTheLine(_ row: String, _ message: String) throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "2026-11-23", "dinner", "Lasagna"])
        let csv = "date,slot,title,leftovers_of,status,eaters\n2026-11-25,lunch,Soup,,,\n\(row)\n"
        try cli.expectFailure(["import", "-"], status: 65, message: message, input: Data(csv.utf8))
    }
}
