import MealPlanCore
import TerminalKit
import Timeline

/// The planner's entry points for the run loop: `update` for every input, `render` for every
/// frame. Both are pure: all IO is in the effects `update` returns.
public enum Planner {
    /// The effects a new state needs before anything else: the load of the first window.
    public static func start(_ state: inout PlannerState) -> [Effect] {
        state.takeLoads()
    }

    /// Applies `input` to `state` and returns the work the loop must do, in order. Every
    /// `.load` the timeline queued is included, so the loop never asks the timeline itself.
    public static func update(_ state: inout PlannerState, _ input: Input) -> [Effect] {
        let effects = state.apply(input)
        return effects + state.takeLoads()
    }

    /// Carries out `command` as its key does while browsing (tests and scripts name commands
    /// rather than keys), and returns the work for the loop like `update`.
    public static func update(_ state: inout PlannerState, _ command: Command) -> [Effect] {
        let effects = state.run(command)
        return effects + state.takeLoads()
    }
}

extension PlannerState {
    mutating func takeLoads() -> [Effect] {
        timeline.takeLoadRequests().map(Effect.load)
    }

    mutating func apply(_ input: Input) -> [Effect] {
        switch input {
        case .event(let event): return handle(event)
        case .loaded(let request, let meals):
            timeline.didLoad(request) { meals[$0] ?? [] }
            applyFocus()
            return learnSources(from: meals)
        case .loadFailed(_, let text):
            message = StatusMessage("Could not load meals: \(text)", isError: true)
        case .saved(let request, let stored): return didSave(request, stored: stored)
        case .saveFailed(let request, let text): saveFailed(request, message: text, canRetry: true)
        case .saveRefused(let request, let text): saveFailed(request, message: text, canRetry: false)
        case .saveProgress(let request, let done, let total): saveProgressed(request, done: done, total: total)
        case .saveCancelled(let request): saveCancelled(request)
        case .matchFound(let request, let meal, let horizon): return found(meal, for: request, repeatsShownThrough: horizon)
        case .searchFailed(_, let text):
            message = StatusMessage("Search failed: \(text)", isError: true)
        case .externalChange:
            if let meal = selectedMeal { focus = Focus(meal) }
            // Another program may have moved a source: the reload learns them again.
            leftoverSources = [:]
            timeline.invalidate(timeline.window)
        case .slotsLoaded(let slots): use(slots)
        case .changeCheckFailed(let text):
            message = StatusMessage("Cannot see other programs' changes: \(text)", isError: true)
        case .noteEdited(let meal, let text): return saveEditedNote(of: meal, text: text)
        case .noteEditFailed(_, let text):
            message = StatusMessage("Note not changed: \(text)", isError: true)
        case .pageShown(let page): showPage(page)
        case .recipeFailed(_, let text): pageFailed("Cannot show the recipe: \(text)")
        case .recipeEditFailed(_, let text): pageFailed("Recipe not edited: \(text)")
        case .shoppingListFailed(let text): pageFailed("Cannot make the shopping list: \(text)")
        case .nutritionFailed(let text): pageFailed("Cannot work out the nutrition: \(text)")
        case .recipeNamesLoaded(let names): return recipeNamesLoaded(names)
        case .titlesLoaded(let titles): return titlesLoaded(titles)
        case .recipeChosen(let name, let title, let servings): recipeChosen(name, title: title, servings: servings)
        case .pantryRanked(let ranking): pantryRanked(ranking)
        case .recipePromptFailed(let text): return recipePromptFailed(text)
        case .templateSaved(let template): templateSaved(template)
        case .templateNamesLoaded(let names): return templateNamesLoaded(names)
        case .templatePlaced(let placement, let template, let meals): return templatePlaced(placement, template: template, meals: meals)
        case .templateFailed(let text): templateFailed(text)
        case .templateExists(let name, let existing): askToReplace(existing, with: name)
        case .leftoverSharesLoaded(let request, let shares): leftoverSharesLoaded(request, shares)
        case .leftoverSharesFailed(let request, let text): leftoverSharesFailed(request, message: text)
        case .leftoverSourcesFound(let meals): leftoverSourcesFound(meals)
        case .synced(let summary, let stored, let problem, let conflicts):
            didSync(summary: summary, stored: stored, problem: problem, conflicts: conflicts)
        case .syncFailed(let text): syncFailed(text)
        case .printed(let days, let path, let withoutList):
            let list = withoutList.map { " (no shopping list: \($0))" } ?? " and their shopping list"
            message = StatusMessage("Wrote \(days.first.shortLabel) – \(days.last.shortLabel)\(list) to \(path)")
        case .printFailed(let text): message = StatusMessage("Not written: \(text)", isError: true)
        case .tick: return nextFrame()
        case .newDay(let day):
            guard day != today else { return [] }
            today = day
            relayOut()
        }
        return []
    }

