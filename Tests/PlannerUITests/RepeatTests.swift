import MealPlanCore
import MealPlanStore
import PlannerUI
import Recurrence
import TerminalKit
import Testing

/// Occurrences of a repeat rule in the planner: marked in the day list, and deleted or edited
/// after "this one or all?", each answer undone and redone as one step.
@Suite struct RepeatTests {
    /// Porridge every day from Friday 27 February, at breakfast: rule 1.
    static let daily = (try! RepeatRule(firstDay: saturday.adding(days: -1), pattern: .days(interval: 1)),
                        Meal(day: saturday.adding(days: -1), slot: "breakfast", title: "Porridge"))

    func harness(size: Size = Size(width: 40, height: 12), meals: [Meal] = []) -> Harness {
        Harness(today: saturday, size: size, meals: meals, rules: [Self.daily])
    }

    /// The meal line: indent 2, the slot column as wide as "breakfast" (9) and a space, the
    /// title, then `suffix`.
    func mealLine(_ slot: String, _ title: String, _ suffix: String, width: Int) -> String {
        line("  " + slot.padded(toWidth: 9) + " " + title + suffix, width)
    }

    /// The answers as the help and the prompt name them.
    static let answers = ["o this one", "a all of them", "f this and the following ones"]
    static let shortAnswers = ["o this one", "a all", "f from here on"]

    func porridge(on day: Day) -> Meal {
        Meal(day: day, slot: "breakfast", title: "Porridge", occurrence: Occurrence(rule: 1, day: day))
    }

    /// The titles the planner shows on `day`, as loaded.
    func titles(_ harness: Harness, on day: Day) -> [String]? {
        harness.state.timeline.content(of: day)?.map(\.title)
    }

    // MARK: The mark

