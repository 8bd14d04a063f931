import MealPlanCore
import MealPlanStore
import PlannerRuntime
import PlannerUI
import Testing
import TestSupport

/// The leftovers effects as the run loop answers them with the store: how a cooked meal is
/// shared (asked through its leftovers too), and the sources that still exist.
@Suite struct LeftoverEffectsTests {
    let monday = day("2026-03-02")
    let store = try! MealStore.inMemory()

    init() throws {
        try store.apply([
            .add(Meal(day: monday, slot: "dinner", title: "Lasagna", recipe: "Lasagna", servings: 6)),
            .add(Meal(day: monday.adding(days: 1), slot: "lunch", title: "Lasagna", recipe: "Lasagna", servings: 2, leftoversOf: 1)),
        ])
    }

    @Test func theShareOfACookedMealOrOfItsLeftoversIsTheCookedMeals() throws {
        // Asked of the cooked meal and of its leftovers: one share, of the cooked meal.
        let request = LeftoverShareRequest(ids: [1, 2], household: 3, purpose: .warn(following: nil))
        guard case .leftoverSharesLoaded(let asked, let shares) = PlannerEffects.answer(.shareLeftovers(request), store: store) else {
            Issue.record("no shares")
            return
        }
        #expect(asked == request)
        #expect(shares.count == 1)
        let share = try #require(shares.first)
        #expect(share.source.id == 1 && share.leftovers.map(\.id) == [2])
        // 6 cooked, 3 eat at the meal, 2 planned as leftovers: 1 left.
        #expect(share.eatenAtSource == 3 && share.notPlanned == 1)
    }

    @Test func aSourceRemovedIsLeftOutOfTheAnswer() throws {
        #expect(PlannerEffects.answer(.findLeftoverSources([1, 99]), store: store) == .leftoverSourcesFound([try store.meal(id: 1)!]))
    }
}
