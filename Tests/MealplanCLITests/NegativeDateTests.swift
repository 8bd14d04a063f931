import Foundation
import MealPlanCore
import Testing
import TestSupport

/// Negative date offsets (`-7`, `-1w`) as positional arguments and as option values: the date
/// grammar documents them, and ArgumentParser would otherwise take them for options.
@Suite struct NegativeDateTests {
    @Test func negativeOffsetsAreDatesWhereverTheyAppear() throws {
        let cli = CLISandbox()
        #expect(try cli.succeed(["add", "-1", "dinner", "x"]) == "added meal 1 on Sun 2026-03-01, dinner: x\n")
        #expect(try cli.succeed(["add", "-1W", "lunch", "Soup"]) == "added meal 2 on Mon 2026-02-23, lunch: Soup\n")
        #expect(try cli.succeed(["add", "-3d", "lunch", "Stew"]) == "added meal 3 on Fri 2026-02-27, lunch: Stew\n")
        #expect(try cli.succeed(["list", "--from", "-7", "--format", "csv"]).split(separator: "\r\n").count == 4)
        #expect(try cli.succeed(["list", "--from", "-1w", "--to", "-1", "--format", "csv"]).split(separator: "\r\n").count == 4)
        // Offsets of move, copy and edit count from the meal's own day: meal 1 (Sun 03-01) a
        // week back is Sun 02-22; meal 2 (Mon 02-23) two days back is Sat 02-21, where its copy,
        // meal 4, goes; four days before that is Tue 02-17.
        #expect(try cli.succeed(["move", "1", "-1w"]) == "moved meal 1 on Sun 2026-02-22, dinner: x\n")
        #expect(try cli.succeed(["copy", "2", "-2"]) == "added meal 4 on Sat 2026-02-21, lunch: Soup\n")
        #expect(try cli.succeed(["edit", "4", "--date", "-4"]) == "updated meal 4 on Tue 2026-02-17, lunch: Soup\n")
        // The week from Mon 02-23 holds meals 2 (02-23) and 3 (02-27).
        let copied = try cli.succeed(["copy-days", "-1w", "--days", "7", "--to", "today"])
        #expect(copied.hasPrefix("copied 2 meals from Mon 2026-02-23 … Sun 2026-03-01 to Mon 2026-03-02 … Sun 2026-03-08\n"))
        // The header and those two meals.
        #expect(try cli.succeed(["export", "--from", "-1w", "--to", "-1"]).split(separator: "\r\n").count == 3)
    }

    @Test func aBadNegativeDateIsNamedAsTyped() throws {
        let cli = CLISandbox()
        try cli.expectFailure(["add", "-9999999", "dinner", "x"], status: 64,
                              message: "'-9999999' falls outside the calendar, 0001-01-01 to 9999-12-31")
        try cli.expectFailure(["list", "--from", "-2x"], status: 64,
                              message: "'-2x' is not a date; use " + DateInput.acceptedForms)
    }

    /// A text that starts with a dash is text: a note "-spicy", a title "-", a search for "-abc".
    @Test func textOptionsTakeAWordThatStartsWithADash() throws {
        let cli = CLISandbox()
        #expect(try cli.succeed(["add", "today", "dinner", "Curry", "--note", "-spicy"]) == "added meal 1 on Mon 2026-03-02, dinner: Curry\n")
        #expect(try cli.succeed(["edit", "1", "--title", "-x-", "--note", "--not an option"]) == "updated meal 1 on Mon 2026-03-02, dinner: -x-\n")
        let csv = try cli.succeed(["list", "--search", "-x", "--format", "csv"])
        #expect(csv.split(separator: "\r\n").last == "2026-03-02,dinner,-x-,--not an option,,,,,")
        #expect(try cli.succeed(["list", "--search", "-abc", "--format", "csv"]).split(separator: "\r\n").count == 1)
        try cli.succeed(["repeat", "add", "today", "lunch", "Soup", "--every", "week", "--note", "-hot"])
        #expect(try cli.succeed(["repeat", "edit", "1", "--title", "-soup", "--note", "-cold"]).contains("-soup"))
    }
}
