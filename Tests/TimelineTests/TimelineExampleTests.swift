import MealPlanCore
import Testing
@testable import Timeline

/// Named cases, each worked out by hand from the fake layout: a header line, then each title
/// wrapped at the width; a day without meals (or not loaded yet) is 2 lines.
@Suite struct TimelineExampleTests {
    private let today = Day.today

    @Test func aDayTallerThanTheViewScrollsWithinItself() {
        // Today: 12 one-line meals, 13 lines in a 5-line view; other days are empty.
        var scripted = ScriptedTimeline(width: 20, height: 5, selecting: today,
                                        meals: [today: Array(repeating: 10, count: 12)])
        #expect(scripted.rows == ["2026-11-21 0+5@0"])
        #expect(scripted.timeline.selection == Selection(day: today, item: 0))

        scripted.run { $0.moveSelection(byItems: 4) }
        #expect(scripted.timeline.position == ScrollPosition(day: today, line: 1))
        #expect(scripted.timeline.screen.selectedLines == 4..<5)

        scripted.run { $0.moveSelection(byItems: 7) }
        #expect(scripted.rows == ["2026-11-21 8+5@0"])
        #expect(scripted.timeline.selection == Selection(day: today, item: 11))

        // On to the empty next day, shown whole at the bottom under today's last lines.
        scripted.run { $0.moveSelection(byItems: 1) }
        #expect(scripted.rows == ["2026-11-21 10+3@0", "2026-11-22 0+2@3"])
        #expect(scripted.timeline.selection == Selection(day: today + 1))
        #expect(scripted.timeline.screen.selectedLines == 3..<5)

        // Back up one item: it is on screen, so the view stays.
        scripted.run { $0.moveSelection(byItems: -1) }
        #expect(scripted.timeline.position == ScrollPosition(day: today, line: 10))

        // Scrolling the view up leaves the selection below the screen: it follows to the last
        // item wholly on screen.
        scripted.run { $0.scroll(byLines: -10) }
        #expect(scripted.timeline.position == ScrollPosition(day: today))
        #expect(scripted.timeline.selection == Selection(day: today, item: 3))
    }

