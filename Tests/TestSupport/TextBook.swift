import Cooklang
import ShoppingList

/// Recipes from a dictionary of texts, as the recipes folder would give them.
public struct TextBook: RecipeBook {
    public let texts: [String: String]

    public init(texts: [String: String]) {
        self.texts = texts
    }

    public func recipe(named name: String) throws(RecipeLookupError) -> Recipe {
        guard let text = texts[name] else { throw RecipeLookupError("no recipe '\(name)'", isMissing: true) }
        do {
            return try CooklangParser.parse(text)
        } catch {
            throw RecipeLookupError("\(name).cook:\(error)")
        }
    }
}
