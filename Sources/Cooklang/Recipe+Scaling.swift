extension Recipe {
    /// The recipe with every ingredient amount multiplied by `factor`, but fixed (`=`) ones
    /// and amounts in words; cookware and timers never scale.
    public func scaled(by factor: Double) -> Recipe {
        var recipe = self
        for index in recipe.ingredients.indices {
            guard var quantity = recipe.ingredients[index].quantity, !quantity.isFixed,
                  case .number(let value) = quantity.value else { continue }
            quantity.value = .number(value * factor)
            recipe.ingredients[index].quantity = quantity
        }
        return recipe
    }

    /// A step's text as a cook reads it: mentions by their names (a timer by its amount).
    public func text(of items: [StepItem]) -> String {
        items.map { item in
            switch item {
            case .text(let text): text
            case .ingredient(let index): ingredients[index].name
            case .cookware(let index): cookware[index].name
            case .timer(let index):
                timers[index].quantity.map { $0.description } ?? timers[index].name ?? ""
            }
        }.joined()
    }
}

extension Quantity: CustomStringConvertible {
    /// The amount as a list shows it: `1.5 kg`, `2`, `a pinch` (numbers to two decimals).
    public var description: String {
        [value.description, unit].compactMap { $0 }.joined(separator: " ")
    }
}

extension QuantityValue: CustomStringConvertible {
    public var description: String {
        switch self {
        case .number(let number): Self.format(number)
        case .text(let text): text
        }
    }

    /// `number` with at most two decimals and no trailing zeros: 1.5, 0.33, 250. A number too
    /// large for that (or not finite) is written as Swift writes it (`1e+20`), never trapping.
    public static func format(_ number: Double) -> String {
        guard number.isFinite, abs(number) < 1e15 else { return "\(number)" }
        let hundredths = (number * 100).rounded()
        let whole = Int(hundredths / 100)
        let fraction = Int(abs(hundredths).truncatingRemainder(dividingBy: 100))
        guard fraction != 0 else { return String(whole) }
        let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
        return (number < 0 && whole == 0 ? "-" : "") + String(whole) + "." + digits
    }
}
