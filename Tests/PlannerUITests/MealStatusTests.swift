import MealPlanCore
import PlannerUI
import Recurrence
import TerminalKit
import Testing
import TestSupport

/// `c` marks what happened to a meal, planned → done → skipped → planned, one step of the
/// history each; the day shows ✓ and ✗ after the title, a skipped one's title dim.
@Suite struct MealStatusTests {
    static let porridge = Meal(day: saturday, slot: "breakfast", title: "Porridge")

    /// The breakfast line: indent 2, the slot column as wide as "breakfast", the title, `suffix`.
    func porridgeLine(_ suffix: String) -> String {
        line("  breakfast Porridge" + suffix)
    }

    @Test func cCyclesTheStatusAndEachStepIsUndone() {
        var harness = Harness(today: saturday, meals: [Self.porridge])
        let id = harness.state.selectedMeal!.id!
        let steps: [(MealStatus, String)] = [(.done, " " + "✓"), (.skipped, " " + "✗"), (.planned, "")]
        for (status, suffix) in steps {
            harness.press(.character("c"))
            #expect(harness.meals[id]?.status == status)
            #expect(harness.lines[3] == porridgeLine(suffix))
            #expect(harness.state.message == StatusMessage("Marked 'Porridge' \(status.rawValue); u undoes"))
        }
        #expect(harness.state.undoStack.count == 3)
        for (status, suffix) in [(MealStatus.skipped, " ✗"), (.done, " ✓"), (.planned, "")] {
            harness.press(.character("u"))
            #expect(harness.meals[id]?.status == status)
            #expect(harness.lines[3] == porridgeLine(suffix))
        }
        #expect(harness.state.message == StatusMessage("Undid: mark 'Porridge' done"))
        harness.press(.control("r"))
        #expect(harness.meals[id]?.status == .done)
    }

    @Test func aSkippedTitleIsDimAndTheMarksAreColoured() {
        let meals = [Meal(day: saturday, slot: "breakfast", title: "Toast"),
                     Meal(day: saturday, slot: "lunch", title: "Soup", status: .done),
                     Meal(day: saturday, slot: "dinner", title: "Stew", status: .skipped)]
        let harness = Harness(today: saturday, meals: meals)
        let buffer = harness.render(colors: true).buffer
        // Toast is selected (line 3); Soup on line 4, Stew on line 5, their marks after the title.
        #expect(buffer[12, 4].style == .plain)
        #expect(buffer[12 + "Soup".count + 1, 4].style == Style(foreground: .green))
        #expect(buffer[12, 5].style == Style(dim: true))
        #expect(buffer[12 + "Stew".count + 1, 5].style == Style(foreground: .red))
    }

    /// A repeat's occurrence becomes a meal of its own with the status, in one step.
    @Test func anOccurrenceMarkedBecomesAChangedOccurrenceInOneStep() throws {
        let daily = try RepeatRule(firstDay: saturday, pattern: .days(interval: 1))
        var harness = Harness(today: saturday, rules: [(daily, Meal(day: saturday, slot: "lunch", title: "Soup"))])
        harness.press(.character("c"))
        let stored = try #require(harness.storedMeals.first)
        #expect(harness.storedMeals.count == 1)
        #expect(stored.status == .done && stored.day == saturday && stored.occurrence == Occurrence(rule: 1, day: saturday))
        #expect(harness.state.undoStack.count == 1 && harness.state.undoStack[0].changes.count == 2)
        #expect(harness.lines[3] == line("  lunch     Soup ✓ ↻"))
        harness.press(.character("u"))
        #expect(harness.storedMeals.isEmpty)
        #expect(harness.lines[3] == line("  lunch     Soup ↻"))
    }

    /// A skipped meal in the past offers to be moved; today's does not.
    @Test func aSkippedMealInThePastOffersMoving() {
        let friday = saturday.adding(days: -1)
        let meals = [Meal(day: friday, slot: "dinner", title: "Stew", status: .skipped),
                     Meal(day: saturday, slot: "dinner", title: "Fish", status: .skipped)]
        var harness = Harness(today: saturday, size: Size(width: 80, height: 12), meals: meals)
        let offer = "skipped — m moves it to another day"
        #expect(harness.selectedTitle == "Fish")
        #expect(!harness.lines.last!.contains(offer))
        harness.press(.character("K"))
        #expect(harness.selectedTitle == "Stew")
        #expect(harness.lines.last!.hasPrefix(longDate(friday) + "  " + offer))
    }

    func longDate(_ day: Day) -> String { "\(day.shortLabel) \(day.date.year)" }
}
