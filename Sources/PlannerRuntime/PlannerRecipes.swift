import Cooklang
import MealPlanCore
import MealPlanStore
import Nutrition
import PlannerUI
import PrintedWeek
import RecipeLibrary
import Settings
import ShoppingFiles
import ShoppingList

/// The files behind the planner's recipe keys: the recipes folder with the aisle and pantry
/// files (`ShoppingSources`), or why there is no recipes folder, said when a key needs one.
/// Nothing is read until a key asks: the planner's first screen reads no recipe.
public struct PlannerRecipes: Sendable {
    let sources: Result<ShoppingSources, RecipeFolderError>
    /// The household's size (the config file's `servings`): a new meal's servings when set.
    let householdServings: Double?
    /// The config file's `[foods]` over mealplan's names, or its mistake, said when a
    /// nutrition figure needs them (the other keys work without).
    let foods: Result<FoodNames, ConfigFileError>

    public init(_ sources: ShoppingSources, householdServings: Double? = nil,
                foods: Result<FoodNames, ConfigFileError> = .success(.standard)) {
        self.sources = .success(sources)
        self.householdServings = householdServings
        self.foods = foods
    }

    /// The recipes of `folder` with what the config file says of them: the aisle and pantry
    /// files (else those in the folder), the units and densities, the household's servings.
    public init(folder: RecipeFolder, config: ConfigFile) {
        self.init(ShoppingSources(recipes: folder, aisles: config.aisles, pantry: config.pantry, units: config.units),
                  householdServings: config.servings, foods: Result { () throws(ConfigFileError) in try config.section(FoodSettings.self).names })
    }

    /// No recipes folder given: what a planner without recipes (tests) answers.
    public static let none = PlannerRecipes(unavailable: "no recipes folder")

    /// No recipes folder; `reason` is the one-line message a recipe key shows.
    public init(unavailable reason: String) {
        sources = .failure(RecipeFolderError(reason))
        householdServings = nil
        foods = .success(.standard)
    }

    /// `.showRecipe`'s answer: `meal`'s recipe scaled to its servings, with what a serving adds
    /// up to (its leftovers' cook read from `store`), or why it cannot be shown.
    func page(of meal: Meal, store: MealStore) -> Input {
        guard let name = meal.recipe else { return .recipeFailed(meal, message: "the meal has no recipe") }
        let folder: RecipeFolder
        switch sources {
        case .success(let sources): folder = sources.recipes
        case .failure(let error): return .recipeFailed(meal, message: error.userMessage)
        }
        do throws(RecipeLookupError) {
            let served = ServedRecipe(try folder.recipe(named: name), named: name, servings: meal.servings)
            return .pageShown(TextPage(kind: .recipe(meal), lines: withServing(of: meal, store: store, in: served.lines)))
        } catch {
            return .recipeFailed(meal, message: error.isMissing ? "recipe missing: \(folder.path(of: name))" : error.message)
        }
    }

    /// `.listRecipes`' answer: the folder's recipe names (no recipe is read).
    func names() -> Input {
        do throws(RecipeFolderError) {
            return .recipeNamesLoaded(try sources.get().recipes.names())
        } catch {
            return .recipePromptFailed(message: error.userMessage)
        }
    }

    /// `.chooseRecipe`'s answer: the title and servings the recipe gives a meal.
    func choice(of name: String) -> Input {
        do throws(RecipeFolderError) {
            let chosen = try sources.get().recipes.choose(name)
            return .recipeChosen(name: chosen.name, title: chosen.mealTitle, servings: chosen.mealServings(household: householdServings))
        } catch {
            return .recipePromptFailed(message: error.userMessage)
        }
    }

