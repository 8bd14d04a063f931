import MealPlanCore
import Recurrence
import TestSupport
import Testing
@testable import MealPlanStore

/// `forEachMealRow` hands over each stored row as SQLite read it, with raw calls: every field
/// must be what GRDB's own reading of the same row gives (`meal(id:)`), and the occurrences of
/// repeat rules must fall in among them in display order.
@Suite struct MealRowReadTests {
    private func rows(_ store: MealStore, in range: DayRange, slot: String? = nil, search: String? = nil) throws -> [Meal] {
        var meals: [Meal] = []
        try store.forEachMealRow(in: range, slot: slot, search: search, stored: { meals.append(Meal($0)) },
                                 occurrence: { meals.append($0) })
        return meals
    }

    @Test func everyFieldIsReadAsGRDBReadsItAndOccurrencesFallInPlace() throws {
        let store = try MealStore.inMemory()
        let monday = day("2026-03-02"), tuesday = day("2026-03-03")
        try store.addRule(try RepeatRule(firstDay: monday, pattern: .days(interval: 1), end: .count(3)),
                          meal: Meal(day: monday, slot: "dinner", title: "Soup", note: "from the rule"))
        try store.apply([
            .add(Meal(day: monday, slot: "dinner", title: "Crème brûlée, \"burnt\"", note: "two\nlines",
                      recipe: "desserts/brulee", servings: 2.5)),
            .add(Meal(day: monday, slot: "breakfast", title: "拉麺")),
            .add(Meal(day: tuesday, slot: "dinner", title: "Bread", recipe: "bread")),
        ])
        let range = DayRange(monday, day("2026-03-08"))
        let read = try rows(store, in: range)
        #expect(read.map { "\($0.day.iso) \($0.slot) \($0.position) \($0.title)" } == [
            "2026-03-02 breakfast 0 拉麺", "2026-03-02 dinner 0 Crème brûlée, \"burnt\"", "2026-03-02 dinner 1 Soup",
            "2026-03-03 dinner 0 Bread", "2026-03-03 dinner 1 Soup", "2026-03-04 dinner 0 Soup",
        ])
        for meal in read {
            if let id = meal.id {
                #expect(try store.meal(id: id) == meal)
                #expect(meal.uid != nil)
            } else {
                #expect(meal.occurrence?.rule == 1 && meal.uid == nil && meal.note == "from the rule")
            }
        }
        #expect(read == (try store.meals(in: range)))
        #expect(try rows(store, in: range, slot: "dinner") == (try store.meals(in: range, slot: "dinner")))
        #expect(try rows(store, in: range, search: "soup").count == 3)
        #expect(try rows(store, in: DayRange(day("2026-03-05"), day("2026-03-08"))) == [])
        // A flat read: the same stored meals without their identities.
        var flat: [Meal] = []
        try store.forEachMealRow(in: range, identities: false, stored: { flat.append(Meal($0)) }, occurrence: { _ in })
        #expect(flat == read.filter { $0.id != nil }.map {
            Meal(day: $0.day, slot: $0.slot, position: $0.position, title: $0.title, note: $0.note, recipe: $0.recipe,
                 servings: $0.servings)
        })
    }

    @Test func aMealsOwnViewGivesItBack() throws {
        let meal = Meal(id: 4, uid: ItemUID(high: 1, low: 2), day: day("2026-03-02"), slot: "lunch", position: 3, title: "Stew",
                        note: "", recipe: "stew", servings: 4, occurrence: Occurrence(rule: 2, day: day("2026-03-01")))
        #expect(meal.withRowView { Meal($0) } == meal)
        let plain = Meal(day: day("2026-03-02"), slot: "lunch", title: "Stew")
        #expect(plain.withRowView { $0.note == nil && $0.recipe == nil && Meal($0) == plain })
    }
}
