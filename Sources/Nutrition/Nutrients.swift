/// The figures mealplan shows of a food, a meal or a day, in the order it shows them.
public enum Nutrient: Int, CaseIterable, Sendable {
    case kcal, protein, fat, carbohydrate, fiber, sugars, sodium

    /// Its name in text: "fibre", as a cook reads it.
    public var label: String {
        switch self {
        case .kcal: "kcal"
        case .fiber: "fibre"
        default: String(describing: self)
        }
    }

    /// The unit its amount is in (none for energy, which is named by its unit).
    public var unit: String {
        switch self {
        case .kcal: ""
        case .sodium: "mg"
        default: "g"
        }
    }
}

/// An amount of each `Nutrient`: per 100 g of a food, or in a serving, a day, an average.
public struct Nutrients: Equatable, Sendable {
    private var values: [Double]

    public static let zero = Nutrients(values: Array(repeating: 0, count: Nutrient.allCases.count))

    private init(values: [Double]) {
        self.values = values
    }

    public init(_ amounts: [Nutrient: Double]) {
        self = .zero
        for (nutrient, value) in amounts { self[nutrient] = value }
    }

    public subscript(nutrient: Nutrient) -> Double {
        get { values[nutrient.rawValue] }
        set { values[nutrient.rawValue] = newValue }
    }

    /// Kilojoules of the energy (the thermochemical calorie: 4.184 kJ per kcal).
    public var kilojoules: Double { self[.kcal] * 4.184 }

    public static func + (left: Nutrients, right: Nutrients) -> Nutrients {
        Nutrients(values: zip(left.values, right.values).map(+))
    }

    public static func += (left: inout Nutrients, right: Nutrients) {
        left = left + right
    }

    public static func * (amounts: Nutrients, factor: Double) -> Nutrients {
        Nutrients(values: amounts.values.map { $0 * factor })
    }
}
