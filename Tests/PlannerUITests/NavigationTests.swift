import MealPlanCore
import PlannerUI
import TerminalKit
import Testing
import TestSupport
import Timeline

@Suite struct NavigationTests {
    @Test func startLoadsTheWindowAroundTodayAndSelectsItsFirstMeal() {
        let harness = Harness(today: saturday, meals: sampleMeals)
        guard case .load(let request) = harness.effects.first else {
            Issue.record("the first effect is not a load: \(harness.effects)")
            return
        }
        #expect(request.days.contains(saturday.adding(days: -7)) && request.days.contains(saturday.adding(days: 12)))
        #expect(harness.state.timeline.selection == Selection(day: saturday, item: 0))
        #expect(harness.selectedTitle == "Porridge")
    }

    @Test func jAndKMoveByMealAcrossDays() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("j"))
        #expect(harness.selectedTitle == "Roast vegetables with a very long title that wraps")
        harness.press(.down)
        #expect(harness.state.timeline.selection == Selection(day: day("2026-03-01")))
        harness.press(.character("j"))
        #expect(harness.selectedTitle == "Soup")
        harness.press(.character("k"), .up)
        #expect(harness.state.timeline.selection == Selection(day: saturday, item: 1))
    }

    @Test func capitalJAndKMoveByDay() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("J"), .character("J"))
        #expect(harness.selectedTitle == "Soup")
        harness.press(.character("K"))
        #expect(harness.state.timeline.selection.day == day("2026-03-01"))
    }

    @Test func hLAndTheSideArrowsMoveByDayAsInCalcurse() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("l"), .right)
        #expect(harness.selectedTitle == "Soup")
        harness.press(.character("h"))
        #expect(harness.state.timeline.selection.day == day("2026-03-01"))
        harness.press(.left)
        #expect(harness.state.timeline.selection.day == saturday)
    }

    @Test func aNewDayMovesTodayInLabelsTAndDates() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        let sunday = day("2026-03-01")
        harness.send(.newDay(sunday))
        #expect(harness.state.today == sunday)
        // The view stays; the label moves.
        #expect(harness.lines[2] == line("Sat 28 Feb"))
        #expect(harness.lines[7] == line("Sun 1 Mar  today"))
        harness.press(.character("]"), .character("t"))
        harness.finishAnimation()
        #expect(harness.state.timeline.selection.day == sunday)
        harness.press(.character("g"))
        harness.type("tomorrow")
        harness.press(.enter)
        harness.finishAnimation()
        #expect(harness.selectedTitle == "Soup")
    }

    @Test func bracketsMoveAWeekAndTGoesBackToToday() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("]"))
        #expect(harness.state.timeline.selection.day == day("2026-03-07"))
        harness.press(.character("["), .character("["))
        #expect(harness.state.timeline.selection.day == day("2026-02-21"))
        harness.press(.character("t"))
        harness.finishAnimation()
        #expect(harness.state.timeline.selection == Selection(day: saturday, item: 0))
        // Near enough to scroll to: today comes into view as little as needed.
        #expect(harness.state.timeline.screen.selectedLines != nil)
    }

    @Test func pagesScrollTheViewAndTheSelectionFollows() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        let before = harness.state.timeline.position
        for key: Key in [.pageDown, .character(" "), .control("f")] {
            let top = harness.state.timeline.position
            harness.press(key)
            #expect(harness.state.timeline.position > top)
        }
        #expect(harness.state.timeline.selection.day > saturday)
        harness.press(.pageUp, .control("b"), .pageUp)
        #expect(harness.state.timeline.position == before)
    }

    @Test func ctrlEAndCtrlYScrollOneLineKeepingAVisibleSelection() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        // The day before today is 2 lines at the top.
        harness.press(.control("e"))
        #expect(harness.state.timeline.position == ScrollPosition(day: saturday.adding(days: -1), line: 1))
        harness.press(.control("e"), .control("e"))
        #expect(harness.state.timeline.position == ScrollPosition(day: saturday, line: 1))
        #expect(harness.selectedTitle == "Porridge")
        harness.press(.control("e"))
        // Porridge left the screen: the selection moved to the first meal wholly on it.
        #expect(harness.selectedTitle == "Roast vegetables with a very long title that wraps")
        harness.press(.control("y"), .control("y"))
        #expect(harness.state.timeline.position == ScrollPosition(day: saturday))
    }

    @Test func mouseWheelScrollsAndClickSelects() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        let start = harness.state.timeline.position
        harness.send(.event(.mouse(MouseEvent(.wheelDown, x: 5, y: 5))))
        // Past the 2 lines of the day before today and today's header.
        #expect(harness.state.timeline.position == ScrollPosition(day: saturday, line: 1))
        harness.send(.event(.mouse(MouseEvent(.wheelUp, x: 5, y: 5))))
        #expect(harness.state.timeline.position == start)
        // Row 10 is Monday's lunch (see RenderTests), row 5 the dinner's second line.
        harness.send(.event(.mouse(MouseEvent(.click, x: 20, y: 10))))
        #expect(harness.selectedTitle == "Soup")
        harness.send(.event(.mouse(MouseEvent(.click, x: 20, y: 5))))
        #expect(harness.state.timeline.selection == Selection(day: saturday, item: 1))
    }

    @Test func goToANearDateScrollsSmoothlyInFrames() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("g"))
        harness.type("-3")
        harness.press(.enter)
        #expect(harness.state.mode == .browsing)
        #expect(harness.state.timeline.selection.day == day("2026-02-25"))
        #expect(!harness.state.animationFrames.isEmpty)
        #expect(harness.pendingTicks == 1)
        // While frames remain, the screen shows them, top day moving towards the target.
        let firstFrame = harness.lines
        harness.finishAnimation()
        #expect(harness.state.animationFrames.isEmpty)
        #expect(harness.lines != firstFrame)
        #expect(harness.lines[11].hasPrefix("Wed 25 Feb 2026"))
        // The day lands under (12 - 1) / 4 = 2 lines of context: all of the empty Tuesday.
        #expect(harness.lines[0].hasPrefix("Tue 24 Feb") && harness.lines[2].hasPrefix("Wed 25 Feb"))
    }

    @Test func goToAFarDateRecentersWithOneLoad() {
        var harness = Harness(today: saturday, meals: sampleMeals + [Meal(day: day("2031-07-14"), slot: "dinner", title: "Far away")])
        let loads = harness.effects.count
        harness.press(.character("g"))
        harness.type("2031-07-14")
        harness.press(.enter)
        #expect(harness.effects.count == loads + 1)
        #expect(harness.state.animationFrames.isEmpty)
        // Under (12 - 1) / 4 = 2 lines of context: the empty day before, whole.
        #expect(harness.state.timeline.position == ScrollPosition(day: day("2031-07-13")))
        #expect(harness.selectedTitle == "Far away")
        #expect(harness.lines[0].hasPrefix("Sun 13 Jul") && harness.lines[2].hasPrefix("Mon 14 Jul"))
        harness.press(.character("t"))
        #expect(harness.selectedTitle == "Porridge")
    }

    @Test func todayComesBackBelowTheDayBeforeFromNearAndFar() {
        let start = Harness(today: saturday, meals: sampleMeals).lines
        #expect(start[0].hasPrefix("Fri 27 Feb") && start[2].hasPrefix("Sat 28 Feb  today"))
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("]"), .character("t"))
        harness.finishAnimation()
        #expect(harness.lines == start)
        harness.press(.character("g"))
        harness.type("2031-07-14")
        harness.press(.enter, .character("t"))
        #expect(harness.lines == start)
    }

    @Test func aKeyDuringAnAnimationShowsTheDestinationAtOnce() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("g"))
        harness.type("+5")
        harness.press(.enter)
        harness.press(.character("j"))
        #expect(harness.state.animationFrames.isEmpty)
        harness.finishAnimation()
        #expect(harness.state.animationFrames.isEmpty)
    }

    @Test func resizeKeepsTheSelectedMealAndRelaysOut() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        let start = harness.lines
        let top = harness.state.timeline.position.day
        harness.send(.event(.resize(width: 20, height: 5)))
        #expect(harness.state.size == Size(width: 20, height: 5))
        #expect(harness.state.timeline.height == 4)
        #expect(harness.state.timeline.position.day == top)
        harness.send(.event(.resize(width: 1, height: 1)), .event(.resize(width: 40, height: 12)))
        // The first meal stays selected: at 1×1 the view went down to it, and back at 40×12 it
        // shows with its day's header on the top line: the start's screen without its lines of
        // the day before at the top ((12 - 1) / 4 of them), the month tag now on that header.
        #expect(harness.selectedTitle == "Porridge" && harness.state.timeline.selection.day == saturday)
        let context = 2
        #expect(harness.lines[0].hasPrefix("Sat 28 Feb  today") && harness.lines[0].hasSuffix("February 2026 "))
        #expect(harness.lines[1..<(11 - context)] == start[(context + 1)..<11])
    }

    @Test func ctrlCQuitsWhileBrowsingAndCancelsAPromptKeepingTheStore() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("a"))
        harness.type("lunch")
        harness.press(.enter)
        harness.type("Soup")
        harness.press(.control("c"))
        #expect(harness.state.mode == .browsing)
        #expect(!harness.quitRequested && harness.meals.count == 3)
        harness.press(.control("c"))
        #expect(harness.quitRequested && harness.state.shouldQuit)
    }

    @Test func unknownKeysSayHowToGetHelpAndTheNextKeyClearsIt() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("Z"))
        #expect(harness.state.message == StatusMessage("Z does nothing here; ? shows the keys"))
        harness.press(.character("j"))
        #expect(harness.state.message == nil)
    }

    @Test func qQuits() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("q"))
        #expect(harness.state.shouldQuit)
        #expect(harness.quitRequested)
    }

    @Test func externalChangesReloadKeepingViewAndSelectedMeal() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("j"))
        let position = harness.state.timeline.position
        harness.changeOutside { harness in
            harness.add(Meal(day: saturday, slot: "breakfast", title: "Coffee"))
            harness.add(Meal(day: day("2026-03-01"), slot: "lunch", title: "Picnic"))
        }
        #expect(harness.selectedTitle == "Roast vegetables with a very long title that wraps")
        #expect(harness.state.timeline.selection.item == 2)
        #expect(harness.state.timeline.position == position)
        #expect(harness.lines[4] == line("  breakfast Coffee"))
        #expect(harness.lines.contains(line("  lunch     Picnic")))
    }

    @Test func aFailedChangeCheckIsShownInTheStatusLine() {
        var harness = Harness(today: saturday, size: Size(width: 80, height: 12), meals: sampleMeals)
        harness.send(.changeCheckFailed(message: "input/output error"))
        #expect(harness.lines[11] == line("Sat 28 Feb 2026  Cannot see other programs' changes: input/output error", 74) + "? help")
        #expect(harness.render().buffer[17, 11].style == Style(foreground: .red, bold: true))
    }

    @Test func selectedMealRemovedOutsideMovesTheSelectionToAMealThatExists() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("j"))
        harness.changeOutside { harness in
            let dinner = harness.meals.values.first { $0.slot == "dinner" }!
            _ = try! harness.store.removeMeals(ids: [dinner.id!])
        }
        #expect(harness.selectedTitle == "Porridge")
    }
}
