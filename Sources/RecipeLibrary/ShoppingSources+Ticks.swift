import MealPlanCore
import ShoppingList

extension ShoppingSources {
    /// The recipes folder's `.shopping-checked`.
    public var checks: ShoppingChecks { ShoppingChecks(folder: recipes) }

    /// The list for `meals` as it is planned, before ticks: what a tick records as bought.
    public func plannedList(for meals: [Meal]) throws(RecipeFolderError) -> ShoppingList {
        try shoppingList(for: meals)
    }

    /// The list for `meals` as it is shown: ticks applied.
    public func tickedList(for meals: [Meal]) throws(RecipeFolderError) -> ShoppingList {
        try plannedList(for: meals).ticked(by: checks.read())
    }
}
