import Testing
import TestSupport

/// Days of the week in `repeat add` and `repeat edit`: `weekdays`, `weekends`, ranges that may
/// wrap past Sunday and lists, as `--every` and as a weekly `--on`; each day listed by hand.
@Suite struct RepeatWeekdayWordsTests {
    /// Today is Mon 2026-03-02 (the sandbox's MEALPLAN_TODAY).
    @Test func weekdayWordsInEveryAndOn() throws {
        let cli = CLISandbox()
        #expect(try cli.succeed(["repeat", "add", "today", "breakfast", "Porridge", "--every", "weekdays"])
            == "added repeat 1: breakfast: Porridge, from 2026-03-02, every week on Mon, Tue, Wed, Thu, Fri\n")
        #expect(try cli.succeed(["repeat", "add", "today", "dinner", "Pizza", "--every", "fri-mon"])
            == "added repeat 2: dinner: Pizza, from 2026-03-02, every week on Mon, Fri, Sat, Sun\n")
        #expect(try cli.succeed(["repeat", "add", "today", "lunch", "Soup", "--every", "2w", "--on", "mon,wed"])
            == "added repeat 3: lunch: Soup, from 2026-03-02, every 2 weeks on Mon, Wed\n")
        try cli.succeed(["repeat", "edit", "3", "--on", "weekends,mon"])
        // Mon 2 … Sun 8 March: porridge Monday to Friday, pizza Friday to Monday, soup on the
        // Monday and the weekend of its first week.
        #expect(try cli.succeed(["list", "--days", "8"]) == """
            Mon 2026-03-02
              r1  breakfast  Porridge
              r3  lunch      Soup
              r2  dinner     Pizza

            Tue 2026-03-03
              r1  breakfast  Porridge

            Wed 2026-03-04
              r1  breakfast  Porridge

            Thu 2026-03-05
              r1  breakfast  Porridge

            Fri 2026-03-06
              r1  breakfast  Porridge
              r2  dinner     Pizza

            Sat 2026-03-07
              r3  lunch      Soup
              r2  dinner     Pizza

            Sun 2026-03-08
              r3  lunch      Soup
              r2  dinner     Pizza

            Mon 2026-03-09
              r1  breakfast  Porridge
              r2  dinner     Pizza

            """)
    }

    @Test func aMistakeIsOneLineNamingTheOption() throws {
        let cli = CLISandbox()
        try cli.expectFailure(["repeat", "add", "today", "dinner", "Pizza", "--every", "mon-"], status: 64,
                              message: "'--every mon-': use day, week, month, year, a number with d, w, m or y (3d, 2w, 6m, 4y), "
                                + "or days of the week (weekdays, weekends, mon-fri or mon,wed,fri)")
        try cli.expectFailure(["repeat", "add", "today", "dinner", "Pizza", "--every", "weekdays", "--on", "fri"], status: 64,
                              message: "'--on fri' does not fit --every weekdays, which names the days already")
    }
}
