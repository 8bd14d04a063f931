import RecipeLibrary
import Settings
import ShoppingList

extension ShoppingSources {
    /// Where a pantry file is looked for, said when there is none.
    public var pantryPlaces: String {
        "pantry.conf in '\(recipes.root)' or its config/ folder, or 'pantry' in the config file"
    }

    /// What `pantry` holds of each of `names` among `recipes`, unranked
    /// (`PantryCoverage.measure`), through the aisle file's names and the list's units, for
    /// `servings` (the household's) or each recipe's own.
    public func pantryCoverage(
        of names: [String], in recipes: ReadRecipes, pantry: PantryConfig, servings: Double?
    ) throws(RecipeFolderError) -> (covered: [PantryCoverage], problems: [String]) {
        PantryCoverage.measure(names, recipes: recipes, aisles: try aisles(), pantry: pantry, units: units, servings: servings)
    }
}
