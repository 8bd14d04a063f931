import Cooklang
import ShoppingList

/// A recipe as it is served: scaled from the servings it says it makes to the servings asked
/// for, and laid out as lines of text. `mealplan recipe` prints these lines and the planner's
/// recipe view shows them, so the two cannot drift.
public struct ServedRecipe: Sendable {
    public let name: String
    /// The recipe scaled (fixed quantities as written).
    public let recipe: Recipe
    /// The servings shown: those asked for, else the recipe's own; `nil` when the recipe does
    /// not say its servings (it is then used as written).
    public let servings: Double?
    /// Servings were asked for but the recipe does not say how many it makes.
    public let isAsWritten: Bool

    /// `written` scaled to `servings` (`nil`: as the recipe makes it).
    public init(_ written: Recipe, named name: String, servings: Double?) {
        self.name = name
        let factor = servings.flatMap { wanted in written.servings.map { wanted / $0 } } ?? 1
        recipe = written.scaled(by: factor)
        self.servings = written.servings == nil ? nil : servings ?? written.servings
        isAsWritten = written.servings == nil && servings != nil
    }

    /// The title, the servings, the ingredients (each with its amount, its preparation and the
    /// sub-recipe it refers to), then the numbered steps and notes, section by section. The
    /// lines are the recipe's own text: callers make them safe for a terminal.
    public var lines: [String] {
        var lines = [recipe.title ?? name]
        if let servings { lines.append("serves \(QuantityValue.format(servings))") }
        if isAsWritten { lines.append("(the recipe does not say its servings: shown as written)") }
        lines.append("")
        for ingredient in recipe.ingredients {
            var line = "  " + ingredient.name
            if let quantity = ingredient.quantity { line += "  " + Self.text(of: quantity) }
            if let note = ingredient.note { line += "  (\(note))" }
            if let reference = ingredient.reference { line += "  → \(reference)" }
            lines.append(line)
        }
        var number = 0
        for section in recipe.sections {
            lines.append("")
            if let title = section.name { lines += [title, ""] }
            for block in section.blocks {
                switch block {
                case .step(let items):
                    number += 1
                    lines.append("\(number). " + recipe.text(of: items))
                case .note(let note):
                    lines.append("> " + note)
                }
            }
        }
        return lines
    }

    /// An ingredient's amount as the shopping list writes it (⅓ cup, 167 g, 1.5 kg for 1500 g),
    /// counts in fractions; words as written.
    public static func text(of quantity: Quantity) -> String {
        guard case .number(let number) = quantity.value else { return quantity.description }
        var total = AmountTotal()
        total.add(number, unit: quantity.unit)
        return total.amounts().first?.cookingText ?? quantity.description
    }

    /// The text of each step, in order (notes left out).
    public var steps: [String] {
        recipe.sections.flatMap(\.blocks).compactMap { block in
            if case .step(let items) = block { return recipe.text(of: items) }
            return nil
        }
    }
}
