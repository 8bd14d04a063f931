import Foundation
import TestSupport
import Testing

/// The built `mealplan` planner in a real terminal (tmux), on a temporary database, with today
/// pinned to Wednesday 2026-03-04.
@Suite(.requires(.tmux))
struct PlannerEndToEndTests {
    @Test func startsOnTodayAndQuitGivesTheScreenBack() throws {
        let planner = try TmuxPlanner()
        // The whole first frame: tmux may show one whose status line is half drawn. Today is
        // near the top, under the day before (2 lines; up to 5 would show), and the planner has
        // the whole screen.
        try planner.waitForScreen("the first screen, today under the day before") { screen in
            screen.count == 24 && screen[0].hasPrefix("Tue 3 Mar") && screen[0].hasSuffix("March 2026")
                && screen[1] == "  nothing planned" && screen[2] == "Wed 4 Mar  today" && screen[3] == "  nothing planned"
                && screen[23].hasPrefix("Wed 4 Mar 2026") && screen[23].hasSuffix("? help")
                && !screen.contains("shell before the planner")
        }

        try planner.press("q")
        let after = try planner.waitFor("planner exited with 0")
        #expect(after.prefix(2) == ["shell before the planner", "planner exited with 0"])
        #expect(!after.contains { $0.contains("today") }, "the planner's screen is gone")
    }

    @Test func ctrlCCancelsAPromptThenQuitsLikeQ() throws {
        let planner = try TmuxPlanner()
        try planner.waitFor("Wed 4 Mar 2026")
        try planner.press("g")
        try planner.waitFor("Go to:")
        try planner.press("C-c")
        try planner.waitForAbsence(of: "Go to:")
        try planner.press("C-c")
        let after = try planner.waitFor("planner exited with 0")
        #expect(after.prefix(2) == ["shell before the planner", "planner exited with 0"])
    }

    @Test func goesToAFarDateAndBackToToday() throws {
        let planner = try TmuxPlanner()
        try planner.waitFor("Wed 4 Mar 2026")
        try planner.press("g")
        try planner.type("9999-12-31")
        try planner.press("Enter")
        // Waiting for the whole frame: tmux may show one half drawn. The last day shows under the
        // empty day before (2 lines; up to 5 would show), whose header has the month.
        try planner.waitForScreen("the last day under the day before, no March") { far in
            far[0].hasPrefix("Thu 30 Dec") && far[0].hasSuffix("December 9999") && far[2].hasPrefix("Fri 31 Dec")
                && far[23].hasPrefix("Fri 31 Dec 9999") && !far.shows("Mar")
        }

        try planner.press("g")
        try planner.type("nonsense")
        try planner.press("Enter")
        // Refused, the typed text stays in the prompt (it shows there before Enter too, so the
        // wait is for the refusal with it).
        try planner.waitForScreen("the refusal, the typed text kept") { refused in
            refused.shows("Not a date")
                && refused.contains { $0.contains("nonsense") && !$0.contains("Fri 31 Dec 9999") }
        }
        try planner.press("Escape")
        try planner.waitForAbsence(of: "nonsense")

        try planner.press("t")
        try planner.waitForScreen("today under the day before") { back in
            back[0].hasPrefix("Tue 3 Mar") && back[0].hasSuffix("March 2026") && back[2].hasPrefix("Wed 4 Mar  today")
                && back[23].hasPrefix("Wed 4 Mar 2026")
        }
    }

    @Test func addsAMealWithKeysDeletesItAndUndoes() throws {
        let planner = try TmuxPlanner()
        try planner.waitFor("Wed 4 Mar 2026")
        try planner.addWithKeys(slot: "din", title: "Pão de queijo 汤")
        // Each wait is for the message and the line together: tmux may show a frame drawn in part.
        try planner.waitForScreen("'Added', the meal under today") {
            $0.shows("Added") && $0[3] == "  dinner    Pão de queijo 汤"
        }

        let listed = try planner.mealplan("list")
        #expect(listed == "Wed 2026-03-04\n  1  dinner  Pão de queijo 汤\n")

        try planner.press("d")
        try planner.waitForScreen("'Deleted', today empty") { $0.shows("Deleted") && $0[3] == "  nothing planned" }
        #expect(try planner.mealplan("list") == "nothing planned from 2026-03-04 to 2026-03-10\n")

        try planner.press("u")
        try planner.waitForScreen("'Undid', the meal back") {
            $0.shows("Undid") && $0[3] == "  dinner    Pão de queijo 汤"
        }
        #expect(try planner.mealplan("list") == listed, "the meal is back with its id")

        try planner.press("C-r")
        try planner.waitFor("Redid")
        #expect(try planner.mealplan("list") == "nothing planned from 2026-03-04 to 2026-03-10\n")
    }

