import Cooklang
import MealPlanExchange
import RecipeLibrary

/// A recipe as `mealplan recipe --format json` writes it: one object, every key present (`null`
/// where there is nothing), so readers need not test for absence.
enum RecipeJSON {
    /// The recipe: its `name` in the folder, `title` (front matter), `servings` shown,
    /// `ingredients` scaled, `steps` as text.
    enum RecipeField: String, JSONField {
        case name, title, servings, ingredients, steps
        static let shape = JSONObjectShape<Self>()
    }

    /// An ingredient: `quantity` a number, or text for an amount in words.
    enum IngredientField: String, JSONField {
        case name, quantity, unit, note
        static let shape = JSONObjectShape<Self>()
    }

    static func write(_ served: ServedRecipe, to json: inout JSONWriter) throws {
        try json.object(of: RecipeField.self) { field, json in
            switch field {
            case .name: try json.value(served.name)
            case .title: try json.value(served.recipe.title)
            case .servings: try json.value(served.servings)
            case .ingredients: try json.array(served.recipe.ingredients, writeIngredient)
            case .steps: try json.array(served.steps) { step, json in try json.value(step) }
            }
        }
    }

    private static func writeIngredient(_ ingredient: Ingredient, to json: inout JSONWriter) throws {
        try json.object(of: IngredientField.self) { field, json in
            switch field {
            case .name: try json.value(ingredient.name)
            case .quantity:
                switch ingredient.quantity?.value {
                case .number(let number)?: try json.value(number)
                case .text(let text)?: try json.value(text)
                case nil: try json.null()
                }
            case .unit: try json.value(ingredient.quantity?.unit)
            case .note: try json.value(ingredient.note)
            }
        }
    }
}
