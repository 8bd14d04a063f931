import MealPlanCore
import PlannerRuntime
import PlannerUI
import RecipeLibrary
import ShoppingFiles
import TerminalKit
import Testing
import TestSupport

/// Ctrl-P in the title of the add and edit prompts: what the pantry can make, ranked as
/// `recipes --can-make` ranks it, as a list over the days right above the prompt; choosing one
/// links the meal, taking the recipe's title when none was typed.
@Suite struct PantryListTests {
    let kitchen = try! PantryKitchen()
    static let width = 80

    /// The recipes of `PantryKitchen`: name, title, servings, what is missing and the pantry
    /// item expiring first (by its day).
    static let dal = (recipe: "Dal", title: "Tarka dal", servings: 2.0, missing: "coriander", expiring: ("red lentils", PantryKitchen.lentilsExpire))
    static let omelette = (recipe: "Omelette", title: "Omelette", servings: nil as Double?, missing: "", expiring: ("eggs", PantryKitchen.eggsExpire))
    static let toast = (recipe: "Toast", title: "Toast", servings: 1.0, missing: "bread 2", expiring: nil as (String, String)?)

    /// A recipe's line in the list: its name, what is missing, then in the expiry's order the
    /// item expiring first.
    static func row(_ recipe: String, missing: String, expiring: (String, String)?, usingFirst: Bool) -> String {
        let held = missing.isEmpty ? "all in the pantry" : "missing " + missing
        let expires = usingFirst ? expiring.map { "; uses \($0.0), expires \(day($0.1).label)" } ?? "" : ""
        return line(recipe + " — " + held + expires, width)
    }

    static func rows(usingFirst: Bool) -> [String] {
        let order = usingFirst ? [dal.recipe, omelette.recipe, toast.recipe] : [omelette.recipe, dal.recipe, toast.recipe]
        let recipes = [dal.recipe: (dal.missing, dal.expiring as (String, String)?), omelette.recipe: (omelette.missing, omelette.expiring),
                       toast.recipe: (toast.missing, toast.expiring)]
        return order.map { row($0, missing: recipes[$0]!.0, expiring: recipes[$0]!.1, usingFirst: usingFirst) }
    }

    /// The list's heading: the order, and which recipe of how many is chosen, in a rule.
    static func heading(_ order: String, _ position: Int, of count: Int) -> String {
        let text = "── What the pantry can make, \(order) \(position)/\(count) "
        return text + String(repeating: "─", count: width - text.count)
    }

    func planner(height: Int = 12, recipes: PlannerRecipes? = nil) -> Harness {
        var harness = Harness(today: saturday, size: Size(width: Self.width, height: height))
        harness.recipes = recipes ?? PlannerRecipes(ShoppingSources(recipes: try! RecipeFolder(root: kitchen.path), aisles: nil, pantry: nil))
        return harness
    }

    /// `a`, Enter on the proposed slot, then `typed` in the title and Ctrl-P.
    func openList(_ harness: inout Harness, typed: String = "") {
        harness.press(.character("a"), .enter)
        harness.type(typed)
        harness.press(.control("p"))
    }

    /// The pantry has expire dates, so the list opens in `--use-first` order, right above the
    /// prompt's two lines: the heading, then the three recipes, the first chosen.
    @Test func theListOpensAboveThePromptInTheExpirysOrder() {
        var harness = planner()
        openList(&harness)
        #expect(harness.effects.contains(.rankPantry))
        let lines = harness.lines
        let top = 12 - 2 - 3 - 1
        #expect(lines[top] == Self.heading("expiring first", 1, of: 3))
        #expect(Array(lines[top + 1...top + 3]) == Self.rows(usingFirst: true))
        #expect(lines[10].contains("Tab most held first") && lines[10].contains("Enter links it"))
        #expect(lines[11] == line("Can make: ", Self.width))
        // The chosen line is highlighted, the others are not; ↓ moves the highlight.
        let buffer = harness.render().buffer
        #expect(buffer[0, top + 1].style != buffer[0, top + 2].style)
        harness.press(.down)
        let moved = harness.render().buffer
        #expect(moved[0, top + 2].style == buffer[0, top + 1].style)
        #expect(harness.lines[top] == Self.heading("expiring first", 2, of: 3))
    }

    /// Tab switches to `recipes --can-make`'s own order and back.
    @Test func tabSwitchesToTheMostHeldFirst() {
        var harness = planner()
        openList(&harness)
        harness.press(.tab)
        #expect(harness.lines[6] == Self.heading("most held first", 1, of: 3))
        #expect(Array(harness.lines[7...9]) == Self.rows(usingFirst: false))
        harness.press(.tab)
        #expect(Array(harness.lines[7...9]) == Self.rows(usingFirst: true))
    }

