import ArgumentParser
import Cooklang
import Foundation
import MealPlanCore
import RecipeLibrary
import ShoppingList
import TerminalKit

/// `mealplan recipes`: the recipes in the folder, one line each.
struct RecipesCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipes",
        abstract: "List the recipes of the recipes folder: name, title, servings and tags.",
        discussion: """
            A recipe's name is its path inside the folder without .cook (sauces/Hollandaise); \
            commands take it in any case or shortened to a unique prefix. A malformed recipe is \
            reported on standard error with its file, line and column, and the others are listed.

            Examples:
              mealplan recipes
              mealplan recipes --search soup --recipes ~/recipes
            """)

    @OptionGroup var recipes: RecipeOptions
    @Option(help: "Only recipes whose name, title or tags contain this text (any case or accents, as meal search).")
    var search: String?

    func run(in environment: Environment) throws {
        let folder = try recipes.recipeFolder(in: environment)
        let query = search.map(MealQuery.init)
        var rows: [[String]] = []
        for name in try folder.names() {
            let recipe: Recipe
            do {
                recipe = try folder.recipe(named: name)
            } catch {
                printError(("warning: " + error.message).terminalVisible)
                continue
            }
            let row = [name, recipe.title ?? "", recipe.servings.map { QuantityValue.format($0) } ?? "", recipe.tags.joined(separator: ", ")]
            if let query, !row.contains(where: { query.matches(title: $0, note: nil) }) { continue }
            rows.append(row)
        }
        let widths = (0..<3).map { column in rows.map { $0[column].terminalWidth }.max() ?? 0 }
        for row in rows {
            let padded = (0..<3).map { row[$0].terminalVisible.padded(toWidth: widths[$0]) } + [row[3].terminalVisible]
            print(padded.joined(separator: "  ").trimmingTrailingSpaces)
        }
    }
}

/// `mealplan recipe NAME`: one recipe, scaled to some servings.
struct RecipeCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipe",
        abstract: "Show a recipe: its ingredients, scaled to --servings, then its steps.",
        discussion: """
            Fixed amounts (@salt{=1%tsp}) do not scale. A recipe that does not say its servings \
            is shown as written.

            Examples:
              mealplan recipe lasagna
              mealplan recipe sauces/hollandaise --servings 6 --format json
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var recipes: RecipeOptions
    @Argument(help: "The recipe's name (any case, or a unique prefix).") var name: String
    @Option(help: "Servings to scale to (0.01 to 10,000).") var servings: String?
    @Option(help: "text or json.") var format: Format = .text

    func run(in environment: Environment) throws {
        let servings = try self.servings.map(parseServings)
        let folder = try recipes.recipeFolder(in: environment)
        let name = try folder.resolve(self.name)
        let written: Recipe
        do {
            written = try folder.recipe(named: name)
        } catch {
            throw CommandFailure(error.message, status: error.isMissing ? .noInput : .badData)
        }
        let factor = servings.flatMap { wanted in written.servings.map { wanted / $0 } } ?? 1
        let recipe = written.scaled(by: factor)
        let shownServings = written.servings == nil ? nil : servings ?? written.servings
        switch format {
        case .text: print(Self.text(of: recipe, named: name, servings: shownServings, asWritten: written.servings == nil && servings != nil))
        case .json: print(try Self.json(of: recipe, named: name, servings: shownServings))
        }
    }

    static func text(of recipe: Recipe, named name: String, servings: Double?, asWritten: Bool) -> String {
        var lines = [(recipe.title ?? name).terminalVisible]
        if let servings { lines.append("serves \(QuantityValue.format(servings))") }
        if asWritten { lines.append("(the recipe does not say its servings: shown as written)") }
        lines.append("")
        for ingredient in recipe.ingredients {
            var line = "  " + ingredient.name
            if let quantity = ingredient.quantity { line += "  " + quantity.description }
            if let note = ingredient.note { line += "  (\(note))" }
            if let reference = ingredient.reference { line += "  → \(reference)" }
            lines.append(line.terminalVisible)
        }
        var number = 0
        for section in recipe.sections {
            lines.append("")
            if let title = section.name { lines += [title.terminalVisible, ""] }
            for block in section.blocks {
                switch block {
                case .step(let items):
                    number += 1
                    lines.append("\(number). " + recipe.text(of: items).terminalVisible)
                case .note(let note):
                    lines.append("> " + note.terminalVisible)
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    struct RecipeJSON: Encodable {
        struct IngredientJSON: Encodable {
            let name: String
            let quantity: QuantityJSON?
            let unit: String?
            let note: String?

            /// Every key, `null` where there is nothing, so readers need not test for absence.
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                try container.encode(quantity, forKey: .quantity)
                try container.encode(unit, forKey: .unit)
                try container.encode(note, forKey: .note)
            }

            enum CodingKeys: CodingKey {
                case name, quantity, unit, note
            }
        }

        let name: String
        let title: String?
        let servings: Double?
        let ingredients: [IngredientJSON]
        let steps: [String]
    }

    /// A number, or text for an amount in words.
    enum QuantityJSON: Encodable {
        case number(Double)
        case text(String)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number)
            case .text(let text): try container.encode(text)
            }
        }
    }

    static func json(of recipe: Recipe, named name: String, servings: Double?) throws -> String {
        let value = RecipeJSON(
            name: name, title: recipe.title, servings: servings,
            ingredients: recipe.ingredients.map { ingredient in
                let quantity: QuantityJSON? = switch ingredient.quantity?.value {
                case .number(let number)?: .number(number)
                case .text(let text)?: .text(text)
                case nil: nil
                }
                return RecipeJSON.IngredientJSON(name: ingredient.name, quantity: quantity, unit: ingredient.quantity?.unit,
                                                 note: ingredient.note)
            },
            steps: recipe.sections.flatMap(\.blocks).compactMap { block in
                if case .step(let items) = block { return recipe.text(of: items) }
                return nil
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

extension String {
    /// The text without spaces at its end.
    var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
