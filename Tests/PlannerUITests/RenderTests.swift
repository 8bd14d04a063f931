import MealPlanCore
@testable import PlannerUI
import TerminalKit
import Testing
import TestSupport

/// Saturday 28 February 2026: the next day starts a new month.
let saturday = day("2026-02-28")

/// Meals around `saturday`: a plain one, a long one with a note, a day without meals, then one.
let sampleMeals = [
    Meal(day: saturday, slot: "breakfast", title: "Porridge"),
    Meal(day: saturday, slot: "dinner", title: "Roast vegetables with a very long title that wraps", note: "oven at 200"),
    Meal(day: day("2026-03-02"), slot: "lunch", title: "Soup"),
]

/// `text` padded with spaces to `width` columns (the rest of a buffer line is blank).
func line(_ text: String, _ width: Int = 40) -> String {
    text + String(repeating: " ", count: width - text.terminalWidth)
}

@Suite struct RenderTests {
    @Test func firstScreenShowsTheDayBeforeThenTodayMealsMonthBannerAndEmptyDays() {
        let harness = Harness(today: saturday, meals: sampleMeals)
        // A quarter of the 11 timeline lines, 2, show the day before today: all of it here.
        #expect(harness.lines == [
            "Fri 27 Feb                February 2026 ",
            line("  nothing planned"),
            line("Sat 28 Feb  today"),
            line("  breakfast Porridge"),
            "  dinner    Roast vegetables with a    ✎",
            line("            very long title that wraps"),
            "── March 2026 " + String(repeating: "─", count: 26),
            line("Sun 1 Mar"),
            line("  nothing planned"),
            line("Mon 2 Mar"),
            line("  lunch     Soup"),
            line("Sat 28 Feb 2026") .prefix(34) + "? help",
        ])
    }

    /// From 100 columns a note's first line shows after its title: at 120 the title column is
    /// 12 (indent 2, "breakfast" 9, a space), the 51-column title ends at 63, the note starts
    /// two columns later at 65 and may run to 117, one before the marker at 119.
    @Test func aWideTerminalShowsTheStartOfEachNoteAfterItsTitle() {
        let title = "Roast vegetables with a very long title that wraps"
        let meals = [Meal(day: saturday, slot: "breakfast", title: "Porridge", note: "oats\nand milk"),
                     Meal(day: saturday, slot: "dinner", title: title, note: "oven at 200\nthen rest")]
        let wide = Harness(today: saturday, size: Size(width: 120, height: 12), meals: meals)
        let dinner = "  dinner    " + title + "  oven at 200"
        #expect(wide.lines[4] == dinner + String(repeating: " ", count: 119 - dinner.count) + "✎")
        let breakfast = "  breakfast Porridge  oats"
        #expect(wide.lines[3] == breakfast + String(repeating: " ", count: 119 - breakfast.count) + "✎")
        #expect(wide.render(colors: true).buffer[65, 4].style == Style(dim: true))
        // Below 100 columns only the marker says there is a note.
        let narrower = Harness(today: saturday, size: Size(width: 99, height: 12), meals: meals)
        #expect(narrower.lines[4] == "  dinner    " + title + String(repeating: " ", count: 98 - 12 - title.count) + "✎")
    }

    /// Scrolled so that Saturday's header is above the screen while its meals are on it, the
    /// top line shows that header (with the month tag the first header gets) over its first
    /// meal line, unless the selection is on that line.
    @Test func aDayWhoseHeaderScrolledOffKeepsItOnTheTopLine() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        // Rows at first: 0-1 Friday, 2 Saturday's header, 3 breakfast, 4-5 dinner. Select
        // dinner, then scroll the view three lines: breakfast reaches row 0, dinner row 1.
        harness.press(.character("j"), .control("e"), .control("e"), .control("e"))
        #expect(harness.selectedTitle == sampleMeals[1].title)
        let header = "Sat 28 Feb  today"
        #expect(Array(harness.lines.prefix(3)) == [
            header + String(repeating: " ", count: 26 - header.count) + "February 2026 ",
            "  dinner    Roast vegetables with a    ✎",
            line("            very long title that wraps"),
        ])
        // With the selection on the top line (breakfast, scrolled up to it), the meal shows
        // instead of the header.
        var selectedOnTop = Harness(today: saturday, meals: sampleMeals)
        selectedOnTop.press(.control("e"), .control("e"), .control("e"))
        #expect(selectedOnTop.selectedTitle == "Porridge")
        #expect(selectedOnTop.lines[0] == line("  breakfast Porridge"))
    }

    @Test func selectionAndTodayAreStyledInColour() {
        let buffer = Harness(today: saturday, meals: sampleMeals).render(colors: true).buffer
        // Today's header (under the day before): yellow and bold; the "today" tag reversed.
        #expect(buffer[0, 2].style == Style(foreground: .yellow, bold: true))
        #expect(buffer[12, 2].style == Style(foreground: .yellow, bold: true, reverse: true))
        // The selected meal (the first of today) fills its whole line with the selection colour.
        #expect(buffer[2, 3].style == Style(foreground: .green, background: .blue))
        #expect(buffer[12, 3].style == Style(foreground: .white, background: .blue))
        #expect(buffer[39, 3].style == Style(foreground: .white, background: .blue))
        // Other meals: slot coloured, title plain, note marker coloured.
        #expect(buffer[2, 4].style == Style(foreground: .green))
        #expect(buffer[12, 4].style == .plain)
        #expect(buffer[39, 4].style == Style(foreground: .magenta))
        // Another day's header is bold without colour; an empty day's line is dim.
        #expect(buffer[0, 0].style == Style(bold: true))
        #expect(buffer[0, 7].style == Style(bold: true))
        #expect(buffer[2, 8].style == Style(dim: true))
    }

    @Test func monochromeUsesReverseVideoForTheSelection() {
        let buffer = Harness(today: saturday, meals: sampleMeals).render(colors: false).buffer
        #expect(buffer[0, 2].style == Style(bold: true, underline: true))
        #expect(buffer[2, 3].style == Style(reverse: true))
        #expect(buffer[30, 3].style == Style(reverse: true))
        #expect(buffer[2, 4].style == .plain)
        for x in 0..<40 {
            for y in 0..<12 {
                #expect(buffer[x, y].style.foreground == .default && buffer[x, y].style.background == .default)
            }
        }
    }

    @Test func selectedEmptyDayHighlightsItsWholeBlock() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.send(.nextDay)
        let buffer = harness.render(colors: false).buffer
        for row in 6...8 {
            #expect(buffer[20, row].style.reverse, "row \(row) is part of the selected day")
        }
        #expect(!buffer[20, 5].style.reverse)
        #expect(!buffer[20, 9].style.reverse)
        #expect(buffer.lines[11].hasPrefix("Sun 1 Mar 2026 "))
    }

    @Test func statusLineShowsTheSelectedMealsNote() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.send(.moveDown)
        #expect(harness.lines[11] == "Sat 28 Feb 2026  ✎ oven at 200    ? help")
    }

    @Test func monthAndYearGoOnTheFirstHeaderOnScreen() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        // Past the day before and today's header.
        harness.send(.scrollDown, .scrollDown, .scrollDown)
        // The top day's header has scrolled off: the next header on screen carries the month,
        // unless it is the 1st with its banner shown.
        #expect(harness.lines[3] == "── March 2026 " + String(repeating: "─", count: 26))
        #expect(harness.lines[4] == line("Sun 1 Mar"))
        harness.send(.scrollDown, .scrollDown, .scrollDown, .scrollDown)
        // Now the 1st's header is on top without its banner: it carries the month itself.
        #expect(harness.lines[0] == line("Sun 1 Mar" + String(repeating: " ", count: 20) + "March 2026"))
        #expect(harness.lines[2] == line("Mon 2 Mar"))
    }

    @Test func wideCharactersStayAligned() {
        let meals = [
            Meal(day: saturday, slot: "lunch", title: "寿司と味噌汁 and 🍣 sushi"),
            Meal(day: saturday, slot: "dinner", title: "Café crème"),
        ]
        let lines = Harness(today: saturday, meals: meals).lines
        #expect(lines[3] == line("  lunch     寿司と味噌汁 and 🍣 sushi"))
        #expect(lines[4] == line("  dinner    Café crème"))
        #expect(lines[3].prefix(12) == "  lunch     ")
    }

    @Test func wideTitleWrapsByColumns() {
        // 20 CJK characters are 40 columns: at width 40 the title column (26) takes 13 per line.
        let title = String(repeating: "寿", count: 20)
        let lines = Harness(today: saturday, meals: [Meal(day: saturday, slot: "lunch", title: title)]).lines
        #expect(lines[3] == line("  lunch     " + String(repeating: "寿", count: 13)))
        #expect(lines[4] == line("            " + String(repeating: "寿", count: 7)))
    }

    @Test func controlCharactersInTitlesAreShownAsSymbols() {
        let meals = [Meal(day: saturday, slot: "lunch", title: "Soup\u{1B}[31m red\u{07}")]
        let lines = Harness(today: saturday, meals: meals).lines
        #expect(lines[3] == line("  lunch     Soup␛[31m red␇"))
        #expect(!lines.joined().contains("\u{1B}"))
    }

    @Test func narrowScreenStillShowsEverything() {
        let harness = Harness(today: saturday, size: Size(width: 20, height: 5), meals: sampleMeals)
        // Width 20: slot column min(9, 18/3) = 6, title at 9, marker at 19, title width 9.
        // The status line has no room for the help hint.
        #expect(harness.lines == [
            "Sat 28 Feb  today   ",
            "  break… Porridge   ",
            "  dinner Roast     ✎",
            "         vegetable  ",
            "Sat 28 Feb 2026     ",
        ])
    }

    @Test(arguments: [(1, 1), (2, 1), (1, 3), (11, 2), (12, 2), (5, 40)])
    func tinySizesShowANotice(width: Int, height: Int) {
        let harness = Harness(today: saturday, size: Size(width: width, height: height), meals: sampleMeals)
        let frame = harness.render()
        #expect(frame.buffer.width == width && frame.buffer.height == height)
        #expect(frame.buffer.lines[0] == String("too small".prefix(width)) + String(repeating: " ", count: max(0, width - 9)))
        #expect(frame.cursor == nil)
    }

    @Test func anEmptyDayAndSoAnEmptyPlanSaysHowToStart() {
        var harness = Harness(today: saturday)
        #expect(harness.lines[11] == line("Sat 28 Feb 2026  a adds a meal", 34) + "? help")
        harness.add(Meal(day: saturday, slot: "lunch", title: "Soup"))
        harness.changeOutside { _ in }
        #expect(harness.lines[11] == line("Sat 28 Feb 2026", 34) + "? help")
    }

    @Test func whileTooSmallOnlyQuitAndHelpAct() {
        var harness = Harness(today: saturday, size: Size(width: 11, height: 12), meals: sampleMeals)
        let before = harness.meals
        for key: Key in [.character("d"), .character("a"), .enter, .character("e"), .character("x"),
                         .character("P"), .character("u"), .character("j"), .character("m")] {
            harness.press(key)
            #expect(harness.state.mode == .browsing)
        }
        harness.send(.event(.mouse(MouseEvent(.click, x: 2, y: 4))))
        #expect(harness.meals == before)
        #expect(harness.selectedTitle == "Porridge")
        harness.press(.character("?"))
        #expect(harness.state.mode == .help(scroll: 0))
        harness.press(.character("?"))
        #expect(harness.state.mode == .browsing)
        // Help's own keys work as ever: Esc closes it.
        harness.press(.character("?"), .escape)
        #expect(harness.state.mode == .browsing)
        harness.press(.character("q"))
        #expect(harness.quitRequested)
    }

    @Test func everySizeDrawsWithoutCrashing() {
        var harness = Harness(today: saturday, size: Size(width: 1, height: 1), meals: sampleMeals)
        for width in [1, 2, 3, 7, 12, 13, 19, 33, 80] {
            for height in [1, 2, 3, 4, 9] {
                harness.send(.event(.resize(width: width, height: height)))
                for mode: Command in [.help, .goToDate, .addMeal] {
                    harness.send(mode)
                    #expect(harness.render().buffer.lines.count == height)
                    harness.press(.escape)
                }
            }
        }
    }
}

