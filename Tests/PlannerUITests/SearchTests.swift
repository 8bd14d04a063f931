import MealPlanCore
import PlannerRuntime
import PlannerUI
import Recurrence
import TerminalKit
import Testing
import TestSupport
import Timeline

@Suite struct SearchTests {
    /// Soup on the selected day, in a year's time, and long ago; a note that mentions soup.
    let meals = sampleMeals + [
        Meal(day: saturday, slot: "snack", title: "Crackers", note: "with the SOUP leftovers"),
        Meal(day: day("2027-02-10"), slot: "lunch", title: "Pumpkin soup"),
        Meal(day: day("1999-12-31"), slot: "dinner", title: "Millennium soup"),
    ]

    @Test func slashSearchesTheRestOfTheDayThenTheWholeDatabase() {
        var harness = Harness(today: saturday, meals: meals)
        harness.press(.character("/"))
        harness.type("soup")
        harness.press(.enter)
        // The note of today's snack matches, ignoring case: found without asking the store.
        #expect(harness.selectedTitle == "Crackers")
        #expect(!harness.effects.contains { if case .findMatch = $0 { true } else { false } })
        #expect(harness.state.message == StatusMessage("/soup"))
        harness.press(.character("n"))
        #expect(harness.selectedTitle == "Soup")
        harness.press(.character("n"))
        #expect(harness.selectedTitle == "Pumpkin soup")
        #expect(harness.state.timeline.selection.day == day("2027-02-10"))
        harness.press(.character("n"))
        #expect(harness.state.message == StatusMessage("No match for 'soup' after Wed 10 Feb 2027", isError: true))
        #expect(harness.selectedTitle == "Pumpkin soup")
    }

