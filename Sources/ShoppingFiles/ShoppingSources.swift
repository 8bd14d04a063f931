import Cooklang
import MealPlanCore
import RecipeLibrary
import Settings
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

    /// The shopping list for the meals with a recipe among `meals`, naming the others, grouped
    /// and merged by `aisles` less what `pantry` holds (each read once by the caller). Leftovers
    /// are bought with the meal that cooks them, and a skipped meal is not cooked: neither adds
    /// anything. A recipe that is missing, malformed or in a cycle of references leaves its
    /// meal out, named in the list's problems.
    func shoppingList(for meals: [Meal], aisles: AisleConfig, pantry: PantryConfig?) throws(RecipeFolderError) -> ShoppingList {
        var planned: [PlannedRecipe] = []
        var withoutRecipe: [ShoppingList.MealUse] = []
        for meal in meals where meal.isCooked {
            let use = ShoppingList.MealUse(id: meal.id, rule: meal.occurrence?.rule, day: meal.day,
                                           slot: meal.slot, title: meal.title)
            if let recipe = meal.recipe {
                planned.append(PlannedRecipe(meal: use, recipe: recipe, servings: meal.servings))
            } else {
                withoutRecipe.append(use)
            }
        }
        do {
            return try ShoppingList.make(for: planned, withoutRecipe: withoutRecipe, recipes: recipes,
                                         aisles: aisles, pantry: pantry, units: units)
        } catch {
            throw RecipeFolderError(error.message, status: .badData)
        }
    }

    /// The aisles of `aisle.conf` (none without the file), as the list groups and merges names.
    public func aisles() throws(RecipeFolderError) -> AisleConfig {
        try aislesFile.map { path throws(RecipeFolderError) in try Self.read(path, with: AisleConfig.parse) } ?? AisleConfig()
    }

    /// What `pantry.conf` says the household has; `nil` without the file, or when ignored.
    public func pantry() throws(RecipeFolderError) -> PantryConfig? {
        try pantryFile.map { path throws(RecipeFolderError) in try Self.read(path, with: PantryConfig.parse) }
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
