import Foundation
import MealPlanCore
import MealPlanStore
import PlannerRuntime
import PlannerUI
import RecipeLibrary
import ShoppingFiles
import TerminalKit
import Testing
import TestSupport

/// The recipe effects as the run loop answers them: recipe files read only when asked, a
/// missing or malformed one reported in one line, the editor run on the file itself.
@Suite struct RecipeEffectsTests {
    let folder = TemporaryFolder()
    let today = day("2026-03-04")

    init() throws {
        try Data("---\nservings: 2\n---\nFry @garlic{2%cloves} in @butter{=10%g}.\n".utf8)
            .write(to: URL(fileURLWithPath: folder.file("Garlic.cook")))
        try Data("Mix @flour{%g}.\n".utf8).write(to: URL(fileURLWithPath: folder.file("Broken.cook")))
    }

    var recipes: PlannerRecipes {
        PlannerRecipes(ShoppingSources(recipes: try! RecipeFolder(root: folder.path), aisles: nil, pantry: nil))
    }

    func meal(_ recipe: String, servings: Double? = 6) -> Meal {
        Meal(id: 1, day: today, slot: "dinner", title: "Garlic", recipe: recipe, servings: servings)
    }

    @Test func aRecipeIsAnsweredScaledToTheMealsServings() throws {
        let store = try MealStore.inMemory()
        let answer = PlannerEffects.answer(.showRecipe(meal("Garlic")), store: store, recipes: recipes)
        // 6 of 2 servings: three times the garlic; the fixed butter stays as written. A serving
        // is 1 clove of garlic (11215, 3 g a clove: 149 kcal, protein 6.36 g, fat 0.5 g,
        // carbohydrate 33.06 g, fibre 2.1 g, sugars 1 g, sodium 17 mg per 100 g) and 10/6 g of
        // butter (01001: 717, 0.85, 81.11, 0.06, 0, 0.06, 576): 4.47 + 11.95 = 16.42 kcal
        // (68.7 kJ), protein 0.191 + 0.014, fat 0.015 + 1.352, carbohydrate 0.992 + 0.001,
        // fibre 0.063, sugars 0.03 + 0.001, sodium 0.51 + 9.6.
        let serving = "kcal 16 (69 kJ) · protein 0.2 g · fat 1.4 g · carbohydrate 1 g · fibre 0.1 g · sugars 0 g · sodium 10 mg"
        #expect(answer == .pageShown(TextPage(kind: .recipe(meal("Garlic")), lines: [
            "Garlic", "serves 6", "", "Nutrition (USDA SR21), a serving: " + serving, "  known for 100 % of the mass", "",
            "  garlic  \(2 * 3) cloves", "  butter  10 g", "", "1. Fry garlic in butter.",
        ])))
    }

    /// Tab on a recipe gives the household's servings (the config file's `servings`) when
    /// set, else the recipe's own.
    @Test func aChosenRecipeTakesTheHouseholdServings() throws {
        let store = try MealStore.inMemory()
        let sources = ShoppingSources(recipes: try RecipeFolder(root: folder.path), aisles: nil, pantry: nil)
        #expect(PlannerEffects.answer(.chooseRecipe("garlic"), store: store, recipes: PlannerRecipes(sources))
            == .recipeChosen(name: "Garlic", title: "Garlic", servings: 2))
        #expect(PlannerEffects.answer(.chooseRecipe("garlic"), store: store, recipes: PlannerRecipes(sources, householdServings: 5))
            == .recipeChosen(name: "Garlic", title: "Garlic", servings: 5))
    }

    @Test func aMissingOrMalformedRecipeIsOneLine() throws {
        let store = try MealStore.inMemory()
        #expect(PlannerEffects.answer(.showRecipe(meal("Gone")), store: store, recipes: recipes)
            == .recipeFailed(meal("Gone"), message: "recipe missing: \(folder.file("Gone.cook"))"))
        guard case .recipeFailed(_, let message) = PlannerEffects.answer(.showRecipe(meal("Broken")), store: store, recipes: recipes) else {
            Issue.record("a malformed recipe was shown")
            return
        }
        #expect(message.hasPrefix("\(folder.file("Broken.cook")):1:12: "))
        #expect(!message.contains("\n"))
    }

    /// Only the meals of the days count; without an aisle file everything is under "other",
    /// by name. Each item's line is one `x` ticks.
    @Test func theShoppingListIsOfTheMealsOfTheDays() throws {
        let store = try MealStore.inMemory()
        _ = try store.apply([.add(Meal(day: today, slot: "dinner", title: "Garlic", recipe: "Garlic", servings: 4))])
        _ = try store.apply([.add(Meal(day: today.adding(days: 9), slot: "dinner", title: "Later", recipe: "Garlic", servings: 40))])
        let days = DayRange(start: today, count: 7)
        #expect(PlannerEffects.answer(.showShoppingList(days), store: store, recipes: recipes)
            == .pageShown(TextPage(kind: .shoppingList(days), lines: [
                "1 meal with recipes", "", "other", "  butter  10 g", "  garlic  \(2 * 4 / 2) cloves",
            ], items: [PageItem(line: 3, name: "butter", checked: false), PageItem(line: 4, name: "garlic", checked: false)])))
    }

    /// `R` on a recipe: the editor gets the terminal and the file itself, and the recipe is
    /// read again and shown with its change.
    @Test func rRunsTheEditorOnTheRecipeFileAndShowsItReadAgain() throws {
        let store = try MealStore.open(path: folder.file("meals.sqlite"), access: .readWrite)
        _ = try store.apply([.add(meal("Garlic"))])
        let backend = TestBackend(width: 60, height: 12, hasColors: false, events: [.key(.character("R"))])
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: .seconds(10))
        var loop = PlannerLoop(terminal: backend, store: store, today: { today }, weekStart: .monday, slots: MealSlot.defaults,
                               editor: ExternalEditor(command: "sed -i 's/garlic/ginger/'"), recipes: recipes) {
            clock.now > end || backend.frames.last?.lines.contains { $0.contains("ginger") } == true
        }
        loop.run()
        #expect(try String(contentsOfFile: folder.file("Garlic.cook"), encoding: .utf8).contains("@ginger{2%cloves}"))
        #expect(!backend.isPaused)
        #expect(try #require(backend.frames.last).lines.contains { $0.hasPrefix("   ginger  6 cloves") })
    }

    @Test func theEditorIsNotRunOnAMissingRecipe() throws {
        let backend = TestBackend(width: 100, height: 10, hasColors: false, events: [.key(.character("R"))])
        let store = try MealStore.open(path: folder.file("meals.sqlite"), access: .readWrite)
        _ = try store.apply([.add(meal("Gone"))])
        var loop = PlannerLoop(terminal: backend, store: store, today: { today }, weekStart: .monday, slots: MealSlot.defaults,
                               editor: ExternalEditor(command: "touch"), recipes: recipes) {
            backend.frames.last?.lines.contains { $0.contains("Recipe not edited") } == true
        }
        loop.run()
        #expect(try #require(backend.frames.last).lines[9].contains("Recipe not edited: recipe missing: "))
        #expect(loop.state.message == StatusMessage("Recipe not edited: recipe missing: \(folder.file("Gone.cook"))", isError: true))
        #expect(!FileManager.default.fileExists(atPath: folder.file("Gone.cook")))
    }
}
