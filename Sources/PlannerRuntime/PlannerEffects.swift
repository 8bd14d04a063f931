import MealPlanCore
import MealPlanStore
import PlannerUI
import RecipeLibrary

/// The store's and the recipe files' side of the planner's effects: each read or write as
/// `Planner.update` asked for it, and the input that reports its outcome.
public enum PlannerEffects {
    /// The answer to a store or recipe effect; `nil` for effects that are not theirs (the
    /// editor's, the clock's, the process's).
    /// A page `W` writes goes into `printFolder`: the folder the planner was started in.
    public static func answer(_ effect: Effect, store: MealStore, recipes: PlannerRecipes = .none, printFolder: String = ".") -> Input? {
        switch effect {
        case .load(let request):
            do throws(StoreError) {
                return .loaded(request, try store.mealsByDay(in: request.days))
            } catch {
                return .loadFailed(request, message: error.reason)
            }
        case .save(let request):
            return save(request, store: store)
        case .findMatch(let request):
            do throws(StoreError) {
                // Repeats up to the horizon `mealplan list --search` shows them to.
                let horizon = try store.searchHorizon(today: request.today)
                let meal = switch request.direction {
                case .forward: try store.nextMeal(matching: request.text, after: request.from, repeatsThrough: horizon)
                case .backward: try store.previousMeal(matching: request.text, before: request.from, repeatsThrough: horizon)
                }
                let cut = meal == nil ? try store.repeatsContinue(after: horizon, search: request.text) : false
                return .matchFound(request, meal, repeatsShownThrough: cut ? horizon : nil)
            } catch {
                return .searchFailed(request, message: error.reason)
            }
        case .showRecipe(let meal):
            return recipes.page(of: meal, store: store)
        case .listRecipes:
            return recipes.names()
        case .listTitles(let today):
            // Without titles the Tab still completes recipes: a failed read offers none.
            return .titlesLoaded((try? store.recentTitles(around: today)) ?? [])
        case .chooseRecipe(let name):
            return recipes.choice(of: name)
        case .rankPantry:
            return recipes.pantryRanking()
        case .showShoppingList(let days):
            do throws(StoreError) {
                return recipes.shoppingList(for: try store.meals(in: days), days: days)
            } catch {
                return .shoppingListFailed(message: error.reason)
            }
        case .showNutrition(let days):
            return recipes.nutrition(of: days, store: store)
        case .printDays(let request):
            return PlannerPrint.answer(request, store: store, recipes: recipes, folder: printFolder)
        case .tickShoppingItem(let name, let checked, let days):
            do throws(StoreError) {
                return recipes.tick(name, checked: checked, meals: try store.meals(in: days), days: days)
            } catch {
                return .shoppingListFailed(message: error.reason)
            }
        case .saveTemplate(let name, let days, let replacing):
            return templateAnswer { () throws(StoreError) in
                // A name taken is asked about first; the store still refuses one taken meanwhile.
                if !replacing, let existing = try store.templateNamed(exactly: name) {
                    return .templateExists(name: name, existing: existing)
                }
                return .templateSaved(try store.saveTemplate(name, from: days.first, days: days.count, replacing: replacing))
            }
        case .listTemplates:
            return templateAnswer { () throws(StoreError) in .templateNamesLoaded(try store.templates().map(\.name)) }
        case .placeTemplate(let placement):
            return templateAnswer { () throws(StoreError) in
                // Read only: the planner then saves the placement as one change of its history.
                let laid = try store.applyTemplate(placement.name, to: placement.start, times: placement.times, dryRun: true)
                return .templatePlaced(placement, template: laid.template, meals: laid.meals)
            }
        case .shareLeftovers(let request):
            do throws(StoreError) {
                return .leftoverSharesLoaded(request, try store.leftoverShares(of: request.ids, household: request.household))
            } catch {
                return .leftoverSharesFailed(request, message: error.reason)
            }
        case .findLeftoverSources(let ids):
            // A source missing (removed meanwhile) or unreadable is not shown: its line says less.
            return .leftoverSourcesFound(ids.compactMap { try? store.meal(id: $0) })
        case .scheduleTick, .editNote, .editRecipe, .sync, .resolveConflicts, .redraw, .suspend, .quit:
            return nil
        }
    }

    /// `.save`'s answer: the batch made, the template laid down or the days pasted, in one transaction.
    /// `progress` is told after each change (each meal laid) how many of how many are made; an
    /// error it throws rolls the save back, and the answer is then a failure (the loop answers
    /// a cancel of its own itself).
    static func save(_ request: SaveRequest, store: MealStore,
                     progress: (_ done: Int, _ total: Int) throws -> Void = { _, _ in }) -> Input {
        do throws(StoreError) {
            switch request.work {
            case .changes(let batch):
                return .saved(request, stored: try store.make(batch.changes, progress: progress))
            case .template(let placement, let template):
                let laid = try store.applyTemplate(template, to: placement.start, times: placement.times, progress: progress)
                return .saved(request, stored: laid.changes)
            case .paste(let paste):
                return .saved(request, stored: try store.copy(paste.meals, of: paste.days, to: paste.target, progress: progress))
            }
        } catch {
            return error.kind == .input || error.kind == .changedMeanwhile
                ? .saveRefused(request, message: error.reason) : .saveFailed(request, message: error.reason)
        }
    }

    /// `body`'s answer, or the store's reason for refusing it.
    private static func templateAnswer(_ body: () throws(StoreError) -> Input) -> Input {
        do throws(StoreError) {
            return try body()
        } catch {
            return .templateFailed(message: error.reason)
        }
    }
}