    /// `.rankPantry`'s answer: every recipe of the folder ranked by what the pantry holds of it,
    /// by `PantryCoverage`, the ranking `recipes --can-make` prints, both ways (the expiry's
    /// order only when a pantry item has an expire date); each with the title and servings it
    /// gives a meal, for the household's servings as a chosen recipe has them.
    func pantryRanking() -> Input {
        do throws(RecipeFolderError) {
            let sources = try sources.get()
            guard let pantry = try sources.pantry() else {
                return .recipePromptFailed(message: "No pantry to rank the recipes by: " + sources.pantryPlaces)
            }
            var problems: [String] = []
            let book = try ReadRecipes(sources.recipes, frontMatterOnly: false) { problems.append($0) }
            let measured = try sources.pantryCoverage(of: book.names, in: book, pantry: pantry, servings: householdServings)
            func picks(usingFirst: Bool) -> [PantryRanking.Pick] {
                PantryCoverage.ranked(measured.covered, usingFirst: usingFirst).compactMap { coverage in
                    guard let recipe = book.read[coverage.recipe] else { return nil }
                    let chosen = ChosenRecipe(name: coverage.recipe, recipe: recipe)
                    return PantryRanking.Pick(recipe: coverage.recipe, title: chosen.mealTitle,
                                              servings: chosen.mealServings(household: householdServings),
                                              missing: coverage.missingText, expiring: coverage.expiringText)
                }
            }
            let dated = pantry.items.contains { $0.expiry != nil }
            return .pantryRanked(PantryRanking(byShare: picks(usingFirst: false), byExpiry: dated ? picks(usingFirst: true) : nil,
                                               problems: problems + measured.problems))
        } catch {
            return .recipePromptFailed(message: error.userMessage)
        }
    }

    /// The file `R` opens for `meal`; only an existing recipe is edited (mealplan never
    /// creates recipe files).
    func file(of meal: Meal) -> Result<String, RecipeFolderError> {
        sources.flatMap { sources in
            guard let name = meal.recipe, sources.recipes.contains(name) else {
                return .failure(RecipeFolderError("recipe missing: \(sources.recipes.path(of: meal.recipe ?? ""))"))
            }
            return .success(sources.recipes.path(of: name))
        }
    }

    /// The shopping list of `meals`, the meals of `days`, for the page `W` writes, or why there is none.
    func printedList(for meals: [Meal], days: DayRange) -> Result<PrintedList, RecipeFolderError> {
        Result { () throws(RecipeFolderError) in
            let list = try sources.get().list(of: meals, days: days)
            return PrintedList(list.ticked, cooked: list.cooked)
        }
    }

    /// `.showShoppingList`'s answer for `meals`, the meals of `days`.
    func shoppingList(for meals: [Meal], days: DayRange) -> Input {
        do throws(RecipeFolderError) {
            return .pageShown(Self.page(of: try sources.get().list(of: meals, days: days)))
        } catch {
            return .shoppingListFailed(message: error.userMessage)
        }
    }

    /// `.tickShoppingItem`'s answer: `name` ticked off (`checked`) or put back, then the list
    /// again. A tick records what the list needs now; putting back writes only if the log
    /// (as read under its lock) still has it ticked.
    func tick(_ name: String, checked: Bool, meals: [Meal], days: DayRange) -> Input {
        do throws(RecipeFolderError) {
            let list = try sources.get().list(of: meals, days: days) { list in
                if checked { return [list.planned.tick(name)] }
                return list.log.isChecked(name) ? [CheckLog.Entry(name: name, checked: false)] : []
            }
            return .pageShown(Self.page(of: list))
        } catch {
            return .shoppingListFailed(message: error.userMessage)
        }
    }

    /// The list as the page shows it, line for line as `shop` prints it (the page's title bar
    /// names the days); each item's line is one `x` can tick.
    static func page(of list: DaysShoppingList) -> TextPage {
        let rows = list.rows(titled: false)
        let items = rows.enumerated().compactMap { line, row in
            row.item.map { PageItem(line: line, name: $0.name, checked: $0.checked) }
        }
        return TextPage(kind: .shoppingList(list.days), lines: rows.map(\.text), items: items)
    }
}
