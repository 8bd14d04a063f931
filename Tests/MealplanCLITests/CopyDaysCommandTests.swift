import Foundation
import Testing
import TestSupport

/// `copy-days`: whole days copied in one go, and every way it refuses (database unchanged).
@Suite struct CopyDaysCommandTests {
    /// The week of today (Monday 2026-03-02 … Sunday 2026-03-08) with a meal in every slot.
    func planTheWeek(_ cli: CLISandbox) throws {
        let csv = (2...8).flatMap { day in
            ["breakfast", "lunch", "dinner", "snack"].map { slot in
                "2026-03-0\(day),\(slot),\(slot.capitalized) \(day),\(slot == "dinner" ? "note \(day)" : "")"
            }
        }
        let file = cli.folder + "/week.csv"
        try (["date,slot,title,note"] + csv).joined(separator: "\r\n").appending("\r\n").write(toFile: file, atomically: true, encoding: .utf8)
        try cli.succeed(["import", file])
    }

    /// The meals of `days` days from `from` as (date, slot, title, note), from `list --format json`.
    func meals(_ cli: CLISandbox, from: String, days: Int) throws -> [[String]] {
        let json = try cli.succeed(["list", "--from", from, "--days", "\(days)", "--format", "json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return objects.map { object in
            ["date", "slot", "title", "note"].map { object[$0] as? String ?? "-" }
        }
    }

    @Test func aWeekWithEverySlotPlannedIsCopiedToTheNextWeek() throws {
        let cli = CLISandbox()
        try planTheWeek(cli)
        try cli.succeed(["add", "2026-03-10", "lunch", "Leftovers"])
        let output = try cli.succeed(["copy-days", "mon", "--days", "7", "--to", "+1w"])
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first == "copied 28 meals from Mon 2026-03-02 … Sun 2026-03-08 to Mon 2026-03-09 … Sun 2026-03-15")
        #expect(lines.count == 29)
        #expect(lines[1] == "added meal 30 on Mon 2026-03-09, breakfast: Breakfast 2")
        #expect(lines[28] == "added meal 57 on Sun 2026-03-15, snack: Snack 8")

        let originals = try meals(cli, from: "2026-03-02", days: 7)
        #expect(originals.count == 28)
        // Every copy is its original a week later; Tuesday's lunch comes after the leftovers.
        let shifted = originals.map { meal in
            let day = Int(meal[0].suffix(2))! + 7
            return ["2026-03-\(day < 10 ? "0" : "")\(day)"] + meal.dropFirst()
        }
        var expected = shifted
        expected.insert(["2026-03-10", "lunch", "Leftovers", "-"], at: 5)
        #expect(try meals(cli, from: "2026-03-09", days: 7) == expected)
        #expect(originals[2] == ["2026-03-02", "dinner", "Dinner 2", "note 2"])
    }

