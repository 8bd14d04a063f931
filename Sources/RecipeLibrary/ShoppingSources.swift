import Cooklang
import MealPlanCore
import ShoppingList

/// Everything a shopping list is made from on disk: the recipes folder, and the `aisle.conf`
/// and `pantry.conf` files. A file not given is looked for where cookcli keeps it: in the
/// recipes folder, then in its `config/` subfolder; none found means no aisles, or no pantry.
public struct ShoppingSources: Sendable {
    public let recipes: RecipeFolder
    public let aislesFile: String?
    /// `nil`: no pantry file, or the pantry is ignored.
    public let pantryFile: String?
    /// The densities and the system of units the list converts with.
    public let units: UnitSettings

    /// `aisles` and `pantry` are the files named by an option or the config file; `usesPantry`
    /// false ignores any pantry.
    public init(recipes: RecipeFolder, aisles: String?, pantry: String?, usesPantry: Bool = true, units: UnitSettings = UnitSettings()) {
        self.recipes = recipes
        self.units = units
        aislesFile = aisles ?? Self.conventional("aisle.conf", in: recipes)
        pantryFile = usesPantry ? pantry ?? Self.conventional("pantry.conf", in: recipes) : nil
    }

    private static func conventional(_ name: String, in folder: RecipeFolder) -> String? {
        [folder.root + "/" + name, folder.root + "/config/" + name].first { TextFile.isRegularFile($0) }
    }

    /// The shopping list for the meals with a recipe among `meals`. A malformed recipe, a
    /// cycle of references, or a broken aisle or pantry file is an error naming its file; a
    /// missing recipe file is named in the list's notes.
    public func shoppingList(for meals: [Meal]) throws(RecipeFolderError) -> ShoppingList {
        let planned = meals.compactMap { meal in
            meal.recipe.map { PlannedRecipe(mealID: meal.id ?? 0, day: meal.day, recipe: $0, servings: meal.servings) }
        }
        let aisles = try aisles()
        let pantry = try pantryFile.map { path throws(RecipeFolderError) in try Self.read(path, with: PantryConfig.parse) }
        do {
            return try ShoppingList.make(for: planned, recipes: recipes, aisles: aisles, pantry: pantry, units: units)
        } catch {
            throw RecipeFolderError(error.message, status: .badData)
        }
    }

    /// The aisles of `aisle.conf` (none without the file), as the list groups and merges names.
    public func aisles() throws(RecipeFolderError) -> AisleConfig {
        try aislesFile.map { path throws(RecipeFolderError) in try Self.read(path, with: AisleConfig.parse) } ?? AisleConfig()
    }

    /// A settings file read and parsed; its errors name the file and the line.
    private static func read<Config>(_ path: String, with parse: (String) throws(ConfigError) -> Config) throws(RecipeFolderError) -> Config {
        let text = try TextFile.contents(of: path)
        do {
            return try parse(text)
        } catch {
            throw RecipeFolderError("\(path): \(error)", status: .config)
        }
    }
}
