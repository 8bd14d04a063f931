import Settings
import ShoppingList

/// What a serving, a day or an average adds up to, and how much of it is known: the nutrients of
/// the ingredients whose food and mass are known, the mass they are a share of, and the
/// ingredients left out of the sum with what of them was left out. A figure is never shown
/// without its share known (`known`) and the unknown parts beside it.
public struct Figures: Equatable, Sendable {
    public var nutrients = Nutrients.zero
    /// Grams of the ingredients whose food is known (and so counted).
    public var knownMass = 0.0
    /// Grams of every ingredient whose mass is known, its food known or not.
    public var mass = 0.0
    /// What is not counted, by ingredient, in the order first met.
    public private(set) var unknown: [UnknownPart] = []
    /// The ingredients counted whose food has no USDA figure for a nutrient (SR21 gives no sugars
    /// for some foods), by nutrient: that figure is short by their share.
    public private(set) var gaps: [Nutrient: [String]] = [:]

    public init() {}

    /// The share of the mass whose food is known, 0…1; `nil` when no mass is known at all.
    public var known: Double? { mass > 0 ? knownMass / mass : nil }

    /// Notes `amounts` of `name` as not counted (with no amounts: used without one, "fresh basil").
    mutating func addUnknown(_ name: String, _ amounts: AmountTotal) {
        if let at = unknown.firstIndex(where: { $0.name == name }) {
            unknown[at].total.add(amounts)
        } else {
            unknown.append(UnknownPart(name: name, total: amounts))
        }
    }

    mutating func addGap(_ nutrient: Nutrient, in name: String) {
        if !(gaps[nutrient] ?? []).contains(name) { gaps[nutrient, default: []].append(name) }
    }

    /// Both added up: one serving of each of two meals.
    public static func + (left: Figures, right: Figures) -> Figures {
        var sum = left
        sum.nutrients += right.nutrients
        sum.knownMass += right.knownMass
        sum.mass += right.mass
        for part in right.unknown { sum.addUnknown(part.name, part.total) }
        for (nutrient, names) in right.gaps { for name in names { sum.addGap(nutrient, in: name) } }
        return sum
    }

    /// Everything, the unknown amounts included, times `factor`: one serving of a pot.
    public static func * (figures: Figures, factor: Double) -> Figures {
        var scaled = figures
        scaled.nutrients = figures.nutrients * factor
        scaled.knownMass *= factor
        scaled.mass *= factor
        scaled.unknown = figures.unknown.map { UnknownPart(name: $0.name, total: $0.total.scaled(by: factor)) }
        return scaled
    }
}

/// An ingredient (some of) whose share is not counted: its food is not known, or its amount
/// is not a mass mealplan can know (a pinch, a bunch, no amount at all).
public struct UnknownPart: Equatable, Sendable {
    public var name: String
    /// The amounts not counted; nothing but `hasUnquantified` when it was used without one.
    public var total: AmountTotal

    /// "feta 50 g", "garlic 1 head", "fresh basil": as the issue of coverage is told.
    public var text: String {
        let amounts = total.amounts().map(\.cookingText)
        return amounts.isEmpty ? name : name + " " + amounts.joined(separator: " + ")
    }
}

extension AmountTotal {
    /// Every amount of `other` added to these.
    mutating func add(_ other: AmountTotal) {
        for amount in other.amounts() {
            if let quantity = amount.quantity { add(quantity, unit: amount.unit) } else { add(words: amount.unit ?? "", unit: nil) }
        }
        if other.hasUnquantified { addUnquantified() }
    }

    /// These amounts times `factor` (amounts in words as they are).
    func scaled(by factor: Double) -> AmountTotal {
        var scaled = AmountTotal()
        for amount in amounts() {
            if let quantity = amount.quantity { scaled.add(quantity * factor, unit: amount.unit) } else { scaled.add(words: amount.unit ?? "", unit: nil) }
        }
        if hasUnquantified { scaled.addUnquantified() }
        return scaled
    }
}
