import Cooklang
import Settings

/// The amounts of one ingredient added up: volumes with volumes and masses with masses, whatever
/// their system (and the two together through a density, `fold`); counts of one unit in the
/// singular and plural alike; amounts in words kept as written; and whether it was also used
/// without any amount, which a list shows once.
public struct AmountTotal: Equatable, Sendable {
    /// One dimension's sum in millilitres or grams, and the units it was written in, in order.
    struct Measured: Equatable, Sendable {
        var base: Double
        var units: [MeasureUnit]
    }

    private(set) var measured: [Dimension: Measured] = [:]
    /// Counts by their unit in the singular (lower-cased); the key "" holds plain counts.
    private(set) var counted: [String: Double] = [:]
    /// Order the dimensions and units appeared in, so the list reads like the recipes.
    private var order: [String] = []
    private(set) var words: [String] = []
    public private(set) var hasUnquantified = false

    public init() {}

    public static func == (left: AmountTotal, right: AmountTotal) -> Bool {
        left.amounts() == right.amounts() && left.hasUnquantified == right.hasUnquantified
    }

    /// Adds `value` of `unit` (`nil`: a plain count).
    public mutating func add(_ value: Double, unit: String?) {
        if let unit, let known = MeasureUnit.named(unit) {
            note(known.dimension.rawValue)
            var sum = measured[known.dimension] ?? Measured(base: 0, units: [])
            sum.base += value * known.factor
            if !sum.units.contains(known) { sum.units.append(known) }
            measured[known.dimension] = sum
        } else {
            let key = unit.map(CountUnit.singular) ?? ""
            note("count:" + key)
            counted[key, default: 0] += value
        }
    }

    /// Adds an amount in words (`a pinch`), kept as written with its unit.
    public mutating func add(words text: String, unit: String?) {
        let written = [text, unit].compactMap { $0 }.joined(separator: " ")
        note("words")
        if !words.contains(written) { words.append(written) }
    }

    public mutating func addUnquantified() {
        hasUnquantified = true
    }

    /// With the ingredient's density (grams per millilitre), its volumes added to its masses,
    /// when it has both: ⅓ cup butter and 100 g are 176 g. Nothing changes without both.
    public mutating func fold(density: Double?) {
        guard let density, let volume = measured[.volume], var mass = measured[.mass] else { return }
        mass.base += volume.base * density
        mass.units += volume.units.filter { !mass.units.contains($0) }
        measured[.mass] = mass
        measured[.volume] = nil
        if let at = order.firstIndex(of: Dimension.volume.rawValue), let massAt = order.firstIndex(of: Dimension.mass.rawValue) {
            order[min(at, massAt)] = Dimension.mass.rawValue
            order.remove(at: max(at, massAt))
        }
    }

    /// Takes away a stock of `value` `unit` where the units allow: the same dimension, the other
    /// one through `density`, or the same count unit (singular or plural); an amount used up
    /// disappears. Returns what is left of the stock, in its unit (0 when the need took it
    /// all), or `nil` when nothing could be taken away.
    public mutating func subtract(_ value: Double, unit: String?, density: Double? = nil) -> Double? {
        if let unit, let known = MeasureUnit.named(unit) {
            // Stock in the needed dimension's base unit, per base unit of the stock's.
            var target = known.dimension
            var rate = 1.0
            if measured[target] == nil, let density {
                target = target == .mass ? .volume : .mass
                rate = target == .mass ? density : 1 / density
            }
            guard let need = measured[target] else { return nil }
            let stock = value * known.factor * rate
            measured[target] = Self.rest(need.base - stock).map { Measured(base: $0, units: need.units) }
            return max(0, stock - need.base) / rate / known.factor
        }
        let key = unit.map(CountUnit.singular) ?? ""
        guard let need = counted[key] else { return nil }
        counted[key] = Self.rest(need - value)
        return max(0, value - need)
    }

    /// A remainder worth keeping: more than rounding noise.
    private static func rest(_ value: Double) -> Double? { value > 1e-9 ? value : nil }

    /// Whether nothing is left to buy.
    public var isEmpty: Bool { measured.isEmpty && counted.isEmpty && words.isEmpty && !hasUnquantified }

    /// The amounts to show, in the order their units first appeared; an ingredient used only
    /// without amounts has none. A dimension written in one US unit stays in it (4 tbsp stays
    /// 4 tbsp), one written in one metric unit is shown in metric's readable unit (1500 g is
    /// 1.5 kg: the same measure, another prefix); a sum of several units is shown in a readable
    /// unit of `system`, else of the system its units share, else metric.
    public func amounts(in system: UnitSystem? = nil) -> [Amount] {
        order.flatMap { key -> [Amount] in
            if key == "words" { return words.map { Amount(quantity: nil, unit: $0) } }
            if key.hasPrefix("count:") {
                let unit = String(key.dropFirst(6))
                guard let total = counted[unit] else { return [] }
                return [Amount(quantity: total, unit: unit.isEmpty ? nil : unit)]
            }
            guard let dimension = Dimension(rawValue: key), let sum = measured[dimension] else { return [] }
            let written = sum.units[0]
            if sum.units.count == 1, written.system == .us { return [Amount(quantity: sum.base / written.factor, unit: written.symbol)] }
            let shared = Set(sum.units.map(\.system)).count == 1 ? written.system : nil
            let (value, unit) = MeasureUnit.readable(sum.base, of: dimension, in: sum.units.count == 1 ? .metric : system ?? shared ?? .metric)
            return [Amount(quantity: value, unit: unit.symbol)]
        }
    }

    private mutating func note(_ key: String) {
        if !order.contains(key) { order.append(key) }
    }
}

/// One amount of a list line: a number and unit, or words (in `unit`, with no number). The
/// number is exact; `buy` and `text` round it as a cook reads it.
public struct Amount: Equatable, Sendable {
    public var quantity: Double?
    public var unit: String?

    public init(quantity: Double?, unit: String?) {
        self.quantity = quantity
        self.unit = unit
    }
}