    @Test func anItemTallerThanTheViewIsSteppedThrough() {
        // Today: one title of 95 characters at 10 columns, 10 lines; the view has 4.
        var scripted = ScriptedTimeline(width: 10, height: 4, selecting: today, meals: [today: [95]])
        #expect(scripted.rows == ["2026-11-21 0+4@0"])

        let positions = (0..<3).map { _ in
            scripted.run { $0.moveSelection(byItems: 1) }
            return scripted.timeline.position.line
        }
        #expect(positions == [3, 6, 7])
        #expect(scripted.timeline.selection == Selection(day: today, item: 0))

        scripted.run { $0.moveSelection(byItems: 1) }
        #expect(scripted.rows == ["2026-11-21 9+2@0", "2026-11-22 0+2@2"])

        // Coming back from below shows the item's end first, then steps up through it.
        let upward = (0..<3).map { _ in
            scripted.run { $0.moveSelection(byItems: -1) }
            return scripted.timeline.position
        }
        #expect(upward == [ScrollPosition(day: today, line: 7), ScrollPosition(day: today, line: 4),
                           ScrollPosition(day: today, line: 1)])
        scripted.run { $0.moveSelection(byItems: -1) }
        #expect(scripted.timeline.selection == Selection(day: today + -1))
        #expect(scripted.timeline.position == ScrollPosition(day: today + -1))
    }

    @Test func aOneLineViewport() {
        // Today: a 1-line meal (line 1) and a 2-line meal (lines 2-3).
        var scripted = ScriptedTimeline(width: 20, height: 1, selecting: today, meals: [today: [10, 30]])
        #expect(scripted.rows == ["2026-11-21 1+1@0"])
        #expect(scripted.timeline.screen.selectedLines == 0..<1)

        scripted.run { $0.moveSelection(byItems: 1) }
        #expect(scripted.rows == ["2026-11-21 2+1@0"])
        scripted.run { $0.moveSelection(byItems: 1) }
        #expect(scripted.rows == ["2026-11-21 3+1@0"])
        #expect(scripted.timeline.selection == Selection(day: today, item: 1))

        scripted.run { $0.moveSelection(byItems: 1) }
        #expect(scripted.rows == ["2026-11-22 0+1@0"])
        #expect(scripted.timeline.screen.selectedLines == 0..<1)

        // Scrolling back shows the tall item's last line: the selection follows onto it.
        scripted.run { $0.scroll(byLines: -1) }
        #expect(scripted.rows == ["2026-11-21 3+1@0"])
        #expect(scripted.timeline.selection == Selection(day: today, item: 1))
    }

    @Test func aOneColumnViewport() {
        var scripted = ScriptedTimeline(width: 1, height: 5, selecting: today, meals: [today: [3, 2]])
        #expect(scripted.timeline.layout(of: today) == DayLayout(height: 6, items: [1..<4, 4..<6]))
        #expect(scripted.rows == ["2026-11-21 0+5@0"])

        scripted.run { $0.moveSelection(byItems: 1) }
        #expect(scripted.timeline.position == ScrollPosition(day: today, line: 1))
        #expect(scripted.timeline.screen.selectedLines == 3..<5)
    }

    @Test func jumpingFromTodayToTheLastDayAndBack() {
        // Every day has one short meal: 2 lines a day, 5 days in a 10-line view.
        var scripted = ScriptedTimeline(width: 40, height: 10, selecting: today, defaultMeals: [10])
        #expect(scripted.timeline.window == DayRange(today + -11, today + 15))

        var jump: Jump<[Int]>?
        var loads = scripted.run { jump = $0.jump(to: .last) }
        #expect(jump?.kind == .recenter)
        #expect(loads.map(\.days) == [DayRange(Day.last + -11, .last)])
        #expect(scripted.timeline.window == DayRange(Day.last + -11, .last))
        #expect(scripted.rows == ["9999-12-31 0+2@0"])
        #expect(scripted.timeline.selection == Selection(day: .last, item: 0))

        // Past the end everything stops quietly.
        loads = scripted.run { timeline in
            timeline.scroll(byLines: 3)
            timeline.scroll(byPages: 1)
            timeline.scroll(byDays: 1)
            timeline.moveSelection(byDays: 1)
            timeline.moveSelection(byItems: 1)
        }
        #expect(loads.isEmpty)
        #expect(scripted.timeline.position == ScrollPosition(day: .last))
        #expect(scripted.timeline.selection == Selection(day: .last, item: 0))

        scripted.run { $0.scroll(byLines: -1) }
        #expect(scripted.rows == ["9999-12-30 1+1@0", "9999-12-31 0+2@1"])

        loads = scripted.run { jump = $0.jump(to: today) }
        #expect(jump?.kind == .recenter)
        #expect(loads.map(\.days) == [DayRange(today + -11, today + 15)])
        #expect(scripted.rows == (0..<5).map { "\((today + $0).iso) 0+2@\(2 * $0)" })
    }

    @Test func theFirstDayIsAnEdge() {
        var scripted = ScriptedTimeline(width: 40, height: 10, selecting: .first, defaultMeals: [10])
        #expect(scripted.timeline.window == DayRange(.first, Day.first + 15))

        let loads = scripted.run { timeline in
            timeline.scroll(byLines: -3)
            timeline.scroll(byPages: -2)
            timeline.scroll(byDays: -1)
            timeline.moveSelection(byDays: -1)
            timeline.moveSelection(byItems: -1)
        }
        #expect(loads.isEmpty)
        #expect(scripted.timeline.position == ScrollPosition(day: .first))
        // Even an absurd count returns at once.
        scripted.run { $0.moveSelection(byItems: .min) }
        #expect(scripted.timeline.selection == Selection(day: .first, item: 0))

        var jump: Jump<[Int]>?
        scripted.run { jump = $0.jump(to: .first) }
        #expect(jump?.kind == .smooth && jump?.frames.isEmpty == true)
    }

    @Test func resizingFrom200ColumnsTo20RewrapsAndKeepsTheTopDay() {
        // Every day: titles of 150 and 30 characters. 200 columns: 1 + 1 + 1 = 3 lines a day;
        // 20 columns: 1 + 8 + 2 = 11 lines.
        var scripted = ScriptedTimeline(width: 200, height: 24, selecting: today, defaultMeals: [150, 30])
        #expect(scripted.timeline.window == DayRange(today + -11, today + 18))
        scripted.run { $0.scroll(byLines: 4) }
        #expect(scripted.timeline.position == ScrollPosition(day: today + 1, line: 1))
        #expect(scripted.timeline.selection == Selection(day: today + 1, item: 0))

        // The selected first meal, now 8 lines, is shown with its header (as a move shows a
        // first meal): the top day stays, from its first line.
        let loads = scripted.run { $0.resize(width: 20, height: 24) }
        #expect(loads.isEmpty)
        #expect(scripted.timeline.position == ScrollPosition(day: today + 1))
        #expect(scripted.timeline.layout(of: today + 1) == DayLayout(height: 11, items: [1..<9, 9..<11]))
        #expect(scripted.rows == ["2026-11-22 0+11@0", "2026-11-23 0+11@11", "2026-11-24 0+2@22"])
        // The window is recomputed around where the view is now: 3 visible days ± (7 + 4).
        #expect(scripted.timeline.window == DayRange(today + -10, today + 14))
        #expect(scripted.timeline.selection == Selection(day: today + 1, item: 0))

        // Back at 200 columns, 8 days show from there: the window needs days up to today + 15.
        let back = scripted.run { $0.resize(width: 200, height: 24) }
        #expect(scripted.timeline.position == ScrollPosition(day: today + 1))
        #expect(back.map(\.days) == [DayRange(today + 15, today + 19)])
    }

    @Test func resizingKeepsTheSelectedItemOnScreenAtAnySize() {
        // Every day: 3 one-line meals at 80 columns (4 lines a day); today's last meal is 200
        // characters, 3 lines at 80 columns and 200 lines at 1.
        var scripted = ScriptedTimeline(width: 80, height: 23, selecting: today,
                                        meals: [today + 3: [10, 10, 200]], defaultMeals: [10, 10, 10])
        scripted.run { $0.moveSelection(byItems: 11) }
        let selected = Selection(day: today + 3, item: 2)
        #expect(scripted.timeline.selection == selected)
        #expect(scripted.timeline.screen.selectedLines == 15..<18)

        // Lower than where the meal was: the view follows the meal, not the screen line.
        scripted.run { $0.resize(width: 80, height: 11) }
        #expect(scripted.timeline.selection == selected)
        #expect(scripted.timeline.screen.selectedLines == 8..<11)
        scripted.run { $0.resize(width: 80, height: 23) }
        #expect(scripted.timeline.selection == selected)
        #expect(scripted.timeline.screen.selectedLines == 8..<11)

        // One column and one line: the meal, 200 lines tall, still shows.
        scripted.run { $0.resize(width: 1, height: 1) }
        #expect(scripted.timeline.selection == selected)
        #expect(scripted.timeline.screen.selectedLines == 0..<1)
        scripted.run { $0.resize(width: 80, height: 23) }
        #expect(scripted.timeline.selection == selected)
        #expect(scripted.timeline.screen.selectedLines != nil)
    }

    @Test func jumpsInsideTheWindowScrollSmoothly() {
        var scripted = ScriptedTimeline(width: 40, height: 10, selecting: today, defaultMeals: [10])
        var jump: Jump<[Int]>?

        // A day on screen: only the selection moves.
        var loads = scripted.run { jump = $0.jump(to: today + 2) }
        #expect(jump?.kind == .smooth && jump?.frames.isEmpty == true && loads.isEmpty)
        #expect(scripted.timeline.position == ScrollPosition(day: today))
        #expect(scripted.timeline.selection == Selection(day: today + 2, item: 0))

        // Three days above the screen: the day goes to the top (no context asked for), 6 lines
        // up, eased out in 3 frames, 37.5 ms each.
        scripted.run { $0.scroll(byDays: 3) }
        loads = scripted.run { jump = $0.jump(to: today) }
        #expect(jump?.kind == .smooth && loads.isEmpty)
        let frameTops = jump?.frames.map { ScrollPosition(day: $0.days[0].day, line: $0.days[0].firstLine) }
        #expect(frameTops == [ScrollPosition(day: today + 2), ScrollPosition(day: today + 1, line: 1),
                              ScrollPosition(day: today, line: 1)])
        #expect(jump?.frameInterval == .microseconds(37_500))
        #expect(scripted.timeline.position == ScrollPosition(day: today))
        #expect(scripted.timeline.screen.selectedLines == 1..<2)

        // Without motion: straight there.
        scripted.run { $0.scroll(byDays: 3) }
        loads = scripted.run { jump = $0.jump(to: today + 1, animated: false) }
        #expect(jump?.kind == .smooth && jump?.frames.isEmpty == true && loads.isEmpty)
        #expect(scripted.timeline.position == ScrollPosition(day: today + 1))

        // Far away: recentred with one load.
        loads = scripted.run { jump = $0.jump(to: today + 40) }
        #expect(jump?.kind == .recenter && loads.count == 1)
        #expect(scripted.timeline.position == ScrollPosition(day: today + 40))
    }

    @Test func placeholdersUntilLoadedAndInvalidationReloadsOnlyThoseDays() {
        var timeline = Timeline<[Int]>(width: 40, height: 10, selecting: today) { _, titles, width in
            FakeDays.layout(titleLengths: titles, width: width)
        }
        let initial = timeline.takeLoadRequests()
        #expect(initial.map(\.days) == [DayRange(today + -11, today + 15)])
        #expect(timeline.takeLoadRequests().isEmpty)
        let first = timeline.screen.days[0]
        #expect(first.content == nil && first.isLoading && first.layout == DayLayout(height: 2))
        #expect(timeline.selection == Selection(day: today))

        timeline.didLoad(initial[0]) { $0 == today ? [10, 10] : [] }
        #expect(timeline.isLoaded(today) && timeline.content(of: today) == [10, 10])
        #expect(timeline.layout(of: today).height == 3)
        #expect(timeline.selection == Selection(day: today, item: 0))

        timeline.invalidate(today)
        let reload = timeline.takeLoadRequests()
        #expect(reload.map(\.days) == [DayRange(today, today)])
        #expect(!timeline.isLoaded(today) && timeline.content(of: today) == [10, 10])
        #expect(timeline.screen.days[0].isLoading)

        // A late second answer to the first request changes nothing.
        timeline.didLoad(initial[0]) { _ in [99] }
        #expect(timeline.content(of: today) == [10, 10] && timeline.content(of: today + 1) == [])

        timeline.didLoad(reload[0]) { _ in [10] }
        #expect(timeline.isLoaded(today) && timeline.content(of: today) == [10])

        // Days outside the window are never invalidated (they load fresh when they come back).
        timeline.invalidate(DayRange(today + 100, today + 200))
        #expect(timeline.takeLoadRequests().isEmpty)
    }

    @Test func aReloadKeepsTheSelectedItemValid() {
        // Today has no meals: the day itself is selected.
        var scripted = ScriptedTimeline(width: 40, height: 10, selecting: today)
        #expect(scripted.timeline.selection == Selection(day: today))

        // Meals appear (another process added them): the first one is selected.
        scripted.meals[today] = [10, 10, 10]
        scripted.run { $0.invalidate(today) }
        #expect(scripted.timeline.selection == Selection(day: today, item: 0))

        // With the last of three selected, two go away: the one left is selected.
        scripted.run { $0.moveSelection(byItems: 2) }
        #expect(scripted.timeline.selection == Selection(day: today, item: 2))
        scripted.meals[today] = [10]
        scripted.run { $0.invalidate(today) }
        #expect(scripted.timeline.selection == Selection(day: today, item: 0))

        // The same after the view was scrolled (the view, not the selection, is what stays).
        scripted.meals[today + 1] = [10, 10]
        scripted.run { $0.invalidate(today + 1) }
        scripted.run { $0.moveSelection(byItems: 2) }
        scripted.run { $0.scroll(byLines: 1) }
        #expect(scripted.timeline.selection == Selection(day: today + 1, item: 1))
        scripted.meals[today + 1] = []
        scripted.run { $0.invalidate(today + 1) }
        #expect(scripted.timeline.selection == Selection(day: today + 1))
        scripted.meals[today + 1] = [10]
        scripted.run { $0.invalidate(today + 1) }
        #expect(scripted.timeline.selection == Selection(day: today + 1, item: 0))
    }

    @Test func replacingTheLayoutLaysOutEveryHeldDayAgainAndKeepsTheTopDay() {
        // Every day: two 30-character titles, one line each at 40 columns.
        var scripted = ScriptedTimeline(width: 40, height: 10, selecting: today, defaultMeals: [30, 30])
        scripted.run { $0.scroll(byDays: 1) }
        scripted.run { $0.moveSelection(byItems: 1) }
        #expect(scripted.rows == ["2026-11-22 0+3@0", "2026-11-23 0+3@3", "2026-11-24 0+3@6", "2026-11-25 0+1@9"])
        #expect(scripted.timeline.selection == Selection(day: today + 1, item: 1))

        // A layout that wraps titles at half the width: each title takes two lines.
        let loads = scripted.run {
            $0.replaceLayout { _, titles, width in FakeDays.layout(titleLengths: titles, width: width / 2) }
        }
        #expect(loads.isEmpty)
        #expect(scripted.rows == ["2026-11-22 0+5@0", "2026-11-23 0+5@5"])
        #expect(scripted.timeline.layout(of: today + 1).items == [1..<3, 3..<5])
        #expect(scripted.timeline.selection == Selection(day: today + 1, item: 1))
        // Days loaded later use the new layout too.
        scripted.run { $0.jump(to: today + 100) }
        #expect(scripted.timeline.layout(of: today + 100).height == 5)
    }

    @Test func aJumpWithContextShowsTheEndOfTheDayBeforeAndKeepsItThroughLoads() {
        // The day before today has four one-line meals (5 lines), today two (3 lines).
        let meals: [Day: [Int]] = [today + -1: [10, 10, 10, 10], today: [10, 10]]
        var timeline = Timeline<[Int]>(width: 40, height: 10, selecting: today, context: 3) { _, titles, width in
            FakeDays.layout(titleLengths: titles, width: width)
        }
        // Before the load every day is a 2-line placeholder: all of the day before shows.
        #expect(timeline.position == ScrollPosition(day: today + -1))
        for request in timeline.takeLoadRequests() {
            timeline.didLoad(request) { meals[$0] ?? [] }
        }
        // Loaded, it is 5 lines: its last 3 are above today, whose first meal is selected.
        #expect(timeline.position == ScrollPosition(day: today + -1, line: 2))
        #expect(timeline.selection == Selection(day: today, item: 0))
        #expect(timeline.screen.selectedLines == 4..<5)

        // An edit of the day before (now one meal, 2 lines) keeps today where it was relative
        // to it: both of its lines show.
        timeline.invalidate(today + -1)
        for request in timeline.takeLoadRequests() {
            timeline.didLoad(request) { $0 == today + -1 ? [10] : meals[$0] ?? [] }
        }
        #expect(timeline.position == ScrollPosition(day: today + -1))

        // A move ends it: the view then only scrolls as needed.
        timeline.moveSelection(byItems: 1)
        timeline.invalidate(today + -1)
        for request in timeline.takeLoadRequests() {
            timeline.didLoad(request) { meals[$0] ?? [] }
        }
        #expect(timeline.position == ScrollPosition(day: today + -1))
    }

    @Test func contextGivesWayToTheWholeDayAndTheCalendarsStart() {
        var scripted = ScriptedTimeline(width: 40, height: 4, selecting: today, defaultMeals: [10, 10])
        // Far away and back with 3 lines of context: the day needs 3 of the 4 lines, so the day
        // before gets 1.
        scripted.run { $0.jump(to: today + 1000) }
        var jump: Jump<[Int]>?
        scripted.run { jump = $0.jump(to: today, context: 3) }
        #expect(jump?.kind == .recenter)
        #expect(scripted.rows == ["2026-11-20 2+1@0", "2026-11-21 0+3@1"])
        // Inside the window: a smooth jump to the same kind of place.
        scripted.run { jump = $0.jump(to: today + 3, context: 3) }
        #expect(jump?.kind == .smooth)
        #expect(scripted.rows == ["2026-11-23 2+1@0", "2026-11-24 0+3@1"])
        // A view of 2 lines has no room for the day: as much of it as fits, from its header.
        scripted.run { $0.resize(width: 40, height: 2) }
        scripted.run { $0.jump(to: today, context: 3) }
        #expect(scripted.rows == ["2026-11-21 0+2@0"])
        // Nothing comes before the first day.
        scripted.run { $0.jump(to: .first, context: 3) }
        #expect(scripted.timeline.position == ScrollPosition(day: .first))
    }

    @Test func aJumpShowsTheWholeDayBelowItsContext() {
        // Days of one meal (2 lines); today + 4 has three (4 lines), and today + 6 has four of
        // 80 characters (2 lines each at 40 columns, 9 lines in all).
        let meals: [Day: [Int]] = [today + 4: [10, 10, 10], today + 6: [80, 80, 80, 80]]
        var scripted = ScriptedTimeline(width: 40, height: 10, selecting: today, meals: meals, defaultMeals: [10])
        // today + 4 starts on the last two lines: its header and first meal show, not the rest.
        #expect(scripted.rows.last == "2026-11-25 0+2@8")
        // A jump shows it whole, under 2 lines of context (all of the day before).
        scripted.run { $0.jump(to: today + 4, context: 2) }
        #expect(scripted.rows == ["2026-11-24 0+2@0", "2026-11-25 0+4@2", "2026-11-26 0+2@6", "2026-11-27 0+2@8"])
        #expect(scripted.timeline.screen.selectedLines == 3..<4)
        // A jump to a day wholly on screen moves only the selection.
        scripted.run { $0.jump(to: today + 5, context: 2) }
        #expect(scripted.timeline.position == ScrollPosition(day: today + 3))
        // 9 lines in a view of 10: the context gives way, to 1 line.
        scripted.run { $0.jump(to: today + 6, context: 2) }
        #expect(scripted.rows == ["2026-11-26 1+1@0", "2026-11-27 0+9@1"])
        // Taller than the view: from its header, as much as fits.
        scripted.run { $0.resize(width: 40, height: 5) }
        scripted.run { $0.jump(to: today, context: 2) }
        scripted.run { $0.jump(to: today + 6, context: 2) }
        #expect(scripted.rows == ["2026-11-27 0+5@0"])
    }

    @Test func answersOvertakenByAJumpAreIgnored() {
        var timeline = Timeline<[Int]>(width: 40, height: 10, selecting: today) { _, titles, width in
            FakeDays.layout(titleLengths: titles, width: width)
        }
        // Requests not yet taken are dropped with their days.
        timeline.jump(to: today + 2000)
        timeline.jump(to: today + 1000)
        let far = timeline.takeLoadRequests()
        #expect(far.map(\.days) == [DayRange(today + 989, today + 1015)])

        timeline.jump(to: today)
        let home = timeline.takeLoadRequests()
        #expect(home.map(\.days) == [DayRange(today + -11, today + 15)])

        timeline.didLoad(far[0]) { _ in [10] }
        #expect(timeline.content(of: today + 1000) == nil && !timeline.isLoaded(today))
        timeline.didLoad(home[0]) { _ in [10] }
        #expect(timeline.isLoaded(today))
    }

    @Test func theSelectionFollowsAScrolledView() {
        var scripted = ScriptedTimeline(width: 40, height: 10, selecting: today, defaultMeals: [10])
        scripted.run { $0.scroll(byLines: 1) }
        #expect(scripted.timeline.selection == Selection(day: today, item: 0))
        scripted.run { $0.scroll(byLines: 1) }
        #expect(scripted.timeline.selection == Selection(day: today + 1, item: 0))

        scripted.run { $0.moveSelection(byDays: 4) }
        #expect(scripted.timeline.position == ScrollPosition(day: today + 1))
        #expect(scripted.timeline.selection == Selection(day: today + 5, item: 0))
        scripted.run { $0.scroll(byLines: -2) }
        #expect(scripted.timeline.selection == Selection(day: today + 4, item: 0))
    }

    @Test func aPageKeepsOneLineOfContext() {
        var scripted = ScriptedTimeline(width: 40, height: 10, selecting: today, defaultMeals: [10])
        scripted.run { $0.scroll(byPages: 1) }
        #expect(scripted.timeline.position == ScrollPosition(day: today + 4, line: 1))
        scripted.run { $0.scroll(byPages: -1) }
        #expect(scripted.timeline.position == ScrollPosition(day: today))
    }

    @Test func scrollingFarKeepsTheWindowBounded() {
        var scripted = ScriptedTimeline(width: 40, height: 10, selecting: today, defaultMeals: [10])
        var largest = 0
        var loadsPerStep = 0
        for _ in 0..<2_000 {
            loadsPerStep = max(loadsPerStep, scripted.run { $0.scroll(byPages: 1) }.count)
            largest = max(largest, scripted.timeline.window.count)
        }
        // 9 lines a page over 2-line days: 4.5 days a step, 9,000 days in all.
        #expect(scripted.timeline.position.day == today + 9_000)
        #expect(largest <= 6 + 14 + 2 * Timeline<[Int]>.slack)
        #expect(loadsPerStep == 1)
    }

    @Test func theItemsOverlappingSomeLinesAreFoundByBisection() {
        // Items of 1 and 2 lines in turn after a header line: 1..<2, 2..<4, 4..<5, 5..<7, …
        var items: [Range<Int>] = []
        var line = 1
        for index in 0..<10_000 {
            items.append(line..<(line + 1 + index % 2))
            line = items.last!.upperBound
        }
        let layout = DayLayout(height: line, items: items)
        #expect(layout.items(overlapping: 0..<1) == 0..<0)
        #expect(layout.items(overlapping: 0..<2) == 0..<1)
        #expect(layout.items(overlapping: 3..<5) == 1..<3)
        let overlapping = items.indices.filter { items[$0].overlaps(7_000..<7_023) }
        #expect(layout.items(overlapping: 7_000..<7_023) == overlapping.first!..<(overlapping.last! + 1))
        #expect(layout.items(overlapping: line..<(line + 5)).isEmpty)
        #expect(DayLayout(height: 2).items(overlapping: 0..<2).isEmpty)
    }

    @Test func layoutsAreClippedToTheirBlock() {
        let layout = DayLayout(height: 0, items: [0..<3, 5..<6])
        #expect(layout.height == 1 && layout.items == [0..<1])
        #expect(layout.lines(of: nil) == 0..<1 && layout.lines(of: 0) == 0..<1)
    }
}
