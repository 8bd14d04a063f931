import MealPlanCore
import TerminalKit
import Timeline

/// What the run loop feeds the planner: terminal events, the answers to its effects, other
/// processes' changes and clock ticks.
public enum Input: Hashable, Sendable {
    /// A key, mouse or resize event from the terminal.
    case event(Event)
    /// The store's answer to `Effect.load`: the meals of the requested days, each day's in
    /// display order (days without meals may be absent).
    case loaded(LoadRequest, [Day: [Meal]])
    /// `Effect.load` failed; the message is shown and the days stay as they were.
    case loadFailed(LoadRequest, message: String)
    /// `Effect.save` succeeded; `stored` has the batch's changes as the store made them
    /// (`MealStore.make`): their meals as the store now holds them (ids, slot names and
    /// positions as stored), and a change of a whole rule through an occurrence as the rules
    /// it removed and put back, which is what undo needs.
    case saved(SaveRequest, stored: [MealChange])
    /// `Effect.save` failed; nothing changed in the store, and trying again may work (the
    /// database was busy, full or unreadable).
    case saveFailed(SaveRequest, message: String)
    /// The store refused `Effect.save`: what it names no longer exists or breaks a rule of the
    /// plan (another process removed the meal's slot), so the same change would be refused again.
    case saveRefused(SaveRequest, message: String)
    /// `Effect.save` is still at work: `done` of its `total` changes are made (the loop says
    /// so past a second, a few times a second, while it keeps the screen alive).
    case saveProgress(SaveRequest, done: Int, total: Int)
    /// `Effect.save` was cancelled by a key of `LongSave.keys` while it worked: its transaction
    /// was rolled back, nothing changed in the store.
    case saveCancelled(SaveRequest)
    /// The store's answer to `Effect.findMatch`: the matching meal, or `nil` when there is none;
    /// `repeatsShownThrough` is the search horizon when a matching repeat goes on past it.
    case matchFound(SearchRequest, Meal?, repeatsShownThrough: Day?)
    /// `Effect.findMatch` failed.
    case searchFailed(SearchRequest, message: String)
    /// Another process changed the database: everything shown is reloaded, keeping the view and
    /// the selected meal.
    case externalChange
    /// The slots as the store now has them (the loop reads them after every outside change,
    /// before `.externalChange`): the slot column and Tab completion follow them, and the days
    /// are laid out again keeping the view. The meals' order follows with the reload.
    case slotsLoaded([MealSlot])
    /// Asking the store whether another process changed the database failed; the loop sends
    /// this once, not on every check, until a check succeeds again.
    case changeCheckFailed(message: String)
    /// The answer to `Effect.editNote`: the text the editor saved for the meal's note.
    case noteEdited(Meal, text: String)
    /// `Effect.editNote` failed (no editor, or it failed); the note stays as it was.
    case noteEditFailed(Meal, message: String)
    /// The answer to `.showRecipe`, `.editRecipe`, `.showShoppingList` or `.showNutrition`: the page to show.
    case pageShown(TextPage)
    /// `.showRecipe` or `.editRecipe` could not read the recipe (missing, unreadable, or
    /// malformed: the message names the file, line and column).
    case recipeFailed(Meal, message: String)
    /// `.editRecipe` did not run the editor, or it failed; the file is read no further.
    case recipeEditFailed(Meal, message: String)
    /// `.showShoppingList` failed (a malformed recipe, aisle or pantry file, or no recipes folder).
    case shoppingListFailed(message: String)
    /// `.showNutrition` failed (a mistake in the config file's foods, a malformed aisle file,
    /// no recipes folder, or the store could not be read).
    case nutritionFailed(message: String)
    /// The answer to `.listRecipes`: every recipe's name.
    case recipeNamesLoaded([String])
    /// The answer to `.listTitles`: titles planned before, the most often first.
    case titlesLoaded([String])
    /// The answer to `.chooseRecipe`: the recipe `name` gives a meal this title and servings.
    case recipeChosen(name: String, title: String, servings: Double?)
    /// The answer to `.rankPantry`: the recipes ranked both ways, with what each is missing.
    case pantryRanked(PantryRanking)
    /// `.listRecipes`, `.chooseRecipe` or `.rankPantry` failed; the message is shown above the
    /// prompt.
    case recipePromptFailed(message: String)
    /// The answer to `.saveTemplate`: the template as stored.
    case templateSaved(MealTemplate)
    /// The answer to `.saveTemplate` when the name is taken: the template it would replace;
    /// nothing was saved.
    case templateExists(name: String, existing: MealTemplateSummary)
    /// The answer to `.listTemplates`: every template's name.
    case templateNamesLoaded([String])
    /// The answer to `.placeTemplate`: the template as read (the save lays down this one or
    /// nothing) and the meals it lays down, on their days, without ids.
    case templatePlaced(TemplatePlacement, template: MealTemplate, meals: [Meal])
    /// A template effect was refused or failed (a name taken or unknown, days without meals,
    /// copies past 9999-12-31); nothing changed.
    case templateFailed(message: String)
    /// The answer to `.shareLeftovers`: the shares of the cooked meals asked about.
    case leftoverSharesLoaded(LeftoverShareRequest, [LeftoverShare])
    /// `.shareLeftovers` failed; nothing was changed.
    case leftoverSharesFailed(LeftoverShareRequest, message: String)
    /// The answer to `.findLeftoverSources`: the source meals that still exist.
    case leftoverSourcesFound([Meal])
    /// A sync brought and sent what `summary` says ("3 sent, 1 received, 1 removed, 0
    /// conflicts"), changing the plan by `stored` (as made), which undo takes back as one step;
    /// `problem`: what went wrong once the plan and the folder were synced (the `[sync]
    /// command` after it failed), shown as an error; `conflicts`: those the round left, which
    /// the conflicts page lists.
    case synced(summary: String, stored: [MealChange], problem: String? = nil, conflicts: [ListedConflict] = [])
    case syncFailed(message: String)
    /// The answer to `.printDays`: the page of `days` is at `path`, with their shopping list
    /// unless `withoutList` says why not (no recipes folder, a broken aisle file).
    case printed(days: DayRange, path: String, withoutList: String?)
    /// `.printDays` wrote nothing: why.
    case printFailed(message: String)
    /// The time asked for by `Effect.scheduleTick` has passed: the next animation frame is due.
    case tick
    /// The local date is now this day (midnight passed while the planner was open, or the clock
    /// was set): "today" moves to it, in the days' labels and in `t`, `g` and the date prompts.
    /// The view and the selection stay where they are.
    case newDay(Day)
}
