import ArgumentParser
import Cooklang
import MealPlanCore
import RecipeLibrary
import ShoppingFiles
import Settings
import ShoppingList
import TerminalKit
import TextHelpers

/// `mealplan recipes`: the recipes in the folder, one line each.
struct RecipesCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipes",
        abstract: "List the recipes of the recipes folder: name, title, servings and tags.",
        discussion: """
            A recipe's name is its path inside the folder without .cook (sauces/Hollandaise); \
            commands take it in any case or shortened to a unique prefix. The list reads what \
            each recipe says about itself (its front matter); a mistake there is reported on \
            standard error with its file, line and column, and the others are listed. \
            'mealplan recipe NAME' and the shopping list read the whole recipe.

            --uses lists the recipes that need an ingredient, and those that use such a recipe \
            as a sub-recipe; the names aisle.conf gives one ingredient (cookcli's 'a|b') count \
            as one, as on the shopping list.

            --can-make ranks the recipes by how much of what they need the pantry holds \
            (pantry.conf), most first, each with what is missing and how much: the recipe's \
            own shopping list less the pantry, through the same units, densities and aisle \
            names as 'mealplan shop', for the household's servings (the config file's \
            'servings') or the recipe's own. --use-first puts first the recipes using the \
            pantry item whose 'expire' date (2026-12-01 or 01.12.2026) comes soonest.

            Examples:
              mealplan recipes
              mealplan recipes --search soup --recipes ~/recipes
              mealplan recipes --uses lentils
              mealplan recipes --can-make --use-first
            """)

    @OptionGroup var recipes: RecipeOptions
    @Option(help: "Only recipes whose name, title or tags contain this text (any case or accents, as meal search).")
    var search: String?
    @Option(help: ArgumentHelp("Only recipes that need this ingredient, themselves or through a sub-recipe.", valueName: "ingredient"))
    var uses: String?
    @Flag(help: "Rank the recipes by how much of what they need the pantry holds, saying what is missing.")
    var canMake = false
    @Flag(help: "With --can-make: first the recipes that use the pantry items expiring soonest.")
    var useFirst = false

    func run(in environment: Environment) throws {
        let folder = try recipes.recipeFolder(in: environment)
        let query = search.map(MealQuery.init)
        // --uses and --can-make need the ingredients; a listing, only what the front matter says.
        let ranksPantry = canMake || useFirst
        // The pantry first: without one there is nothing to rank, whatever the recipes say.
        let stock = ranksPantry ? try PantryStock(folder: folder, in: environment) : nil
        let book = try ReadRecipes(folder, frontMatterOnly: uses == nil && !ranksPantry, warn: warn)
        let using = try uses.map { ingredient in
            let config = try ConfigFile.load(in: environment)
            let aisles = try ShoppingSources(recipes: folder, aisles: config.aisles, pantry: nil, usesPantry: false).aisles()
            return IngredientUse.recipes(using: ingredient, in: book.read, aisles: aisles)
        }
        var rows: [[String]] = []
        for name in book.names {
            guard let recipe = book.read[name] else { continue }
            if let using, !using.contains(name) { continue }
            let row = [name, recipe.title ?? "", recipe.servings.map { QuantityValue.format($0) } ?? "", recipe.tags.joined(separator: ", ")]
            if let query, !row.contains(where: { query.matches(title: $0, note: nil) }) { continue }
            rows.append(row)
        }
        if rows.isEmpty {
            let searched = [uses.map { "uses '\($0.messageExcerpt.terminalVisible)'" }, search.map { "matches '\($0.messageExcerpt.terminalVisible)'" }]
                .compactMap { $0 }.joined(separator: " and ")
            print(searched.isEmpty ? "no recipes in '\(folder.root.terminalVisible)'" : "no recipe \(searched)")
            return
        }
        if let stock {
            return try printCoverage(of: rows.map { $0[0] }, book: book, stock: stock)
        }
        let widths = (0..<3).map { column in rows.map { $0[column].terminalWidth }.max() ?? 0 }
        for row in rows {
            let padded = (0..<3).map { row[$0].terminalVisible.padded(toWidth: widths[$0]) } + [row[3].terminalVisible]
            print(padded.joined(separator: "  ").trimmingTrailingSpaces)
        }
    }
}

