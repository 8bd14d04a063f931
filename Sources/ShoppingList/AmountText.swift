import Cooklang
import Settings

/// Amounts as a cook reads them, one rule for the shopping list and the recipe: US measures
/// and counts in kitchen fractions (⅔ cup, 1 ½ tbsp, ¼ tsp), metric ones in three significant
/// digits rounded up (167 g, not 166.67 g; 1.5 kg); counts to buy rounded up to whole things
/// (7 onions for 6.17). A positive amount never reads 0.
extension Amount {
    /// Whether the amount is of things counted (`3`, `2 cloves`), which are bought whole.
    public var isCount: Bool { quantity != nil && unit.flatMap(MeasureUnit.named) == nil }

    /// The number a shopping list prints: `quantity` rounded as above, counts up to whole ones.
    public var buy: Double? { quantity.map { Self.shown($0, unit: unit, buying: true) } }

    /// "167 g", "7", "⅓ cup", "3 cloves", "a pinch": what a shopping list prints.
    public var text: String { text(buying: true) }

    /// The amount in a recipe: as `text`, but counts in fractions rather than rounded up.
    public var cookingText: String { text(buying: false) }

    private func text(buying: Bool) -> String {
        guard let quantity else { return unit ?? "" }
        let shown = Self.shown(quantity, unit: unit, buying: buying)
        let measure = unit.flatMap(MeasureUnit.named)
        let number = measure?.system == .metric ? Self.decimal(shown) : Self.fraction(shown)
        let unitText = measure.map { $0.word(for: shown) } ?? unit.map { CountUnit.word(CountUnit.singular($0), for: shown) }
        return [number, unitText].compactMap { $0 }.joined(separator: " ")
    }

    /// `value` of `unit` rounded for reading.
    static func shown(_ value: Double, unit: String?, buying: Bool) -> Double {
        guard value.isFinite, value > 0, value < 1e15 else { return value }
        let measure = unit.flatMap(MeasureUnit.named)
        if measure == nil && buying { return max(1, (value - 1e-9).rounded(.up)) }
        if measure?.system == .metric {
            let decimals = Double(2 - exponent(of: value))
            let scale = pow10(decimals)
            return (value * scale - 1e-6).rounded(.up) / scale
        }
        let whole = value.rounded(.down)
        let nearest = fractions.min { abs($0.value - (value - whole)) < abs($1.value - (value - whole)) }!.value
        return whole + nearest == 0 ? fractions[1].value : whole + nearest
    }

    /// Kitchen fractions: eighths and thirds.
    private static let fractions: [(value: Double, glyph: String)] = [
        (0, ""), (1.0 / 8, "⅛"), (1.0 / 4, "¼"), (1.0 / 3, "⅓"), (3.0 / 8, "⅜"), (1.0 / 2, "½"),
        (5.0 / 8, "⅝"), (2.0 / 3, "⅔"), (3.0 / 4, "¾"), (7.0 / 8, "⅞"), (1, ""),
    ]

    /// "1 ½", "⅔", "3": a number `shown` rounded to a kitchen fraction.
    static func fraction(_ shown: Double) -> String {
        guard shown.isFinite, abs(shown) < 1e15 else { return QuantityValue.format(shown) }
        let whole = (shown + 1e-9).rounded(.down)
        let part = fractions.min { abs($0.value - (shown - whole)) < abs($1.value - (shown - whole)) }!
        if part.value == 1 { return QuantityValue.format(whole + 1) }
        if part.glyph.isEmpty { return QuantityValue.format(whole) }
        return whole == 0 ? part.glyph : QuantityValue.format(whole) + " " + part.glyph
    }

    /// "166", "1.5", "0.004": a number `shown` with no more decimals than it has.
    static func decimal(_ shown: Double) -> String {
        guard shown.isFinite, shown > 0, shown < 1e15 else { return QuantityValue.format(shown) }
        var decimals = 0
        while decimals < 9, (shown * pow10(Double(decimals))).distance(to: (shown * pow10(Double(decimals))).rounded()).magnitude > 1e-6 {
            decimals += 1
        }
        let scaled = Int64((shown * pow10(Double(decimals))).rounded())
        let divisor = Int64(pow10(Double(decimals)))
        let fraction = String(scaled % divisor)
        let padded = String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
        return String(scaled / divisor) + (decimals == 0 ? "" : "." + padded)
    }

    /// The power of ten of `value`'s first digit: 2 for 166.67, -3 for 0.004.
    private static func exponent(of value: Double) -> Int {
        var exponent = 0
        var rest = value
        while rest >= 10 { rest /= 10; exponent += 1 }
        while rest < 1 { rest *= 10; exponent -= 1 }
        return exponent
    }

    private static func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        for _ in 0..<Int(abs(exponent)) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }
}