    @Test func copiesADayWithYAndPastesItOntoTheNextWithP() throws {
        let planner = try TmuxPlanner { planner in
            try planner.mealplan("add", "today", "lunch", "Soup")
            try planner.mealplan("add", "today", "dinner", "Stew", "--note", "slow")
        }
        try planner.waitFor("Stew")
        try planner.press("Y")
        try planner.waitFor("Copied Wed 4 Mar (2 meals)")
        try planner.press("J", "P")
        // The note shows as a mark at the right edge.
        try planner.waitForScreen("the meals pasted onto Thursday") { pasted in
            pasted.shows("Pasted 2 meals onto Thu 5 Mar 2026; u undoes") && pasted[6] == "  lunch     Soup"
                && pasted[7].hasPrefix("  dinner    Stew ") && pasted[7].hasSuffix("✎")
        }
        let copies = "Thu 2026-03-05\n  3  lunch   Soup\n  4  dinner  Stew\n             slow\n"
        #expect(try planner.mealplan("list", "--from", "2026-03-05", "--days", "1") == copies)

        try planner.press("u")
        try planner.waitFor("Undid: add 2 meals to Thu 5 Mar 2026")
        #expect(try planner.mealplan("list", "--from", "2026-03-05", "--days", "1")
            == "nothing planned from 2026-03-05 to 2026-03-05\n")
        try planner.press("C-r")
        try planner.waitFor("Redid: add 2 meals to Thu 5 Mar 2026")
        #expect(try planner.mealplan("list", "--from", "2026-03-05", "--days", "1") == copies, "back with the same ids")
    }

    /// Days marked with v, copied with Y and pasted a week later with P: the pasted leftovers
    /// eat from the pasted cook, as `copy-days` links them.
    @Test func pastedDaysKeepTheirLeftoversWithThePastedCook() throws {
        let planner = try TmuxPlanner { planner in
            try planner.mealplan("add", "today", "dinner", "Chili")
            try planner.mealplan("add", "tomorrow", "lunch", "--leftovers-of", "1")
        }
        try planner.waitFor("leftovers from Wed dinner")
        try planner.press("v", "J")
        try planner.waitFor("2 days marked")
        try planner.press("Y")
        try planner.waitFor("Copied 2 days from Wed 4 Mar (2 meals); P pastes them")
        try planner.press("]", "K", "P")
        try planner.waitFor("Pasted 2 meals onto 2 days from Wed 11 Mar 2026; u undoes")
        #expect(try planner.mealplan("list", "--from", "2026-03-11", "--days", "2")
            == "Wed 2026-03-11\n  3  dinner  Chili\n\nThu 2026-03-12\n  4  lunch   Chili\n             leftovers of meal 3\n")
        try planner.press("u")
        try planner.waitFor("Undid: add 2 meals from Wed 11 Mar 2026 to Thu 12 Mar 2026")
        #expect(try planner.mealplan("list", "--from", "2026-03-11", "--days", "2")
            == "nothing planned from 2026-03-11 to 2026-03-12\n")
    }

    @Test func aMealAddedFromOutsideAppearsWithinASecondWithoutMovingTheView() throws {
        let planner = try TmuxPlanner { planner in
            try planner.mealplan("add", "today", "lunch", "Soup")
            try planner.mealplan("add", "today", "dinner", "Stew")
        }
        // The top line whole: the day before's header, with the month.
        let before = try planner.waitForScreen("Stew under today, the day before on top") {
            $0[0].hasPrefix("Tue 3 Mar") && $0[0].hasSuffix("March 2026") && $0[4] == "  dinner    Stew"
        }
        try planner.press("j")
        let clock = ContinuousClock()
        try planner.mealplan("add", "today", "breakfast", "Toast")
        let added = clock.now
        try planner.waitForScreen("Toast above Soup and Stew, the view not moved") {
            Array($0[3...5]) == ["  breakfast Toast", "  lunch     Soup", "  dinner    Stew"] && $0[0] == before[0]
        }
        let delay = clock.now - added
        #expect(delay < .seconds(1), "appeared after \(delay)")

        // The selection stayed on Stew: deleting removes Stew, not the new meal.
        try planner.press("d")
        try planner.waitFor("Deleted 'Stew'")
        try planner.mealplan("remove", "3")
        try planner.waitForAbsence(of: "Toast")
    }

    @Test func survivesAResizeToOneCellAndBack() throws {
        let planner = try TmuxPlanner()
        try planner.mealplan("add", "today", "lunch", "Soup")
        try planner.waitFor("Soup")
        try planner.resize(width: 1, height: 1)
        // A 1×1 screen's only cell is its bottom-right one, which ncurses leaves blank on
        // terminals that wrap at the margin; what counts is that the planner lives on.
        try planner.waitForScreen("a 1×1 screen") { $0.count == 1 }
        try planner.press("?", "Escape")
        try planner.resize(width: 12, height: 2)
        try planner.waitForScreen("a 12×2 screen") { $0 == ["too small", ""] }
        try planner.resize(width: 53, height: 17)
        // Soup stayed selected: at 1×1 the view went down to its line, and at 53×17 it shows
        // under its day's header, now on the top line.
        try planner.waitForScreen("a 53×17 screen, Soup under today on top") { odd in
            odd.count == 17 && odd[0].hasPrefix("Wed 4 Mar  today") && odd[1] == "  lunch     Soup"
                && odd[16].hasPrefix("Wed 4 Mar 2026")
        }
        try planner.resize(width: 80, height: 24)
        try planner.waitForScreen("an 80×24 screen, Soup under today on top") { back in
            back.count == 24 && back[23].hasSuffix("? help") && back[0].hasPrefix("Wed 4 Mar  today")
                && back[0].hasSuffix("March 2026") && back[1] == "  lunch     Soup"
        }
        try planner.press("q")
        try planner.waitFor("planner exited with 0")
    }

    @Test func escapeSequencesInTitlesAreShownNotObeyed() throws {
        let planner = try TmuxPlanner { planner in
            try planner.mealplan("add", "today", "lunch", "Soup\u{1B}[2J\u{1B}]2;pwned\u{07}")
            try planner.mealplan("add", "today", "dinner", "Stew")
        }
        let titleBefore = try planner.paneTitle
        // The screen was not cleared; the title reaches the terminal as text. The title is read
        // once that line is drawn.
        try planner.waitForScreen("Soup shown as text between today and Stew") { screen in
            screen[0].hasPrefix("Tue 3 Mar") && screen[2].hasPrefix("Wed 4 Mar  today") && screen.shows("Stew")
                && screen[3].hasPrefix("  lunch     Soup") && screen[3].contains("pwned")
                && !screen[3].contains("\u{1B}") && !screen[3].contains("\u{07}")
        }
        #expect(try planner.paneTitle == titleBefore)
        #expect(try !planner.paneTitle.contains("pwned"))
    }

    @Test func demoShowsTheSamplePlanAroundTodayAndLeavesNothingBehind() throws {
        let temporary = TemporaryFolder()
        let demo = try TmuxPlanner(arguments: ["--demo"], environment: ["TMPDIR": temporary.path])
        // The sample plan starts on Monday 2026-03-02; moved to the Monday two weeks before
        // today's week (2026-02-16), its Wednesday 2026-03-18 falls on today.
        // All of the day before (5 lines) shows above today; its banana bread is the sample
        // recipe baking/Banana Bread for 10 servings.
        try demo.waitForScreen("the sample plan's day before and today") { screen in
            screen[0].hasPrefix("Tue 3 Mar") && screen[4] == "  snack     Banana bread ℞ · 10 servings"
                && Array(screen[5...8]) == [
                    "Wed 4 Mar  today",
                    "  breakfast Toast and marmalade",
                    "  lunch     Bibimbap 비빔밥",
                    "  dinner    Okonomiyaki お好み焼き",
                ]
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).count == 1)
        try demo.press("q")
        try demo.waitFor("planner exited with 0")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty, "the demo database is gone")
        #expect(!FileManager.default.fileExists(atPath: demo.database), "the --db database was not touched")
    }

    @Test func anUnknownTerminalIsOneLineAndStatusOne() throws {
        let planner = try TmuxPlanner(width: 120, environment: ["TERM": "no-such-terminal"])
        let screen = try planner.waitFor("planner exited with")
        #expect(screen.prefix(3) == [
            "shell before the planner",
            "mealplan: unknown terminal type 'no-such-terminal' (TERM); set it to your terminal type, e.g. TERM=xterm-256color",
            "planner exited with 1",
        ])
    }
}
