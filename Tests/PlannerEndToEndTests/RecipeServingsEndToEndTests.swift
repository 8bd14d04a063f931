import Foundation
import Glibc
import TestSupport
import Testing

/// Meals stay linked to their recipes in a real terminal: a pasted meal keeps `℞` and its
/// servings and its ingredients reach `s`; `+` changes the servings and the list follows; a
/// recipes folder of looping links leaves the planner answering `q` and SIGTERM.
@Suite(.requires(.tmux))
struct RecipeServingsEndToEndTests {
    @Test func aPastedRecipeMealKeepsItsRecipeAndServings() throws {
        let recipes = try RecipesEndToEndTests.recipesFolder()
        let planner = try RecipesEndToEndTests.planner(recipes)
        try planner.waitFor("  dinner    Beef stew ℞ · 6 servings")
        try planner.press("y")
        try planner.waitFor("Copied")
        try planner.press("J")
        try planner.press("p")
        try planner.waitForScreen("the pasted stew, linked") { page in
            page.filter { $0 == "  dinner    Beef stew ℞ · 6 servings" }.count == 2 && page.shows("Pasted")
        }
        try planner.press("s")
        // Two stews for 6 (of 2): 2 × 1.5 kg of beef, 2 × 3 onions; names padded to the longest.
        try planner.waitForScreen("the list of both meals") { page in
            page.shows(" 2 meals with recipes") && page.shows("   beef   3 kg") && page.shows("   onion  6")
        }
    }

    @Test func plusChangesTheServingsAndTheListFollows() throws {
        let recipes = try RecipesEndToEndTests.recipesFolder()
        let planner = try RecipesEndToEndTests.planner(recipes)
        try planner.waitFor("  dinner    Beef stew ℞ · 6 servings")
        try planner.press("+")
        try planner.waitFor("  dinner    Beef stew ℞ · 7 servings")
        try planner.press("s")
        // 7 of 2 servings: 3.5 × 500 g of beef.
        try planner.waitFor("   beef   1.75 kg")
        try planner.press("Escape")
        try planner.waitForAbsence(of: "beef   1.75 kg")
        try planner.press("u")
        try planner.waitFor("  dinner    Beef stew ℞ · 6 servings")
    }

    /// Tab in a title walks the folder: with links looping back to it, the walk is still
    /// bounded, the recipe is offered once, and `q` then quits at once.
    @Test func aLoopingRecipesFolderLeavesThePlannerAnswering() throws {
        let recipes = try RecipesEndToEndTests.recipesFolder()
        for name in ["s1", "s2", "self"] { #expect(symlink(".", recipes.file(name)) == 0) }
        let planner = try RecipesEndToEndTests.planner(recipes)
        try planner.waitFor("Beef stew ℞")
        try planner.press("a")
        try planner.waitFor("Slot:")
        try planner.press("Enter")
        try planner.waitFor("Title:")
        try planner.type("st")
        try planner.press("Tab")
        try planner.waitFor("Title: Stew")
        try planner.press("Tab")
        try planner.waitFor("Title: Stew")
        try planner.press("Escape")
        try planner.waitForAbsence(of: "Title:")
        let clock = ContinuousClock()
        let start = clock.now
        try planner.press("q")
        try planner.waitFor("planner exited with 0")
        #expect(clock.now - start < .seconds(3), "q quits at once: \(clock.now - start)")
    }

    @Test func sigtermEndsThePlannerAfterATabInALoopingFolder() throws {
        let recipes = try RecipesEndToEndTests.recipesFolder()
        for name in ["s1", "s2"] { #expect(symlink(".", recipes.file(name)) == 0) }
        let planner = try RecipesEndToEndTests.planner(recipes)
        try planner.waitFor("Beef stew ℞")
        try planner.press("a")
        try planner.waitFor("Slot:")
        try planner.press("Enter")
        try planner.type("st")
        try planner.press("Tab")
        try planner.waitFor("Title: Stew")
        #expect(kill(try planner.plannerProcess(), SIGTERM) == 0)
        try planner.waitFor("planner exited with 143")
    }
}
