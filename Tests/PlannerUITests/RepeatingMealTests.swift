import MealPlanCore
import MealPlanStore
@testable import PlannerUI
import Recurrence
import TerminalKit
import Testing
import TestSupport

/// `x` makes a single meal repeat: every, on and ends asked one at a time, each refused in the
/// words of `mealplan repeat add`'s options, and saved as one change that `u` undoes.
@Suite struct RepeatingMealTests {
    /// The open repeat prompt's form, if any.
    func form(_ harness: Harness) -> RepeatForm? {
        if case .repeatMeal(let form) = harness.prompt?.kind { return form }
        return nil
    }

    /// `x` on Saturday's porridge, then `fields` each typed and entered.
    func repeatPorridge(_ fields: String..., size: Size = Size(width: 40, height: 12)) -> Harness {
        var harness = Harness(today: saturday, size: size, meals: sampleMeals)
        #expect(harness.selectedTitle == "Porridge")
        harness.press(.character("x"))
        for field in fields {
            harness.type(field)
            harness.press(.enter)
        }
        return harness
    }

    /// The message the parser gives for these fields, in the prompt's words.
    func parserError(every: String, on: String? = nil, until: Day? = nil, count: Int? = nil) -> String {
        do {
            _ = try RepeatRule(firstDay: saturday, every: every, on: on, until: until, count: count)
            return "no error"
        } catch {
            return error.promptMessage
        }
    }

