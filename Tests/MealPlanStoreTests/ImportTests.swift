import MealPlanCore
import Testing
@testable import MealPlanStore

@Suite struct ImportTests {
    @Test(arguments: StoreKind.allCases)
    func importAddsEveryRowInOneTransaction(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Existing")
        let count = try store.importMeals { importer in
            try importer.add(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: "")
            try importer.add(day: day("2026-03-02"), slot: "Lunch", title: "Bread", note: "rye")
            try importer.add(day: day("2026-03-01"), slot: "din", title: "Pasta", note: nil)
        }
        #expect(count == 3)
        let meals = try store.meals(in: .all)
        #expect(meals.map(\.title) == ["Pasta", "Existing", "Soup", "Bread"])
        #expect(meals.map(\.position) == [0, 0, 1, 2])
        #expect(meals[3].note == "rye" && meals[2].note == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func anyBadRowImportsNothing(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        #expect(throws: StoreError(.input, "unknown slot 'tea'; slots are breakfast, lunch, dinner, snack")) {
            try store.importMeals { importer in
                try importer.add(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: nil)
                try importer.add(day: day("2026-03-02"), slot: "tea", title: "Cake", note: nil)
            }
        }
        #expect(throws: StoreError(.input, "the title is empty")) {
            try store.importMeals { importer in
                try importer.add(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: nil)
                try importer.add(day: day("2026-03-02"), slot: "lunch", title: "", note: nil)
            }
        }
        struct CallerError: Error {}
        #expect(throws: CallerError.self) {
            try store.importMeals { importer in
                try importer.add(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: nil)
                throw CallerError()
            }
        }
        #expect(try store.mealCount() == 0)
    }

    @Test(arguments: StoreKind.allCases)
    func dryRunChecksEverythingAndAddsNothing(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let count = try store.importMeals(dryRun: true) { importer in
            try importer.add(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: nil)
            try importer.add(day: day("2026-03-03"), slot: "lunch", title: "Bread", note: nil)
        }
        #expect(count == 2)
        #expect(try store.mealCount() == 0)
    }
}
