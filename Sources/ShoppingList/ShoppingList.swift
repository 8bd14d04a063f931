import Cooklang
import MealPlanCore

/// A planned meal that cooks a recipe: what the shopping list is made from.
public struct PlannedRecipe: Equatable, Sendable {
    public var mealID: Int64
    public var day: Day
    /// The recipe's name in the recipes folder (`sauces/Hollandaise`).
    public var recipe: String
    /// The servings planned; `nil`: as many as the recipe is written for.
    public var servings: Double?

    public init(mealID: Int64, day: Day, recipe: String, servings: Double?) {
        self.mealID = mealID
        self.day = day
        self.recipe = recipe
        self.servings = servings
    }
}

/// Where recipes come from, by name: the folder on disk at run time, a dictionary in tests.
public protocol RecipeBook {
    /// The recipe called `name` (a path inside the folder, without `.cook`).
    func recipe(named name: String) throws(RecipeLookupError) -> Recipe
}

/// A recipe that could not be had: missing, or malformed (with the file's place).
public struct RecipeLookupError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var isMissing: Bool

    public init(_ message: String, isMissing: Bool = false) {
        self.message = message
        self.isMissing = isMissing
    }

    public var description: String { message }
}

/// What to buy for some planned meals: one line per ingredient, amounts added up and scaled,
/// in the aisles' walking order, less what the pantry holds.
public struct ShoppingList: Equatable, Sendable {
    public struct Item: Equatable, Sendable {
        public var name: String
        /// The aisle it is in; `nil` for an ingredient `aisle.conf` does not name.
        public var aisle: String?
        public var amounts: [Amount]
        /// The meals it is for, each once, in the order given.
        public var meals: [MealUse]
        /// Ticked off (`ShoppingList.ticked(by:)`).
        public var checked = false
        /// What the plan needs beyond what was ticked off for this name: `amounts` is the
        /// difference (`olive oil  +2 tbsp`).
        public var isTopUp = false
    }

    /// A meal an item is for.
    public struct MealUse: Equatable, Sendable {
        public var id: Int64
        public var day: Day
    }

    public var items: [Item]
    /// What the reader should know: recipes used as written (no `servings`), recipes missing.
    public var notes: [String]
}

extension ShoppingList {
    /// The list for `meals`: each recipe (and the recipes it refers to, scaled by the amount
    /// used) scaled by the meal's servings over the recipe's, fixed amounts left alone,
    /// optional ingredients left out; amounts added up per ingredient and converted within
    /// their kind; grouped by `aisles`; less `pantry`. A meal whose recipe is missing is named
    /// in the notes; a malformed recipe or a cycle of references is an error.
    public static func make(
        for meals: [PlannedRecipe], recipes: some RecipeBook, aisles: AisleConfig = AisleConfig(),
        pantry: PantryConfig? = nil
    ) throws(RecipeLookupError) -> ShoppingList {
        let recipes = RecipeMemo(recipes)
        var gatherer = Gatherer(aisles: aisles)
        var contributions = Contributions()
        var notes: [String] = []
        for meal in meals {
            let recipe: Recipe
            do {
                recipe = try recipes.recipe(named: meal.recipe)
            } catch where error.isMissing {
                note("recipe missing: '\(meal.recipe)' (meal \(meal.mealID) on \(meal.day.iso))", in: &notes)
                continue
            }
            var factor = 1.0
            if let planned = meal.servings {
                if let written = recipe.servings {
                    factor = planned / written
                } else {
                    note("'\(meal.recipe)' does not say its servings; used as written", in: &notes)
                }
            }
            let use = MealUse(id: meal.mealID, day: meal.day)
            let parts = try contributions.parts(of: recipe, named: meal.recipe, from: recipes)
            try gatherer.add(parts, factor: factor, for: use, recipe: meal.recipe)
        }
        var items = gatherer.items
        if let pantry { items = items.compactMap { $0.less(pantry, aisles: aisles) } }
        return ShoppingList(items: gatherer.ordered(items).map(\.item), notes: notes)
    }

    private static func note(_ text: String, in notes: inout [String]) {
        if !notes.contains(text) { notes.append(text) }
    }
}

/// A recipe book that reads each recipe once: a plan cooks the same recipes many times (a year
/// of four meals a day is 1,460 meals from a few dozen files).
final class RecipeMemo<Book: RecipeBook>: RecipeBook {
    private let book: Book
    private var read: [String: Result<Recipe, RecipeLookupError>] = [:]

    init(_ book: Book) {
        self.book = book
    }

    func recipe(named name: String) throws(RecipeLookupError) -> Recipe {
        if let known = read[name] { return try known.get() }
        let result = Result { () throws(RecipeLookupError) in try book.recipe(named: name) }
        read[name] = result
        return try result.get()
    }
}

/// One ingredient being added up.
struct GatheredItem {
    var key: String
    var name: String
    var aisle: (index: Int, name: String)?
    var total = AmountTotal()
    var meals: [ShoppingList.MealUse] = []

    var item: ShoppingList.Item {
        ShoppingList.Item(name: name, aisle: aisle?.name, amounts: total.amounts, meals: meals)
    }

