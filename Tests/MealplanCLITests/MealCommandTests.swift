import Foundation
import Testing
import TestSupport

/// add, edit, move, copy and remove, each with its error paths.
@Suite struct MealCommandTests {
    /// The date forms a refused date lists, as the README's date grammar gives them.
    static let dateForms = "YYYY-MM-DD, today, tomorrow, yesterday, +N or -N days, +Nw or -Nw weeks, +Nm or -Nm months, "
        + "+Ny or -Ny years, a weekday (fri, next fri, last mon, this mon), this-week, next-week, last-week, "
        + "next-month, last-month, a month and day (dec 25, 25 dec 2027) or a month and year (jan 2100)"

    @Test func addPrintsTheNewMealWithItsId() throws {
        let cli = CLISandbox()
        #expect(try cli.succeed(["add", "today", "lunch", "Tomato soup"]) == "added meal 1 on Mon 2026-03-02, lunch: Tomato soup\n")
        #expect(try cli.succeed(["add", "fri", "DIN", "  Lasagna ", "--note", "double batch"])
            == "added meal 2 on Fri 2026-03-06, dinner: Lasagna\n")
        #expect(try cli.succeed(["add", "+1w", "break", "Pão de queijo"]) == "added meal 3 on Mon 2026-03-09, breakfast: Pão de queijo\n")
        #expect(try cli.succeed(["list", "--days", "14", "--format", "json"]).contains(#""title":"Lasagna","note":"double batch","recipe":null,"servings":null,"repeat":null,"status":"planned","leftovers_of":null,"eaters":null}"#))
    }

    @Test func addRefusesBadInput() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "lunch", "Soup"])
        try cli.expectFailure(["add", "2026-02-30", "lunch", "Soup"], status: 64,
                              message: "'2026-02-30': February 2026 has 28 days")
        try cli.expectFailure(["add", "someday", "lunch", "Soup"], status: 64,
                              message: "'someday' is not a date; use " + Self.dateForms)
        try cli.expectFailure(["add", "today", "tea", "Cake"], status: 64,
                              message: "unknown slot 'tea'; slots are breakfast, lunch, dinner, snack")
        try cli.expectFailure(["add", "today", "lunch", "  "], status: 64, message: "the title is empty")
        try cli.expectFailure(["add", "today", "lunch", "Soup\nand bread"], status: 64,
                              message: "the title must be one line; put details in the note")
        try cli.expectFailure(["add", "today", "lunch", String(repeating: "x", count: 501)], status: 64,
                              message: "the title has 501 characters; at most 500 are allowed")
        try cli.expectFailure(["add", "today", "lunch"], status: 64,
                              message: "give the meal a title, or a recipe with --recipe")
        try cli.expectFailure(["add", "today", "lunch", "Soup", "--colour", "red"], status: 64,
                              message: "unknown option '--colour' (see 'mealplan help')")
    }

    @Test func editChangesOnlyWhatIsGiven() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "lunch", "Soup", "--note", "hot"])
        try cli.succeed(["add", "tomorrow", "dinner", "Fish"])
        #expect(try cli.succeed(["edit", "1", "--title", "Leek soup"]) == "updated meal 1 on Mon 2026-03-02, lunch: Leek soup\n")
        #expect(try cli.succeed(["edit", "1", "--slot", "din", "--date", "tomorrow"])
            == "updated meal 1 on Tue 2026-03-03, dinner: Leek soup\n")
        try cli.succeed(["edit", "1", "--note", ""])
        #expect(withoutUIDs(try cli.succeed(["list", "--format", "json"])) == """
            [{"id":2,"date":"2026-03-03","slot":"dinner","position":0,"title":"Fish","note":null,"recipe":null,"servings":null,"repeat":null,"status":"planned","leftovers_of":null,"eaters":null},
            {"id":1,"date":"2026-03-03","slot":"dinner","position":1,"title":"Leek soup","note":null,"recipe":null,"servings":null,"repeat":null,"status":"planned","leftovers_of":null,"eaters":null}]

            """)
    }

    @Test func editRefusesBadInput() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "lunch", "Soup"])
        try cli.expectFailure(["edit", "7", "--title", "Stew"], status: 64, message: "there is no meal 7 to edit")
        try cli.expectFailure(["edit", "1"], status: 64,
                              message: "nothing to change: give --title, --note, --slot, --date, --recipe, --servings, --eat or --no-recipe (see 'mealplan help')")
        try cli.expectFailure(["edit", "1", "--title", ""], status: 64, message: "the title is empty")
        try cli.expectFailure(["edit", "1", "--slot", "tea"], status: 64,
                              message: "unknown slot 'tea'; slots are breakfast, lunch, dinner, snack")
        try cli.expectFailure(["edit", "1", "--date", "2026-13-01"], status: 64,
                              message: "'2026-13-01': there is no month 13; months run from 01 to 12")
        try cli.expectFailure(["edit", "one", "--title", "x"], status: 64,
                              message: "the value 'one' is invalid for '<id>' (see 'mealplan help')")
    }

    @Test func moveAppendsToTheNewDayAndSlot() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "lunch", "Soup"])
        try cli.succeed(["add", "wed", "lunch", "Bread"])
        #expect(try cli.succeed(["move", "1", "wed"]) == "moved meal 1 on Wed 2026-03-04, lunch: Soup\n")
        #expect(try cli.succeed(["move", "2", "thu", "--slot", "snack"]) == "moved meal 2 on Thu 2026-03-05, snack: Bread\n")
        try cli.expectFailure(["move", "9", "wed"], status: 64, message: "there is no meal 9 to move")
        // A count past the calendar gets one message however far past it is.
        for far in ["+3652059", "+99999999", "+99999999999999999999"] {
            try cli.expectFailure(["move", "1", far], status: 64, message: "'\(far)' falls outside the calendar, 0001-01-01 to 9999-12-31")
        }
        try cli.expectFailure(["move", "1", "someday"], status: 64, message: "'someday' is not a date; use " + Self.dateForms)
        try cli.expectFailure(["move", "1"], status: 64, message: "missing expected argument '<date>' (see 'mealplan help')")
    }

    @Test func copyMakesANewMeal() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "today", "lunch", "Soup", "--note", "hot"])
        #expect(try cli.succeed(["copy", "1", "+1w"]) == "added meal 2 on Mon 2026-03-09, lunch: Soup\n")
        #expect(try cli.succeed(["copy", "1", "today", "--slot", "dinner"]) == "added meal 3 on Mon 2026-03-02, dinner: Soup\n")
        #expect(try cli.succeed(["list", "--days", "8", "--format", "json"]).components(separatedBy: #""note":"hot""#).count == 4)
        try cli.expectFailure(["copy", "5", "today"], status: 64, message: "there is no meal 5 to copy")
    }

    /// Today is Monday 2026-03-02; the meal is on Friday 2026-03-13.
    @Test func moveCopyAndEditCountOffsetsFromTheMealsDayAndNamedDaysFromToday() throws {
        let cli = CLISandbox()
        try cli.succeed(["add", "2026-03-13", "lunch", "Soup"])
        #expect(try cli.succeed(["copy", "1", "+1w"]) == "added meal 2 on Fri 2026-03-20, lunch: Soup\n")
        #expect(try cli.succeed(["copy", "1", "+1m"]) == "added meal 3 on Mon 2026-04-13, lunch: Soup\n")
        #expect(try cli.succeed(["move", "1", "+3"]) == "moved meal 1 on Mon 2026-03-16, lunch: Soup\n")
        #expect(try cli.succeed(["move", "1", "--", "-2w"]) == "moved meal 1 on Mon 2026-03-02, lunch: Soup\n")
        #expect(try cli.succeed(["edit", "1", "--date", "+1d"]) == "updated meal 1 on Tue 2026-03-03, lunch: Soup\n")
        #expect(try cli.succeed(["move", "1", "next-fri"]) == "moved meal 1 on Fri 2026-03-13, lunch: Soup\n")
        #expect(try cli.succeed(["move", "1", "dec-25"]) == "moved meal 1 on Fri 2026-12-25, lunch: Soup\n")
        #expect(try cli.succeed(["copy", "1", "tomorrow"]) == "added meal 4 on Tue 2026-03-03, lunch: Soup\n")
        try cli.expectFailure(["move", "9", "+1w"], status: 64, message: "there is no meal 9 to move")
    }

    @Test func aBadDateCreatesNoDatabase() throws {
        let cli = CLISandbox()
        try cli.expectFailure(["move", "1", "someday"], status: 64, message: "'someday' is not a date; use " + Self.dateForms)
        #expect(!FileManager.default.fileExists(atPath: cli.database))
    }

    @Test func removeIsAllOrNothing() throws {
        let cli = CLISandbox()
        for title in ["A", "B", "C"] { try cli.succeed(["add", "today", "lunch", title]) }
        try cli.expectFailure(["remove", "1", "99", "2"], status: 64, message: "there is no meal 99 to remove")
        try cli.expectFailure(["remove"], status: 64, message: "missing expected argument '<ids> ...' (see 'mealplan help')")
        #expect(try cli.succeed(["remove", "3", "1"]) == """
            removed meal 3 on Mon 2026-03-02, lunch: C
            removed meal 1 on Mon 2026-03-02, lunch: A

            """)
        #expect(try cli.succeed(["list"]) == "Mon 2026-03-02\n  2  lunch  B\n")
    }

    @Test func removeTakesRangesAndListsAndADryRun() throws {
        let cli = CLISandbox()
        for title in ["A", "B", "C", "D", "E", "F"] { try cli.succeed(["add", "today", "lunch", title]) }
        try cli.succeed(["remove", "2"])
        let before = try cli.sha256(of: CLISandbox.databaseFiles(cli.database))
        // A range removes the meals in it; meal 2, gone already, is a gap, not an error.
        #expect(try cli.succeed(["remove", "1-4,6", "--dry-run"]) == """
            would remove meal 1 on Mon 2026-03-02, lunch: A
            would remove meal 3 on Mon 2026-03-02, lunch: C
            would remove meal 4 on Mon 2026-03-02, lunch: D
            would remove meal 6 on Mon 2026-03-02, lunch: F

            """)
        #expect(try cli.sha256(of: CLISandbox.databaseFiles(cli.database)) == before, "the dry run changed the database")
        for (arguments, message) in [
            (["remove", "7-9"], "there is no meal from 7 to 9 to remove"),
            (["remove", "7-\(Int64.max)"], "there is no meal from 7 to \(Int64.max) to remove"),
            (["remove", "1", "7-9"], "there is no meal from 7 to 9 to remove"),
            (["remove", "1-3", "2"], "there is no meal 2 to remove"),
            (["remove", "4-1"], "'4-1': a range of ids runs from the lower to the higher, as in 1-4"),
            (["remove", "1,x"], "'x' is not a meal id; give ids (12), ranges (45-64) or lists (12,20-22)"),
            (["remove", "1-"], "'1-' is not a meal id; give ids (12), ranges (45-64) or lists (12,20-22)"),
            (["remove", "1-2-3"], "'1-2-3' is not a meal id; give ids (12), ranges (45-64) or lists (12,20-22)"),
            (["remove", "3,"], "'' is not a meal id; give ids (12), ranges (45-64) or lists (12,20-22)"),
            (["remove", "5", "--dry-run", "9"], "there is no meal 9 to remove"),
        ] {
            try cli.expectFailure(arguments, status: 64, message: message)
        }
        #expect(try cli.succeed(["remove", "5-6", "3,1"]) == """
            removed meal 5 on Mon 2026-03-02, lunch: E
            removed meal 6 on Mon 2026-03-02, lunch: F
            removed meal 3 on Mon 2026-03-02, lunch: C
            removed meal 1 on Mon 2026-03-02, lunch: A

            """)
        #expect(try cli.succeed(["list"]) == "Mon 2026-03-02\n  4  lunch  D\n")
    }

    @Test func userTextReachesTheTerminalVisible() throws {
        let cli = CLISandbox()
        #expect(try cli.succeed(["add", "today", "lunch", "Soup\u{1B}[2J"]) == "added meal 1 on Mon 2026-03-02, lunch: Soup␛[2J\n")
        try cli.expectFailure(["add", "today", "t\u{7}ea", "Cake"], status: 64,
                              message: "unknown slot 't␇ea'; slots are breakfast, lunch, dinner, snack")
    }
}