    /// Enter on the chosen recipe: the title field again, with the recipe's title and the meal
    /// linked; then its servings, then the note, and the meal is saved with the recipe.
    @Test func choosingARecipeFillsTheTitleAndLinksTheMeal() {
        var harness = planner()
        openList(&harness)
        harness.press(.enter)
        #expect(harness.formStep == .title)
        #expect(harness.prompt?.editor.text == Self.dal.title)
        #expect(harness.lines[10].contains("℞ \(Self.dal.recipe)"))
        harness.press(.enter)
        #expect(harness.formStep == .servings && harness.prompt?.editor.text == Meal.servingsText(Self.dal.servings))
        harness.press(.enter, .enter)
        #expect(harness.ordered.map { [$0.title, $0.recipe, $0.servings.map(Meal.servingsText)] }
            == [[Self.dal.title, Self.dal.recipe, Meal.servingsText(Self.dal.servings)]])
    }

    /// A title typed before Ctrl-P is kept; Esc gives the title back as typed, linking nothing.
    @Test func aTypedTitleIsKeptAndEscGoesBack() {
        var harness = planner()
        openList(&harness, typed: "Sunday lunch")
        harness.press(.down, .enter)
        #expect(harness.prompt?.editor.text == "Sunday lunch")
        harness.press(.enter, .enter, .enter)
        #expect(harness.ordered.map { [$0.title, $0.recipe] } == [["Sunday lunch", Self.omelette.recipe]])
        openList(&harness, typed: "Soup")
        harness.press(.escape)
        #expect(harness.formStep == .title && harness.prompt?.editor.text == "Soup")
        guard case .meal(let form) = harness.prompt?.kind else {
            Issue.record("the title field is not open")
            return
        }
        #expect(form.recipe == nil)
    }

    /// What is typed or pasted narrows the list by name or title; a name not in it is one line.
    @Test func typingOrPastingNarrowsTheList() {
        var harness = planner()
        openList(&harness)
        harness.type("to")
        #expect(harness.lines[8] == Self.heading("expiring first", 1, of: 1))
        #expect(harness.lines[9] == Self.rows(usingFirst: true)[2])
        harness.press(.control("u"))
        harness.send(.event(.paste("tarka")))
        #expect(harness.lines[9] == Self.rows(usingFirst: true)[0], "the dal by its title")
        harness.press(.control("u"))
        harness.type("zz")
        #expect(harness.lines[9] == line("nothing matches 'zz'", Self.width))
        harness.press(.enter)
        #expect(harness.prompt?.error == "No recipe the pantry list holds matches 'zz'")
    }

    /// On a screen too short for the list, the chosen recipe stays in view, also after a resize.
    @Test func theChosenRecipeStaysInViewOnAShortScreen() {
        var harness = planner()
        openList(&harness)
        harness.press(.down, .down)
        harness.send(.event(.resize(width: Self.width, height: 5)))
        // 5 lines: the prompt's two, the heading, the last two recipes.
        #expect(harness.lines[0] == Self.heading("expiring first", 3, of: 3))
        #expect(Array(harness.lines[1...2]) == Array(Self.rows(usingFirst: true)[1...2]))
        harness.press(.pageUp)
        #expect(harness.lines[0] == Self.heading("expiring first", 1, of: 3))
        #expect(harness.lines[1] == Self.rows(usingFirst: true)[0])
    }

    /// A recipe the folder cannot give (a name with a control character) is left out, and why
    /// is said above the list, which stands, naming the file; nothing of it reaches the screen
    /// raw (the line shows it visible, cut to the width).
    @Test func aRecipeLeftOutIsNamedAboveTheList() throws {
        try kitchen.folder.write("Whisk @eggs{1}.\n", to: "Egg\u{1b}[2J.cook")
        var harness = planner()
        openList(&harness)
        #expect(harness.lines[6] == Self.heading("expiring first", 1, of: 3))
        let why = "'\(kitchen.path)/Egg\u{1b}[2J.cook': the recipe name must be one line without control characters"
        #expect(harness.prompt?.error == why)
        #expect(harness.lines[10] == line(why.truncated(toWidth: Self.width), Self.width))
        #expect(!harness.lines.joined().contains("\u{1b}"))
    }

    /// Without a pantry file the title says where one is looked for; Ctrl-P outside the title
    /// says where it works.
    @Test func withoutAPantryOrOutsideTheTitleItSaysWhy() {
        let samples = SampleRecipes()
        var harness = planner(recipes: samples.recipes)
        openList(&harness)
        #expect(harness.formStep == .title)
        #expect(harness.prompt?.error
            == "No pantry to rank the recipes by: pantry.conf in '\(samples.folder.path)' or its config/ folder, or 'pantry' in the config file")
        harness.press(.escape, .character("a"), .control("p"))
        #expect(harness.formStep == .slot)
        #expect(harness.prompt?.error == "Ctrl-P works in the title: it lists what the pantry can make")
    }
}
