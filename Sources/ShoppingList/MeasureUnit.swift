/// The units a shopping list can add up and convert: each belongs to one kind, and amounts are
/// only ever converted within their kind. A volume is never turned into a mass, and metric and
/// US measures are kept apart, as a shop's packets are.
public enum UnitKind: String, CaseIterable, Sendable {
    case metricMass, metricVolume, usVolume, imperialMass
}

/// A unit of one kind: how many of the kind's smallest unit it holds.
public struct MeasureUnit: Equatable, Sendable {
    public let symbol: String
    public let kind: UnitKind
    /// In the kind's base unit (g, ml, tsp, oz).
    public let factor: Double
    /// Whether amounts are shown in this unit (fl oz and pint are read, but cups and quarts
    /// are what a list shows).
    let isShown: Bool
    /// The smallest amount shown in this unit: cups are measured in quarters, so 3/4 cup
    /// reads better than 12 tbsp; other units from 1.
    var smallestShown: Double { symbol == "cup" ? 0.25 : 1 }

    /// The known units, smallest first within each kind.
    static let all: [MeasureUnit] = [
        MeasureUnit(symbol: "mg", kind: .metricMass, factor: 0.001, isShown: true),
        MeasureUnit(symbol: "g", kind: .metricMass, factor: 1, isShown: true),
        MeasureUnit(symbol: "kg", kind: .metricMass, factor: 1000, isShown: true),
        MeasureUnit(symbol: "ml", kind: .metricVolume, factor: 1, isShown: true),
        MeasureUnit(symbol: "cl", kind: .metricVolume, factor: 10, isShown: false),
        MeasureUnit(symbol: "dl", kind: .metricVolume, factor: 100, isShown: false),
        MeasureUnit(symbol: "l", kind: .metricVolume, factor: 1000, isShown: true),
        MeasureUnit(symbol: "tsp", kind: .usVolume, factor: 1, isShown: true),
        MeasureUnit(symbol: "tbsp", kind: .usVolume, factor: 3, isShown: true),
        MeasureUnit(symbol: "fl oz", kind: .usVolume, factor: 6, isShown: false),
        MeasureUnit(symbol: "cup", kind: .usVolume, factor: 48, isShown: true),
        MeasureUnit(symbol: "pint", kind: .usVolume, factor: 96, isShown: false),
        MeasureUnit(symbol: "quart", kind: .usVolume, factor: 192, isShown: true),
        MeasureUnit(symbol: "gallon", kind: .usVolume, factor: 768, isShown: true),
        MeasureUnit(symbol: "oz", kind: .imperialMass, factor: 1, isShown: true),
        MeasureUnit(symbol: "lb", kind: .imperialMass, factor: 16, isShown: true),
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

    /// The unit `text` names, if it is one of the known units.
    public static func named(_ text: String) -> MeasureUnit? {
        let key = text.lowercased()
        let symbol = spellings[key] ?? key
        return all.first { $0.symbol == symbol }
    }

    /// `base` (an amount in `kind`'s base unit) in the largest shown unit that keeps it at 1
    /// or more (a quarter for cups): 1500 g → 1.5 kg, 6 tsp → 2 tbsp, 36 tsp → 0.75 cup; the
    /// smallest unit below that.
    public static func readable(_ base: Double, of kind: UnitKind) -> (value: Double, unit: MeasureUnit) {
        let shown = all.filter { $0.kind == kind && $0.isShown }
        let unit = shown.last { base / $0.factor >= $0.smallestShown - 1e-9 } ?? shown[0]
        return (base / unit.factor, unit)
    }
}
