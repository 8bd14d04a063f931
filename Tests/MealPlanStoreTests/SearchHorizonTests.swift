import MealPlanCore
import Recurrence
import TestSupport
import Testing
@testable import MealPlanStore

/// A search of the whole plan shows a never-ending repeat's occurrences up to a horizon: a year
/// after the last stored meal or after today, whichever is later. Meals are read one at a time.
@Suite struct SearchHorizonTests {
    /// A store with porridge every weekday from 2020-01-06, for ever.
    private func porridgeStore() throws -> MealStore {
        let store = try MealStore.inMemory()
        let first = day("2020-01-06")
        try store.addRule(
            try RepeatRule(firstDay: first, pattern: .weeks(interval: 1, weekdays: [.monday, .tuesday, .wednesday, .thursday, .friday])),
            meal: Meal(day: first, slot: "breakfast", title: "Porridge"))
        return store
    }

    @Test func theHorizonIsAYearAfterTheLaterOfTheLastMealAndToday() throws {
        let store = try porridgeStore()
        #expect(try store.searchHorizon(today: day("2026-11-27")) == day("2027-11-27"))
        try store.addMeal(day: day("2030-03-01"), slot: "dinner", title: "Soup")
        #expect(try store.searchHorizon(today: day("2026-11-27")) == day("2031-03-01"))
        #expect(try store.searchHorizon(today: day("2032-02-29")) == day("2033-02-28"))
        #expect(try store.searchHorizon(today: day("9999-06-01")) == .last)
        // A repeat is no stored meal: only the stored meal and today count.
        #expect(try MealStore.inMemory().searchHorizon(today: day("2024-02-29")) == day("2025-02-28"))
    }

    @Test func occurrencesStopAtTheDayGivenAndStoredMealsDoNot() throws {
        let store = try porridgeStore()
        try store.addMeal(day: day("2040-01-02"), slot: "lunch", title: "Porridge bread")
        var listed: [String] = []
        try store.forEachMeal(in: .all, search: "porridge", occurrencesThrough: day("2020-01-08")) { meal in
            listed.append("\(meal.day.iso) \(meal.title)")
        }
        #expect(listed == ["2020-01-06 Porridge", "2020-01-07 Porridge", "2020-01-08 Porridge", "2040-01-02 Porridge bread"])
        #expect(try store.repeatsContinue(after: day("2020-01-08"), search: "porridge"))
        #expect(try !store.repeatsContinue(after: day("2020-01-08"), search: "bread"))
        #expect(try !store.repeatsContinue(after: day("2020-01-08"), slot: "lunch", search: "porridge"))
        #expect(try !store.repeatsContinue(after: .last, search: "porridge"))
    }

    @Test func eachPassGivesTheSameMealsAsTheArrayDoes() throws {
        let store = try porridgeStore()
        try store.addMeal(day: day("2020-01-07"), slot: "breakfast", title: "Coffee")
        let range = DayRange(day("2020-01-01"), day("2020-03-31"))
        var passes: [[Meal]] = [[], []]
        try store.forEachMeal(in: range, slot: "breakfast", passes: 2) { pass, meal in passes[pass].append(meal) }
        let expected = try store.meals(in: range, slot: "breakfast")
        #expect(passes[0] == expected && passes[1] == expected && expected.count == 1 + 5 * 12 + 2)
        var none: [Meal] = []
        try store.forEachMeal(in: range, occurrencesThrough: nil) { meal in none.append(meal) }
        #expect(none.map(\.title) == ["Coffee"])
    }

    @Test func nextAndPreviousMatchesStopAtTheHorizon() throws {
        let store = try porridgeStore()
        let horizon = day("2027-11-27")  // a Saturday: the last porridge before it is on Friday
        #expect(try store.nextMeal(matching: "porridge", after: day("2027-11-25"), repeatsThrough: horizon)?.day == day("2027-11-26"))
        #expect(try store.nextMeal(matching: "porridge", after: day("2027-11-26"), repeatsThrough: horizon) == nil)
        #expect(try store.nextMeal(matching: "porridge", after: day("2027-11-26"))?.day == day("2027-11-29"))
        #expect(try store.previousMeal(matching: "porridge", before: day("2090-01-01"), repeatsThrough: horizon)?.day
            == day("2027-11-26"))
        #expect(try store.previousMeal(matching: "porridge", before: day("2027-11-26"), repeatsThrough: horizon)?.day
            == day("2027-11-25"))
    }
}
