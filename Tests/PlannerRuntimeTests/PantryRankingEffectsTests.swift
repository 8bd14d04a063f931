import Foundation
import MealPlanCore
import MealPlanStore
import PlannerRuntime
import PlannerUI
import RecipeLibrary
import ShoppingFiles
import Settings
import ShoppingList
import Testing
import TestSupport

/// Ctrl-P in a title asks `.rankPantry`: every recipe ranked by what a hand-made pantry holds of
/// it, both ways, as `recipes --can-make` ranks them, each with the title and servings it gives
/// a meal and what is missing.
@Suite struct PantryRankingEffectsTests {
    let kitchen = try! PantryKitchen()
    var folder: TemporaryFolder { kitchen.folder }

    func write(_ name: String, _ text: String) throws {
        try folder.write(text, to: name)
    }

    func answer(household: Double? = nil) throws -> Input? {
        let sources = ShoppingSources(recipes: try RecipeFolder(root: folder.path), aisles: nil, pantry: nil)
        return PlannerEffects.answer(.rankPantry, store: try MealStore.inMemory(), recipes: PlannerRecipes(sources, householdServings: household))
    }

    /// By the share held: the omelette has both of its two ingredients, the dal two of three
    /// (lentils 200 g of 500 g, cumin without an amount), the toast one of two (butter, not the
    /// bread). By expiry: the dal's lentils go first, then the omelette's eggs; the toast uses
    /// nothing with a date.
    @Test func theRecipesAreRankedBothWaysWithWhatIsMissing() throws {
        let dal = PantryRanking.Pick(recipe: "Dal", title: "Tarka dal", servings: 2, missing: "missing coriander",
                                     expiring: "uses red lentils, expires \(day(PantryKitchen.lentilsExpire).label)")
        let omelette = PantryRanking.Pick(recipe: "Omelette", title: "Omelette", servings: nil, missing: "all in the pantry",
                                          expiring: "uses eggs, expires \(day(PantryKitchen.eggsExpire).label)")
        let toast = PantryRanking.Pick(recipe: "Toast", title: "Toast", servings: 1, missing: "missing bread \(2)", expiring: nil)
        #expect(try answer() == .pantryRanked(PantryRanking(byShare: [omelette, dal, toast], byExpiry: [dal, omelette, toast], problems: [])))
    }

    /// The order is the command line's: the same function ranks both.
    @Test func theOrderIsTheOneRecipesCanMakePrints() throws {
        let folder = try RecipeFolder(root: self.folder.path)
        let pantry = try #require(try ShoppingSources(recipes: folder, aisles: nil, pantry: nil).pantry())
        guard case .pantryRanked(let ranking) = try answer() else {
            Issue.record("no ranking")
            return
        }
        for usingFirst in [false, true] {
            let ranked = PantryCoverage.rank(try folder.names(), recipes: folder, aisles: AisleConfig(), pantry: pantry, usingFirst: usingFirst)
            #expect((usingFirst ? ranking.byExpiry : ranking.byShare)?.map(\.recipe) == ranked.ranked.map(\.recipe))
        }
    }

    /// The household's servings (the config file's `servings`) are a chosen recipe's, as with Tab.
    @Test func theHouseholdsServingsComeWithEachRecipe() throws {
        guard case .pantryRanked(let ranking) = try answer(household: 5) else {
            Issue.record("no ranking")
            return
        }
        #expect(ranking.byShare.map(\.servings) == [5, 5, 5])
    }

    /// A malformed recipe is left out and named by its file and line; a pantry without expire
    /// dates has one order; no pantry file says where one is looked for.
    @Test func problemsAreNamedAndNoPantryIsOneLine() throws {
        try write("Broken.cook", "Mix @flour{%g}.\n")
        try write("pantry.conf", "[cupboard]\ncumin = { bought = \"01.01.2026\" }\n")
        guard case .pantryRanked(let ranking) = try answer() else {
            Issue.record("no ranking")
            return
        }
        #expect(ranking.byExpiry == nil)
        #expect(ranking.byShare.map(\.recipe) == ["Dal", "Omelette", "Toast"])
        #expect(ranking.problems.count == 1)
        #expect(ranking.problems.first?.hasPrefix(folder.file("Broken.cook") + ":1:") == true)
        try FileManager.default.removeItem(atPath: folder.file("pantry.conf"))
        #expect(try answer() == .recipePromptFailed(
            message: "No pantry to rank the recipes by: pantry.conf in '\(folder.path)' or its config/ folder, or 'pantry' in the config file"))
    }
}
