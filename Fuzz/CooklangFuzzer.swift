import Cooklang
import MealPlanCore
import ShoppingList

/// Fuzzes the Cooklang reader as a recipe file from a shared folder reaches it: every input is
/// a recipe or one clear error with a place in the text; a recipe's amounts are finite and
/// within bounds, its servings a number a meal can have, and scaling it to the most servings,
/// writing its amounts and making its shopping list (a recipe that refers to itself included)
/// never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCooklang(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let recipe: Recipe
    do {
        recipe = try CooklangParser.parse(text)
    } catch {
        FuzzCheck.requireOneLine(error.message)
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
        FuzzCheck.require(error.line >= 1 && error.line <= max(lines, 1) && error.column >= 1,
                          "an error points into the text", "line \(error.line):\(error.column) of \(lines) lines")
        return 0
    }
    for quantity in recipe.ingredients.compactMap(\.quantity) {
        if case .number(let value) = quantity.value {
            FuzzCheck.require(value.isFinite && value >= 0 && value <= 1_000_000_000, "an amount is finite and at most 10^9",
                              "amount: \(value)")
        }
    }
    if let servings = recipe.servings {
        FuzzCheck.require(servings >= Meal.minimumServings && servings <= Meal.maximumServings,
                          "servings are a number a meal can have", "servings: \(servings)")
    }
    for scaled in [recipe.scaled(by: Meal.maximumServings / Meal.minimumServings), recipe.scaled(by: 0)] {
        for quantity in scaled.ingredients.compactMap(\.quantity) { _ = quantity.description }
    }
    let book = FuzzBook(recipe: recipe)
    for servings in [nil, Meal.maximumServings] {
        do {
            let list = try ShoppingList.make(for: [PlannedRecipe(mealID: 1, day: Day.first, recipe: "r", servings: servings)], recipes: book)
            for item in list.items {
                for amount in item.amounts {
                    if let value = amount.quantity { _ = QuantityValue.format(value) }
                }
            }
        } catch {
            FuzzCheck.requireOneLine(error.message)
        }
    }
    return 0
}

/// The fuzzed recipe under every name it refers to, so references and circles are followed.
private struct FuzzBook: RecipeBook {
    let recipe: Recipe

    func recipe(named name: String) throws(RecipeLookupError) -> Recipe { recipe }
}