    @Test func anOccurrenceShowsTheRepeatMarkAfterItsTitle() {
        for size in [Size(width: 40, height: 12), Size(width: 53, height: 17), Size(width: 200, height: 50)] {
            let harness = harness(size: size)
            // Line 3: the first meal of Saturday (the header is line 2, after Friday's two).
            #expect(harness.lines[3] == mealLine("breakfast", "Porridge", " ↻", width: size.width),
                    "at \(size)")
        }
    }

    @Test func aSingleMealHasNoMarkAndARecipeMarkFollowsTheRepeatMark() {
        let rule = try! RepeatRule(firstDay: saturday, pattern: .weeks(interval: 1, weekdays: [.saturday]))
        let lasagna = Meal(day: saturday, slot: "dinner", title: "Lasagna", recipe: "Lasagna", servings: 6)
        let harness = Harness(today: saturday, meals: [Meal(day: saturday, slot: "lunch", title: "Soup")],
                              rules: [(rule, lasagna)])
        #expect(harness.lines[3] == mealLine("lunch", "Soup", "", width: 40))
        #expect(harness.lines[4] == mealLine("dinner", "Lasagna", " ↻ ℞ · 6 servings", width: 40))
    }

    @Test func aChangedOccurrenceKeepsTheMark() throws {
        var harness = harness()
        harness.changeOutside {
            try! $0.store.changeOccurrence(of: try! $0.store.rule(id: 1), on: saturday, to: Meal(day: saturday, slot: "breakfast", title: "Pancakes"))
        }
        #expect(harness.storedMeals.first?.id != nil)
        #expect(harness.lines[3] == mealLine("breakfast", "Pancakes", " ↻", width: 40))
    }

    @Test func theMarkIsColouredLikeAMark() {
        let harness = harness()
        let markColumn = 12 + "Porridge".count + 1
        // Line 1 is Friday's porridge, not selected.
        #expect(harness.render(colors: true).buffer[markColumn, 1].style == Style(foreground: .cyan))
    }

    // MARK: Deleting

    @Test func deletingThisOneSkipsTheDayAndUndoPutsItBack() throws {
        var harness = harness()
        #expect(harness.state.selectedMeal == porridge(on: saturday))
        harness.press(.character("d"))
        guard case .repeatChoice(.delete(porridge(on: saturday)))? = harness.prompt?.kind else {
            Issue.record("no question asked")
            return
        }
        // The answers are never left out. Where the whole line does not fit, Esc makes way,
        // then the answers take their short forms, then what is asked goes. At 40 columns:
        // the short answers alone (35 columns; with what is asked, 58).
        #expect(harness.lines[10] == line(Self.shortAnswers.joined(separator: " · ")))
        var wide = self.harness(size: Size(width: 80, height: 24))
        wide.press(.character("d"))
        // At 80: the whole line is 93 columns; without Esc, 78.
        #expect(wide.lines[22] == line((["Delete 'Porridge'"] + Self.answers).joined(separator: " · "), 80))
        var wider = self.harness(size: Size(width: 100, height: 24))
        wider.press(.character("d"))
        #expect(wider.lines[22] == line((["Delete 'Porridge'"] + Self.answers + ["Esc cancels"]).joined(separator: " · "), 100))
        // A paste answers nothing (its first letter could delete): the question stays, saying so.
        let effectsBefore = wider.effects
        wider.send(.event(.paste("all")))
        #expect(wider.prompt?.error == "A paste is not an answer: \(Self.answers.joined(separator: ", ")), Esc cancels")
        #expect(wider.prompt?.editor.text == "" && wider.effects == effectsBefore)
        #expect(wide.lines[23] == line("Repeat:", 80))
        harness.press(.character("o"))
        #expect(harness.prompt == nil)
        #expect(harness.state.message == StatusMessage("Deleted 'Porridge' on Sat 28 Feb 2026 only; u undoes"))
        #expect(try harness.store.rule(id: 1).exceptions == [saturday])
        #expect(titles(harness, on: saturday) == [])
        #expect(titles(harness, on: saturday.adding(days: 1)) == ["Porridge"])
        harness.press(.character("u"))
        #expect(try harness.store.rule(id: 1).exceptions == [])
        #expect(titles(harness, on: saturday) == ["Porridge"])
        #expect(harness.state.message == StatusMessage("Undid: delete 'Porridge' on Sat 28 Feb 2026 only"))
        harness.press(.control("r"))
        #expect(try harness.store.rule(id: 1).exceptions == [saturday])
        #expect(titles(harness, on: saturday) == [])
    }

    @Test func deletingAllRemovesTheRuleAndUndoPutsItBackWithItsExceptions() throws {
        var harness = harness()
        try harness.store.skipOccurrence(rule: 1, on: saturday.adding(days: 2))
        let rule = try harness.store.rule(id: 1)
        harness.press(.character("d"), .character("a"))
        #expect(harness.prompt == nil)
        #expect(harness.state.message == StatusMessage("Deleted every 'Porridge'; u undoes"))
        #expect(try harness.store.rules().isEmpty)
        for offset in -1...3 {
            #expect(titles(harness, on: saturday.adding(days: offset)) == [])
        }
        harness.press(.character("u"))
        #expect(harness.state.message == StatusMessage("Undid: delete every 'Porridge'"))
        #expect(try harness.store.rules() == [rule])
        #expect(titles(harness, on: saturday.adding(days: -1)) == ["Porridge"])
        #expect(titles(harness, on: saturday.adding(days: 2)) == [])
        harness.press(.control("r"))
        #expect(harness.state.message == StatusMessage("Redid: delete every 'Porridge'"))
        #expect(try harness.store.rules().isEmpty)
        #expect(titles(harness, on: saturday) == [])
    }

    @Test func deletingThisAndTheFollowingEndsTheRuleTheDayBefore() throws {
        var harness = harness()
        let rule = try harness.store.rule(id: 1)
        harness.press(.character("d"), .character("f"))
        #expect(harness.state.message == StatusMessage("Deleted 'Porridge' from Sat 28 Feb 2026 on; u undoes"))
        #expect(try harness.store.rule(id: 1).rule.end == .until(saturday.adding(days: -1)))
        #expect(titles(harness, on: saturday.adding(days: -1)) == ["Porridge"])
        #expect(titles(harness, on: saturday) == [])
        #expect(titles(harness, on: saturday.adding(days: 1)) == [])
        harness.press(.character("u"))
        #expect(harness.state.message == StatusMessage("Undid: delete 'Porridge' and the following ones"))
        #expect(try harness.store.rules() == [rule])
        #expect(titles(harness, on: saturday.adding(days: 1)) == ["Porridge"])
        harness.press(.control("r"))
        #expect(try harness.store.rule(id: 1).rule.end == .until(saturday.adding(days: -1)))
        #expect(titles(harness, on: saturday) == [])
    }

    @Test func escAnswersNothingAndOtherKeysAreRefused() throws {
        var harness = harness()
        harness.press(.character("d"), .character("x"))
        #expect(harness.prompt?.error == "x is not an answer: \((Self.answers + ["Esc cancels"]).joined(separator: ", "))")
        harness.press(.escape)
        #expect(harness.prompt == nil)
        #expect(harness.state.message == StatusMessage("Nothing changed"))
        #expect(try harness.store.rule(id: 1).exceptions == [])
    }

    // MARK: Editing

    /// `e`, the title replaced by `title`, Enter through the note.
    func edit(_ harness: inout Harness, title: String) {
        harness.press(.character("e"), .control("u"))
        harness.type(title)
        harness.press(.enter, .enter)
    }

    @Test func editingThisOneStoresItAsAMealOfItsOwn() throws {
        var harness = harness()
        edit(&harness, title: "Pancakes")
        guard case .repeatChoice(.edit(from: porridge(on: saturday), to: _))? = harness.prompt?.kind else {
            Issue.record("no question asked")
            return
        }
        harness.press(.character("o"))
        let stored = try #require(harness.storedMeals.first)
        #expect(stored.title == "Pancakes")
        #expect(stored.occurrence == Occurrence(rule: 1, day: saturday))
        #expect(titles(harness, on: saturday) == ["Pancakes"])
        #expect(titles(harness, on: saturday.adding(days: 1)) == ["Porridge"])
        harness.press(.character("u"))
        #expect(harness.storedMeals.isEmpty)
        #expect(titles(harness, on: saturday) == ["Porridge"])
        #expect(harness.state.message == StatusMessage("Undid: edit 'Pancakes'"))
        harness.press(.control("r"))
        #expect(harness.storedMeals == [stored])
        #expect(titles(harness, on: saturday) == ["Pancakes"])
    }

    @Test func editingAllChangesTheRuleOnEveryDay() throws {
        var harness = harness()
        edit(&harness, title: "Oat porridge")
        harness.press(.character("a"))
        #expect(harness.state.message == StatusMessage("Saved every 'Oat porridge'; u undoes"))
        #expect(try harness.store.rule(id: 1).meal.title == "Oat porridge")
        for offset in -1...2 {
            #expect(titles(harness, on: saturday.adding(days: offset)) == ["Oat porridge"])
        }
        #expect(harness.storedMeals.isEmpty)
        harness.press(.character("u"))
        #expect(try harness.store.rule(id: 1).meal.title == "Porridge")
        for offset in -1...2 {
            #expect(titles(harness, on: saturday.adding(days: offset)) == ["Porridge"])
        }
        harness.press(.control("r"))
        #expect(try harness.store.rule(id: 1).meal.title == "Oat porridge")
    }

    @Test func editingThisAndTheFollowingStartsANewRuleFromTheDay() throws {
        var harness = harness()
        let rule = try harness.store.rule(id: 1)
        edit(&harness, title: "Oats")
        harness.press(.character("f"))
        #expect(harness.state.message == StatusMessage("Saved 'Oats' from Sat 28 Feb 2026 on; u undoes"))
        #expect(try harness.store.rule(id: 1).rule.end == .until(saturday.adding(days: -1)))
        #expect(try harness.store.rule(id: 2).rule.firstDay == saturday)
        #expect(titles(harness, on: saturday.adding(days: -1)) == ["Porridge"])
        for offset in 0...2 {
            #expect(titles(harness, on: saturday.adding(days: offset)) == ["Oats"])
        }
        harness.press(.character("u"))
        #expect(harness.state.message == StatusMessage("Undid: edit 'Oats' from Sat 28 Feb 2026 on"))
        #expect(try harness.store.rules() == [rule])
        #expect(titles(harness, on: saturday.adding(days: 1)) == ["Porridge"])
        harness.press(.control("r"))
        #expect(try harness.store.rules().map(\.meal.title) == ["Porridge", "Oats"])
        #expect(titles(harness, on: saturday) == ["Oats"])
    }

    @Test func aRuleChangedByAnotherProgramIsNotOverwritten() throws {
        var harness = harness()
        edit(&harness, title: "Oat porridge")
        try harness.store.updateRule(try harness.store.rule(id: 1), rule: Self.daily.0, meal: Meal(day: Self.daily.1.day, slot: "breakfast", title: "Muesli"))
        harness.press(.character("a"))
        #expect(harness.prompt?.error == "Not saved: the repeat of 'Porridge' was changed by another program meanwhile")
        #expect(try harness.store.rule(id: 1).meal.title == "Muesli")
    }

    // MARK: Moving

    @Test func movingAnOccurrenceMovesThisOneOnly() throws {
        var harness = harness()
        harness.press(.character("m"))
        harness.type("+3")
        harness.press(.enter)
        harness.finishAnimation()
        let moved = try #require(harness.storedMeals.first)
        #expect(moved.day == saturday.adding(days: 3))
        #expect(moved.occurrence == Occurrence(rule: 1, day: saturday))
        #expect(try harness.store.rule(id: 1).exceptions == [saturday])
        harness.press(.character("u"))
        #expect(harness.storedMeals.isEmpty)
        #expect(try harness.store.rule(id: 1).exceptions == [])
    }

    @Test func theHelpListsTheAnswers() {
        var harness = harness(size: Size(width: 80, height: 100))
        harness.press(.character("?"))
        let text = harness.lines.joined(separator: "\n")
        #expect(text.contains("A repeat's meal (d, e)"))
        #expect(text.contains("this one"))
        #expect(text.contains("all of them"))
        #expect(text.contains("this and the following ones"))
    }
}