    /// The item less what `pantry` holds: gone when the pantry has it without an amount or
    /// enough of it; smaller when it has less of a unit that can be taken away.
    func less(_ pantry: PantryConfig, aisles: AisleConfig) -> GatheredItem? {
        let stocked = pantry.items.first { item in
            item.name.lowercased() == key || aisles.place(of: item.name)?.name.lowercased() == key
        }
        guard let stocked else { return self }
        guard let quantity = stocked.quantity, case .number(let value) = quantity.value else { return nil }
        var rest = self
        guard rest.total.subtract(value, unit: quantity.unit) else { return self }
        return rest.total.isEmpty || rest.total.amounts.isEmpty ? nil : rest
    }
}

/// Adds up the ingredients recipes need, meal by meal.
struct Gatherer {
    let aisles: AisleConfig
    private(set) var items: [GatheredItem] = []
    private var indexByKey: [String: Int] = [:]

    /// The largest amount a list adds: more is no household's shopping, and an amount that
    /// large (or infinite) means a recipe or its servings went wrong.
    static let maximumAmount = 1e15

    init(aisles: AisleConfig) {
        self.aisles = aisles
    }

    /// Adds `parts` (a recipe's ingredients, sub-recipes included) scaled by `factor` for `meal`.
    mutating func add(_ parts: [IngredientPart], factor: Double, for meal: ShoppingList.MealUse, recipe: String) throws(RecipeLookupError) {
        for part in parts {
            let place = aisles.place(of: part.name)
            let key = (place?.name ?? part.name).lowercased()
            let index = indexByKey[key] ?? {
                items.append(GatheredItem(key: key, name: place?.name ?? part.name,
                                          aisle: place.map { ($0.aisle, aisles.aisles[$0.aisle].name) }))
                indexByKey[key] = items.count - 1
                return items.count - 1
            }()
            switch part.amount {
            case .scaled(let value), .fixed(let value):
                let total = part.amount.isFixed ? value : value * factor
                guard total.isFinite, abs(total) <= Self.maximumAmount else {
                    throw RecipeLookupError(
                        "'\(recipe)': the amount of '\(part.name.messageExcerpt)' for the servings planned is too large (over 10^15)")
                }
                items[index].total.add(total, unit: part.unit)
            case .words(let words):
                items[index].total.add(words: words, unit: part.unit)
            case .none:
                items[index].total.addUnquantified()
            }
            if !items[index].meals.contains(meal) { items[index].meals.append(meal) }
        }
    }

    /// Items in the aisles' order (and the order within an aisle), then the others by name.
    func ordered(_ items: [GatheredItem]) -> [GatheredItem] {
        func rank(_ item: GatheredItem) -> (Int, Int, String) {
            guard let aisle = item.aisle else { return (Int.max, 0, item.key) }
            let position = aisles.aisles[aisle.index].ingredients.firstIndex { $0.first?.lowercased() == item.key } ?? 0
            return (aisle.index, position, item.key)
        }
        return items.sorted { rank($0) < rank($1) }
    }

    /// A reference's path as a name in the folder: `./x/y` from the folder's root, `../y` from
    /// the referring recipe's folder.
    /// A reference that climbs above the folder (`../../x` from a recipe at its top) is refused:
    /// a recipe never reads a file outside the recipes folder.
    static func resolve(_ reference: String, from name: String) throws(RecipeLookupError) -> String {
        var parts = reference.hasPrefix("./") ? [] : name.split(separator: "/").dropLast().map(String.init)
        for part in reference.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else {
                    throw RecipeLookupError("'\(name)': the reference '\(reference.messageExcerpt)' leads out of the recipes folder")
                }
                parts.removeLast()
            case "":
                throw RecipeLookupError("'\(name)': the reference '\(reference.messageExcerpt)' has an empty part")
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// How much of a referenced recipe an amount asks for: `{2}` twice the recipe,
    /// `{4%servings}` four servings of it, `{150%g}` 150 g of what its `yield` says it makes.
    static func scale(of recipe: Recipe, named name: String, by quantity: Quantity?) throws(RecipeLookupError) -> Double {
        guard let quantity, case .number(let value) = quantity.value else { return 1 }
        guard let unit = quantity.unit else { return value }
        if ["serving", "servings"].contains(unit.lowercased()) { return value / (recipe.servings ?? 1) }
        let yields: [String] = switch recipe.metadata("yield") {
        case .list(let items)?: items
        case .text(let text)?: [text]
        case nil: []
        }
        for text in yields {
            guard let made = try? Quantity.parse(text), case .number(let madeValue) = made.value, madeValue > 0,
                  let madeUnit = made.unit else { continue }
            if madeUnit.lowercased() == unit.lowercased() { return value / madeValue }
            if let wanted = MeasureUnit.named(unit), let given = MeasureUnit.named(madeUnit), wanted.kind == given.kind {
                return value * wanted.factor / (madeValue * given.factor)
            }
        }
        throw RecipeLookupError("'\(name)' is used by \(unit), but its 'yield' does not say how much it makes in \(unit)")
    }
}
