import Foundation
import Testing
import TestSupport

@Suite struct ListCommandTests {
    /// A week with meals on some days, one wide slot name and a note.
    func plannedWeek() throws -> CLISandbox {
        let cli = CLISandbox()
        try cli.succeed(["slots", "add", "朝食", "--after", "breakfast"])
        try cli.succeed(["add", "today", "dinner", "Lasagna", "--note", "double batch\nfreeze half"])
        try cli.succeed(["add", "today", "朝食", "拉麺"])
        try cli.succeed(["add", "wed", "lunch", "Crème brûlée"])
        try cli.succeed(["add", "+7", "lunch", "Next week"])
        try cli.succeed(["add", "yesterday", "lunch", "Last week"])
        for index in 6...10 { try cli.succeed(["add", "2026-04-01", "snack", "Apple \(index)"]) }
        return cli
    }

    @Test func listShowsSevenDaysFromTodayGroupedByDay() throws {
        let cli = try plannedWeek()
        #expect(try cli.succeed(["list"]) == """
            Mon 2026-03-02
              2  朝食    拉麺
              1  dinner  Lasagna
                         double batch
                         freeze half

            Wed 2026-03-04
              3  lunch   Crème brûlée

            """)
    }

    @Test func rangeOptionsChooseTheDays() throws {
        let cli = try plannedWeek()
        #expect(try cli.succeed(["list", "--from", "tue", "--days", "7"]).components(separatedBy: "\n").first == "Wed 2026-03-04")
        #expect(try cli.succeed(["list", "--from", "yesterday", "--to", "yesterday"]) == "Sun 2026-03-01\n  5  lunch  Last week\n")
        #expect(try cli.succeed(["list", "--from", "2026-04-01", "--days", "1"]) == """
            Wed 2026-04-01
               6  snack  Apple 6
               7  snack  Apple 7
               8  snack  Apple 8
               9  snack  Apple 9
              10  snack  Apple 10

            """)
        #expect(try cli.succeed(["list", "--from", "2030-01-01"]) == "nothing planned from 2030-01-01 to 2030-01-07\n")
    }

    @Test func allDaysShowsEmptyDaysToo() throws {
        let cli = try plannedWeek()
        #expect(try cli.succeed(["list", "--from", "tue", "--days", "2", "--all-days"]) == """
            Tue 2026-03-03
              (nothing planned)

            Wed 2026-03-04
              3  lunch  Crème brûlée

            """)
    }

    @Test func slotAndSearchFilter() throws {
        let cli = try plannedWeek()
        #expect(try cli.succeed(["list", "--slot", "LUN", "--days", "8"]) == """
            Wed 2026-03-04
              3  lunch  Crème brûlée

            Mon 2026-03-09
              4  lunch  Next week

            """)
        #expect(try cli.succeed(["list", "--search", "CRÈME"]) == "Wed 2026-03-04\n  3  lunch  Crème brûlée\n")
        #expect(try cli.succeed(["list", "--search", "FREEZE"]).hasPrefix("Mon 2026-03-02\n  1  dinner  Lasagna\n"))
    }

    /// A search without days looks in the whole plan, folds accents and case both ways, and
    /// says what it looked for when nothing matches.
    @Test func searchLooksInTheWholePlanAndSaysWhatFoundNothing() throws {
        let cli = try plannedWeek()
        try cli.succeed(["add", "2031-01-01", "dinner", "creme caramel"])
        #expect(try cli.succeed(["list", "--search", "creme"]) == """
            Wed 2026-03-04
               3  lunch   Crème brûlée

            Wed 2031-01-01
              11  dinner  creme caramel

            """)
        #expect(try cli.succeed(["list", "--search", "CRÈME", "--format", "csv"])
            == "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n2026-03-04,lunch,Crème brûlée,,,,,,\r\n2031-01-01,dinner,creme caramel,,,,,,\r\n")
        #expect(try cli.succeed(["list", "--search", "apple", "--all-days"]).split(separator: "\n").count == 6)
        #expect(try cli.succeed(["list", "--search", "xyz"]) == "no meal matches 'xyz' in the whole plan\n")
        #expect(try cli.succeed(["list", "--search", "xyz", "--all-days"]) == "no meal matches 'xyz' in the whole plan\n")
        #expect(try cli.succeed(["list", "--search", "xyz", "--days", "3"]) == "no meal matches 'xyz' from 2026-03-02 to 2026-03-04\n")
        #expect(try cli.succeed(["list", "--search", "next", "--from", "today"]) == "no meal matches 'next' from 2026-03-02 to 2026-03-08\n")
        #expect(try cli.succeed(["list", "--search", "next", "--days", "8"]) == "Mon 2026-03-09\n  4  lunch  Next week\n")
        #expect(try cli.succeed(["list", "--search", "\u{1B}[2J"]) == "no meal matches '␛[2J' in the whole plan\n")
    }

    @Test func everyKindOfLineBreakInANoteStartsALine() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "lunch", "Soup", "--note", "one\r\ntwo\rthree\nfour\u{1B}"])
        #expect(try cli.succeed(["list"]) == "Mon 2026-03-02\n  1  lunch  Soup\n            one\n            two\n            three\n            four␛\n")
    }

    @Test func jsonFormatIsAnArrayOfMeals() throws {
        let cli = try plannedWeek()
        let json = try cli.succeed(["list", "--format", "json", "--from", "wed", "--days", "1"])
        #expect(withoutUIDs(json) == #"[{"id":3,"date":"2026-03-04","slot":"lunch","position":0,"title":"Crème brûlée","note":null,"recipe":null,"servings":null,"repeat":null,"status":"planned","leftovers_of":null,"eaters":null}]"# + "\n")
        let all = try cli.succeed(["list", "--format", "json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(all.utf8)) as? [[String: Any]]
        #expect(parsed?.map { $0["id"] as? Int } == [2, 1, 3])
        #expect(parsed?[1]["note"] as? String == "double batch\nfreeze half")
    }

    @Test func listRefusesBadOptions() throws {
        let cli = try plannedWeek()
        try cli.expectFailure(["list", "--to", "fri", "--days", "3"], status: 64,
                              message: "give either --to or --days, not both (see 'mealplan help')")
        try cli.expectFailure(["list", "--from", "fri", "--to", "tue"], status: 64,
                              message: "--to 2026-03-03 is before --from 2026-03-06")
        try cli.expectFailure(["list", "--days", "0"], status: 64, message: "--days must be at least 1 (see 'mealplan help')")
        try cli.expectFailure(["list", "--from", "soon"], status: 64,
                              message: "'soon' is not a date; use " + MealCommandTests.dateForms)
        try cli.expectFailure(["list", "--slot", "tea"], status: 64,
                              message: "unknown slot 'tea'; slots are breakfast, 朝食, lunch, dinner, snack")
        try cli.expectFailure(["list", "--format", "xml"], status: 64,
                              message: "the value 'xml' is invalid for '--format <format>'. Please provide one of 'text', 'csv' or 'json'. (see 'mealplan help')")
    }

    @Test func todayComesFromMealplanToday() throws {
        let cli = try plannedWeek()
        cli.today = "2026-03-04"
        #expect(try cli.succeed(["list", "--days", "1"]) == "Wed 2026-03-04\n  3  lunch  Crème brûlée\n")
        try cli.expectFailure(["list"], status: 64, message: "MEALPLAN_TODAY: '2026-3-4': month and day need two digits each, as in 2026-03-05",
                              environment: ["MEALPLAN_TODAY": "2026-3-4"])
    }

    /// A search that folds to nothing would list every meal: refused, naming it, with 64.
    @Test func aSearchThatFoldsToNothingIsRefused() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "dinner", "Soup"])
        for text in ["", " ", "\u{301}", "  \u{308}"] {
            let result = try cli.run(["list", "--search", text])
            #expect(result.status == 64, "\(text.unicodeScalars.map(\.value))")
            #expect(result.stdout.isEmpty)
            // Bytes, not characters: the quote and a lone accent after it are one character.
            #expect(result.stderr.utf8.starts(with: "mealplan: nothing to search for in '".utf8), "\(result.stderr)")
        }
        #expect(try cli.succeed(["list", "--search", "so"]).contains("Soup"))
    }
}
