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

    /// `+`/`-`: one serving more or fewer of the selected meal's recipe, saved as an edit (so
    /// `u` undoes it; an occurrence of a repeat asks which meals). A meal made as its recipe is
    /// written has no servings to count from: `e` sets them. Fewer than 1 is left to `e`.
    mutating func changeServings(by change: Double) -> [Effect] {
        guard let meal = recipeOfSelected() else { return [] }
        guard let servings = meal.servings else {
            message = StatusMessage("\(quoted(meal.title)) is made as its recipe is written; e sets its servings", isError: true)
            return []
        }
        let wanted = servings + change
        guard wanted >= 1 || change > 0, wanted <= Meal.maximumServings else {
            let limit = change > 0 ? "\(Meal.servingsText(Meal.maximumServings)) servings are the most"
                : "\(quoted(meal.title)) has \(Meal.servingsText(servings)) \(servings == 1 ? "serving" : "servings"); e sets fewer than 1"
            message = StatusMessage(limit, isError: true)
            return []
        }
        var edited = meal
        edited.servings = wanted
        if meal.id == nil, meal.occurrence != nil { return ask(.edit(from: meal, to: edited)) }
        return save([.update(from: meal, to: edited, restoresPosition: false)],
                    origin: .change(done: "\(quoted(meal.title)): \(Meal.servingsText(wanted)) servings; u undoes"))
    }

    /// The days the timeline shows, from the top line to the bottom one.
    var daysOnScreen: DayRange { timeline.screen.dayRange }

    /// Shows `page`; a recipe shown again (after `R`), or a list after a tick, keeps its place
    /// and its selected item.
    mutating func showPage(_ page: TextPage) {
        var scroll = 0
        if case .page(let shown, let shownScroll) = mode, shown.kind == page.kind {
            scroll = shownScroll
        } else {
            pageSelection = 0
        }
        pageSelection = max(0, min(pageSelection, page.items.count - 1))
        mode = .page(page, scroll: PageView.clampedScroll(scroll, text: page.lines, size: size))
    }

    /// The selected item of the shopping list page shown, if any.
    public var selectedPageItem: PageItem? {
        guard case .page(let page, _) = mode, page.items.indices.contains(pageSelection) else { return nil }
        return page.items[pageSelection]
    }

    /// A key on a page: `R` on a recipe edits it; on a shopping list the list keys select and
    /// tick items; the help overlay's keys scroll, any other key closes it.
    mutating func pageKey(_ key: Key, page: TextPage, scroll: Int) -> [Effect] {
        if case .recipe(let meal) = page.kind, keyMap.command(for: key) == .editRecipe {
            return [.editRecipe(meal)]
        }
        if case .shoppingList(let days) = page.kind, !page.items.isEmpty, let command = PageView.listKeys.command(for: key) {
            switch command {
            case .nextItem: pageSelection = min(pageSelection + 1, page.items.count - 1)
            case .previousItem:
                // Above the first item, the list's heading lines come back into view.
                if pageSelection == 0 { mode = .page(page, scroll: 0); return [] }
                pageSelection -= 1
            case .tick:
                let item = page.items[pageSelection]
                return [.tickShoppingItem(name: item.name, checked: !item.checked, days: days)]
            }
            let rows = PageView.wrappedRange(ofLine: page.items[pageSelection].line, text: page.lines, width: size.width)
            mode = .page(page, scroll: PageView.scroll(scroll, showing: rows, text: page.lines, size: size))
            return []
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

    // MARK: - Tab in a title

    /// The recipe names arrived: a Tab that waited for them completes once the titles are here.
    mutating func recipeNamesLoaded(_ names: [String]) -> [Effect] {
        changeOpenForm { $0.recipeNames = RecipeNames(names) }
        return completeWaitingTab()
    }

    /// The titles planned before arrived, likewise.
    mutating func titlesLoaded(_ titles: [String]) -> [Effect] {
        changeOpenForm { $0.pastTitles = titles }
        return completeWaitingTab()
    }

    /// Changes the form of the meal prompt open; an answer that comes once it is closed is
    /// dropped (the next meal prompt asks again).
    private mutating func changeOpenForm(_ change: (inout MealForm) -> Void) {
        guard case .prompt(var prompt) = mode, case .meal(var form) = prompt.kind else { return }
        change(&form)
        prompt.body = form
        mode = .prompt(prompt)
    }

    /// A Tab in a title that waited for the lists completes when both are known.
    private mutating func completeWaitingTab() -> [Effect] {
        guard case .prompt(var prompt) = mode, case .meal(let form) = prompt.kind, form.pastTitles != nil, form.recipeNames != nil,
              let forward = prompt.pendingNamesTab
        else { return [] }
        prompt.pendingNamesTab = nil
        let effects = completeTitle(of: form, in: &prompt, forward: forward)
        reopen(prompt)
        return effects
    }

    /// The recipe chosen in the title links the meal: its title replaces the name in the field
    /// (Enter accepts it, or it can be changed), and its servings become the meal's.
    mutating func recipeChosen(_ name: String, title: String, servings: Double?) {
        guard case .prompt(let prompt) = mode, case .meal(let form) = prompt.kind, form.step == .title else { return }
        mode = .prompt(Prompt(form.linking(name, title: title, servings: servings), text: title))
    }

    /// Listing or reading a recipe for the prompt failed: the reason shows above it. A Tab
    /// waiting for the recipe names completes from the past titles alone, and says why there
    /// are no recipes only if no title matches.
    mutating func recipePromptFailed(_ text: String) -> [Effect] {
        guard case .prompt(var prompt) = mode else { return [] }
        if prompt.pendingNamesTab != nil, case .meal(let form) = prompt.kind, form.recipeNames == nil {
            changeOpenForm { $0.recipeNames = RecipeNames([]) }
            let effects = completeWaitingTab()
            if case .prompt(var completed) = mode, completed.error != nil {
                completed.error = text
                mode = .prompt(completed)
            }
            return effects
        }
        prompt.pendingNamesTab = nil
        prompt.error = text
        mode = .prompt(prompt)
        return []
    }

    /// The keys at the bottom of `page`: a recipe also says how to edit it, a shopping list
    /// how to pick and tick an item.
    func footer(of page: TextPage) -> String {
        switch page.kind {
        case .recipe: return PageView.footer(keyMap.keyNames(for: .editRecipe) + " edits")
        case .shoppingList where !page.items.isEmpty:
            return ([ListPageCommand.nextItem, .previousItem, .tick].map { PageView.listKeys[$0].hint }
                + [HelpView.keys[.close].hint]).joined(separator: " · ")
        case .shoppingList, .nutrition: return PageView.footer()
        }
    }
}
