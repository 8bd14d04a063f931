import MealPlanCore
import PlannerRuntime
import PlannerUI
import TerminalKit
import Testing

/// Tab in the title of the add and edit prompts completes recipe names; Enter on a chosen
/// recipe fills the title with the recipe's and links the meal, with the recipe's servings.
@Suite struct RecipeTabTests {
    let samples = SampleRecipes()

    func planner(_ meals: [Meal] = []) -> Harness {
        var harness = Harness(today: saturday, size: Size(width: 80, height: 12), meals: meals)
        harness.recipes = samples.recipes
        return harness
    }

    /// `a`, Enter on the proposed slot: the title field.
    func atTitle(_ harness: inout Harness) {
        harness.press(.character("a"), .enter)
        #expect(harness.formStep == .title)
    }

    @Test func tabCyclesThroughTheRecipesMatchingWhatWasTyped() {
        var harness = planner()
        atTitle(&harness)
        harness.type("s")
        harness.press(.tab)
        // The names are asked for at the first Tab, then cycled: "Soup" by its name,
        // "mains/Stew" and "sauces/Stock" by their file names, in the folder's order.
        #expect(harness.effects.contains(.listRecipes))
        #expect(harness.prompt?.editor.text == "mains/Stew")
        harness.press(.tab)
        #expect(harness.prompt?.editor.text == "sauces/Stock")
        harness.press(.tab)
        #expect(harness.prompt?.editor.text == "Soup")
        harness.press(.backTab)
        #expect(harness.prompt?.editor.text == "sauces/Stock")
        #expect(harness.effects.filter { $0 == .listRecipes }.count == 1)
    }