    /// `copy-days mon --days 7 --to +1w` was right on Mondays only (on a Wednesday, `mon` is
    /// next Monday); the week keywords, and offsets counted from FROM, are right every day.
    @Test func thisWeekIsReusedNextWeekWhicheverDayItIs() throws {
        let heading = "28 meals from Mon 2026-03-02 … Sun 2026-03-08 to Mon 2026-03-09 … Sun 2026-03-15"
        for offset in 0..<7 {
            let cli = CLISandbox()
            cli.today = "2026-03-0\(2 + offset)"
            try planTheWeek(cli)
            let before = try cli.sha256(of: CLISandbox.databaseFiles(cli.database))
            let preview = try cli.succeed(["copy-days", "this-week", "--to", "+1w", "--dry-run"]).split(separator: "\n")
            #expect(preview.first.map(String.init) == "would copy \(heading)", "today \(cli.today)")
            #expect(preview.dropFirst().first.map(String.init) == "would add a meal on Mon 2026-03-09, breakfast: Breakfast 2")
            #expect(preview.count == 29)
            #expect(try cli.sha256(of: CLISandbox.databaseFiles(cli.database)) == before, "the dry run changed the database")
            let output = try cli.succeed(["copy-days", "this-week", "--to", "next-week"]).split(separator: "\n")
            #expect(output.first.map(String.init) == "copied \(heading)", "today \(cli.today)")
            #expect(output.dropFirst().first.map(String.init) == "added meal 29 on Mon 2026-03-09, breakfast: Breakfast 2")
            let copies = try meals(cli, from: "2026-03-09", days: 7)
            #expect(copies.count == 28 && copies.last == ["2026-03-15", "snack", "Snack 8", "-"], "today \(cli.today)")
        }
        // Next week, last week is copied onto it: the --to offset counts from FROM.
        let cli = CLISandbox()
        cli.today = "2026-03-11"
        try planTheWeek(cli)
        #expect(try cli.succeed(["copy-days", "last-week", "--to", "+2w", "--dry-run"]).hasPrefix(
            "would copy 28 meals from Mon 2026-03-02 … Sun 2026-03-08 to Mon 2026-03-16 … Sun 2026-03-22\n"))
        #expect(try cli.succeed(["copy-days", "last-week", "--days", "1", "--to", "this-week", "--dry-run"]).hasPrefix(
            "would copy 4 meals from Mon 2026-03-02 to Mon 2026-03-09\n"))
    }

    @Test func oneDayByDefaultAndOverlappingDaysAreCopiedAsTheyWere() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "mon", "dinner", "Stew"])
        try cli.succeed(["add", "tue", "dinner", "Soup"])
        #expect(try cli.succeed(["copy-days", "mon", "--to", "sun"]) == """
            copied 1 meal from Mon 2026-03-02 to Sun 2026-03-08
            added meal 3 on Sun 2026-03-08, dinner: Stew

            """)
        // Monday and Tuesday onto Tuesday and Wednesday: Wednesday gets Tuesday's soup only,
        // not the copy of Monday's stew that Tuesday has just received.
        #expect(try cli.succeed(["copy-days", "2026-03-02", "--days", "2", "--to", "tomorrow"]) == """
            copied 2 meals from Mon 2026-03-02 … Tue 2026-03-03 to Tue 2026-03-03 … Wed 2026-03-04
            added meal 4 on Tue 2026-03-03, dinner: Stew
            added meal 5 on Wed 2026-03-04, dinner: Soup

            """)
        #expect(try cli.succeed(["copy-days", "thu", "--days", "2", "--to", "mon"])
            == "nothing to copy: no meals on Thu 2026-03-05 … Fri 2026-03-06\n")
        #expect(try cli.succeed(["list", "--days", "3"]) == """
            Mon 2026-03-02
              1  dinner  Stew

            Tue 2026-03-03
              2  dinner  Soup
              4  dinner  Stew

            Wed 2026-03-04
              5  dinner  Soup

            """)
    }

    @Test func badInputIsRefusedAndTheDatabaseStaysByteIdentical() throws {
        let cli = CLISandbox()
        try planTheWeek(cli)
        let notADate = "is not a date; use " + MealCommandTests.dateForms
        let onto = "cannot copy days onto themselves: the copies would start on 2026-03-02, the first day copied"
        let failures: [([String], String)] = [
            (["copy-days", "mon", "--to", "today"], onto),
            (["copy-days", "2026-03-02", "--days", "7", "--to", "mon"], onto),
            (["copy-days", "mon", "--days", "0", "--to", "+1w"], "--days must be at least 1 (see 'mealplan help')"),
            (["copy-days", "mon", "--days=-7", "--to", "+1w"], "--days must be at least 1 (see 'mealplan help')"),
            (["copy-days", "mon", "--days", "week", "--to", "+1w"],
             "the value 'week' is invalid for '--days <days>' (see 'mealplan help')"),
            (["copy-days", "mon", "--days", "7"], "missing expected argument '--to <date>' (see 'mealplan help')"),
            (["copy-days", "--to", "+1w"], "missing expected argument '<from>' (see 'mealplan help')"),
            (["copy-days", "someday", "--to", "+1w"], "'someday' \(notADate)"),
            (["copy-days", "mon", "--to", "2026-02-30"], "'2026-02-30': February 2026 has 28 days"),
            (["copy-days", "mon", "--days", "7", "--to", "9999-12-26"],
             "7 days from 9999-12-26 run past 9999-12-31, the last day there is"),
            (["copy-days", "9999-12-31", "--days", "2", "--to", "mon"],
             "2 days from 9999-12-31 run past 9999-12-31, the last day there is"),
            (["copy-days", "mon", "--days", "\(Int.max)", "--to", "+1w"],
             "\(Int.max) days from 2026-03-02 run past 9999-12-31, the last day there is"),
        ]
        for (arguments, message) in failures {
            try cli.expectFailure(arguments, status: 64, message: message)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: cli.database)
        try cli.expectFailure(["copy-days", "mon", "--to", "+1w"], status: 74,
                              message: "database '\(cli.database)' is read-only; cannot change it")
        #expect(try meals(cli, from: "2026-03-02", days: 30).count == 28)
    }

    @Test func helpShowsExamples() throws {
        let cli = CLISandbox()
        let help = try cli.succeed(["copy-days", "--help"])
        #expect(help.contains("mealplan copy-days this-week --to next-week"))
        #expect(try cli.succeed(["--help"]).contains("copy-days"))
    }
}
