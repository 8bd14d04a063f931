import TextHelpers
/// Grams per millilitre of ingredients, by name (any case): the USDA table (`DensityTable`),
/// with the user's own on top. Through it an ingredient's volumes and masses add up; an
/// ingredient it does not name keeps them apart, never guessed.
public struct Densities: Equatable, Sendable {
    private var byName: [String: Double]

    /// No densities: volumes and masses always apart.
    public static let none = Densities(byName: [:])

    /// The built-in table.
    public static let standard = Densities(byName: Dictionary(table.map { ($0.name, $0.gramsPerMillilitre) }) { first, _ in first })

    /// Adds or replaces the density of `name`.
    public mutating func set(_ name: String, gramsPerMillilitre: Double) {
        byName[name.lowercased()] = gramsPerMillilitre
    }

    /// The density of `name`, else of another name `aisles` gives the same ingredient.
    public func density(of name: String, aisles: AisleConfig = AisleConfig()) -> Double? {
        if let known = byName[name.lowercased()] { return known }
        return aisles.names(of: name).lazy.compactMap { byName[$0.lowercased()] }.first
    }

    /// A density as the config file writes it: `0.96` (g/ml), or a mass per volume, `"240 g/cup"`,
    /// `"8 oz/cup"`, `"0.96 g/ml"`; `nil` for anything else or a number not above 0.
    public static func parse(_ text: String) -> Double? {
        let sides = text.split(separator: "/", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard sides.count == 2, let volume = MeasureUnit.named(sides[1]), volume.dimension == .volume else { return nil }
        let mass = sides[0]
        guard let start = mass.firstIndex(where: { !($0.isNumber || $0 == ".") }),
              let value = Double(mass[..<start]), let unit = MeasureUnit.named(mass[start...].trimmingWhitespace()),
              unit.dimension == .mass, value > 0, value.isFinite
        else { return nil }
        return value * unit.factor / volume.factor
    }
}

/// How a shopping list shows and converts amounts: the densities it may convert through, and
/// the system sums are shown in (`nil`: the one the recipes used, metric when they mix).
public struct UnitSettings: Equatable, Sendable {
    public var densities: Densities
    public var system: UnitSystem?

    public init(densities: Densities = .standard, system: UnitSystem? = nil) {
        self.densities = densities
        self.system = system
    }
}
