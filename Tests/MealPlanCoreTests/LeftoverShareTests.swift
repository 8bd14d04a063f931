import MealPlanCore
import Testing
import TestSupport

/// What a cooked meal's share warns about: only leftovers planned beyond what is left are
/// "more than cooked"; a meal without leftovers warns of nothing, even skipped or eaten by more
/// people than it serves.
@Suite struct LeftoverShareTests {
    let cook = Meal(id: 1, day: day("2026-03-02"), slot: "dinner", title: "Oats", recipe: "oats", servings: 2)

    @Test func aMealWithoutLeftoversWarnsOfNothing() {
        var skipped = cook
        skipped.status = .skipped
        #expect(LeftoverShare(source: skipped, eatenAtSource: 2, leftovers: []).problems(slotOrder: [:]).isEmpty)
        #expect(LeftoverShare(source: cook, eatenAtSource: 3, leftovers: []).problems(slotOrder: [:]).isEmpty)
    }

    @Test func leftoversBeyondWhatIsLeft() {
        let lunch = Meal(id: 2, day: day("2026-03-03"), slot: "lunch", title: "Oats", recipe: "oats", servings: 1, leftoversOf: 1)
        #expect(LeftoverShare(source: cook, eatenAtSource: 2, leftovers: [lunch]).problems(slotOrder: [:])
            == [.moreThanCooked(planned: 1, available: 0)])
    }
}