    @Test func everyOnAndEndsAreAskedInTurnAndSavedAsOneChangeThatUndoesAndRedoes() throws {
        var harness = Harness(today: saturday, meals: sampleMeals)
        let porridge = try #require(harness.state.selectedMeal)
        harness.press(.character("x"))
        #expect(form(harness)?.step == .every && form(harness)?.meal == porridge)
        // What is asked fills the line above; the keys' hints give way to it at 40 columns.
        #expect(harness.lines[10] == line("Repeating 'Porridge' · day, weekdays, mon-fri, 2w, month, year".truncated(toWidth: 40)))
        #expect(harness.lines[11] == line("Every: "))
        harness.type("week")
        harness.press(.enter)
        #expect(form(harness)?.step == .on && harness.prompt?.editor.text == "")
        #expect(harness.lines[10] == line("Repeating 'Porridge' · mon,thu, mon-fri or nothing: every week on Sat".truncated(toWidth: 40)))
        #expect(harness.lines[11] == line("On: "))
        harness.type("sat,sun")
        harness.press(.enter)
        #expect(form(harness)?.step == .ends)
        #expect(harness.lines[11] == line("Ends: "))
        harness.type("x4")
        harness.press(.enter)

        #expect(harness.prompt == nil)
        #expect(harness.state.message == StatusMessage("'Porridge' repeats every week on Sat, Sun, 4 times; u undoes"))
        let rule = try harness.store.rule(id: 1)
        #expect(rule.rule == (try RepeatRule(firstDay: saturday, pattern: .weeks(interval: 1, weekdays: [.saturday, .sunday]),
                                             end: .count(4))))
        #expect(rule.meal == Meal(day: saturday, slot: "breakfast", title: "Porridge"))
        // The single meal went; the rule's first occurrence stands in its place.
        #expect(!harness.storedMeals.contains { $0.title == "Porridge" })
        let shown = try #require(harness.state.timeline.content(of: saturday))
        #expect(shown.map(\.title) == ["Porridge", "Roast vegetables with a very long title that wraps"])
        #expect(shown[0].id == nil && shown[0].occurrence == Occurrence(rule: 1, day: saturday))
        #expect(harness.state.timeline.content(of: saturday.adding(days: 1))?.map(\.title) == ["Porridge"])
        #expect(harness.state.undoStack.count == 1)

        harness.press(.character("u"))
        #expect(harness.state.message == StatusMessage("Undid: make 'Porridge' repeat"))
        #expect(try harness.store.rules().isEmpty)
        #expect(harness.storedMeals.first == porridge, "the meal is back with its id")
        #expect(harness.state.timeline.content(of: saturday.adding(days: 1))?.isEmpty == true)
        harness.press(.control("r"))
        #expect(harness.state.message == StatusMessage("Redid: make 'Porridge' repeat"))
        #expect(try harness.store.rules() == [rule], "the same rule under the same id")
        #expect(!harness.storedMeals.contains { $0.title == "Porridge" })
    }

    @Test func theHintNamesTheKeysWhereThereIsRoom() throws {
        var harness = repeatPorridge("month", size: Size(width: 80, height: 24))
        // In 80 columns the keys anyone guesses make way first (↑, then Enter), then Esc:
        // what is asked stays.
        #expect(harness.lines[22] == line(
            ["Repeating 'Porridge'", "15, 2tue, last-fri or nothing: every month on the 28th"].joined(separator: " · "), 80))
        #expect(harness.lines[23] == line("On:", 80))
        harness.press(.enter)
        #expect(harness.lines[22] == line(
            ["Repeating 'Porridge'", "a date, x6 for 6 times, nothing: never", "Esc cancels"].joined(separator: " · "), 80))
        #expect(harness.lines[23] == line("Ends:", 80))
        var wide = repeatPorridge(size: Size(width: 200, height: 50))
        #expect(wide.lines[48] == line(
            ["Repeating 'Porridge'", "day, weekdays, mon-fri, 2w, month, year", "Enter next", "Esc cancels"].joined(separator: " · "), 200))
        wide.press(.escape)
        #expect(try wide.prompt == nil && wide.store.rules().isEmpty)
    }

    @Test func daysAndYearsAreNotAskedOnAndUpGoesBackPastIt() {
        var harness = repeatPorridge("2d")
        #expect(form(harness)?.step == .ends)
        harness.type("x3")
        harness.press(.up)
        #expect(form(harness)?.step == .every && harness.prompt?.editor.text == "2d")
        harness.press(.control("u"))
        harness.type("week")
        harness.press(.enter, .enter)
        #expect(form(harness)?.step == .ends && harness.prompt?.editor.text == "x3", "the end typed is kept")
        harness.press(.up)
        #expect(form(harness)?.step == .on)
    }

    @Test func eachFieldIsRefusedInTheParsersWordsKeepingWhatWasTyped() throws {
        var harness = repeatPorridge("2x")
        let everyError = parserError(every: "2x")
        #expect(everyError.hasPrefix("'every 2x'"))
        #expect(harness.prompt?.error == everyError && form(harness)?.step == .every && harness.prompt?.editor.text == "2x")
        #expect(harness.lines[10] == line(everyError.truncated(toWidth: 40)))

        // Nothing typed yet is a question, asked in the prompt's own words.
        for blank in ["", "  "] {
            harness = repeatPorridge(blank)
            #expect(harness.prompt?.error == "Every: how often? day, week, month, year, 3d, 2w, 6m, 4y, weekdays, mon-fri" && form(harness)?.step == .every)
        }

        harness = repeatPorridge("month", "fri")
        #expect(harness.prompt?.error == parserError(every: "month", on: "fri") && form(harness)?.step == .on)
        harness = repeatPorridge("week", "mon,thu")
        #expect(harness.prompt?.error == "'mon,thu' leaves out the meal's day, Sat 28 Feb 2026")
        harness = repeatPorridge("weekdays")
        #expect(harness.prompt?.error == "'weekdays' leaves out the meal's day, Sat 28 Feb 2026" && form(harness)?.step == .every)

        harness = repeatPorridge("day", "x0")
        #expect(harness.prompt?.error == parserError(every: "day", count: 0) && form(harness)?.step == .ends)
        harness = repeatPorridge("day", "2026-02-01")
        #expect(harness.prompt?.error == parserError(every: "day", until: day("2026-02-01")))
        harness = repeatPorridge("day", "soon")
        #expect(harness.prompt?.error == "Ends 'soon': give a date, x6 for 6 times, or nothing for never")
        #expect(harness.prompt?.editor.text == "soon")
        #expect(try harness.store.rules().isEmpty && harness.storedMeals.map(\.title).contains("Porridge"))
    }

    /// Days of the week in `every` name the days, so `on` is not asked; in `on` they are read
    /// as the command line reads them. Saturday's porridge.
    @Test func daysOfTheWeekAreTakenInEveryAndOn() throws {
        var harness = repeatPorridge("weekends")
        #expect(form(harness)?.step == .ends)
        harness.press(.enter)
        #expect(try harness.store.rule(id: 1).rule.pattern == .weeks(interval: 1, weekdays: [.saturday, .sunday]))
        harness = repeatPorridge("fri-mon", "")
        #expect(try harness.store.rule(id: 1).rule.pattern == .weeks(interval: 1, weekdays: [.monday, .friday, .saturday, .sunday]))
        harness = repeatPorridge("2w", "mon,wed,sat", "x4")
        #expect(try harness.store.rule(id: 1).rule.pattern == .weeks(interval: 2, weekdays: [.monday, .wednesday, .saturday]))
        // A mistake in them names the prompt's fields, not the options.
        harness = repeatPorridge("week", "mon-")
        #expect(harness.prompt?.error == "'on mon-' does not fit a weekly rule: give days of the week, as in weekdays, weekends, mon-fri or mon,wed,fri")
        harness = repeatPorridge("fortnightly")
        #expect(harness.prompt?.error?.contains("--") == false)
        #expect(harness.prompt?.error?.hasPrefix("'every fortnightly': use day") == true)
    }

    @Test func anEndDateCountsFromTheMealsDayXCountsTimesAndNothingMeansNever() throws {
        #expect(try repeatPorridge("day", "+1w").store.rule(id: 1).rule.end == .until(saturday.adding(days: 7)))
        #expect(try repeatPorridge("year", "").store.rule(id: 1).rule.end == .never)
        #expect(try repeatPorridge("day", "×3").store.rule(id: 1).rule.end == .count(3))
        #expect(try repeatPorridge("day", "x9223372036854775807").store.rule(id: 1).rule.end == .count(Int.max))
    }

    /// A count too large for `--count` (which refuses it) is refused here too, never clamped.
    @Test func aCountTheCommandLineRefusesIsRefused() throws {
        let harness = repeatPorridge("day", "x99999999999999999999")
        #expect(harness.prompt?.error == "Ends 'x99999999999999999999': too many times; give a count like x6")
        #expect(form(harness)?.step == .ends)
        #expect(try harness.store.rules().isEmpty)
    }

    @Test func anOccurrenceRepeatsAlreadyAndNothingSelectedIsSaid() {
        let daily = try! RepeatRule(firstDay: saturday, pattern: .days(interval: 1))
        var harness = Harness(today: saturday, rules: [(daily, Meal(day: saturday, slot: "lunch", title: "Soup"))])
        harness.press(.character("x"))
        #expect(harness.prompt == nil)
        #expect(harness.state.message == StatusMessage(
            "'Soup' repeats already: e then a changes every one; mealplan repeat edit 1 changes how often", isError: true))
        var empty = Harness(today: saturday)
        empty.press(.character("x"))
        #expect(empty.state.message == StatusMessage("No meal selected here; a adds one", isError: true))
    }

    @Test func aMealChangedByAnotherProgramMeanwhileIsNotMadeToRepeat() throws {
        var harness = repeatPorridge("day")
        let porridge = try #require(form(harness)?.meal)
        var oats = porridge
        oats.title = "Oats"
        try harness.store.apply([.update(from: porridge, to: oats, restoresPosition: false)])
        harness.press(.enter)
        #expect(harness.prompt?.error == "Not saved: 'Porridge' was changed by another program meanwhile (its title is now 'Oats')")
        #expect(try harness.store.rules().isEmpty && harness.state.undoStack.isEmpty)
    }

    @Test func aPasteGoesIntoTheFieldOnOneLine() {
        var harness = repeatPorridge()
        harness.send(.event(.paste("2w\n")))
        #expect(harness.prompt?.editor.text == "2w ")
        harness.press(.enter)
        #expect(form(harness)?.step == .on)
    }

    @Test func aMealJustAddedIsSelectedSoXMakesItRepeat() throws {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("a"))
        harness.type("lunch")
        harness.press(.enter)
        harness.type("Salad")
        harness.press(.enter, .enter)
        #expect(harness.selectedTitle == "Salad")
        harness.press(.character("x"))
        harness.type("day")
        harness.press(.enter, .enter)
        #expect(try harness.store.rule(id: 1).meal == Meal(day: saturday, slot: "lunch", title: "Salad"))
    }
}
