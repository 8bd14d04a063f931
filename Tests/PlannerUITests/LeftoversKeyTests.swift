import MealPlanCore
@testable import PlannerUI
import Recurrence
import TerminalKit
import Testing
import TestSupport

/// `L` on a cooked meal plans its leftovers on the day and slot typed; leftovers show their
/// source ("· leftovers from Sat dinner") with its mark (`DayBlock.leftoversMark`); a change that makes the portions wrong warns.
@Suite struct LeftoversKeyTests {
    static let wide = Size(width: 80, height: 12)
    static let lasagna = Meal(day: saturday, slot: "dinner", title: "Lasagna", recipe: "Lasagna", servings: 6)
    static let sunday = saturday.adding(days: 1)

    /// Leftovers of the first meal stored (id 1), on `day` in `slot`.
    static func leftovers(on day: Day, _ slot: String = "lunch", servings: Double = 2) -> Meal {
        Meal(day: day, slot: slot, title: "Lasagna", recipe: "Lasagna", servings: servings, leftoversOf: 1)
    }

    /// A meal line at 80 columns: the slot column as wide as "breakfast", then the title and `rest`.
    static func mealLine(_ slot: String, _ rest: String) -> String {
        line("  " + slot.padded(toWidth: 9) + " " + rest, 80)
    }

    @Test func lPlansTheHouseholdsPortionsOnTheDayAndSlotTypedInOneStep() throws {
        var harness = Harness(today: saturday, size: Self.wide, meals: [Self.lasagna], household: 2)
        harness.press(.character("L"))
        guard case .leftovers(let prompt)? = harness.prompt?.kind else { Issue.record("no prompt"); return }
        #expect(prompt.servings == 2)
        // 6 cooked, 2 eat at the meal: 4 not planned.
        #expect(prompt.share.notPlanned == 4)
        harness.type("tomorrow lunch")
        harness.press(.enter)
        harness.finishAnimation()
        let planned = try #require(harness.ordered.last)
        #expect(planned.day == Self.sunday && planned.slot == "lunch" && planned.title == "Lasagna")
        #expect(planned.recipe == "Lasagna" && planned.servings == 2 && planned.leftoversOf == 1)
        #expect(harness.state.undoStack.count == 1)
        #expect(harness.lines.contains(Self.mealLine("lunch", "Lasagna \(DayBlock.leftoversMark) ℞ · 2 servings · leftovers from Sat dinner")))
        harness.press(.character("u"))
        #expect(harness.ordered.count == 1)
    }

    @Test func withoutAHouseholdWhatIsLeftIsPlannedAndNoSlotKeepsTheSources() throws {
        var eaten = Self.lasagna
        eaten.eaters = 4
        var harness = Harness(today: saturday, size: Self.wide, meals: [eaten])
        harness.press(.character("L"))
        harness.type("+2")
        harness.press(.enter)
        let planned = try #require(harness.ordered.last)
        // 6 cooked, 4 eaten at the meal: 2 left.
        #expect(planned.servings == 2 && planned.day == saturday.adding(days: 2) && planned.slot == "dinner")
    }

    @Test func lOnLeftoversPlansMoreOfTheSameMeal() throws {
        var harness = Harness(today: saturday, size: Self.wide, meals: [Self.lasagna, Self.leftovers(on: Self.sunday)], household: 1)
        harness.press(.character("J"))
        #expect(harness.state.selectedMeal?.leftoversOf == 1)
        harness.press(.character("L"))
        harness.type("tomorrow dinner")
        harness.press(.enter)
        let planned = try #require(harness.ordered.last)
        #expect(planned.leftoversOf == 1 && planned.servings == 1 && planned.day == Self.sunday && planned.slot == "dinner")
    }

    @Test func aMealNotCookedFromARecipeWithServingsSaysWhy() {
        var harness = Harness(today: saturday, meals: [Meal(day: saturday, slot: "dinner", title: "Toast")])
        harness.press(.character("L"))
        #expect(harness.prompt == nil)
        #expect(harness.state.message == StatusMessage("'Toast' is not cooked from a recipe with servings; e gives it one", isError: true))
    }

    /// A repeat's occurrence is no stored meal, so nothing can name it as its source yet.
    @Test func anOccurrenceSaysHowToMakeItAMealOfItsOwn() throws {
        let daily = try RepeatRule(firstDay: saturday, pattern: .days(interval: 1))
        var harness = Harness(today: saturday, rules: [(daily, Self.lasagna)])
        harness.press(.character("L"))
        #expect(harness.prompt == nil)
        #expect(harness.state.message == StatusMessage("'Lasagna' is a repeat's meal: c or e makes it one of its own first", isError: true))
        #expect(harness.storedMeals.isEmpty)
    }

    /// A source in the loaded days is read from them; one far away, from the store.
    @Test func theSourceLineComesFromTheLoadedDaysElseFromTheStore() {
        let near = Harness(today: saturday, size: Self.wide, meals: [Self.lasagna, Self.leftovers(on: Self.sunday)])
        #expect(!near.effects.contains { if case .findLeftoverSources = $0 { true } else { false } })
        #expect(near.lines.contains(Self.mealLine("lunch", "Lasagna \(DayBlock.leftoversMark) ℞ · 2 servings · leftovers from Sat dinner")))
        var far = Self.lasagna
        far.day = day("2025-12-01")
        let distant = Harness(today: saturday, size: Self.wide, meals: [far, Self.leftovers(on: saturday)])
        #expect(distant.effects.contains(.findLeftoverSources([1])))
        #expect(distant.lines.contains(Self.mealLine("lunch", "Lasagna \(DayBlock.leftoversMark) ℞ · 2 servings · leftovers from Mon 1 Dec dinner")))
    }

