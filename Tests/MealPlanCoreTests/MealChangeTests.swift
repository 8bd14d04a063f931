import MealPlanCore
import Testing
import TestSupport

@Suite struct MealChangeTests {
    let monday = day("2026-03-02")
    var soup: Meal { Meal(id: 3, day: monday, slot: "lunch", position: 1, title: "Soup") }
    var stew: Meal { Meal(id: 3, day: monday.adding(days: 2), slot: "dinner", position: 0, title: "Stew") }

    @Test func eachChangeIsUndoneByItsInverse() {
        #expect(MealChange.add(soup).inverse == .remove(soup))
        #expect(MealChange.restore(soup).inverse == .remove(soup))
        #expect(MealChange.remove(soup).inverse == .restore(soup))
        // Undoing an update puts the meal back where it was, even when the update did not.
        #expect(MealChange.update(from: soup, to: stew, restoresPosition: false).inverse
                == .update(from: stew, to: soup, restoresPosition: true))
    }

    @Test func theStoredMealReplacesTheOneAsked() {
        let asked = Meal(day: monday, slot: "lun", title: "Soup")
        #expect(MealChange.add(asked).stored(as: soup) == .add(soup))
        #expect(MealChange.restore(asked).stored(as: soup) == .restore(soup))
        #expect(MealChange.update(from: stew, to: asked, restoresPosition: false).stored(as: soup)
                == .update(from: stew, to: soup, restoresPosition: false))
        #expect(MealChange.remove(soup).stored(as: nil) == .remove(soup))
    }

    @Test func daysAreThoseOfBothSidesInOrder() {
        #expect(MealChange.update(from: stew, to: soup, restoresPosition: false).days == [monday, monday.adding(days: 2)])
        #expect(MealChange.update(from: soup, to: soup, restoresPosition: false).days == [monday])
        #expect(MealChange.remove(stew).days == [monday.adding(days: 2)])
    }
}
