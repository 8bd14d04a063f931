import Cooklang
import MealPlanCore
import Settings
import TextHelpers

/// A planned meal that cooks a recipe: what the shopping list is made from.
public struct PlannedRecipe: Equatable, Sendable {
    public var meal: ShoppingList.MealUse
    /// The recipe's name in the recipes folder (`sauces/Hollandaise`).
    public var recipe: String
    /// The servings planned; `nil`: as many as the recipe is written for.
    public var servings: Double?

    public init(meal: ShoppingList.MealUse, recipe: String, servings: Double?) {
        self.meal = meal
        self.recipe = recipe
        self.servings = servings
    }

    /// A stored meal known by its id and day only.
    public init(mealID: Int64, day: Day, recipe: String, servings: Double?) {
        self.init(meal: ShoppingList.MealUse(id: mealID, day: day), recipe: recipe, servings: servings)
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

    /// A meal an item is for, named as `list` names it: a stored meal by its id, a repeat's
    /// occurrence (no id) by its rule and day; a changed occurrence has both.
    public struct MealUse: Hashable, Sendable {
        public var id: Int64?
        /// The repeat rule the meal comes from.
        public var rule: Int64?
        public var day: Day
        public var slot: String
        public var title: String

        public init(id: Int64?, rule: Int64? = nil, day: Day, slot: String = "", title: String = "") {
            self.id = id
            self.rule = rule
            self.day = day
            self.slot = slot
            self.title = title
        }
    }

    /// A meal left out of the list, and why: its recipe is missing, unreadable or inconsistent.
    public struct Problem: Equatable, Sendable {
        public var meal: MealUse
        /// Names the recipe file and, where it can, the line.
        public var message: String
    }

    /// What the pantry holds enough of, but not so much that the plan leaves it above its
    /// `low` mark.
    public struct LowStock: Equatable, Sendable {
        public var name: String
        public var aisle: String?
        /// What the pantry will hold once the plan is cooked, and its `low` mark.
        public var left: Amount
        public var low: Amount
    }

    public var items: [Item]
    /// What the reader should know: recipes used as written (no `servings`).
    public var notes: [String]
    /// The meals of the days that name no recipe, so the reader knows what the list is not for.
    public var withoutRecipe: [MealUse] = []
    /// Meals whose recipe could not be used; the rest of the list stands without them.
    public var problems: [Problem] = []
    /// Items the plan leaves below their `low` mark in the pantry.
    public var runningLow: [LowStock] = []
}

extension ShoppingList {
    /// The list for `meals`: each recipe (and the recipes it refers to, scaled by the amount
    /// used) scaled by the meal's servings over the recipe's, fixed amounts left alone,
    /// optional ingredients left out; amounts added up per ingredient and converted within
    /// their dimension and through `units`' densities; grouped by `aisles`; less `pantry` (what
    /// it will hold below an item's `low` mark noted in `runningLow`). A meal whose recipe is
    /// missing, malformed, in a cycle of references or asking an absurd amount is left out and
    /// named in `problems`, and the rest of the list stands. `withoutRecipe` are the days'
    /// other meals.
    public static func make(
        for meals: [PlannedRecipe], withoutRecipe: [MealUse] = [], recipes: some RecipeBook,
        aisles: AisleConfig = AisleConfig(), pantry: PantryConfig? = nil, units: UnitSettings = UnitSettings()
    ) throws(RecipeLookupError) -> ShoppingList {
        try make(for: meals, withoutRecipe: withoutRecipe, recipes: recipes, aisles: aisles,
                 pantry: pantry.map { PantryLookup($0, aisles: aisles) }, units: units).list
    }

