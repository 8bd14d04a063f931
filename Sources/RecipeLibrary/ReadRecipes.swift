import Cooklang
import ShoppingList

/// Every recipe of a folder read once, in the folder's order, for a command that needs them all
/// (a listing, `recipes --uses`, what the pantry can make); a sub-recipe the walk did not read
/// is read from the folder when asked for, so that none is read twice.
public struct ReadRecipes: RecipeBook, Sendable {
    public let folder: RecipeFolder
    /// The names of the recipes read, in the folder's order; one that could not be read or
    /// parsed was named in `warn` and left out.
    public let names: [String]
    public let read: [String: Recipe]

    /// Reads every recipe, whole or (`frontMatterOnly`) only what it says about itself.
    public init(_ folder: RecipeFolder, frontMatterOnly: Bool, warn: (String) -> Void) throws(RecipeFolderError) {
        var names: [String] = []
        var read: [String: Recipe] = [:]
        for (name, recipe) in try folder.everyRecipe(frontMatterOnly: frontMatterOnly, warn: warn) {
            do {
                read[name] = try recipe.get()
                names.append(name)
            } catch {
                warn(error.message)
            }
        }
        self.folder = folder
        self.names = names
        self.read = read
    }

    public func recipe(named name: String) throws(RecipeLookupError) -> Recipe {
        if let recipe = read[name] { return recipe }
        return try folder.recipe(named: name)
    }
}
