import Cooklang
import Settings
import TextHelpers

/// Which recipes need an ingredient: those that name it (or another name `aisle.conf` gives
/// it, as the shopping list merges them), and those that use such a recipe as a sub-recipe,
/// at any depth. Optional ingredients count: a cook looking for a use of lentils wants them.
/// An ingredient is named when its words hold the words asked for, in the singular or the
/// plural (`lentils` finds "red lentils" and "lentil"; `olive oil` finds "olive oil" only).
public enum IngredientUse {
    /// The names of `recipes` (name → recipe) that need `ingredient`, in any case.
    public static func recipes(using ingredient: String, in recipes: [String: Recipe], aisles: AisleConfig) -> Set<String> {
        func key(_ name: String) -> String { (aisles.place(of: name)?.name ?? name).lowercased() }
        func words(_ name: String) -> [Substring] { name.lowercased().split { $0 == " " || $0 == "-" } }
        let asked = [key(ingredient.trimmingWhitespace()), ingredient.trimmingWhitespace().lowercased()].map(words)
        func isWanted(_ name: String) -> Bool {
            let named = [key(name), name.lowercased()].map(words)
            return asked.contains { wanted in
                named.contains { have in
                    wanted.allSatisfy { word in have.contains { $0 == word || $0 == word + "s" || word == $0 + "s" } }
                }
            }
        }
        var using: Set<String> = []
        var usedBy: [String: [String]] = [:]
        for (name, recipe) in recipes {
            for item in recipe.ingredients {
                if let reference = item.reference {
                    if let target = try? Gatherer.resolve(reference, from: name) { usedBy[target, default: []].append(name) }
                } else if isWanted(item.name) {
                    using.insert(name)
                }
            }
        }
        // Up the references, each recipe once.
        var pending = Array(using)
        while let name = pending.popLast() {
            for user in usedBy[name] ?? [] where using.insert(user).inserted {
                pending.append(user)
            }
        }
        return using
    }
}
