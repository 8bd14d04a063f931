import Cooklang
import Settings

/// What one meal's recipe asks for, worked out as the shopping list works it out: the recipe
/// and the recipes it refers to, scaled to the meal's servings, fixed amounts as written,
/// optional ingredients left out, each ingredient's amounts added up under the name `aisle.conf`
/// gives it (volumes folded into masses through its density). Nutrition reads it, so that a
/// meal's figures and the shopping list never disagree on what the meal is made of.
public struct MealIngredients: Sendable {
    public struct Item: Sendable {
        /// As the shopping list names it: `aisle.conf`'s first name for it, else as written.
        public var name: String
        public var total: AmountTotal
    }

    public var items: [Item]
    /// How many servings the amounts make: those planned, else the recipe's own; `nil` when
    /// neither says (the recipe used as written, for an unknown number of people).
    public var servings: Double?
    /// Servings were planned, but the recipe does not say its own: it is used as written.
    public var isAsWritten: Bool
}

extension ShoppingList {
    /// The ingredients of each of `meals`, in order: each recipe read once however many meals
    /// cook it, and each recipe's sub-recipes worked out once. A meal whose recipe is missing,
    /// malformed, in a circle of references or asking an absurd amount gets the error the
    /// shopping list would name it with.
    public static func ingredients(
        of meals: [PlannedRecipe], recipes: some RecipeBook, aisles: AisleConfig = AisleConfig(),
        units: UnitSettings = UnitSettings()
    ) -> [Result<MealIngredients, RecipeLookupError>] {
        let recipes = RecipeMemo(recipes)
        var contributions = Contributions()
        return meals.map { meal in
            Result { () throws(RecipeLookupError) -> MealIngredients in
                let recipe = try recipes.recipe(named: meal.recipe)
                let factor = meal.servings.flatMap { planned in recipe.servings.map { planned / $0 } } ?? 1
                let parts = try contributions.parts(of: recipe, named: meal.recipe, from: recipes)
                var gatherer = Gatherer(aisles: aisles)
                try gatherer.add(parts, factor: factor, for: meal.meal, recipe: meal.recipe)
                let items = gatherer.items.map { item in
                    var total = item.total
                    total.fold(density: units.densities.density(of: item.name, aisles: aisles))
                    return MealIngredients.Item(name: item.name, total: total)
                }
                return MealIngredients(items: items, servings: meal.servings ?? recipe.servings,
                                       isAsWritten: meal.servings != nil && recipe.servings == nil)
            }
        }
    }
}