    /// `make` with the pantry looked up already, for callers that make many lists of one pantry,
    /// giving also the names of everything needed before the pantry took its share.
    static func make(
        for meals: [PlannedRecipe], withoutRecipe: [MealUse] = [], recipes: some RecipeBook,
        aisles: AisleConfig, pantry: PantryLookup?, units: UnitSettings
    ) throws(RecipeLookupError) -> (list: ShoppingList, needed: [String]) {
        let recipes = RecipeMemo(recipes)
        var gatherer = Gatherer(aisles: aisles)
        var contributions = Contributions()
        var notes: [String] = []
        var problems: [Problem] = []
        for meal in meals {
            do throws(RecipeLookupError) {
                let recipe = try recipes.recipe(named: meal.recipe)
                var factor = 1.0
                if let planned = meal.servings {
                    if let written = recipe.servings {
                        factor = planned / written
                    } else {
                        note("'\(meal.recipe)' does not say its servings; used as written", in: &notes)
                    }
                }
                let parts = try contributions.parts(of: recipe, named: meal.recipe, from: recipes)
                try gatherer.add(parts, factor: factor, for: meal.meal, recipe: meal.recipe)
            } catch {
                problems.append(Problem(meal: meal.meal, message: error.message))
            }
        }
        var items = gatherer.items
        for index in items.indices {
            items[index].density = units.densities.density(of: items[index].name, aisles: aisles)
            items[index].total.fold(density: items[index].density)
        }
        let needed = items.map(\.name)
        var runningLow: [GatheredItem] = []
        if let pantry {
            items = items.compactMap { item in
                let (rest, low, isKept) = item.less(pantry)
                if let low { runningLow.append(low) }
                if isKept, let stocked = pantry.item(named: item.name), let quantity = stocked.quantity {
                    let needed = item.total.amounts(in: units.system).map(\.text).joined(separator: " + ")
                    note("the pantry's '\(stocked.name)' (\(quantity.description)) is not taken off \(needed): "
                        + "the units do not convert (a density under [densities] in the config file would)", in: &notes)
                }
                return rest
            }
        }
        let list = ShoppingList(items: gatherer.ordered(items).map { $0.item(in: units.system) }, notes: notes,
                                withoutRecipe: withoutRecipe, problems: problems,
                                runningLow: gatherer.ordered(runningLow).compactMap(\.lowStock))
        return (list, needed)
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
    /// Grams per millilitre, when known.
    var density: Double?
    /// For an item the pantry will hold below its `low` mark: what it will hold, and the mark.
    var lowStock: ShoppingList.LowStock?

    func item(in system: UnitSystem?) -> ShoppingList.Item {
        ShoppingList.Item(name: name, aisle: aisle?.name, amounts: total.amounts(in: system), meals: meals)
    }

    /// The item less what `pantry` holds, and the item again when the pantry will then hold
    /// less than its `low` mark. The item is gone when the pantry has it without an amount or
    /// enough of it; smaller when it has less of a unit that can be taken away (through the
    /// density between mass and volume); `isKept` when the pantry has an amount of it that
    /// does not convert to what the list needs.
    func less(_ pantry: PantryLookup) -> (rest: GatheredItem?, low: GatheredItem?, isKept: Bool) {
        guard let stocked = pantry.item(named: name) else { return (self, nil, false) }
        guard let quantity = stocked.quantity, case .number(let value) = quantity.value else { return (nil, nil, false) }
        var rest = self
        guard let left = rest.total.subtract(value, unit: quantity.unit, density: density) else { return (self, nil, true) }
        let isCovered = rest.total.isEmpty || rest.total.amounts().isEmpty
        var low: GatheredItem?
        if left > 0 || isCovered, let mark = stocked.low, case .number(let markValue) = mark.value {
            // The mark less what will be left: more than nothing means below the mark.
            var stock = AmountTotal()
            stock.add(left, unit: quantity.unit)
            if let short = stock.subtract(markValue, unit: mark.unit, density: density), short > 0 {
                low = self
                low?.lowStock = ShoppingList.LowStock(
                    name: name, aisle: aisle?.name, left: Amount(quantity: left, unit: quantity.unit),
                    low: Amount(quantity: markValue, unit: mark.unit))
            }
        }
        return (isCovered ? nil : rest, low, false)
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

    /// Adds `parts` (a recipe's ingredients, sub-recipes included) scaled by `factor` for
    /// `meal`: all of them, or none when an amount is absurd.
    mutating func add(_ parts: [IngredientPart], factor: Double, for meal: ShoppingList.MealUse, recipe: String) throws(RecipeLookupError) {
        for part in parts {
            guard let total = part.amount.total(factor: factor) else { continue }
            guard total.isFinite, abs(total) <= Self.maximumAmount else {
                throw RecipeLookupError(
                    "'\(recipe)': the amount of '\(part.name.messageExcerpt)' for the servings planned is too large (over 10^15)")
            }
        }
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
            case .scaled, .fixed:
                items[index].total.add(part.amount.total(factor: factor)!, unit: part.unit)
            case .words(let words):
                items[index].total.add(words: words, unit: part.unit)
            case .none:
                items[index].total.addUnquantified()
            }
            // A meal's parts are added together, so a meal already counted is the last one:
            // no search through the hundreds of meals a year's salt is for.
            if items[index].meals.last != meal { items[index].meals.append(meal) }
        }
    }

    /// Items in the aisles' order (and the order within an aisle), then the others by name.
    func ordered(_ items: [GatheredItem]) -> [GatheredItem] {
        func rank(_ item: GatheredItem) -> (Int, Int, String) {
            guard let aisle = item.aisle else { return (Int.max, 0, item.key) }
            let position = aisles.aisles[aisle.index].ingredients.firstIndex { $0.first?.lowercased() == item.key } ?? 0
            return (aisle.index, position, item.key)
        }
        // Each item ranked once, not at every comparison: a rank looks through its aisle.
        return items.map { (rank($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
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
                    throw RecipeLookupError("the reference '\(reference.messageExcerpt)' leads out of the recipes folder")
                }
                parts.removeLast()
            case "":
                throw RecipeLookupError("the reference '\(reference.messageExcerpt)' has an empty part")
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
            if let wanted = MeasureUnit.named(unit), let given = MeasureUnit.named(madeUnit), wanted.dimension == given.dimension {
                return value * wanted.factor / (madeValue * given.factor)
            }
        }
        throw RecipeLookupError("'\(name)' is used by \(unit), but its 'yield' does not say how much it makes in \(unit)")
    }
}
