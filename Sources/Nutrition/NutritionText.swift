/// Figures as a person reads them, one rule for `mealplan nutrition` and the planner's pages:
/// "kcal 1,840 (7,699 kJ) · protein 92 g · …" and, never apart from them, what is known of
/// them: "known for 82 % of the mass; unknown: feta 50 g, fresh basil".
public enum NutritionText {
    /// Which energy unit leads: kcal (kJ beside it), or kJ (kcal beside it).
    public enum Energy: String, CaseIterable, Sendable {
        case kcal, kj
    }

    /// "kcal 1,840 (7,699 kJ) · protein 92 g · fat 61 g · carbohydrate 210 g · fibre 24 g ·
    /// sugars 40 g · sodium 2,100 mg".
    public static func figures(_ nutrients: Nutrients, energy: Energy = .kcal) -> String {
        parts(nutrients, energy: energy).joined(separator: " · ")
    }

    /// The figures one by one, energy first, for a caller that lays them out itself.
    public static func parts(_ nutrients: Nutrients, energy: Energy = .kcal) -> [String] {
        let kcal = grouped(nutrients[.kcal]), kilojoules = grouped(nutrients.kilojoules)
        let lead = energy == .kcal ? "kcal \(kcal) (\(kilojoules) kJ)" : "kJ \(kilojoules) (\(kcal) kcal)"
        return [lead] + Nutrient.allCases.dropFirst().map { nutrient in
            "\(nutrient.label) \(amount(nutrients[nutrient], nutrient)) \(nutrient.unit)"
        }
    }

    /// "known for 82 % of the mass; unknown: feta 50 g, fresh basil; USDA gives no sugars for
    /// garlic": the share known, the ingredients not counted, and the figures short of a food.
    public static func coverage(_ figures: Figures) -> String {
        var text = figures.known.map { "known for \(percent($0)) % of the mass" } ?? "no ingredient's mass is known"
        if !figures.unknown.isEmpty { text += "; unknown: " + figures.unknown.map(\.text).joined(separator: ", ") }
        for nutrient in Nutrient.allCases {
            guard let names = figures.gaps[nutrient], !names.isEmpty else { continue }
            text += "; USDA gives no \(nutrient.label) for " + names.joined(separator: ", ")
        }
        return text
    }

    /// The share known in whole per cent, never rounded to 100 while something is unknown nor
    /// to 0 while something is known.
    public static func percent(_ share: Double) -> Int {
        if share >= 1 { return 100 }
        if share <= 0 { return 0 }
        return min(99, max(1, Int((share * 100).rounded())))
    }

    /// An amount of `nutrient`: grams below 10 with one decimal (4.5 g), others whole (92 g,
    /// 2,100 mg).
    static func amount(_ value: Double, _ nutrient: Nutrient) -> String {
        if nutrient != .sodium && value < 9.95 {
            let tenths = Int((value * 10).rounded())
            return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
        }
        return grouped(value)
    }

    /// A whole number with thousands set apart: 1,840.
    static func grouped(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 9e18 else { return "?" }
        var digits = String(Int64(value.rounded()).magnitude)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return (value.rounded() < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
