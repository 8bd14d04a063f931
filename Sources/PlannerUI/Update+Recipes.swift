import MealPlanCore
import TerminalKit

/// Recipes in the planner: `r` shows the selected meal's recipe scaled to its servings, `R`
/// edits the recipe file in the user's editor, `s` shows the shopping list of the days on
/// screen. The run loop reads the files (see `Effect`); these only ask and show.
extension PlannerState {
    /// The selected meal if it links to a recipe; otherwise why there is nothing to show.
    mutating func recipeOfSelected() -> Meal? {
        guard let meal = requireSelectedMeal() else { return nil }
        guard meal.recipe != nil else {
            message = StatusMessage("\(quoted(meal.title)) has no recipe")
            return nil
        }
        return meal
    }

    /// The days the timeline shows, from the top line to the bottom one.
    var daysOnScreen: DayRange { timeline.screen.dayRange }

    /// Shows `page`; a recipe shown again (after `R`) keeps its place.
    mutating func showPage(_ page: TextPage) {
        var scroll = 0
        if case .page(let shown, let shownScroll) = mode, shown.kind == page.kind { scroll = shownScroll }
        mode = .page(page, scroll: PageView.clampedScroll(scroll, text: page.lines, size: size))
    }

    /// A key on a page: `R` on a recipe edits it, the help overlay's keys scroll, any other
    /// key closes it.
    mutating func pageKey(_ key: Key, page: TextPage, scroll: Int) -> [Effect] {
        if case .recipe(let meal) = page.kind, keyMap.command(for: key) == .editRecipe {
            return [.editRecipe(meal)]
        }
        mode = PageView.scroll(after: key, from: scroll, text: page.lines, size: size)
            .map { .page(page, scroll: $0) } ?? .browsing
        return []
    }

    /// A failure of a recipe or shopping-list effect: any page is closed so that the status
    /// line shows `text`.
    mutating func pageFailed(_ text: String) {
        if case .page = mode { mode = .browsing }
        message = StatusMessage(text, isError: true)
    }

    /// The keys at the bottom of `page`: a recipe also says how to edit it.
    func footer(of page: TextPage) -> String {
        guard case .recipe = page.kind else { return PageView.footer() }
        return PageView.footer(keyMap.keyNames(for: .editRecipe) + " edits")
    }
}
