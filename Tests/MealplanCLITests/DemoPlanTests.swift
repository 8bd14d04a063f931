import MealPlanCore
import MealPlanStore
import Settings
import Testing
import TestSupport
@testable import mealplan

/// The plan `--demo` opens: the sample plan moved by whole weeks around today, its leftovers
/// moved with it and linked to the meals that cook them.
@Suite struct DemoPlanTests {
    @Test func theDemosLeftoversEatFromTheDinnerBeforeThem() throws {
        let folder = TemporaryFolder()
        let demo = try DemoDatabase(today: day("2026-11-27"), environment: Environment(variables: ["TMPDIR": folder.path]))
        defer { demo.remove() }
        let meals = try demo.store.meals(in: .all).filter { $0.id != nil }
        let leftovers = meals.filter { $0.title.hasPrefix("Leftover ") }
        #expect(leftovers.count == 7)
        for meal in leftovers {
            // "Leftover chili" comes from the dinner before it, whose title names the dish.
            let dish = meal.title.dropFirst("Leftover ".count).split(separator: " ")[0]
            let cook = meals.first { $0.id == meal.leftoversOf }
            #expect(cook?.day == meal.day.adding(days: -1) && cook?.slot == "dinner", "\(meal.title)")
            #expect(cook?.title.lowercased().contains(dish) == true, "\(meal.title): \(cook?.title ?? "no source")")
        }
        // The chili makes 6 portions, 2 eat at it and 2 at the next day's lunch: 2 are not planned,
        // which `leftovers` lists.
        let chili = try #require(meals.first { $0.title == "Chili con carne" })
        let share = try demo.store.leftoverShare(of: chili.id!, household: nil)
        #expect(share.notPlanned == 2)
        let unplanned = try demo.store.unplannedLeftovers(in: DayRange(start: chili.day, count: 1), household: nil)
        #expect(unplanned.map(\.source.id) == [chili.id])
    }
}
