import MealPlanCore
import MealPlanStore
import PlannerRuntime
import PlannerUI
import Testing
import TestSupport

/// The template effects as the run loop answers them with the store: saving keeps the days,
/// placing only reads (the planner then saves the placement as one change), a refusal is the
/// store's one line.
@Suite struct TemplateEffectsTests {
    let monday = day("2026-03-02")
    let store = try! MealStore.inMemory()

    init() throws {
        try store.apply([
            .add(Meal(day: monday, slot: "breakfast", title: "Porridge")),
            .add(Meal(day: monday.adding(days: 1), slot: "dinner", title: "Stew", note: "slow")),
        ])
    }

    @Test func savingKeepsTheDaysATakenNameIsAnsweredWithItsTemplateAndReplacingReplacesIt() throws {
        let days = DayRange(start: monday, count: 2)
        let answer = PlannerEffects.answer(.saveTemplate(name: "week", days: days, replacing: false), store: store)
        let kept = try store.template(named: "week")
        #expect(answer == .templateSaved(kept))
        #expect(kept.days == 2 && kept.meals.map(\.title) == ["Porridge", "Stew"])

        let again = PlannerEffects.answer(.saveTemplate(name: "WEEK", days: days, replacing: false), store: store)
        #expect(again == .templateExists(name: "WEEK", existing: MealTemplateSummary(name: "week", days: 2, mealCount: 2)))
        #expect(try store.template(named: "week") == kept, "nothing saved before the answer")

        // Days without meals are refused even when replacing: the old template stays.
        let empty = DayRange(start: monday.adding(days: 5), count: 1)
        #expect(PlannerEffects.answer(.saveTemplate(name: "WEEK", days: empty, replacing: true), store: store)
            == .templateFailed(message: "nothing to keep: no meals on 2026-03-07"))
        #expect(try store.template(named: "week") == kept)

        let monday = DayRange(start: self.monday, count: 1)
        let replaced = PlannerEffects.answer(.saveTemplate(name: "WEEK", days: monday, replacing: true), store: store)
        let now = try store.template(named: "week")
        #expect(replaced == .templateSaved(now))
        #expect(now.name == "WEEK" && now.days == 1 && now.meals.map(\.title) == ["Porridge"])
        #expect(try store.templates().count == 1)
    }

    @Test func placingReadsTheMealsOnTheirDaysAndStoresNothing() throws {
        try store.saveTemplate("week", from: monday, days: 2)
        let before = try store.meals(in: .all)
        let start = monday.adding(days: 7)
        let placement = TemplatePlacement(name: "we", start: start, times: 2)
        guard case .templatePlaced(let answered, let template, let meals)? = PlannerEffects.answer(.placeTemplate(placement), store: store) else {
            Issue.record("not placed")
            return
        }
        let read = try store.template(named: "week")
        #expect(answered == placement && template == read)
        #expect(meals.map(\.day) == [start, start.adding(days: 1), start.adding(days: 2), start.adding(days: 3)])
        #expect(meals.map(\.title) == ["Porridge", "Stew", "Porridge", "Stew"])
        #expect(meals.allSatisfy { $0.id == nil })
        #expect(try store.meals(in: .all) == before, "a placement only reads")
    }

    /// A placement saved is laid down by the store and answered with its meals as added; one
    /// whose template another program changed or removed since it was read is refused in the
    /// store's words, nothing laid.
    @Test func savingAPlacementLaysItDownOrIsRefused() throws {
        let read = try store.saveTemplate("week", from: monday, days: 2)
        let start = monday.adding(days: 7)
        let placement = TemplatePlacement(name: "we", start: start, times: 1)
        let request = SaveRequest(id: 1, work: .template(placement, asRead: read))
        guard case .saved(let answered, let stored)? = PlannerEffects.answer(.save(request), store: store) else {
            Issue.record("not saved")
            return
        }
        let laid = try store.meals(in: DayRange(start: start, count: 2))
        #expect(answered == request && stored == laid.map { .add($0) })

        try store.saveTemplate("week", from: monday, days: 1, replacing: true)
        let later = TemplatePlacement(name: "week", start: start.adding(days: 7), times: 1)
        let changed = SaveRequest(id: 2, work: .template(later, asRead: read))
        #expect(PlannerEffects.answer(.save(changed), store: store) == .saveRefused(changed,
            message: "template 'week' was changed by another program meanwhile (it has 1 day now, its meals changed)"))
        try store.removeTemplate(named: "week")
        let removed = SaveRequest(id: 3, work: .template(later, asRead: read))
        #expect(PlannerEffects.answer(.save(removed), store: store)
            == .saveRefused(removed, message: "template 'week' was removed by another program meanwhile"))
        #expect(try store.meals(in: .all).count == 4)
    }

    @Test func namesAreListedAndAnUnknownTemplateIsOneLine() throws {
        #expect(PlannerEffects.answer(.listTemplates, store: store) == .templateNamesLoaded([]))
        try store.saveTemplate("week", from: monday, days: 2)
        try store.saveTemplate("Breakfast only", from: monday, days: 1)
        #expect(PlannerEffects.answer(.listTemplates, store: store) == .templateNamesLoaded(["Breakfast only", "week"]))
        let unknown = TemplatePlacement(name: "weak", start: monday, times: 1)
        #expect(PlannerEffects.answer(.placeTemplate(unknown), store: store)
            == .templateFailed(message: "unknown template 'weak'; did you mean week? templates are 'Breakfast only', week"))
    }
}
