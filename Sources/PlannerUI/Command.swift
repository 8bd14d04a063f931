/// The named commands keys are bound to in browsing mode (see `KeyMap.standard`), so that the
/// key map, the help overlay and the tests all speak of them by name; `update` is the only
/// place that gives them meaning.
public enum Command: Hashable, Sendable {
    // Moving the selection and the view.
    case moveDown, moveUp, nextDay, previousDay, pageDown, pageUp, scrollDown, scrollUp
    case weekForward, weekBack, today, goToDate
    // Changing meals.
    case addMeal, editMeal, deleteMeal, undo, redo, copyMeal, pasteMeal, moveMeal, copyDay, pasteDay, repeatMeal
    // What happened to a meal, and its leftovers.
    case cycleStatus, planLeftovers
    // Templates: marking days, saving them as a template, laying one down.
    case markDays, saveTemplate, applyTemplate
    // Notes.
    case readNote, editNoteInEditor
    // Recipes.
    case readRecipe, editRecipe, shoppingList, shoppingListForDays, nutrition, moreServings, fewerServings
    // The days shown on paper.
    case printDays
    // Finding meals.
    case search, nextMatch, previousMatch
    case sync, listConflicts, help, redraw, suspend, quit
}