    @Test func choosingARecipeFillsTheTitleAndAddsTheMealLinkedWithItsServings() {
        var harness = planner()
        atTitle(&harness)
        harness.type("ste")
        harness.press(.tab, .enter)
        #expect(harness.effects.last == .chooseRecipe("mains/Stew"))
        #expect(harness.formStep == .title)
        #expect(harness.prompt?.editor.text == "Beef stew")
        #expect(harness.lines[10].contains("℞ mains/Stew"))
        // Title, then the servings field (the recipe's 2), then the note.
        harness.press(.enter)
        #expect(harness.formStep == .servings && harness.prompt?.editor.text == "2")
        harness.press(.enter, .enter)
        #expect(harness.ordered.map { [$0.title, $0.recipe, $0.servings.map { "\($0)" }] }
            == [["Beef stew", "mains/Stew", "2.0"]])
        #expect(harness.lines.contains { $0.contains("Beef stew ℞ · 2 servings") })
    }

    @Test func editingKeepsTheRecipeAndCanLinkAnother() {
        var harness = planner([Meal(day: saturday, slot: "dinner", title: "Stew", recipe: "mains/Stew", servings: 4)])
        harness.press(.character("e"))
        harness.press(.control("u"))
        harness.type("sou")
        harness.press(.tab, .enter, .enter, .enter, .enter)
        #expect(harness.ordered.map(\.recipe) == ["Soup"])
        #expect(harness.ordered.map(\.title) == ["Soup"])
        // An edit that does not touch the title keeps the link.
        harness.press(.character("e"), .enter, .enter, .enter)
        #expect(harness.ordered.map(\.recipe) == ["Soup"])
    }

    /// The servings field comes after the title only while a recipe is linked: a number, or
    /// nothing for the recipe as written; ↑ goes back through it.
    @Test func theServingsFieldSetsOrClearsTheServings() {
        var harness = planner([Meal(day: saturday, slot: "dinner", title: "Stew", recipe: "mains/Stew", servings: 4)])
        harness.press(.character("e"), .enter)
        #expect(harness.formStep == .servings && harness.prompt?.editor.text == "4")
        harness.press(.control("u"))
        harness.type("4x")
        harness.press(.enter)
        #expect(harness.prompt?.error == "servings must be a number like 4 or 2.5, not '4x'")
        harness.press(.control("u"))
        harness.type("2.5")
        harness.press(.enter)
        #expect(harness.formStep == .note)
        harness.press(.up)
        #expect(harness.formStep == .servings && harness.prompt?.editor.text == "2.5")
        harness.press(.enter, .enter)
        #expect(harness.ordered.map(\.servings) == [2.5])
        harness.press(.character("e"), .enter, .control("u"), .enter, .enter)
        #expect(harness.ordered.map(\.servings) == [nil], "nothing: as the recipe is written")
        // A meal without a recipe has no servings field.
        harness.press(.character("a"), .enter)
        harness.type("Toast")
        harness.press(.enter)
        #expect(harness.formStep == .note)
        harness.press(.up)
        #expect(harness.formStep == .title)
    }

    /// `+` and `-` change the selected meal's servings by one, each undone by `u`.
    @Test func plusAndMinusChangeTheServingsUndoably() {
        var harness = planner([Meal(day: saturday, slot: "dinner", title: "Stew", recipe: "mains/Stew", servings: 2),
                               Meal(day: saturday, slot: "lunch", title: "Toast")])
        harness.press(.character("j"))
        #expect(harness.selectedTitle == "Stew")
        harness.press(.character("+"), .character("+"))
        #expect(harness.ordered.first { $0.title == "Stew" }?.servings == 4)
        #expect(harness.state.message == StatusMessage("'Stew': 4 servings; u undoes"))
        #expect(harness.lines.contains { $0.contains("Stew ℞ · 4 servings") })
        harness.press(.character("u"))
        #expect(harness.ordered.first { $0.title == "Stew" }?.servings == 3)
        harness.press(.character("-"), .character("-"))
        #expect(harness.ordered.first { $0.title == "Stew" }?.servings == 1)
        harness.press(.character("-"))
        #expect(harness.ordered.first { $0.title == "Stew" }?.servings == 1)
        #expect(harness.state.message == StatusMessage("'Stew' has 1 serving; e sets fewer than 1", isError: true))
        harness.press(.character("k"), .character("+"))
        #expect(harness.state.message == StatusMessage("'Toast' has no recipe"))
    }

    /// Recipes come first, then the titles planned before, the most often planned first (then
    /// the most recently); a title is only a title, Enter links nothing.
    @Test func tabOffersRecipesBeforePastTitles() {
        let past = [
            Meal(day: saturday.adding(days: -30), slot: "dinner", title: "Spaghetti"),
            Meal(day: saturday.adding(days: -20), slot: "dinner", title: "Shakshuka"),
            Meal(day: saturday.adding(days: -10), slot: "dinner", title: "Shakshuka"),
            Meal(day: saturday.adding(days: -5), slot: "lunch", title: "Tomato soup"),
        ]
        var harness = planner(past)
        atTitle(&harness)
        harness.type("s")
        harness.press(.tab)
        #expect(harness.effects.contains(.listTitles(around: saturday)))
        // The recipes matching "s" in the folder's order, each marked as a recipe; then
        // Shakshuka (twice) and Spaghetti (once), marked as titles.
        var offered: [String] = []
        for _ in 0..<5 {
            let text = harness.prompt?.editor.text ?? ""
            let isRecipe = harness.lines.contains { $0.contains("℞ recipe") }
            let isTitle = harness.lines.contains { $0.contains("past title, no recipe") }
            offered.append(text + (isRecipe && !isTitle ? " ℞" : !isRecipe && isTitle ? " (title)" : " ?"))
            harness.press(.tab)
        }
        #expect(offered == ["mains/Stew ℞", "sauces/Stock ℞", "Soup ℞", "Shakshuka (title)", "Spaghetti (title)"])
        harness.press(.control("u"))
        harness.type("sha")
        harness.press(.tab, .enter, .enter)
        #expect(harness.ordered.last.map { [$0.title, $0.recipe ?? "-"] } == ["Shakshuka", "-"])
    }

    /// An old unlinked title of a recipe's name (in any case) is not offered: the first Tab
    /// gives the recipe, so the meal lands on the shopping list.
    @Test func aPastTitleNamedLikeARecipeGivesWayToTheRecipe() {
        var harness = planner([Meal(day: saturday.adding(days: -3), slot: "dinner", title: "soup"),
                               Meal(day: saturday.adding(days: -2), slot: "dinner", title: "stew")])
        atTitle(&harness)
        harness.type("so")
        harness.press(.tab)
        #expect(harness.prompt?.editor.text == "Soup")
        harness.press(.tab)
        #expect(harness.prompt?.editor.text == "Soup", "the only suggestion")
        harness.press(.control("u"))
        harness.type("st")
        harness.press(.tab)
        #expect(harness.prompt?.editor.text == "mains/Stew")
        harness.press(.tab)
        #expect(harness.prompt?.editor.text == "sauces/Stock")
        harness.press(.tab)
        #expect(harness.prompt?.editor.text == "mains/Stew", "no unlinked 'stew'")
    }

    /// Without a recipes folder, Tab still completes the titles planned before.
    @Test func withoutRecipesTabCompletesPastTitles() {
        var harness = Harness(today: saturday, size: Size(width: 80, height: 12),
                              meals: [Meal(day: saturday.adding(days: -3), slot: "dinner", title: "Paella")])
        atTitle(&harness)
        harness.type("pa")
        harness.press(.tab)
        #expect(harness.prompt?.editor.text == "Paella")
        #expect(harness.prompt?.error == nil)
    }

    @Test func noMatchOrNoFolderIsShownAboveThePrompt() {
        var harness = planner()
        atTitle(&harness)
        harness.type("zz")
        harness.press(.tab)
        #expect(harness.prompt?.error == "No title or recipe starts with 'zz'")
        var bare = Harness(today: saturday, size: Size(width: 80, height: 12))
        atTitle(&bare)
        bare.press(.tab)
        #expect(bare.prompt?.error == "no recipes folder")
        // A typed title that is not a completed recipe is a title, as before.
        bare.press(.control("u"))
        bare.type("Soup")
        bare.press(.enter, .enter)
        #expect(bare.ordered.map(\.recipe) == [nil])
    }
}
