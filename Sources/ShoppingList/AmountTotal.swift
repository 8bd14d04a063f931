import Cooklang

/// The amounts of one ingredient added up: within a unit kind converted and summed; equal
/// other units (or none) summed; worded amounts kept as written; and whether it was also used
/// without any amount, which a list shows once.
public struct AmountTotal: Equatable, Sendable {
    /// Sums in each kind's base unit.
    private(set) var measured: [UnitKind: Double] = [:]
    /// Sums by unit as written (lower-cased for matching), with the first spelling seen; the
    /// key "" holds plain counts (`@eggs{3}`).
    private(set) var counted: [String: (unit: String, value: Double)] = [:]
    /// Order the units appeared in, so the list reads like the recipes.
    private var order: [String] = []
    private(set) var words: [String] = []
    public private(set) var hasUnquantified = false

    public init() {}

    public static func == (left: AmountTotal, right: AmountTotal) -> Bool {
        left.amounts == right.amounts && left.hasUnquantified == right.hasUnquantified
    }

    /// Adds `value` of `unit` (`nil`: a plain count).
    public mutating func add(_ value: Double, unit: String?) {
        let unit = unit ?? ""
        if let known = MeasureUnit.named(unit) {
            note(known.kind.rawValue)
            measured[known.kind, default: 0] += value * known.factor
        } else {
            let key = unit.lowercased()
            note("unit:" + key)
            counted[key, default: (unit, 0)].value += value
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

    /// Takes away `value` of `unit` where the units allow (same kind or same unit); an amount
    /// used up disappears. Returns whether anything could be taken away.
    @discardableResult
    public mutating func subtract(_ value: Double, unit: String?) -> Bool {
        let unit = unit ?? ""
        if let known = MeasureUnit.named(unit), let total = measured[known.kind] {
            let rest = total - value * known.factor
            measured[known.kind] = rest > 1e-9 ? rest : nil
            return true
        }
        let key = unit.lowercased()
        guard let total = counted[key] else { return false }
        let rest = total.value - value
        counted[key] = rest > 1e-9 ? (total.unit, rest) : nil
        return true
    }

    /// Whether nothing is left to buy.
    public var isEmpty: Bool { measured.isEmpty && counted.isEmpty && words.isEmpty && !hasUnquantified }

    /// The amounts to show, each in a readable unit, in the order their units first appeared;
    /// an ingredient used only without amounts has none.
    public var amounts: [Amount] {
        order.flatMap { key -> [Amount] in
            if key == "words" { return words.map { Amount(quantity: nil, unit: $0) } }
            if key.hasPrefix("unit:") {
                guard let total = counted[String(key.dropFirst(5))] else { return [] }
                return [Amount(quantity: total.value, unit: total.unit.isEmpty ? nil : total.unit)]
            }
            guard let kind = UnitKind(rawValue: key), let base = measured[kind] else { return [] }
            let (value, unit) = MeasureUnit.readable(base, of: kind)
            return [Amount(quantity: value, unit: unit.symbol)]
        }
    }

    private mutating func note(_ key: String) {
        if !order.contains(key) { order.append(key) }
    }
}

/// One amount of a list line: a number and unit, or words (in `unit`, with no number).
public struct Amount: Equatable, Sendable {
    public var quantity: Double?
    public var unit: String?

    public init(quantity: Double?, unit: String?) {
        self.quantity = quantity
        self.unit = unit
    }
}
