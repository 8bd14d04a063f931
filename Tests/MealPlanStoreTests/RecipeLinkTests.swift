import MealPlanCore
import TestSupport
import Testing
@testable import MealPlanStore

/// A meal may name a recipe and servings; every way a meal is written, copied, changed, undone
/// or imported keeps them.
@Suite struct RecipeLinkTests {
    private let lasagne = Meal(day: day("2026-03-06"), slot: "dinner", title: "Lasagne", recipe: "mains/Lasagne", servings: 6)

    @Test(arguments: StoreKind.allCases)
    func addedMealsKeepTheirRecipeAndServings(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let added = try store.apply([.add(lasagne), .add(Meal(day: day("2026-03-06"), slot: "lunch", title: "Bread", recipe: " Bread "))])
        #expect(added.map { $0?.recipe } == ["mains/Lasagne", "Bread"], "the name is trimmed")
        #expect(added.map { $0?.servings } == [6, nil])
        #expect(try store.meal(id: added[0]!.id!) == added[0])
    }

    @Test(arguments: [
        (Meal(day: day("2026-03-06"), slot: "dinner", title: "Soup", servings: 4), "servings need a recipe: they say how much of the recipe to make"),
        (Meal(day: day("2026-03-06"), slot: "dinner", title: "Soup", recipe: "Soup", servings: 0), "servings must be a number above 0, not 0"),
        (Meal(day: day("2026-03-06"), slot: "dinner", title: "Soup", recipe: "Soup", servings: 0.001), "servings must be at least 0.01, not 0.001"),
        (Meal(day: day("2026-03-06"), slot: "dinner", title: "Soup", recipe: "Soup", servings: 20_000), "servings must be at most 10000, not 20000"),
        (Meal(day: day("2026-03-06"), slot: "dinner", title: "Soup", recipe: "  "), "the recipe name is empty"),
        (Meal(day: day("2026-03-06"), slot: "dinner", title: "Soup", recipe: "a\nb"), "the recipe name must be one line without control characters"),
    ])
    func badRecipeFieldsChangeNothing(meal: Meal, message: String) throws {
        let store = try MealStore.inMemory()
        #expect(throws: StoreError(.input, message)) { try store.apply([.add(meal)]) }
        #expect(try store.mealCount() == 0)
    }

    @Test func linkingKeepsServingsTheMealHasAndUnlinkingDropsBoth() throws {
        let store = try MealStore.inMemory()
        let plain = try store.addMeal(day: day("2026-03-06"), slot: "dinner", title: "Pasta")
        let linked = try store.updateMeal(id: plain.id!, recipe: .link(name: "mains/Pesto Pasta", defaultServings: 4))
        #expect(linked.recipe == "mains/Pesto Pasta" && linked.servings == 4 && linked.title == "Pasta")
        let more = try store.updateMeal(id: plain.id!, servings: 7)
        #expect(more.servings == 7)
        let relinked = try store.updateMeal(id: plain.id!, recipe: .link(name: "mains/Lasagne", defaultServings: 6))
        #expect(relinked.recipe == "mains/Lasagne" && relinked.servings == 7, "the household's servings stay")
        let unlinked = try store.updateMeal(id: plain.id!, recipe: .unlink)
        #expect(unlinked.recipe == nil && unlinked.servings == nil)
        #expect(throws: StoreError(.input, "servings need a recipe: they say how much of the recipe to make")) {
            try store.updateMeal(id: plain.id!, servings: 2)
        }
    }

    /// Undo applies the inverse change: the recipe and servings come back with the rest.
    @Test func undoingAnEditOrARemovalBringsTheRecipeBack() throws {
        let store = try MealStore.inMemory()
        let stored = try #require(try store.apply([.add(lasagne)])[0])
        var edited = stored
        edited.recipe = nil
        edited.servings = nil
        let change = MealChange.update(from: stored, to: edited, restoresPosition: false)
        let after = try #require(try store.apply([change])[0])
        #expect(after.recipe == nil)
        try store.apply([change.stored(as: after).inverse])
        #expect(try store.meal(id: stored.id!) == stored)
        try store.apply([.remove(stored)])
        try store.apply([MealChange.remove(stored).inverse])
        #expect(try store.meal(id: stored.id!) == stored)
    }

    /// A recipe changed by another writer is a change like any other: an edit from an old copy
    /// is refused.
    @Test func anEditFromACopyWithAnotherRecipeIsRefused() throws {
        let store = try MealStore.inMemory()
        let seen = try #require(try store.apply([.add(lasagne)])[0])
        try store.updateMeal(id: seen.id!, servings: 12)
        var typed = seen
        typed.title = "Veggie lasagne"
        #expect(throws: StoreError(.changedMeanwhile, "'Lasagne' was changed by another program meanwhile (its recipe changed)")) {
            try store.apply([.update(from: seen, to: typed, restoresPosition: false)])
        }
        #expect(try store.meal(id: seen.id!)?.servings == 12)
    }

    @Test func copiesCarryTheRecipe() throws {
        let store = try MealStore.inMemory()
        let stored = try #require(try store.apply([.add(lasagne)])[0])
        let copy = try store.copyMeal(id: stored.id!, to: day("2026-03-13"))
        #expect(copy.recipe == "mains/Lasagne" && copy.servings == 6)
        let dryRun = try store.copyDays(from: day("2026-03-06"), count: 1, to: day("2026-03-20"), dryRun: true)
        #expect(dryRun.map(\.recipe) == ["mains/Lasagne"] && dryRun.map(\.servings) == [6] && dryRun.map(\.id) == [nil])
        let copies = try store.copyDays(from: day("2026-03-06"), count: 1, to: day("2026-03-20"))
        #expect(copies.map(\.recipe) == ["mains/Lasagne"] && copies.map(\.servings) == [6])
    }

    @Test(arguments: StoreKind.allCases)
    func importedMealsKeepTheirRecipe(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        try store.importMeals { importer in
            for index in 0..<200 {
                try importer.add(Meal(
                    day: day("2026-03-02").adding(days: index / 3), slot: "dinner", title: "Meal \(index)",
                    recipe: index.isMultiple(of: 2) ? "Recipe \(index)" : nil, servings: index.isMultiple(of: 4) ? Double(index + 1) / 2 : nil))
            }
        }
        let meals = try store.meals(in: .all)
        #expect(meals.count == 200)
        for meal in meals {
            let index = Int(meal.title.dropFirst(5))!
            #expect(meal.recipe == (index.isMultiple(of: 2) ? "Recipe \(index)" : nil))
            #expect(meal.servings == (index.isMultiple(of: 4) ? Double(index + 1) / 2 : nil))
        }
    }

    @Test func importRefusesServingsWithoutARecipe() throws {
        let store = try MealStore.inMemory()
        #expect(throws: StoreError(.input, "servings need a recipe: they say how much of the recipe to make")) {
            try store.importMeals { importer in
                try importer.add(Meal(day: day("2026-03-02"), slot: "dinner", title: "Soup", servings: 2))
            }
        }
        #expect(try store.mealCount() == 0)
    }
}