    /// A command from the key map (or a test).
    mutating func run(_ command: Command) -> [Effect] {
        switch command {
        case .moveDown: timeline.moveSelection(byItems: 1)
        case .moveUp: timeline.moveSelection(byItems: -1)
        case .nextDay: timeline.moveSelection(byDays: 1)
        case .previousDay: timeline.moveSelection(byDays: -1)
        case .weekForward: timeline.moveSelection(byDays: 7)
        case .weekBack: timeline.moveSelection(byDays: -7)
        case .pageDown: timeline.scroll(byPages: 1)
        case .pageUp: timeline.scroll(byPages: -1)
        case .scrollDown: timeline.scroll(byLines: 1)
        case .scrollUp: timeline.scroll(byLines: -1)
        case .today: return jump(to: today)
        case .goToDate: mode = .prompt(Prompt(.goToDate))
        case .search: mode = .prompt(Prompt(.search))
        case .addMeal: startAdding()
        case .editMeal: startEditing()
        case .moveMeal: startMoving()
        case .deleteMeal: return deleteSelected()
        case .copyMeal: copySelected()
        case .pasteMeal: return paste()
        case .copyDay: copySelectedDays()
        case .pasteDay: return pasteDays()
        case .repeatMeal: startRepeating()
        case .cycleStatus: return cycleStatus()
        case .planLeftovers: return planLeftovers()
        case .undo: return undo()
        case .redo: return redo()
        case .nextMatch: return findNext(.forward)
        case .previousMatch: return findNext(.backward)
        case .help: mode = .help(scroll: 0)
        case .readNote: readNote()
        case .editNoteInEditor:
            guard let meal = requireSelectedMeal() else { return [] }
            return [.editNote(meal)]
        case .readRecipe: return recipeOfSelected().map { [.showRecipe($0)] } ?? []
        case .editRecipe: return recipeOfSelected().map { [.editRecipe($0)] } ?? []
        case .shoppingList: return [.showShoppingList(daysOnScreen)]
        case .shoppingListForDays: mode = .prompt(Prompt(.shoppingDays))
        case .nutrition: return [.showNutrition(daysOnScreen)]
        case .printDays: return [.printDays(PrintRequest(days: daysOnScreen, weekStart: weekStart, today: today))]
        case .moreServings: return changeServings(by: 1)
        case .fewerServings: return changeServings(by: -1)
        case .markDays: toggleMarking()
        case .saveTemplate: startSavingTemplate()
        case .applyTemplate: startApplyingTemplate()
        case .sync:
            message = StatusMessage("Syncing…")
            return [.sync]
        case .listConflicts: listConflicts()
        case .suspend: return [.suspend]
        case .redraw: return [.redraw]
        case .quit:
            shouldQuit = true
            return [.quit]
        }
        return []
    }

    // MARK: - Terminal events