    /// A repeat that never ends is searched up to the horizon `list --search` shows it to, a
    /// year after the last stored meal (here the pumpkin soup) or today: `n` stops there and
    /// says so, and `N` from far beyond it comes back to the last occurrence before it.
    @Test func nStopsAtTheSearchHorizonOfANeverEndingRepeat() {
        let weekly = try! RepeatRule(firstDay: saturday.adding(days: 7), pattern: .weeks(interval: 1, weekdays: [.saturday]))
        var harness = Harness(today: saturday, meals: meals,
                              rules: [(weekly, Meal(day: weekly.firstDay, slot: "dinner", title: "Fish pie"))])
        let lastSoup = day("2027-02-10")
        let horizon = day("2028-02-10")
        let lastBefore = (0..<7).map { horizon.adding(days: -$0) }.first { $0.weekday == .saturday }!
        harness.press(.character("/"))
        harness.type("fish")
        harness.press(.enter)
        #expect(harness.state.timeline.selection.day == weekly.firstDay)
        harness.send(.matchFound(SearchRequest(text: "fish", direction: .forward, from: lastBefore, today: saturday), nil,
                                 repeatsShownThrough: horizon))
        #expect(harness.state.message == StatusMessage(
            "No match after \(longDateText(lastBefore)) (repeats to \(longDateText(horizon)))", isError: true))
        // Beside the day's label and the help hint, the whole message shows at 80 columns.
        var wide = Harness(today: saturday, size: Size(width: 80, height: 24), meals: meals,
                           rules: [(weekly, Meal(day: weekly.firstDay, slot: "dinner", title: "Fish pie"))])
        wide.press(.character("/"))
        wide.type("fish")
        wide.press(.enter)
        wide.send(.matchFound(SearchRequest(text: "fish", direction: .forward, from: lastBefore, today: saturday), nil,
                              repeatsShownThrough: horizon))
        #expect(wide.lines.last?.contains(harness.state.message!.text) == true, "\(wide.lines.last ?? "")")
        // The store's own answers: nothing after the last occurrence before the horizon, and
        // that occurrence from beyond it.
        let after = PlannerEffects.answer(.findMatch(SearchRequest(text: "fish", direction: .forward, from: lastBefore, today: saturday)),
                                          store: harness.store)
        #expect(after == .matchFound(SearchRequest(text: "fish", direction: .forward, from: lastBefore, today: saturday), nil,
                                     repeatsShownThrough: horizon))
        let farBack = SearchRequest(text: "fish", direction: .backward, from: day("2100-01-01"), today: saturday)
        guard case .matchFound(_, let meal, nil) = PlannerEffects.answer(.findMatch(farBack), store: harness.store) else {
            Issue.record("no match before 2100")
            return
        }
        #expect(meal?.day == lastBefore && lastSoup < horizon)
    }

    /// "Sat 5 Feb 2028", as the status line writes a day.
    private func longDateText(_ day: Day) -> String {
        let date = day.date
        return "\(day.weekday.shortName) \(date.day) \(Day.monthNames[date.month - 1].prefix(3)) \(date.year)"
    }

    /// A repeat's occurrences have no id: `n` and `N` reach them and move on from them, day by
    /// day, rather than sticking on the first.
    @Test func nAndCapitalNReachARepeatsOccurrencesAndMoveOn() {
        let weekly = try! RepeatRule(firstDay: saturday.adding(days: 7), pattern: .weeks(interval: 1, weekdays: [.saturday]),
                                     end: .count(3))
        var harness = Harness(today: saturday, meals: meals,
                              rules: [(weekly, Meal(day: saturday.adding(days: 7), slot: "dinner", title: "Pizza night"))])
        harness.press(.character("/"))
        harness.type("pizza")
        harness.press(.enter)
        for week in 1...3 {
            #expect(harness.selectedTitle == "Pizza night", "week \(week)")
            #expect(harness.state.timeline.selection.day == saturday.adding(days: 7 * week))
            harness.press(.character("n"))
        }
        // The last occurrence: three weeks after Saturday 28 February.
        #expect(harness.state.message == StatusMessage("No match for 'pizza' after Sat 21 Mar 2026", isError: true))
        harness.press(.character("N"))
        #expect(harness.state.timeline.selection.day == saturday.adding(days: 14))
        #expect(harness.selectedTitle == "Pizza night")
    }

    @Test func capitalNSearchesBackwardsAcrossTheDatabase() {
        var harness = Harness(today: saturday, meals: meals)
        harness.press(.character("/"))
        harness.type("SOUP")
        harness.press(.enter)
        #expect(harness.selectedTitle == "Crackers")
        harness.press(.character("N"))
        #expect(harness.selectedTitle == "Millennium soup")
        // Under (12 - 1) / 4 = 2 lines of context: the empty day before, whole.
        #expect(harness.lines[0].hasPrefix("Thu 30 Dec") && harness.lines[2].hasPrefix("Fri 31 Dec"))
        harness.press(.character("N"))
        #expect(harness.state.message == StatusMessage("No match for 'SOUP' before Fri 31 Dec 1999", isError: true))
        harness.press(.character("n"))
        #expect(harness.selectedTitle == "Crackers")
    }

    /// Accents and case fold both ways, in the loaded days and in the store's search alike.
    @Test func searchIgnoresAccentsBothWays() {
        var harness = Harness(today: saturday, meals: meals + [
            Meal(day: saturday, slot: "snack", title: "Crème brûlée"),
            Meal(day: day("2027-05-01"), slot: "snack", title: "creme caramel"),
            Meal(day: day("2028-05-01"), slot: "snack", title: "CRÈME BRÛLÉE"),
        ])
        harness.press(.character("/"))
        harness.type("creme")
        harness.press(.enter)
        #expect(harness.selectedTitle == "Crème brûlée")
        harness.press(.character("/"))
        harness.type("CRÈME")
        harness.press(.enter)
        #expect(harness.selectedTitle == "creme caramel")
        harness.press(.character("/"))
        harness.type("brulee")
        harness.press(.enter)
        #expect(harness.selectedTitle == "CRÈME BRÛLÉE")
    }

    @Test func searchAsksTheStoreFromTheSelectedDay() {
        var harness = Harness(today: saturday, meals: meals)
        harness.press(.character("J"), .character("/"))
        harness.type("pumpkin")
        harness.press(.enter)
        #expect(harness.effects.contains(.findMatch(SearchRequest(text: "pumpkin", direction: .forward, from: day("2026-03-01"), today: saturday))))
        #expect(harness.selectedTitle == "Pumpkin soup")
    }

    @Test func nWithoutASearchExplainsAndAnEmptySearchRepeatsTheLastOne() {
        var harness = Harness(today: saturday, meals: meals)
        harness.press(.character("n"))
        #expect(harness.state.message == StatusMessage("No search yet; / searches titles and notes", isError: true))
        harness.press(.character("/"))
        harness.type("porridge")
        harness.press(.enter)
        // Porridge is selected; the search looks after it only.
        #expect(harness.state.message == StatusMessage("No match for 'porridge' after Sat 28 Feb 2026", isError: true))
        harness.press(.character("k"), .character("/"), .enter)
        #expect(harness.state.lastSearch == "porridge")
        #expect(harness.selectedTitle == "Porridge")
    }

    /// A text that folds to nothing, a lone combining accent or spaces around one, would match
    /// every meal: the prompt refuses it and stays open with it, and the last search stands.
    @Test func aSearchThatFoldsToNothingIsRefused() {
        var harness = Harness(today: saturday, meals: meals)
        harness.press(.character("/"))
        harness.type("porridge")
        harness.press(.enter)
        for text in ["\u{301}", " \u{308} ", "\u{301}\u{327}"] {
            harness.press(.character("/"))
            harness.type(text)
            harness.press(.enter)
            guard case .prompt(let prompt) = harness.state.mode else {
                Issue.record("the prompt closed for \(text.unicodeScalars.map(\.value))")
                continue
            }
            #expect(prompt.error?.hasPrefix("nothing to search for") == true)
            #expect(harness.state.lastSearch == "porridge")
            harness.press(.escape)
        }
    }

    @Test func anOutdatedAnswerIsIgnored() {
        var harness = Harness(today: saturday, meals: meals)
        harness.press(.character("/"))
        harness.type("pumpkin")
        harness.press(.enter)
        let before = harness.state.timeline.selection
        harness.send(.matchFound(SearchRequest(text: "other", direction: .forward, from: saturday, today: saturday), harness.meals[1],
                                 repeatsShownThrough: nil))
        #expect(harness.state.timeline.selection == before)
    }
}
