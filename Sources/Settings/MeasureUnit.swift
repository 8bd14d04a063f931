/// What a unit measures: every volume converts to every other volume, every mass to every
/// other mass, whichever system they come from. A volume becomes a mass only through an
/// ingredient's density (`Densities`).
public enum Dimension: String, CaseIterable, Sendable {
    case volume, mass
}

/// The measuring system a unit belongs to: sums are shown in the system the recipes used.
public enum UnitSystem: String, CaseIterable, Sendable {
    case metric, us
}

/// A unit of mass or volume: how many millilitres or grams it holds.
public struct MeasureUnit: Equatable, Hashable, Sendable {
    public let symbol: String
    public let dimension: Dimension
    public let system: UnitSystem
    /// In millilitres (volume) or grams (mass).
    public let factor: Double
    /// Whether a sum is shown in this unit (fl oz and pints are read, but cups and quarts are
    /// what a list shows).
    let isShown: Bool
    /// The smallest amount a sum is shown with in this unit: cups are measured in quarters,
    /// so ¾ cup reads better than 12 tbsp; other units from 1.
    var smallestShown: Double { symbol == "cup" ? 0.25 : 1 }

    /// US customary teaspoon, exactly (the other US volumes are multiples of it).
    static let teaspoon = 4.92892159375
    /// The avoirdupois ounce, exactly.
    static let ounce = 28.349523125

    /// The known units, smallest first within each dimension and system.
    static let all: [MeasureUnit] = [
        MeasureUnit(symbol: "mg", dimension: .mass, system: .metric, factor: 0.001, isShown: true),
        MeasureUnit(symbol: "g", dimension: .mass, system: .metric, factor: 1, isShown: true),
        MeasureUnit(symbol: "kg", dimension: .mass, system: .metric, factor: 1000, isShown: true),
        MeasureUnit(symbol: "ml", dimension: .volume, system: .metric, factor: 1, isShown: true),
        MeasureUnit(symbol: "cl", dimension: .volume, system: .metric, factor: 10, isShown: false),
        MeasureUnit(symbol: "dl", dimension: .volume, system: .metric, factor: 100, isShown: false),
        MeasureUnit(symbol: "l", dimension: .volume, system: .metric, factor: 1000, isShown: true),
        MeasureUnit(symbol: "tsp", dimension: .volume, system: .us, factor: teaspoon, isShown: true),
        MeasureUnit(symbol: "tbsp", dimension: .volume, system: .us, factor: 3 * teaspoon, isShown: true),
        MeasureUnit(symbol: "fl oz", dimension: .volume, system: .us, factor: 6 * teaspoon, isShown: false),
        MeasureUnit(symbol: "cup", dimension: .volume, system: .us, factor: 48 * teaspoon, isShown: true),
        MeasureUnit(symbol: "pint", dimension: .volume, system: .us, factor: 96 * teaspoon, isShown: false),
        MeasureUnit(symbol: "quart", dimension: .volume, system: .us, factor: 192 * teaspoon, isShown: true),
        MeasureUnit(symbol: "gallon", dimension: .volume, system: .us, factor: 768 * teaspoon, isShown: true),
        MeasureUnit(symbol: "oz", dimension: .mass, system: .us, factor: ounce, isShown: true),
        MeasureUnit(symbol: "lb", dimension: .mass, system: .us, factor: 16 * ounce, isShown: true),
    ]

    /// Other spellings of the units, as recipes write them (matched without regard to case).
    private static let spellings: [String: String] = [
        "milligram": "mg", "milligrams": "mg",
        "gram": "g", "grams": "g", "gr": "g",
        "kilogram": "kg", "kilograms": "kg", "kgs": "kg",
        "millilitre": "ml", "milliliter": "ml", "millilitres": "ml", "milliliters": "ml", "mls": "ml",
        "centilitre": "cl", "centiliter": "cl", "decilitre": "dl", "deciliter": "dl",
        "litre": "l", "liter": "l", "litres": "l", "liters": "l",
        "teaspoon": "tsp", "teaspoons": "tsp", "tsps": "tsp",
        "tablespoon": "tbsp", "tablespoons": "tbsp", "tbsps": "tbsp", "tbs": "tbsp",
        "floz": "fl oz", "fl. oz": "fl oz", "fluid ounce": "fl oz", "fluid ounces": "fl oz",
        "cups": "cup", "c": "cup",
        "pints": "pint", "pt": "pint", "quarts": "quart", "qt": "quart", "gallons": "gallon", "gal": "gallon",
        "ounce": "oz", "ounces": "oz", "pound": "lb", "pounds": "lb", "lbs": "lb",
    ]

    /// The unit as written after `value`: cups, pints, quarts and gallons take a plural
    /// (1 ½ cups); symbols do not (3 tbsp, 2 kg).
    public func word(for value: Double) -> String {
        ["cup", "pint", "quart", "gallon"].contains(symbol) ? CountUnit.word(symbol, for: value) : symbol
    }

    /// The unit `text` names, if it is one of the known units.
    public static func named(_ text: String) -> MeasureUnit? {
        let key = text.lowercased()
        let symbol = spellings[key] ?? key
        return all.first { $0.symbol == symbol }
    }

    /// `base` (millilitres or grams) in `system`'s largest shown unit of `dimension` that keeps
    /// it at 1 or more (a quarter for cups): 1500 g → 1.5 kg, 6 tsp → 2 tbsp, 36 tsp → ¾ cup;
    /// the smallest unit below that.
    public static func readable(_ base: Double, of dimension: Dimension, in system: UnitSystem) -> (value: Double, unit: MeasureUnit) {
        let shown = all.filter { $0.dimension == dimension && $0.system == system && $0.isShown && $0.symbol != "mg" }
        let unit = shown.last { base / $0.factor >= $0.smallestShown - 1e-9 } ?? shown[0]
        return (base / unit.factor, unit)
    }
}
