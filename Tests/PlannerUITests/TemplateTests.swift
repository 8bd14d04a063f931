import MealPlanCore
@testable import PlannerUI
import TerminalKit
import Testing
import TestSupport
import Timeline

/// `v` marks days, `T` keeps the marked days as a template, `A` lays one down from the
/// selected day as one change that `u` undoes.
@Suite struct TemplateTests {
    let monday = day("2026-03-02")

    /// The screen rows of the days in `days`, from the timeline's own layout.
    func rows(of days: DayRange, _ harness: Harness) -> Set<Int> {
        Set(harness.state.timeline.screen.days.filter { days.contains($0.day) }
            .flatMap { $0.screenLine..<($0.screenLine + $0.lineCount) })
    }

    func titles(from first: Day, count: Int, _ harness: Harness) -> [String] {
        let days = DayRange(start: first, count: count)
        return harness.ordered.filter { days.contains($0.day) }.map { "\($0.day.iso) \($0.slot) \($0.title)" }
    }

    /// Marks Saturday to Monday and saves them as `name`.
    func saveWeekend(_ name: String, _ harness: inout Harness) {
        harness.press(.character("v"), .character("J"), .character("J"), .character("T"))
        harness.type(name)
        harness.press(.enter)
    }

    /// A name ending like copies would be read as copies by `A`: the prompt refuses it before
    /// asking the store, and the name can be typed again.
    @Test func aNameEndingLikeCopiesIsRefusedAtThePrompt() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        saveWeekend("weekend x2", &harness)
        #expect(harness.prompt?.error
            == "template name 'weekend x2' ends like a number of copies (as in 'week x4'); name it otherwise")
        #expect(harness.prompt?.editor.text == "weekend x2")
        #expect(!harness.effects.contains { if case .saveTemplate = $0 { true } else { false } })
    }

    @Test func markedDaysAreHighlightedFromWhereMarkingBeganToTheSelection() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        let unmarked = harness.lines
        harness.press(.character("v"), .character("J"), .character("J"))
        let marked = DayRange(saturday, monday)
        #expect(harness.state.markedDays == marked)
        let markedRows = rows(of: marked, harness)
        let selected = harness.state.timeline.screen.selectedLines ?? 0..<0
        #expect(!markedRows.isEmpty && markedRows.isSuperset(of: selected))
        // The text is the same as unmarked; only the look of the marked days' lines changes.
        #expect(Array(harness.lines.dropLast()) == Array(unmarked.dropLast()))
        // The status line says what is marked after the date, over the help hint it is too long
        // to stand beside: the 40 columns less the date's 14 and 2 between them.
        #expect(harness.lines.last == line("Mon 2 Mar 2026  " + "3 days marked: T saves a template, Y copies them, Esc ends".truncated(toWidth: 40 - 14 - 2)))
        let colour = harness.render().buffer, mono = harness.render(colors: false).buffer
        for y in 0..<11 {
            for x in 0..<40 {
                let expected: Color = selected.contains(y) ? .blue : markedRows.contains(y) ? .cyan : .default
                #expect(colour[x, y].style.background == expected, "row \(y) column \(x)")
                if markedRows.contains(y), !selected.contains(y) {
                    #expect(mono[x, y].style.underline, "row \(y) column \(x)")
                }
            }
        }
        // Esc ends the marking; the screen is as before.
        harness.press(.escape)
        #expect(harness.state.markedDays == nil)
        let ended = harness.render().buffer
        #expect((0..<11).allSatisfy { ended[0, $0].style.background != .cyan })
    }

    @Test func markingFollowsTheSelectionBothWaysAndVEndsIt() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("v"), .character("K"))
        #expect(harness.state.markedDays == DayRange(day("2026-02-27"), saturday))
        harness.press(.character("J"), .character("J"), .character("J"))
        #expect(harness.state.markedDays == DayRange(saturday, monday))
        harness.press(.character("v"))
        #expect(harness.state.markedDays == nil && harness.state.message == nil)
    }

    @Test func savingTheMarkedDaysAsksANameAndKeepsThem() throws {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("T"))
        #expect(harness.state.message == StatusMessage("No days marked; v marks them from the selected day", isError: true))
        harness.press(.character("v"), .character("J"), .character("J"), .character("T"))
        #expect(harness.prompt?.kind == .saveTemplate(DayRange(saturday, monday)))
        // What is asked fills the line above; the keys' hints give way to it.
        #expect(harness.lines[10] == line("A template name for 3 days from Sat 28 Feb 2026".truncated(toWidth: 40)))
        #expect(harness.lines[11] == line("Save as: "))
        harness.type("weekend")
        harness.press(.enter)
        #expect(harness.effects.last == .saveTemplate(name: "weekend", days: DayRange(saturday, monday), replacing: false))
        #expect(harness.state.mode == .browsing && harness.state.markedDays == nil)
        #expect(harness.state.message == StatusMessage("Saved template 'weekend' (3 days, 3 meals)"))
        let kept = try harness.store.template(named: "weekend")
        #expect(kept.days == 3 && kept.meals.map(\.title) == sampleMeals.map(\.title))
        #expect(harness.state.undoStack.isEmpty, "keeping a template changes no meal")
    }

    @Test func aBadNameIsRefusedAboveThePromptKeepingWhatWasTyped() throws {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("v"), .character("T"), .character(" "), .enter)
        #expect(harness.prompt?.error == "the template name is empty")
        #expect(harness.prompt?.editor.text == " ")
        harness.press(.escape)
        #expect(harness.state.mode == .browsing && harness.state.markedDays != nil, "still marked")
        #expect(try harness.store.templates().isEmpty)
    }

    @Test func aTakenNameAsksWhetherToReplaceItAndYReplacesIt() throws {
        var harness = Harness(today: saturday, meals: sampleMeals)
        saveWeekend("weekend", &harness)
        // Monday to Wednesday: Soup alone.
        saveWeekend("Weekend", &harness)
        let marked = DayRange(monday, day("2026-03-04"))
        let existing = MealTemplateSummary(name: "weekend", days: 3, mealCount: 3)
        #expect(harness.prompt?.kind == .replaceTemplate(TemplateReplacement(name: "Weekend", existing: existing, days: marked)))
        // The answers are never left out. At 40 columns Esc makes way, the answers take their
        // short forms, and the question goes.
        #expect(harness.lines[10] == line("y replaces · n renames"))
        #expect(harness.lines[11] == line("Replace? "))
        var wide = Harness(today: saturday, size: Size(width: 100, height: 24), meals: sampleMeals)
        saveWeekend("weekend", &wide)
        saveWeekend("weekend", &wide)
        #expect(wide.lines[22] == line(
            ["Replace template 'weekend' (3 meals)?", "y replaces it", "n types another name", "Esc cancels"].joined(separator: " · "), 100))
        // At 80 columns the whole line (90) does not fit; without Esc (76) it does.
        var middle = Harness(today: saturday, size: Size(width: 80, height: 24), meals: sampleMeals)
        saveWeekend("weekend", &middle)
        saveWeekend("weekend", &middle)
        #expect(middle.lines[22] == line(
            ["Replace template 'weekend' (3 meals)?", "y replaces it", "n types another name"].joined(separator: " · "), 80))
        // At 60, the question with the short answers (62) does not fit either: the answers alone.
        var narrow = Harness(today: saturday, size: Size(width: 60, height: 24), meals: sampleMeals)
        saveWeekend("weekend", &narrow)
        saveWeekend("weekend", &narrow)
        #expect(narrow.lines[22] == line("y replaces · n renames", 60))

        harness.send(.event(.paste("yes")))
        #expect(harness.prompt?.error == "A paste is not an answer: y replaces it, n types another name, Esc cancels")
        #expect(harness.prompt?.editor.text == "")
        harness.press(.character("k"))
        #expect(harness.prompt?.error == "k is not an answer: y replaces it, n types another name, Esc cancels")
        #expect(try harness.store.template(named: "weekend").days == 3, "nothing replaced yet")
        harness.press(.character("y"))
        #expect(harness.effects.last == .saveTemplate(name: "Weekend", days: marked, replacing: true))
        #expect(harness.state.mode == .browsing && harness.state.markedDays == nil)
        #expect(harness.state.message == StatusMessage("Replaced template 'Weekend' (3 days, 1 meal)"))
        let replaced = try harness.store.template(named: "weekend")
        #expect(replaced.name == "Weekend" && replaced.meals.map(\.title) == ["Soup"])
        #expect(try harness.store.templates().count == 1)
        #expect(harness.state.undoStack.isEmpty, "replacing a template changes no meal, as saving one does not")
    }

    @Test func nGoesBackToTheNameAndEscSavesNothing() throws {
        var harness = Harness(today: saturday, meals: sampleMeals)
        saveWeekend("weekend", &harness)
        saveWeekend("weekend", &harness)
        harness.press(.character("n"))
        #expect(harness.prompt?.kind == .saveTemplate(DayRange(monday, day("2026-03-04"))))
        #expect(harness.prompt?.editor.text == "weekend")
        harness.press(.control("u"))
        harness.type("weekdays")
        harness.press(.enter)
        #expect(harness.state.message == StatusMessage("Saved template 'weekdays' (3 days, 1 meal)"))
        #expect(try harness.store.templates().map(\.name) == ["weekdays", "weekend"])

        saveWeekend("weekend", &harness)
        harness.press(.escape)
        #expect(harness.state.mode == .browsing && harness.state.message == StatusMessage("Nothing saved"))
        #expect(harness.state.markedDays != nil, "still marked, as after Esc on the name")
        #expect(try harness.store.template(named: "weekend").days == 3 && harness.store.template(named: "weekend").meals.count == 3)
    }

    @Test func applyingLaysTheTemplateDownAsOneChangeThatUndoesAndRedoesAsOne() throws {
        var harness = Harness(today: saturday, meals: sampleMeals)
        saveWeekend("weekend", &harness)
        let start = saturday.adding(days: 7)
        harness.press(.character("t"), .character("]"))
        #expect(harness.state.timeline.selection.day == start)
        harness.press(.character("A"))
        #expect(harness.lines[11] == line("Template: "))
        // Tab asks for the names once, then completes from them.
        harness.type("we")
        harness.press(.tab)
        #expect(harness.effects.filter { $0 == .listTemplates }.count == 1)
        #expect(harness.prompt?.editor.text == "weekend")
        harness.type(" x2")
        let savesBefore = harness.effects.filter { if case .save = $0 { true } else { false } }.count
        harness.press(.enter)
        #expect(harness.effects.contains(.placeTemplate(TemplatePlacement(name: "weekend", start: start, times: 2))))
        #expect(harness.effects.filter { if case .save = $0 { true } else { false } }.count == savesBefore + 1, "one save")
        let laid = [
            "2026-03-07 breakfast Porridge", "2026-03-07 dinner Roast vegetables with a very long title that wraps",
            "2026-03-09 lunch Soup",
            "2026-03-10 breakfast Porridge", "2026-03-10 dinner Roast vegetables with a very long title that wraps",
            "2026-03-12 lunch Soup",
        ]
        #expect(titles(from: start, count: 6, harness) == laid)
        #expect(harness.state.message == StatusMessage("Added 6 meals from 'weekend'; u undoes"))
        #expect(harness.state.mode == .browsing && harness.state.undoStack.count == 1)
        #expect(harness.selectedTitle == "Porridge" && harness.state.timeline.selection.day == start)
        let added = harness.ordered.filter { $0.day >= start }

        harness.press(.character("u"))
        #expect(titles(from: start, count: 6, harness).isEmpty)
        // The history names the apply as the prompt took it, not the meals it added.
        #expect(harness.state.message == StatusMessage("Undid: apply template 'weekend' x2"))
        #expect(harness.state.undoStack.isEmpty && harness.state.redoStack.count == 1)
        harness.press(.control("r"))
        #expect(harness.ordered.filter { $0.day >= start } == added, "back with the same ids")
        #expect(harness.state.message == StatusMessage("Redid: apply template 'weekend' x2"))
        #expect(harness.state.undoStack.count == 1 && harness.state.redoStack.isEmpty)
    }

    /// A template's leftovers laid down by `A` eat from their own copy's cook, as `template
    /// apply` lays them, leftovers planned before their cook too (Monday's lunch of Monday's
    /// curry); `u` takes every copy away and Ctrl-R lays them down linked again.
    @Test func eachCopysLeftoversEatFromThatCopysCookThroughUndoAndRedo() throws {
        let sunday = saturday.adding(days: 1), monday = saturday.adding(days: 2)
        let weekend = [
            Meal(day: saturday, slot: "dinner", title: "Stew", recipe: "Stew", servings: 6),
            Meal(day: monday, slot: "dinner", title: "Curry", recipe: "Curry", servings: 4),
            Meal(day: sunday, slot: "lunch", title: "Stew", recipe: "Stew", servings: 2, leftoversOf: 1),
            Meal(day: monday, slot: "lunch", title: "Curry", recipe: "Curry", servings: 2, leftoversOf: 2),
        ]
        var harness = Harness(today: saturday, size: Size(width: 80, height: 24), meals: weekend)
        saveWeekend("weekend", &harness)
        let start = saturday.adding(days: 7)
        harness.press(.character("t"), .character("]"))
        harness.press(.character("A"))
        harness.type("weekend x2")
        harness.press(.enter)
        // Linked, the curry's leftovers are warned about as any leftovers before their cook.
        let early = ["Mon 9 Mar", "Thu 12 Mar"].map { "leftovers of 'Curry' on \($0) lunch come before it is cooked" }
        #expect(harness.state.message == StatusMessage(early.joined(separator: "; ") + "; u undoes", isError: true))

        /// Each laid leftover's source: the cook of its title in the same copy (3 days long).
        func expectLinkedWithinTheirCopy(_ laid: [Meal]) {
            let leftovers = laid.filter(\.isLeftovers)
            #expect(leftovers.count == 4 && laid.count == 8)
            for meal in leftovers {
                let copy = start.distance(to: meal.day) / 3
                let cook = laid.first { !$0.isLeftovers && $0.title == meal.title && start.distance(to: $0.day) / 3 == copy }
                #expect(cook != nil && meal.leftoversOf == cook?.id, "\(meal.day.iso) \(meal.slot) \(meal.title)")
            }
        }
        let laid = harness.ordered.filter { $0.day >= start }
        expectLinkedWithinTheirCopy(laid)
        // The planner says so: the second copy's lunch on its second day (Wednesday) names its
        // own first day's dinner (Tuesday).
        harness.press(.character("g"))
        harness.type(start.adding(days: 4).iso)
        harness.press(.enter)
        let lunch = "  lunch     Stew \(DayBlock.leftoversMark) ℞ · 2 servings · leftovers from Tue dinner"
        #expect(harness.lines.contains(line(lunch, 80)))

        harness.press(.character("u"))
        #expect(harness.ordered.filter { $0.day >= start }.isEmpty)
        #expect(harness.state.message == StatusMessage("Undid: apply template 'weekend' x2"))
        harness.press(.control("r"))
        #expect(harness.ordered.filter { $0.day >= start } == laid, "back with the same ids and links")
        expectLinkedWithinTheirCopy(harness.ordered.filter { $0.day >= start })
        #expect(harness.state.undoStack.count == 1 && harness.state.redoStack.isEmpty)
    }

    /// `A` lays down the template its prompt read, the meals it counted: when another program
    /// changes the template between that read and the save, the store refuses the save, the
    /// planner says so above the prompt and nothing is laid down; Enter reads the template
    /// again and lays it down as it is now. One copy is named without a count in the history.
    @Test func aTemplateChangedBetweenThePromptsReadAndTheSaveIsNotLaidDown() throws {
        var harness = Harness(today: saturday, meals: sampleMeals)
        saveWeekend("weekend", &harness)
        let before = harness.ordered
        let start = saturday.adding(days: 7)
        harness.press(.character("t"), .character("]"), .character("A"))
        harness.type("weekend x2")
        harness.holdsSaves = true
        harness.press(.enter)
        let request = try #require(harness.heldSaves.first)
        // Monday to Wednesday, Soup alone, kept under the name by another program.
        harness.changeOutside { try! $0.store.saveTemplate("weekend", from: monday, days: 3, replacing: true) }
        harness.answer(request)
        let refusal = "template 'weekend' was changed by another program meanwhile (its meals changed)"
        #expect(harness.prompt?.error == "Not saved: \(refusal)")
        #expect(harness.lines[10] == line("Not saved: \(refusal)".truncated(toWidth: 40)))
        #expect(harness.ordered == before, "nothing laid down")
        #expect(harness.state.undoStack.isEmpty && !harness.state.isSaving)

        // Enter again: read anew, the template as it is now goes down.
        harness.holdsSaves = false
        harness.press(.control("u"))
        harness.type("weekend")
        harness.press(.enter)
        #expect(harness.state.message == StatusMessage("Added 1 meal from 'weekend'; u undoes"))
        #expect(titles(from: start, count: 3, harness) == ["2026-03-07 lunch Soup"])
        harness.press(.character("u"))
        #expect(harness.state.message == StatusMessage("Undid: apply template 'weekend'"))
        #expect(harness.ordered == before)
    }

    @Test func anUnknownTemplateOrNoneAtAllIsSaidAboveThePrompt() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("A"), .tab)
        #expect(harness.prompt?.error == "No templates yet: v marks days, T saves them")
        harness.type("lunches")
        harness.press(.enter)
        #expect(harness.prompt?.error == "unknown template 'lunches'; there are no templates yet")
        #expect(harness.prompt?.editor.text == "lunches")
        #expect(harness.ordered.count == sampleMeals.count && harness.state.undoStack.isEmpty)
    }

    @Test func aCountAfterTheNameSaysHowManyCopies() throws {
        let start = saturday
        #expect(try PlannerState.templatePlacement("winter week 1 x4", start: start) == TemplatePlacement(name: "winter week 1", start: start, times: 4))
        #expect(try PlannerState.templatePlacement("  winter week ×2 ", start: start) == TemplatePlacement(name: "winter week", start: start, times: 2))
        #expect(try PlannerState.templatePlacement("winter week 4", start: start) == TemplatePlacement(name: "winter week 4", start: start, times: 1))
        // A count too long for a number is too many copies, for the apply to refuse.
        #expect(try PlannerState.templatePlacement("week x99999999999999999999", start: start).times == .max)
        #expect(try PlannerState.templatePlacement("week x-2", start: start) == TemplatePlacement(name: "week x-2", start: start, times: 1))
        #expect(try PlannerState.templatePlacement("x4", start: start) == TemplatePlacement(name: "x4", start: start, times: 1))
    }
}
