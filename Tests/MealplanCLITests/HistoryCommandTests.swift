import Foundation
import Testing
import TestSupport

/// `mealplan history` and `mealplan forgotten`: the plan remembers what was planned.
@Suite struct HistoryCommandTests {
    /// Today is Mon 2026-03-02. Lasagne three times (the last a month ago), Crème brûlée twice
    /// long ago, Soup once, and a lasagne planned for next week, which is not history yet.
    static func sandbox() throws -> CLISandbox {
        let cli = CLISandbox()
        for (date, title) in [
            ("2025-11-10", "Lasagne"), ("2025-12-15", "Crème brûlée"), ("2026-01-05", "Lasagne"), ("2026-01-06", "creme brulee"),
            ("2026-01-20", "Crème brûlée"), ("2026-01-30", "Lasagne"), ("2026-02-27", "Soup"), ("2026-03-09", "Lasagne"),
        ] {
            try cli.succeed(["add", date, "dinner", title])
        }
        return cli
    }

    @Test func historyTellsHowOftenAndWhenEachMatchingTitleWasPlanned() throws {
        let cli = try Self.sandbox()
        #expect(try cli.succeed(["history", "LASAG"]) == """
            Lasagne  3 times, last Fri 2026-01-30 (31 days ago)
              2026-01-30, 2026-01-05, 2025-11-10

            """)
        // Accents and case fold as in search; each spelling is its own title.
        #expect(try cli.succeed(["history", "creme", "--dates", "1"]) == """
            Crème brûlée  2 times, last Tue 2026-01-20 (41 days ago)
              2026-01-20, … (1 more)
            creme brulee  once, last Tue 2026-01-06 (55 days ago)
              2026-01-06

            """)
        #expect(try cli.succeed(["history", "pizza"]) == "nothing planned matches 'pizza' up to 2026-03-02\n")
        // Titles only: a note that holds the text does not make its meal's title a match.
        try cli.succeed(["add", "2026-02-01", "lunch", "Bread", "--note", "with the lasagne leftovers"])
        #expect(try cli.succeed(["history", "lasagne", "--dates", "0"]) == "Lasagne  3 times, last Fri 2026-01-30 (31 days ago)\n")
        // Fewer than 3 letters read every meal (the index holds pieces of 3), with the same result.
        #expect(try cli.succeed(["history", "la", "--dates", "0"]) == "Lasagne  3 times, last Fri 2026-01-30 (31 days ago)\n")
        // A title goes with its last meal (the 7th added).
        #expect(try cli.succeed(["history", "soup", "--dates", "9"]) == "Soup  once, last Fri 2026-02-27 (3 days ago)\n  2026-02-27\n")
        try cli.succeed(["remove", "7"])
        #expect(try cli.succeed(["history", "soup"]) == "nothing planned matches 'soup' up to 2026-03-02\n")
    }

    @Test func forgottenListsWhatWasPlannedOftenButNotLately() throws {
        let cli = try Self.sandbox()
        // Crème brûlée was last planned 41 days ago, Lasagne 31: both are gone 30 days, but
        // Lasagne is planned for next week already, so it is no idea for it; Soup was planned
        // once only.
        #expect(try cli.succeed(["forgotten", "--days", "30"]) == "Crème brûlée  2 times, last Tue 2026-01-20 (41 days ago)\n")
        try cli.succeed(["remove", "8"])  // the lasagne of next week, added last
        #expect(try cli.succeed(["forgotten", "--days", "30"]) == """
            Lasagne       3 times, last Fri 2026-01-30 (31 days ago)
            Crème brûlée  2 times, last Tue 2026-01-20 (41 days ago)

            """)
        #expect(try cli.succeed(["forgotten", "--days", "35", "--limit", "1"]) == "Crème brûlée  2 times, last Tue 2026-01-20 (41 days ago)\n")
        #expect(try cli.succeed(["forgotten"]) == "nothing planned twice or more is missing from the last 60 days\n")
        try cli.expectFailure(["forgotten", "--days", "0"], status: 64, message: "--days must be at least 1 (see 'mealplan help')")
    }
}
