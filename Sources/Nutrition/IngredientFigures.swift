import Settings
import ShoppingList

/// How one recipe's ingredients become figures: each ingredient's food by its name
/// (`FoodNames`), each of its amounts in grams — masses as they are, volumes through its density
/// (the config file's `[densities]` and the shopping list's table first, then the one chosen by
/// hand in the name table, then the food's first household measure of volume), counts through
/// the food's household measures (`2 cloves`, `1 medium`) or, for a plain count, the item the
/// name table says one is (a large egg) — and the food's nutrients per 100 g times its grams.
public struct IngredientFigures: Sendable {
    public var names: FoodNames
    public var aisles: AisleConfig
    public var units: UnitSettings

    public init(names: FoodNames = .standard, aisles: AisleConfig = AisleConfig(), units: UnitSettings = UnitSettings()) {
        self.names = names
        self.aisles = aisles
        self.units = units
    }

    /// The figures of everything `ingredients` lists, for all the servings it makes.
    public func figures(of ingredients: [MealIngredients.Item]) -> Figures {
        var figures = Figures()
        for item in ingredients {
            add(item, to: &figures)
        }
        return figures
    }

    private func add(_ item: MealIngredients.Item, to figures: inout Figures) {
        let mapping = names.mapping(of: item.name, aisles: aisles)
        let food = mapping.flatMap { FoodTable.food($0.entry.number) }
        var grams = 0.0
        var uncounted = AmountTotal()
        var counted = AmountTotal()
        for amount in item.total.amounts() {
            guard let quantity = amount.quantity else {
                uncounted.add(words: amount.unit ?? "", unit: nil)
                continue
            }
            if let weight = self.grams(quantity, amount.unit, of: item.name, mapping: mapping?.entry, food: food) {
                grams += weight
                counted.add(quantity, unit: amount.unit)
            } else {
                uncounted.add(quantity, unit: amount.unit)
            }
        }
        if item.total.hasUnquantified { uncounted.addUnquantified() }
        figures.mass += grams
        if let food {
            figures.knownMass += grams
            figures.nutrients += food.per100g * (grams / 100)
            if grams > 0 { for nutrient in food.missing.sorted(by: { $0.rawValue < $1.rawValue }) { figures.addGap(nutrient, in: item.name) } }
            if !uncounted.isEmpty { figures.addUnknown(item.name, uncounted) }
        } else {
            counted.add(uncounted)
            figures.addUnknown(item.name, counted)
        }
    }

    /// The density a volume of the ingredient `name` is weighed with: the config file's
    /// `[densities]` or the shopping list's table, else the name table's choice, else the
    /// food's first household measure of volume.
    public func gramsPerMillilitre(of name: String, entry: FoodNames.Entry?, food: Food?) -> Double? {
        units.densities.density(of: name, aisles: aisles) ?? entry?.gramsPerMillilitre ?? food?.gramsPerMillilitre
    }

    /// The edible grams of `quantity` `unit` of the ingredient `name`; `nil` when its units
    /// do not say.
    func grams(_ quantity: Double, _ unit: String?, of name: String, mapping: FoodNames.Entry?, food: Food?) -> Double? {
        guard let unit else { return mapping?.gramsEach.map { quantity * $0 } }
        guard let measure = MeasureUnit.named(unit) else { return food?.grams(per: unit).map { quantity * $0 } }
        let asBought: Double
        switch measure.dimension {
        case .mass:
            asBought = quantity * measure.factor
        case .volume:
            guard let density = gramsPerMillilitre(of: name, entry: mapping, food: food) else { return nil }
            asBought = quantity * measure.factor * density
        }
        guard mapping?.isAsBought == true, let refuse = food?.refuse else { return asBought }
        return asBought * (1 - refuse / 100)
    }
}
