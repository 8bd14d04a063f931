import Cooklang
import MealPlanCore
import TextHelpers

/// One ingredient a recipe needs for one serving of "as written" (scale 1), its sub-recipes'
/// ingredients included: uses of the same name, unit and kind of amount added up.
struct IngredientPart {
    enum Amount {
        /// A number that scales with the servings.
        case scaled(Double)
        /// A fixed (`=`) number: the same whatever the servings.
        case fixed(Double)
        case words(String)
        case none

        /// The number for a meal that scales the recipe by `factor`; `nil` for words or none.
        func total(factor: Double) -> Double? {
            switch self {
            case .scaled(let value): value * factor
            case .fixed(let value): value
            case .words, .none: nil
            }
        }
    }

    var name: String
    var unit: String?
    var amount: Amount
}

/// Each recipe's ingredients, sub-recipes expanded, worked out once per recipe name: a list
/// scales linearly, so a sub-recipe used twice at every level of a deep chain costs one pass
/// per distinct recipe, never one per path through the chain. Chains are refused deeper than
/// `maximumDepth` (no recursion without bound) and in a circle.
struct Contributions {
    /// How deep sub-recipes may refer to sub-recipes.
    static let maximumDepth = 64

    private var known: [String: [IngredientPart]] = [:]
    /// The recipes being expanded, outermost first: a reference back into it is a circle.
    private var chain: [String] = []

    mutating func parts(of recipe: Recipe, named name: String, from book: some RecipeBook) throws(RecipeLookupError) -> [IngredientPart] {
        if let parts = known[name] { return parts }
        if let start = chain.firstIndex(of: name) {
            let cycle = (chain[start...] + [name]).map { "\($0).cook" }.joined(separator: " → ")
            throw RecipeLookupError("recipes refer to each other in a circle: \(cycle)")
        }
        guard chain.count < Self.maximumDepth else {
            throw RecipeLookupError("'\(chain[0])': sub-recipes nest deeper than \(Self.maximumDepth) levels (at '\(name.messageExcerpt)')")
        }
        chain.append(name)
        defer { chain.removeLast() }
        var sum = PartSum()
        for ingredient in recipe.ingredients where !ingredient.isOptional {
            if let reference = ingredient.reference {
                let target: String, referenced: Recipe, scale: Double
                do {
                    target = try Gatherer.resolve(reference, from: name)
                    referenced = try book.recipe(named: target)
                    scale = try Gatherer.scale(of: referenced, named: target, by: ingredient.quantity)
                } catch {
                    // Point at the reference: the file and line a cook has to change.
                    throw RecipeLookupError("\(name).cook" + (ingredient.line.map { ":\($0)" } ?? "") + ": " + error.message,
                                            isMissing: error.isMissing)
                }
                for part in try parts(of: referenced, named: target, from: book) {
                    sum.add(part, times: scale)
                }
                continue
            }
            let amount: IngredientPart.Amount = switch ingredient.quantity?.value {
            case .number(let value)?: ingredient.quantity!.isFixed ? .fixed(value) : .scaled(value)
            case .text(let words)?: .words(words)
            case nil: .none
            }
            sum.add(IngredientPart(name: ingredient.name, unit: ingredient.quantity?.unit, amount: amount), times: 1)
        }
        known[name] = sum.parts
        return sum.parts
    }
}

/// Parts added up in the order they first appear.
private struct PartSum {
    private(set) var parts: [IngredientPart] = []
    private var index: [String: Int] = [:]

    mutating func add(_ part: IngredientPart, times scale: Double) {
        var part = part
        let kind: String
        switch part.amount {
        case .scaled(let value): part.amount = .scaled(value * scale); kind = "s"
        case .fixed: kind = "f"
        case .words(let words): kind = "w" + words
        case .none: kind = "n"
        }
        let key = [part.name, part.unit ?? "", kind].joined(separator: "\u{0}")
        guard let at = index[key] else {
            index[key] = parts.count
            parts.append(part)
            return
        }
        switch (parts[at].amount, part.amount) {
        case (.scaled(let old), .scaled(let new)): parts[at].amount = .scaled(old + new)
        case (.fixed(let old), .fixed(let new)): parts[at].amount = .fixed(old + new)
        default: break
        }
    }
}