@Suite struct LayoutAgreementTests {
    /// Meals whose titles wrap differently at every width, with wide and zero-width characters.
    static let meals = [
        Meal(day: saturday, slot: "breakfast", title: "Porridge with apples, cinnamon and a spoon of honey"),
        Meal(day: saturday, slot: "lunch", title: "寿司と味噌汁、それから緑茶", note: "n"),
        Meal(day: saturday, slot: "dinner", title: "Supercalifragilisticexpialidocious stew"),
        Meal(day: day("2026-03-01"), slot: "snack", title: "Cafe\u{301} au lait 👨‍👩‍👧 and a croissant"),
        Meal(day: day("2026-03-03"), slot: "dinner", title: "x"),
    ]

    @Test func everyTimelineRowIsDrawnAtEveryWidth() throws {
        // Tall enough for the 4th of March to be on screen even at width 12, where titles wrap
        // the most.
        let height = 60
        var harness = Harness(today: saturday, size: Size(width: 12, height: height), meals: Self.meals)
        for width in 12...90 {
            harness.send(.event(.resize(width: width, height: height)))
            let lines = harness.lines
            // Blocks drawn exactly as tall as the timeline measured them leave no blank row
            // and push nothing off: the 4th of March is always at the same row after them.
            for row in 0..<height - 1 {
                #expect(lines[row].contains { $0 != " " }, "row \(row) is blank at width \(width)")
            }
            let screen = harness.state.timeline.screen
            let fourth = try #require(screen.days.first { $0.day == day("2026-03-04") }, "width \(width)")
            #expect(lines[fourth.screenLine].hasPrefix("Wed 4 Mar"), "width \(width)")
        }
    }

