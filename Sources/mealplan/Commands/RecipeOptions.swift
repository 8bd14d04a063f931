import ArgumentParser
import MealPlanCore
import RecipeLibrary
import Settings

/// Where the recipes are: `--recipes DIR`, else `$MEALPLAN_RECIPES`, else the config file's
/// `recipes`, else `$XDG_DATA_HOME/mealplan/recipes` (`~/.local/share/mealplan/recipes`).
struct RecipeOptions: ParsableArguments {
    @Option(name: .customLong("recipes"), help: ArgumentHelp(
        "The recipes folder (.cook files).", discussion: "Else $MEALPLAN_RECIPES, the config file's 'recipes', or $XDG_DATA_HOME/mealplan/recipes.",
        valueName: "dir"))
    var folder: String?

    func recipeFolder(in environment: Environment) throws -> RecipeFolder {
        if let folder, !folder.isEmpty { return try RecipeFolder(root: folder) }
        if let folder = environment["MEALPLAN_RECIPES"], !folder.isEmpty { return try RecipeFolder(root: folder) }
        if let folder = try ConfigFile.load(in: environment).recipes { return try RecipeFolder(root: folder) }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return try RecipeFolder(root: data + "/mealplan/recipes") }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw CommandFailure.usage("no recipes folder: HOME is not set; use --recipes DIR or set MEALPLAN_RECIPES")
        }
        return try RecipeFolder(root: home + "/.local/share/mealplan/recipes")
    }
}

/// `--servings` as typed: a plain number from 0.01 to 10,000, or a usage error saying why.
func parseServings(_ text: String) throws -> Double {
    do {
        return try Meal.servings(parsing: text)
    } catch {
        throw CommandFailure.usage("--servings: \(error.message)")
    }
}