extension RecipesCommand {
    /// `--can-make`: one line per recipe, ranked: its name, how many of its ingredients the
    /// pantry holds of how many it needs, and what is missing (or the pantry item expiring first).
    private func printCoverage(of names: [String], book: ReadRecipes, stock: PantryStock) throws {
        let (sources, pantry, config, folder) = (stock.sources, stock.pantry, stock.config, book.folder)
        if useFirst {
            for item in pantry.items where item.expire != nil && item.expiry == nil {
                warn("\(sources.pantryFile ?? "pantry.conf"): line \(item.expire?.line ?? 0): '\(item.name.messageExcerpt)' expires on '\(item.expire?.text.messageExcerpt ?? "")', which is not a date like 2026-12-01: not ranked by it")
            }
        }
        let (covered, problems) = try sources.pantryCoverage(of: names, in: book, pantry: pantry, servings: config.servings)
        problems.forEach(warn)
        let ranked = PantryCoverage.ranked(covered, usingFirst: useFirst)
        guard !ranked.isEmpty else {
            print("no recipe in '\(folder.root.terminalVisible)' names an ingredient")
            return
        }
        let rows = ranked.map { coverage in
            let expiring = useFirst ? coverage.expiringText.map { $0 + "; " } : nil
            return [coverage.recipe, "\(coverage.held)/\(coverage.needed)", (expiring ?? "") + coverage.missingText]
        }
        let widths = (0..<2).map { column in rows.map { $0[column].terminalWidth }.max() ?? 0 }
        for row in rows {
            print([row[0].terminalVisible.padded(toWidth: widths[0]), row[1].padded(toWidth: widths[1]), row[2].terminalVisible].joined(separator: "  "))
        }
    }
}

/// What `--can-make` ranks with: the pantry, and the files and settings the list reads.
private struct PantryStock {
    let config: ConfigFile
    let sources: ShoppingSources
    let pantry: PantryConfig

    init(folder: RecipeFolder, in environment: Environment) throws {
        config = try ConfigFile.load(in: environment)
        sources = ShoppingSources(recipes: folder, aisles: config.aisles, pantry: config.pantry, units: config.units)
        guard let pantry = try sources.pantry() else {
            throw CommandFailure.usage("--can-make needs a pantry: \(sources.pantryPlaces)".terminalVisible)
        }
        self.pantry = pantry
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

    enum Format: String, CaseInsensitiveChoice {
        case text, json
    }

    @OptionGroup var recipes: RecipeOptions
    @Argument(help: "The recipe's name (any case, or a unique prefix).") var name: String
    @Option(help: "Servings to scale to (0.01 to 10,000).") var servings: String?
    @Option(help: "text or json.") var format: Format = .text

    func run(in environment: Environment) throws {
        let servings = try self.servings.map(parseServings)
        let folder = try recipes.recipeFolder(in: environment)
        let name = try folder.resolve(self.name, warn: warn)
        let written: Recipe
        do {
            written = try folder.recipe(named: name)
        } catch {
            throw CommandFailure(error.message, status: error.isMissing ? .noInput : .badData)
        }
        let served = ServedRecipe(written, named: name, servings: servings)
        switch format {
        case .text: print(served.lines.map(\.terminalVisible).joined(separator: "\n"))
        case .json: try JSONOutput.write { json in try RecipeJSON.write(served, to: &json) }
        }
    }
}

/// A warning about the recipes folder (a subfolder passed over) on standard error.
func warn(_ message: String) {
    printError(("warning: " + message).terminalVisible)
}

extension String {
    /// The text without spaces at its end.
    var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
