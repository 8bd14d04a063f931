import Foundation
import TestSupport
import Testing

/// Recipes in a real terminal: `r` shows a meal's recipe scaled to its servings, `R` edits
/// the file in the user's editor and shows it read again, `s` shows the shopping list of the
/// days on screen; `--demo` carries the sample recipes.
@Suite(.requires(.tmux))
struct RecipesEndToEndTests {
    /// A recipes folder with a stew for 2 and an aisle file.
    static func recipesFolder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        let stew = "---\ntitle: Beef stew\nservings: 2\n---\nBrown @beef{500%g} with @onion{1}(chopped).\n\nSimmer for ~{2%hours}.\n"
        try Data(stew.utf8).write(to: URL(fileURLWithPath: folder.file("Stew.cook")))
        try Data("[meat]\nbeef\n\n[produce]\nonion\n".utf8).write(to: URL(fileURLWithPath: folder.file("aisle.conf")))
        return folder
    }

    /// The planner on the folder, with today's dinner the stew for 6.
    static func planner(_ recipes: TemporaryFolder, width: Int = 80, height: Int = 24,
                        environment: [String: String] = [:]) throws -> TmuxPlanner {
        try TmuxPlanner(width: width, height: height, environment: environment.merging(["MEALPLAN_RECIPES": recipes.path]) { $1 }) {
            try $0.mealplan("add", "today", "dinner", "--recipe", "stew", "--servings", "6", "--recipes", recipes.path)
        }
    }

    @Test func theDayShowsTheMarkAndRShowsTheScaledRecipe() throws {
        let recipes = try Self.recipesFolder()
        let planner = try Self.planner(recipes)
        // Each wait is for all that screen must show: tmux may show a frame drawn in part.
        try planner.waitForScreen("the stew's line") { $0.contains("  dinner    Beef stew ℞ · 6 servings") }
        try planner.press("r")
        // 6 of 2 servings: three times each amount.
        try planner.waitForScreen("the recipe scaled") { page in
            // A serving's figures come between the heading and the ingredients (NutritionEndToEndTests).
            guard page.shows("Esc closes"), Array(page.prefix(4)) == ["Wed 4 Mar 2026 · dinner · Beef stew", " Beef stew", " serves 6", ""],
                  page[4].hasPrefix(" Nutrition (USDA SR21), a serving: kcal "), let beef = page.firstIndex(of: "   beef  \(Double(500 * 3) / 1000) kg")
            else { return false }
            return page.dropFirst(beef + 1).prefix(2) == ["   onion  \(1 * 3)  (chopped)", ""] && page.contains(" 1. Brown beef with onion.")
        }
        try planner.press("Escape")
        try planner.waitForAbsence(of: "Esc closes")
    }

    /// The editor (a script that changes the beef to lamb and checks it had a sane terminal)
    /// gets the file; the planner comes back drawn whole, the recipe read again.
    @Test func bigREditsTheRecipeFileAndTheScreenShowsTheChange() throws {
        let recipes = try Self.recipesFolder()
        let scripts = TemporaryFolder()
        let editor = scripts.file("editor")
        let text = "#!/bin/sh\nsed -i 's/beef/lamb/' \"$1\"\nstty -a | grep -q ' icanon' && echo sane > \(scripts.file("modes"))\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: editor))
        chmod(editor, 0o755)
        let planner = try Self.planner(recipes, environment: ["VISUAL": editor, "EDITOR": editor])
        try planner.waitFor("Beef stew")
        try planner.press("r")
        try planner.waitFor("R edits")
        try planner.press("R")
        try planner.waitForScreen("the recipe read again, whole") { page in
            page[0] == "Wed 4 Mar 2026 · dinner · Beef stew" && page.contains("   lamb  1.5 kg")
                && page[23].hasSuffix("Esc closes")
        }
        #expect(try String(contentsOfFile: scripts.file("modes"), encoding: .utf8) == "sane\n")
        #expect(try String(contentsOfFile: recipes.file("Stew.cook"), encoding: .utf8).contains("@lamb{500%g}"))
    }

    /// The list of the days on screen: the stew's ingredients, tripled, in the aisle file's order.
    @Test func sShowsTheWeeksShoppingList() throws {
        let recipes = try Self.recipesFolder()
        let planner = try Self.planner(recipes)
        try planner.waitFor("Beef stew")
        try planner.press("s")
        try planner.waitForScreen("the shopping list whole") { page in
            page[0].hasPrefix("Shopping list · Tue 3 Mar – ")
                && Array(page[1...7]) == [" 1 meal with recipes", "", " meat", "   beef   1.5 kg", "", " produce", "   onion  3"]
        }
    }

    /// On the list, `j` selects the onion and `x` ticks it: the page shows it ticked, and the
    /// recipes folder's `.shopping-checked` has the tick, which `mealplan shop` reads too.
    @Test func xTicksTheSelectedItemOffTheList() throws {
        let recipes = try Self.recipesFolder()
        let planner = try Self.planner(recipes)
        try planner.waitFor("Beef stew")
        try planner.press("s")
        try planner.waitForScreen("the list with its keys") { $0.contains("   onion  3") && $0[23].hasPrefix("j ↓ next item") }
        try planner.press("j")
        try planner.press("x")
        try planner.waitForScreen("the onion ticked") { $0.contains(" ✓ onion  3") && $0.contains("   beef   1.5 kg") }
        let log = try String(contentsOfFile: recipes.file(".shopping-checked"), encoding: .utf8)
        #expect(log == "+ onion\n# mealplan bought: 3\n")
        try planner.press("x")
        try planner.waitForScreen("the onion back") { $0.contains("   onion  3") }
        #expect(try String(contentsOfFile: recipes.file(".shopping-checked"), encoding: .utf8) == log + "- onion\n")
    }

    @Test func theRecipeViewAndTheListLayOutAtEverySize() throws {
        let recipes = try Self.recipesFolder()
        for (width, height) in [(53, 17), (200, 50)] {
            let planner = try Self.planner(recipes, width: width, height: height)
            try planner.waitFor("Beef stew ℞ · 6 servings")
            try planner.press("r")
            try planner.waitForScreen("the recipe at \(width)×\(height)") { page in
                // Under the heading and a serving's figures (NutritionEndToEndTests), the ingredients.
                page.shows("Esc closes") && page.count == height && page[4].hasPrefix(" Nutrition (USDA SR21), a serving: ")
                    && page.contains("   beef  1.5 kg")
            }
            // Esc and s as two keystrokes: sent together they are the chord Alt-s.
            try planner.press("Escape")
            try planner.waitForAbsence(of: "Esc closes")
            try planner.press("s")
            try planner.waitFor("beef   1.5 kg")
        }
    }

    /// `--demo` shows the sample plan's recipes from the copy inside the binary.
    @Test func theDemoShowsTheSampleRecipes() throws {
        let temporary = TemporaryFolder()
        let demo = try TmuxPlanner(arguments: ["--demo"], environment: ["TMPDIR": temporary.path])
        try demo.waitFor("Banana bread ℞ · 10 servings")
        // Tuesday's banana bread, the last meal of the day before today.
        try demo.press("k")
        try demo.press("r")
        try demo.waitForScreen("the banana bread's recipe") { page in
            page.shows("Esc closes") && page[0] == "Tue 3 Mar 2026 · snack · Banana bread" && page[2] == " serves 10"
        }
        try demo.press("Escape")
        try demo.waitForAbsence(of: "Esc closes")
        try demo.press("s")
        try demo.waitFor("meals with recipes")
    }

    /// `--demo` has a repeat (a snack on Mondays, Wednesdays and Fridays, today one) and a
    /// template of the sample plan's first week.
    @Test func theDemoHasARepeatAndATemplate() throws {
        let temporary = TemporaryFolder()
        let demo = try TmuxPlanner(arguments: ["--demo"], environment: ["TMPDIR": temporary.path])
        try demo.waitFor("  snack     Apple slices with peanut butter ↻")
        try demo.press("A")
        try demo.waitFor("Template:")
        try demo.press("Tab")
        try demo.waitFor("Template: Sample week")
    }

    /// The bundle `--demo` carries is Data/recipes/ as scripts/bundle-sample-recipes.sh
    /// writes it: a changed sample recipe needs the script run again.
    @Test func theDemosBundleIsTheSampleRecipesFolder() throws {
        let repository = String(#filePath.dropLast("Tests/PlannerEndToEndTests/RecipesEndToEndTests.swift".count))
        let scratch = TemporaryFolder()
        let output = scratch.file("bundle")
        #expect(system("'\(repository)scripts/bundle-sample-recipes.sh' '\(output)'") == 0)
        let made = try Data(contentsOf: URL(fileURLWithPath: output))
        let carried = try Data(contentsOf: URL(fileURLWithPath: repository + "Sources/mealplan/sample-recipes.bundle"))
        #expect(made == carried, "run scripts/bundle-sample-recipes.sh")
        // One entry per file of the folder.
        let files = FileManager.default.subpaths(atPath: repository + "Data/recipes")!.filter { name in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: repository + "Data/recipes/" + name, isDirectory: &isFolder)
            return !isFolder.boolValue
        }
        #expect(String(decoding: made, as: UTF8.self).components(separatedBy: "\n=== ").count == files.count)
        #expect(files.count > 25)
    }
}
extension String {
    var isDirectory: Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: self, isDirectory: &directory) && directory.boolValue
    }
}
