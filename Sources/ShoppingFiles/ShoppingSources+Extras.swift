import MealPlanCore
import RecipeLibrary
import Settings
import ShoppingList
import TextHelpers

extension ShoppingSources {
    /// The recipes folder's `.shopping-checked`.
    public var checks: ShoppingChecks { ShoppingChecks(folder: recipes) }

    /// The recipes folder's `.shopping-list`.
    public var extras: ShoppingExtras { ShoppingExtras(folder: recipes) }

    /// Puts `name` on the list as an extra item (`ShoppingExtras`), and with `aisle` into that
    /// aisle of `aisle.conf` (made in the recipes folder when there is none), where the
    /// Cooklang apps look for it too. Returns whether it was added (not there yet).
    public func addExtra(_ name: String, aisle: String?) throws(RecipeFolderError) -> Bool {
        if let problem = ExtraItem.problem(with: name) { throw RecipeFolderError("'\(name.messageExcerpt)': \(problem)") }
        _ = try extras.read()
        if let aisle {
            guard !aisle.isEmpty, !aisle.contains(where: { $0.isNewline || $0 == "[" || $0 == "]" }) else {
                throw RecipeFolderError("aisle '\(aisle.messageExcerpt)': an aisle's name is one line without '[' or ']'")
            }
            let file = SharedTextFile(path: aislesFile ?? recipes.root + "/aisle.conf")
            let aisles = try aisles()
            if let place = aisles.place(of: name) {
                let current = aisles.aisles[place.aisle].name
                guard current.lowercased() == aisle.lowercased() else {
                    throw RecipeFolderError("'\(name.messageExcerpt)' is in aisle [\(current.messageExcerpt)] of \(file.path)")
                }
            } else if TextFile.isRegularFile(file.path) {
                try file.rewrite { text in AisleConfig.adding(name, toAisle: aisle, in: text) }
            } else {
                try file.append { text in AisleConfig.adding(name, toAisle: aisle, in: text) }
            }
        }
        return try extras.add(ExtraItem(name: name))
    }
}
