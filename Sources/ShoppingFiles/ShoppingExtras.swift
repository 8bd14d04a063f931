import MealPlanCore
import RecipeLibrary
import ShoppingList
import TextHelpers

/// The recipes folder's `.shopping-list` (cookcli's list, shared with the Cooklang apps and
/// `cook server`; `ExtraItem` says what mealplan reads of it): the extra items on mealplan's
/// list. An item is added by one append and removed by writing the file again whole, both
/// under the file's lock (`SharedTextFile`).
public struct ShoppingExtras: Sendable {
    public let path: String

    public init(folder: RecipeFolder) {
        path = folder.root + "/.shopping-list"
    }

    /// The items; no file is none. A line their reader refuses is an error naming it.
    public func read() throws(RecipeFolderError) -> [ExtraItem] {
        try parse(SharedTextFile(path: path).text())
    }

    /// Adds `item` unless an item of its name (any case) is there; returns whether it was added.
    @discardableResult
    public func add(_ item: ExtraItem) throws(RecipeFolderError) -> Bool {
        if let problem = ExtraItem.problem(with: item.name) {
            throw RecipeFolderError("'\(item.name.messageExcerpt)': \(problem)")
        }
        var added = false
        try SharedTextFile(path: path).append { text throws(RecipeFolderError) in
            added = !(try parse(text)).contains { $0.name.lowercased() == item.name.lowercased() }
            return added ? item.line : ""
        }
        return added
    }

    /// Removes the item `name` names (any case, or the only one it starts); an unknown name is
    /// an error with the nearest name. Returns the name removed.
    @discardableResult
    public func remove(_ name: String) throws(RecipeFolderError) -> String {
        // Read first: a missing file (or a link in its place) is said before anything is locked.
        guard !(try read()).isEmpty else {
            throw RecipeFolderError("'\(name.messageExcerpt)' is not an extra item of the shopping list")
        }
        var removed = ""
        try SharedTextFile(path: path).rewrite { text throws(RecipeFolderError) in
            let names = try parse(text).map(\.name)
            do throws(UnknownItemError) {
                removed = try UnknownItemError.pick(name, typed: name, among: names, unknown: "is not an extra item of the shopping list")
            } catch {
                throw RecipeFolderError(error.userMessage, status: error.exitStatus)
            }
            return ExtraItem.removing(removed, from: text) ?? text
        }
        return removed
    }

    private func parse(_ text: String) throws(RecipeFolderError) -> [ExtraItem] {
        do {
            return try ExtraItem.parseList(text)
        } catch {
            throw RecipeFolderError("\(path): \(error)", status: .badData)
        }
    }
}