    /// The source line takes the room left, shorter where the whole does not fit, and cut to
    /// it; it never adds a line.
    @Test func theSourceLineIsShortenedAndCutToTheWidth() {
        // The title column is 12…50 (the note marker's column and a space kept): 39 wide, 14
        // after the marks; at 48 columns, 9.
        for (width, room) in [(53, 14), (48, 9)] {
            let harness = Harness(today: saturday, size: Size(width: width, height: 17), meals: [Self.lasagna, Self.leftovers(on: Self.sunday)])
            let shown = "Lasagna \(DayBlock.leftoversMark) ℞ · 2 servings " + "· from Sat dinner".truncated(toWidth: room)
            #expect(harness.lines.contains(line("  lunch     " + shown, width)))
        }
        let harness = Harness(today: saturday, size: Size(width: 53, height: 17), meals: [Self.lasagna, Self.leftovers(on: Self.sunday)])
        // The month's banner, the header and the meal's one line.
        #expect(harness.state.timeline.layout(of: Self.sunday).height == 3)
    }

    @Test func moreLeftoversThanCookedWarns() {
        let meals = [Self.lasagna, Self.leftovers(on: Self.sunday), Self.leftovers(on: Self.sunday.adding(days: 1))]
        var harness = Harness(today: saturday, size: Self.wide, meals: meals, household: 2)
        harness.press(.character("L"))
        harness.type("+3 lunch")
        harness.press(.enter)
        // 2 + 2 + 2 planned of the 6 cooked less 2 eaten at the meal.
        #expect(harness.state.message == StatusMessage("6 servings of 'Lasagna' planned as leftovers, 4 left; u undoes", isError: true))
    }

    @Test func movingTheSourceAfterItsLeftoversWarns() {
        var harness = Harness(today: saturday, size: Self.wide, meals: [Self.lasagna, Self.leftovers(on: Self.sunday)], household: 2)
        harness.press(.character("m"))
        harness.type("+2")
        harness.press(.enter)
        harness.finishAnimation()
        #expect(harness.state.message == StatusMessage(
            "leftovers of 'Lasagna' on Sun 1 Mar lunch come before it is cooked; u undoes", isError: true))
        #expect(harness.lines.contains(Self.mealLine("lunch", "Lasagna \(DayBlock.leftoversMark) ℞ · 2 servings · leftovers from Mon 2 Mar dinner")))
    }

    @Test func skippingTheSourceWarns() {
        var harness = Harness(today: saturday, size: Self.wide, meals: [Self.lasagna, Self.leftovers(on: Self.sunday)], household: 2)
        harness.press(.character("c"))
        #expect(harness.state.message == StatusMessage("Marked 'Lasagna' done; u undoes"))
        harness.press(.character("c"))
        #expect(harness.state.message == StatusMessage("'Lasagna' was skipped, so its leftovers were never cooked; u undoes", isError: true))
        // Undone, the warning of the state it goes back to follows what the undo says.
        harness.press(.character("c"), .character("u"))
        #expect(harness.state.message == StatusMessage(
            "Undid: mark 'Lasagna' planned — 'Lasagna' was skipped, so its leftovers were never cooked", isError: true))
    }

    @Test func removingTheSourceUnlinksItsLeftoversAndUndoLinksThemBack() {
        var harness = Harness(today: saturday, size: Self.wide, meals: [Self.lasagna, Self.leftovers(on: Self.sunday)])
        harness.press(.character("d"))
        #expect(harness.meals[2]?.leftoversOf == nil)
        #expect(harness.state.undoStack.count == 1)
        harness.press(.character("u"))
        #expect(harness.meals[1] != nil && harness.meals[2]?.leftoversOf == 1)
        #expect(harness.lines.contains(Self.mealLine("lunch", "Lasagna \(DayBlock.leftoversMark) ℞ · 2 servings · leftovers from Sat dinner")))
    }

    /// A cooked meal done pastes as a new cook, planned; leftovers paste as leftovers.
    @Test func aPastedSourceIsANewCookAndPastedLeftoversStayLeftovers() throws {
        var done = Self.lasagna
        done.status = .done
        var harness = Harness(today: saturday, size: Self.wide, meals: [done, Self.leftovers(on: Self.sunday)])
        harness.press(.character("y"), .character("J"), .character("J"), .character("p"))
        let cook = try #require(harness.meals[3])
        #expect(cook.status == .planned && cook.leftoversOf == nil && cook.servings == 6 && cook.day == saturday.adding(days: 2))
        harness.press(.character("K"), .character("y"), .character("J"), .character("p"))
        let more = try #require(harness.meals[4])
        #expect(more.leftoversOf == 1 && more.servings == 2 && more.day == saturday.adding(days: 2))
    }
}