    private mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .resize(let width, let height):
            size = Size(width: width, height: height)
            timeline.resize(width: width, height: height - 1)
            animationFrames = []
            switch mode {
            case .help(let scroll): mode = .help(scroll: HelpView.clampedScroll(scroll, keyMap: keyMap, weekStart: weekStart, size: size))
            case .note(let meal, let scroll): mode = .note(meal, scroll: PageView.clampedScroll(scroll, text: NoteView.text(meal), size: size))
            case .page(let page, let scroll): mode = .page(page, scroll: PageView.clampedScroll(scroll, text: page.lines, size: size))
            case .conflicts(let page): mode = .conflicts(page.fitted(to: size))
            case .prompt(var prompt):
                prompt.editor.refit(width: fieldWidth(for: prompt))
                mode = .prompt(prompt)
            case .browsing: break
            }
            return []
        case .mouse(let mouse):
            guard case .browsing = mode, !isTooSmall else { return [] }
            animationFrames = []
            switch mouse.action {
            case .wheelUp: timeline.scroll(byLines: -3)
            case .wheelDown: timeline.scroll(byLines: 3)
            case .click: selectLine(mouse.y)
            }
            return []
        case .paste(let text):
            switch mode {
            case .prompt where !isTooSmall: pasteIntoPrompt(text)
            case .browsing where !isTooSmall:
                message = StatusMessage("A paste goes into a prompt only (\(keyMap.keyNames(for: .addMeal)) adds a meal)")
            default: break
            }
            return []
        case .key(let key):
            animationFrames = []
            // Whatever is open, even too small to draw: no prompt or page types Ctrl-L.
            if keyMap.command(for: key) == .redraw { return [.redraw] }
            guard !isTooSmall else { return tooSmallKey(key) }
            switch mode {
            case .browsing:
                message = nil
                // A meal still to be selected once loaded would pull the selection back later.
                focus = nil
                guard let command = keyMap.command(for: key) else {
                    if key == .escape {
                        // Esc ends marking days.
                        markedFrom = nil
                    } else {
                        message = StatusMessage("\(key.helpName) does nothing here; ? shows the keys")
                    }
                    return []
                }
                return run(command)
            case .prompt: return editPrompt(with: key)
            case .help(let scroll): helpKey(key, scroll: scroll)
            case .note(let meal, let scroll): noteKey(key, meal: meal, scroll: scroll)
            case .page(let page, let scroll): return pageKey(key, page: page, scroll: scroll)
            case .conflicts(let page): return conflictsKey(key, page: page)
            }
            return []
        }
    }

    /// A key while the screen is too small to show the plan: only quitting and help act, as
    /// anything else would change meals the user cannot see.
    private mutating func tooSmallKey(_ key: Key) -> [Effect] {
        if case .help(let scroll) = mode {
            helpKey(key, scroll: scroll)
            return []
        }
        switch keyMap.command(for: key) {
        case .quit: return run(.quit)
        case .help where mode == .browsing: mode = .help(scroll: 0)
        default: break
        }
        return []
    }

    /// Selects the meal (or empty day) drawn on screen row `row`.
    private mutating func selectLine(_ row: Int) {
        for visible in timeline.screen.days where visible.screenLine <= row && row < visible.screenLine + visible.lineCount {
            let line = visible.firstLine + row - visible.screenLine
            let item = visible.layout.items.firstIndex { $0.contains(line) }
            timeline.select(Selection(day: visible.day, item: item))
        }
    }

    private mutating func helpKey(_ key: Key, scroll: Int) {
        guard let change = HelpView.scrollChange(for: key, page: max(1, size.height - 3)) else {
            mode = .browsing
            return
        }
        mode = .help(scroll: HelpView.clampedScroll(scroll + change, keyMap: keyMap, weekStart: weekStart, size: size))
    }

    /// `o`: the selected meal's whole note, or why there is none to read.
    private mutating func readNote() {
        guard let meal = requireSelectedMeal() else { return }
        guard meal.note != nil else {
            let edit = keyMap.keyNames(for: .editNoteInEditor)
            message = StatusMessage("\(quoted(meal.title)) has no note; \(edit) writes one in your editor")
            return
        }
        mode = .note(meal, scroll: 0)
    }

    private mutating func noteKey(_ key: Key, meal: Meal, scroll: Int) {
        mode = PageView.scroll(after: key, from: scroll, text: NoteView.text(meal), size: size)
            .map { .note(meal, scroll: $0) } ?? .browsing
    }

    /// Saves the note the editor left for `meal` (one save, so `u` undoes it), unless it is
    /// the same note.
    private mutating func saveEditedNote(of meal: Meal, text: String) -> [Effect] {
        var edited = meal
        edited.note = Meal.validNote(text)
        guard edited != meal else {
            message = StatusMessage("No changes")
            return []
        }
        return save([.update(from: meal, to: edited, restoresPosition: false)],
                    origin: .change(done: "Saved the note of \(quoted(meal.title)); u undoes"))
    }

    // MARK: - Helpers shared by the commands

    /// Jumps to `day` (smoothly when it is near), selecting its first meal and showing the day
    /// whole below `jumpContext` lines of the day before (see `Timeline.jump`).
    mutating func jump(to day: Day) -> [Effect] {
        let jump = timeline.jump(to: day, context: Self.jumpContext(height: size.height))
        animationFrames = jump.frames
        frameInterval = jump.frameInterval
        return animationFrames.isEmpty ? [] : [.scheduleTick(after: frameInterval)]
    }

    private mutating func nextFrame() -> [Effect] {
        guard !animationFrames.isEmpty else { return [] }
        animationFrames.removeFirst()
        return animationFrames.isEmpty ? [] : [.scheduleTick(after: frameInterval)]
    }

    /// Lays the days out again for `slots` if they are not the ones in use.
    private mutating func use(_ slots: [MealSlot]) {
        guard slots != self.slots else { return }
        self.slots = slots
        relayOut()
    }

    /// Lays the days out again for the current today and slots, keeping the view.
    private mutating func relayOut() {
        blockLayout = DayBlockLayout(today: today, slots: slots)
        timeline.replaceLayout(blockLayout.function)
    }

    /// Selects the focused meal once its day is loaded (its day shown whole first when asked,
    /// now that its height is known); forgets it if the meal is gone.
    mutating func applyFocus() {
        guard let focus, timeline.isLoaded(focus.day) else { return }
        self.focus = nil
        guard let item = timeline.content(of: focus.day)?.firstIndex(where: focus.isFocused) else { return }
        let selection = Selection(day: focus.day, item: item)
        if focus.showsDay {
            timeline.select(selection, showingDayWith: Self.jumpContext(height: size.height))
        } else {
            timeline.select(selection)
        }
    }

    /// Shows `meal`: jumps to its day unless it is the selected one, and selects it as soon as
    /// it is loaded; with `showingDay` (a search hit, a paste), its day is then shown whole as a
    /// jump shows it, even when it is the selected one.
    mutating func reveal(_ meal: Meal, showingDay: Bool = false) -> [Effect] {
        guard meal.id != nil || meal.occurrence != nil else { return [] }
        focus = Focus(meal, showsDay: showingDay)
        let effects = meal.day == timeline.selection.day ? [] : jump(to: meal.day)
        applyFocus()
        return effects
    }
}

/// A title as quoted in messages: made visible and kept short.
func quoted(_ title: String) -> String {
    "'\(title.truncated(toWidth: 30))'"
}

/// "Tue 3 Mar 2026".
func longDate(_ day: Day) -> String {
    "\(DayBlock.headerText(for: day)) \(day.date.year)"
}
