import Foundation
import Testing
import TestSupport

/// `mealplan repeat`: rules kept as rules, their occurrences wherever meals show, exceptions,
/// "this and the following", and the iCalendar export checked in calcurse and khal.
@Suite struct RepeatCommandTests {
    /// Today is Mon 2026-03-02 (the sandbox's MEALPLAN_TODAY). Three rules and a meal:
    /// - repeat 1: Porridge every weekday until 2026-03-31, skipping Wed 03-04;
    /// - repeat 2: Pizza night every Friday, its 03-06 occurrence moved to Sat 03-07 as "Pizza
    ///   with friends" (meal 2);
    /// - repeat 3: Fish on the first Friday of each month, 3 times: 03-06, 04-03, 05-01;
    /// - meal 1: Soup, Tue 03-03 dinner.
    static func sandbox() throws -> CLISandbox {
        let cli = CLISandbox()
        #expect(try cli.succeed(["repeat", "add", "today", "breakfast", "Porridge", "--every", "week", "--on", "mon,tue,wed,thu,fri",
                                 "--until", "2026-03-31"])
            == "added repeat 1: breakfast: Porridge, from 2026-03-02, every week on Mon, Tue, Wed, Thu, Fri until 2026-03-31\n")
        try cli.succeed(["repeat", "add", "fri", "dinner", "Pizza night", "--every", "week"])
        try cli.succeed(["repeat", "add", "2026-03-06", "dinner", "Fish", "--every", "month", "--on", "1fri", "--count", "3"])
        try cli.succeed(["add", "tue", "dinner", "Soup"])
        #expect(try cli.succeed(["repeat", "skip", "1", "wed"]) == "skipped Wed 2026-03-04 of repeat 1: Porridge\n")
        #expect(try cli.succeed(["repeat", "change", "2", "2026-03-06", "--to", "+1", "--title", "Pizza with friends"])
            == "added meal 2 on Sat 2026-03-07, dinner: Pizza with friends\n")
        return cli
    }

    /// A weekday given to --to counts from the occurrence's day, not from today: Friday 10
    /// April's pizza goes to Saturday the 11th, though today is 2 March.
    @Test func aWeekdayInChangeToCountsFromTheOccurrence() throws {
        let cli = try Self.sandbox()
        #expect(try cli.succeed(["repeat", "change", "2", "2026-04-10", "--to", "sat"])
            == "added meal 3 on Sat 2026-04-11, dinner: Pizza night\n")
        #expect(try cli.succeed(["move", "3", "sun"]).contains("Sun 2026-04-12"))
    }

    @Test func occurrencesAreListedAsMealsWithTheirRule() throws {
        let cli = try Self.sandbox()
        // Occurrences show their rule as rN in the id column, after the stored meals of their
        // slot; the rules of one slot come by id.
        #expect(try cli.succeed(["list", "--days", "7"]) == """
            Mon 2026-03-02
              r1  breakfast  Porridge

            Tue 2026-03-03
              r1  breakfast  Porridge
               1  dinner     Soup

            Thu 2026-03-05
              r1  breakfast  Porridge

            Fri 2026-03-06
              r1  breakfast  Porridge
              r3  dinner     Fish

            Sat 2026-03-07
               2  dinner     Pizza with friends

            """)
        let json = try cli.succeed(["list", "--from", "2026-03-06", "--days", "2", "--format", "json"])
        #expect(withoutUIDs(json) == """
            [{"id":null,"date":"2026-03-06","slot":"breakfast","position":0,"title":"Porridge","note":null,"recipe":null,"servings":null,"repeat":1,"status":"planned","leftovers_of":null,"eaters":null},
            {"id":null,"date":"2026-03-06","slot":"dinner","position":0,"title":"Fish","note":null,"recipe":null,"servings":null,"repeat":3,"status":"planned","leftovers_of":null,"eaters":null},
            {"id":2,"date":"2026-03-07","slot":"dinner","position":0,"title":"Pizza with friends","note":null,"recipe":null,"servings":null,"repeat":2,"status":"planned","leftovers_of":null,"eaters":null}]

            """)
        // Search finds occurrences too, and CSV has one row per occurrence in the days.
        #expect(try cli.succeed(["list", "--search", "fish"]).components(separatedBy: "Fish").count - 1 == 3)
        #expect(try cli.succeed(["export", "--from", "2026-03-09", "--to", "2026-03-13"]).components(separatedBy: "\r\n").count == 1 + 6 + 1)
    }

    @Test func listAndShowTellTheRulesAndTheirNextDays() throws {
        let cli = try Self.sandbox()
        #expect(try cli.succeed(["repeat", "list"]) == """
            1  breakfast  Porridge  (every week on Mon, Tue, Wed, Thu, Fri until 2026-03-31, next Mon 2026-03-02)
            2  dinner     Pizza night  (every week on Fri, next Fri 2026-03-13)
            3  dinner     Fish  (every month on the 1st Fri, 3 times, next Fri 2026-03-06)

            """)
        #expect(try cli.succeed(["repeat", "show", "3"]) == """
            repeat 3: dinner: Fish, from 2026-03-06, every month on the 1st Fri, 3 times
            next:
              Fri 2026-03-06
              Fri 2026-04-03
              Fri 2026-05-01

            """)
        #expect(try cli.succeed(["repeat", "show", "1", "--next", "3"]) == """
            repeat 1: breakfast: Porridge, from 2026-03-02, every week on Mon, Tue, Wed, Thu, Fri until 2026-03-31
            skips: 2026-03-04
            next:
              Mon 2026-03-02
              Tue 2026-03-03
              Thu 2026-03-05

            """)
    }

    /// "This and the following": the rule ends before the day, a new one takes over, and the
    /// occurrences left of a count end go with it.
    @Test func splitChangesTheRestOfARule() throws {
        let cli = try Self.sandbox()
        #expect(try cli.succeed(["repeat", "split", "1", "2026-03-09", "--title", "Porridge with fruit", "--on", "mon,wed"]) == """
            updated repeat 1: breakfast: Porridge, from 2026-03-02, every week on Mon, Tue, Wed, Thu, Fri until 2026-03-08
            added repeat 4: breakfast: Porridge with fruit, from 2026-03-09, every week on Mon, Wed until 2026-03-31

            """)
        #expect(try cli.succeed(["repeat", "split", "3", "2026-04-03", "--title", "Salmon"]) == """
            updated repeat 3: dinner: Fish, from 2026-03-06, every month on the 1st Fri, once
            added repeat 5: dinner: Salmon, from 2026-04-03, every month on the 1st Fri, 2 times

            """)
        let titles = try cli.succeed(["list", "--from", "2026-03-09", "--days", "60", "--format", "csv"])
        #expect(titles.contains("2026-03-09,breakfast,Porridge with fruit,"))
        #expect(!titles.contains("2026-03-10,breakfast"))
        #expect(titles.contains("2026-04-03,dinner,Salmon,") && titles.contains("2026-05-01,dinner,Salmon,"))
        // Splitting at the first occurrence replaces the rule.
        #expect(try cli.succeed(["repeat", "split", "4", "2026-03-09", "--title", "Oats"])
            == "removed repeat 4: it had no occurrence before 2026-03-09\nadded repeat 6: breakfast: Oats, from 2026-03-09, every week on Mon, Wed until 2026-03-31\n")
    }

    @Test func editAndRemove() throws {
        let cli = try Self.sandbox()
        #expect(try cli.succeed(["repeat", "edit", "2", "--every", "2w", "--title", "Pizza"])
            == "updated repeat 2: dinner: Pizza, from 2026-03-06, every 2 weeks on Fri\n")
        #expect(try cli.succeed(["repeat", "edit", "1", "--no-end"])
            == "updated repeat 1: breakfast: Porridge, from 2026-03-02, every week on Mon, Tue, Wed, Thu, Fri\n")
        // Removing a rule keeps the occurrence that was changed into a meal of its own.
        #expect(try cli.succeed(["repeat", "remove", "2"]) == "removed repeat 2: dinner: Pizza, from 2026-03-06, every 2 weeks on Fri\n")
        let json = try cli.succeed(["list", "--from", "2026-03-07", "--days", "1", "--format", "json"])
        #expect(json.contains(#""title":"Pizza with friends","note":null,"recipe":null,"servings":null,"repeat":null,"status":"planned","leftovers_of":null,"eaters":null}"#))
    }

    @Test func badRulesAndExceptionsAreRefusedAndChangeNothing() throws {
        let cli = try Self.sandbox()
        for (arguments, message) in [
            (["repeat", "add", "today", "lunch", "Soup", "--every", "0d"], "--every: the interval must be 1 to 9999, not 0"),
            (["repeat", "add", "today", "lunch", "Soup"], "give --every: day, week, month, year, or a count and unit like 2w"),
            (["repeat", "add", "today", "lunch", "Soup", "--every", "week", "--until", "2026-03-01"],
             "--until 2026-03-01 is before the first day, 2026-03-02"),
            (["repeat", "add", "today", "lunch", "Soup", "--every", "day", "--on", "mon"],
             "'--on mon' does not fit --every day: it repeats by days, without weekdays or dates"),
            (["repeat", "add", "today", "tea", "Soup", "--every", "day"], "unknown slot 'tea'; slots are breakfast, lunch, dinner, snack"),
            (["repeat", "skip", "1", "2026-03-07"],
             "repeat 1 ('Porridge', every week on Mon, Tue, Wed, Thu, Fri until 2026-03-31) does not happen on Sat 2026-03-07"),
            (["repeat", "skip", "1", "2026-03-04"], "repeat 1 already skips 2026-03-04"),
            (["repeat", "change", "9", "2026-03-04", "--title", "x"], "there is no repeat 9"),
            (["repeat", "split", "3", "2026-03-13"],
             "repeat 3 ('Fish', every month on the 1st Fri, 3 times) does not happen on Fri 2026-03-13"),
        ] {
            try cli.expectFailure(arguments, status: 64, message: message)
        }
    }

    /// A monthly rule on the 31st happens only in months that have one (as dateutil does).
    @Test func theThirtyFirstSkipsShortMonths() throws {
        let cli = CLISandbox()
        try cli.succeed(["repeat", "add", "2026-01-31", "dinner", "Feast", "--every", "month"])
        let dates = try cli.succeed(["list", "--from", "2026-01-01", "--to", "2026-12-31", "--format", "csv"])
            .components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }.map { String($0.prefix(10)) }
        #expect(dates == ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31", "2026-08-31", "2026-10-31", "2026-12-31"])
    }

    /// The meals of the sandbox's first four weeks, as "DAY Slot: Title", from `list`.
    static func listedMeals(_ cli: CLISandbox) throws -> [String] {
        let json = try cli.succeed(["list", "--from", "2026-03-02", "--days", "28", "--format", "json"])
        let meals = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return meals.map { meal in
            let slot = (meal["slot"] as? String ?? "").capitalized
            return "\(meal["date"] as? String ?? "") \(slot): \(meal["title"] as? String ?? "")"
        }.sorted()
    }

    @Test(.requires(.calcurse), arguments: [false, true])
    func calcurseShowsTheRulesOnTheSameDays(timed: Bool) throws {
        let cli = try Self.sandbox()
        try cli.succeed(["export", "--format", "ics", "--output", cli.folder + "/plan.ics"]
            + (timed ? ["--slot-time", "breakfast=07:30", "--slot-time", "dinner=19:00"] : []))
        try FileManager.default.createDirectory(atPath: cli.folder + "/calcurse", withIntermediateDirectories: true)
        let environment = ["TZ": "Asia/Tokyo", "HOME": cli.folder]
        let imported = try ExternalTool.run("calcurse", ["-D", "calcurse", "-i", "plan.ics"], in: cli.folder, environment: environment)
        #expect(imported.status == 0, "\(imported.stdout)")
        let query = try ExternalTool.run("calcurse", [
            "-D", "calcurse", "-Q", "--input-datefmt", "4", "--output-datefmt", "%Y-%m-%d",
            "--format-event", "%m\n", "--format-recur-event", "%m\n", "--format-apt", "%m\n", "--format-recur-apt", "%m\n",
            "--from", "2026-03-02", "--days", "28",
        ], in: cli.folder, environment: environment)
        #expect(query.status == 0)
        var day = "", shown: [String] = []
        for line in query.stdout.split(separator: "\n").map(String.init) {
            if line.hasSuffix(":"), line.hasPrefix("2026-") { day = String(line.dropLast()) } else { shown.append("\(day) \(line)") }
        }
        #expect(shown.sorted() == (try Self.listedMeals(cli)))
    }

    @Test(.requires(.khal), arguments: [false, true])
    func khalShowsTheRulesOnTheSameDays(timed: Bool) throws {
        let cli = try Self.sandbox()
        try cli.succeed(["export", "--format", "ics", "--output", cli.folder + "/plan.ics"]
            + (timed ? ["--slot-time", "breakfast=07:30", "--slot-time", "dinner=19:00"] : []))
        let environment = ["TZ": "America/Los_Angeles", "HOME": cli.folder]
        try CalendarExportTests.khalImport("plan.ics", in: cli, environment: environment)
        let listed = try ExternalTool.run("khal", [
            "-c", "khal/config", "list", "--day-format", "{date}", "--format", "{title}", "2026-03-02", "28d",
        ], in: cli.folder, environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        var day = "", shown: [String] = []
        for line in listed.stdout.split(separator: "\n").map(String.init) {
            if line.count == 10, line.hasPrefix("2026-") { day = line } else { shown.append("\(day) \(line)") }
        }
        #expect(shown.sorted() == (try Self.listedMeals(cli)))
    }
}