    @Test func daysNotLoadedYetShowAPlaceholderOfTheEmptyDaysHeight() {
        let state = PlannerState(today: saturday, weekStart: .monday, slots: MealSlot.defaults, size: Size(width: 30, height: 6))
        let lines = Planner.render(state, colors: true).buffer.lines
        #expect(lines == [
            // No room for "February 2026" after the today tag at this width.
            line("Sat 28 Feb  today", 30),
            line("  …", 30),
            "── March 2026 " + String(repeating: "─", count: 16),
            line("Sun 1 Mar", 30),
            line("  …", 30),
            line("Sat 28 Feb 2026", 24) + "? help",
        ])
    }
}

/// The demo says on its status line that its plan is a sample that quitting deletes: the
/// longest of its notices that fits beside the date, before the help hint.
@Suite struct DemoNoticeTests {
    @Test func theStatusLineSaysTheDemoIsASamplePlanDeletedOnQuit() {
        let date = "Sat 28 Feb 2026"
        let hint = "? help"
        for width in [80, 60, 45, 40, 36] {
            let harness = Harness(today: saturday, size: Size(width: width, height: 12), meals: sampleMeals, isDemo: true)
            let room = width - date.count - 2
            let expectedHint = StatusLineView.demoNotices.map { $0 + " · " + hint }.first { $0.count <= room } ?? hint
            let status = harness.lines[11]
            #expect(status.hasPrefix(date), "width \(width)")
            #expect(status.hasSuffix(expectedHint), "width \(width)")
        }
        // At 80 columns the whole notice fits.
        let wide = Harness(today: saturday, size: Size(width: 80, height: 12), meals: sampleMeals, isDemo: true)
        #expect(wide.lines[11].hasSuffix("sample plan, deleted when you quit · ? help"))
        // A plan of one's own says nothing of the kind.
        let own = Harness(today: saturday, size: Size(width: 80, height: 12), meals: sampleMeals)
        #expect(own.lines[11].hasSuffix("  " + hint))
        #expect(!own.lines[11].contains("sample"))
    }
}
