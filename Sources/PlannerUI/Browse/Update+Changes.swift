import MealPlanCore
import Timeline

/// Changing meals: every change goes to the store as a `ChangeBatch` of `MealChange`s, and only
/// the store's answer updates the history and the screen, so what is shown is always what is
/// stored.
extension PlannerState {
    /// Hands `change` to the store, unless another save is still in flight. With `showsDay`
    /// (a paste), the day of the first stored meal is shown whole once stored, as a jump shows it.
    mutating func save(_ change: ChangeBatch, origin: SaveOrigin, showsDay: Bool = false) -> [Effect] {
        save(.changes(change), origin: origin, showsDay: showsDay)
    }

    /// Hands `work` to the store, as `save` hands a batch of changes.
    mutating func save(_ work: SaveWork, origin: SaveOrigin, showsDay: Bool = false) -> [Effect] {
        guard pendingSave == nil else {
            message = StatusMessage("Still saving the last change; try again", isError: true)
            return []
        }
        let request = SaveRequest(id: nextSaveID, work: work)
        nextSaveID += 1
        pendingSave = PendingSave(request: request, origin: origin, showsDay: showsDay)
        return [.save(request)]
    }

    mutating func didSave(_ request: SaveRequest, stored: [MealChange]) -> [Effect] {
        guard let pending = pendingSave, pending.request == request else { return [] }
        pendingSave = nil
        let applied = ChangeBatch(stored, label: pending.request.work.label)
        switch pending.origin {
        case .change(let done, _, _):
            undoStack.append(applied)
            redoStack = []
            message = StatusMessage(done)
            if case .prompt = mode { mode = .browsing }
        case .undo(let entry):
            if undoStack.last == entry { undoStack.removeLast() }
            redoStack.append(ChangeBatch(stored, label: entry.label).inverse)
            message = StatusMessage("Undid: \(describe(entry))")
        case .redo(let entry):
            if redoStack.last == entry { redoStack.removeLast() }
            undoStack.append(ChangeBatch(stored, label: entry.label))
            message = StatusMessage("Redid: \(describe(entry))")
        }
        if applied.changes.contains(where: \.changesRule) { timeline.invalidate(timeline.window) }
        for day in applied.days { timeline.invalidate(day) }
        updateSources(stored)
        let isUndoOrRedo = if case .change = pending.origin { false } else { true }
        let check = leftoverCheck(after: stored, following: isUndoOrRedo ? message?.text : nil)
        guard let first = stored.lazy.compactMap(\.result).first else { return check }
        return reveal(first, showingDay: pending.showsDay) + check
    }

    /// What a sync brought is one step of the history: `u` takes all of it back (and the next
    /// sync sends the plan as it then is), a conflict's resolution too. The days shown are
    /// read again, as after another program's change; the conflicts it left are listed.
    mutating func didSync(summary: String, stored: [MealChange], problem: String?, conflicts: [ListedConflict]) {
        if !stored.isEmpty {
            undoStack.append(ChangeBatch(stored, label: "sync"))
            redoStack = []
        }
        let outcome = "Synced: \(summary)" + (problem.map { "; " + $0 } ?? "")
        let hint = conflicts.isEmpty ? "" : "; \(keyMap.keyNames(for: .listConflicts)) lists the conflicts"
        message = StatusMessage(outcome + hint, isError: problem != nil, showsWhole: true)
        showConflicts(conflicts, status: outcome)
        if let meal = selectedMeal { focus = Focus(meal) }
        leftoverSources = [:]
        timeline.invalidate(timeline.window)
    }

    /// Says why a save failed. A history entry whose undo or redo can never be made again
    /// (`canRetry` false) is dropped, so that it does not stand in front of the older ones.
    mutating func saveFailed(_ request: SaveRequest, message text: String, canRetry: Bool) {
        guard let pending = pendingSave, pending.request == request else { return }
        pendingSave = nil
        switch pending.origin {
        case .change:
            if case .prompt(var prompt) = mode {
                prompt.error = "Not saved: \(text)"
                mode = .prompt(prompt)
            } else {
                message = StatusMessage("Not saved: \(text)", isError: true)
            }
        case .undo(let entry): message = Self.failed("undo", entry, stack: &undoStack, reason: text, canRetry: canRetry)
        case .redo(let entry): message = Self.failed("redo", entry, stack: &redoStack, reason: text, canRetry: canRetry)
        }
    }

    /// Why an undo or redo of `entry` failed; the entry is dropped from `stack` when trying it
    /// again would fail the same way.
    private static func failed(_ verb: String, _ entry: ChangeBatch, stack: inout [ChangeBatch], reason: String,
                               canRetry: Bool) -> StatusMessage {
        guard !canRetry, stack.last == entry else { return StatusMessage("Could not \(verb): \(reason)", isError: true) }
        stack.removeLast()
        return StatusMessage("Could not \(verb), so dropped it: \(reason)", isError: true)
    }

    /// What a history entry did, for "Undid: …" messages.
    private func describe(_ batch: ChangeBatch) -> String {
        if let label = batch.label { return label }
        guard batch.changes.count != 1 else { return describe(batch.changes[0]) }
        if batch.changes.count == 2, case .skip(let occurrence) = batch.changes[0], case .add(let changed) = batch.changes[1] {
            // An occurrence changed alone.
            return describe(.update(from: occurrence, to: changed, restoresPosition: false))
        }
        if batch.changes.count == 2, case .remove(let meal) = batch.changes[0], case .restoreRule = batch.changes[1] {
            // A single meal made to repeat.
            return "make \(quoted(meal.title)) repeat"
        }
        if batch.changes.count > 1, case .removeRule(let was) = batch.changes[0] {
            // "This and following": the rule as it was, then shortened and a new rule from the day.
            if case .restoreRule(let new) = batch.changes.last, new.id != was.id {
                return "edit \(quoted(new.meal.title)) from \(longDate(new.meal.day)) on"
            }
            return "delete \(quoted(was.meal.title)) and the following ones"
        }
        let count = countedMeals(batch.changes.count)
        let added = batch.changes.compactMap { change -> Day? in
            switch change {
            case .add(let meal), .restore(let meal): meal.day
            case .update, .remove, .skip, .unskip, .updateRule, .removeRule, .restoreRule, .removeRuleOf, .splitRule, .addRule: nil
            }
        }
        guard added.count == batch.changes.count, let first = added.min(), let last = added.max() else {
            return "change \(count)"
        }
        // A pasted day.
        return first == last ? "add \(count) to \(longDate(first))" : "add \(count) from \(longDate(first)) to \(longDate(last))"
    }

    /// What one change did: "add 'Soup'", "move 'Stew' to …".
    private func describe(_ change: MealChange) -> String {
        switch change {
        case .add(let meal), .restore(let meal): "add \(quoted(meal.title))"
        case .remove(let meal): "delete \(quoted(meal.title))"
        case .skip(let meal): "delete \(quoted(meal.title)) on \(longDate(meal.day)) only"
        case .unskip(let meal): "put back \(quoted(meal.title)) on \(longDate(meal.day))"
        case .updateRule(_, let meal): "edit every \(quoted(meal.title))"
        case .removeRule(let rule): "delete every \(quoted(rule.meal.title))"
        case .restoreRule(let rule): "put back every \(quoted(rule.meal.title))"
        case .removeRuleOf(let meal): "delete every \(quoted(meal.title))"
        case .splitRule(let meal, _): "change \(quoted(meal.title)) and the following ones"
        case .addRule(let rule): "make \(quoted(rule.meal.title)) repeat"
        case .update(let old, let new, _) where old.status != new.status: "mark \(quoted(new.title)) \(new.status.rawValue)"
        case .update(let old, let new, _) where old.day != new.day: "move \(quoted(new.title)) to \(longDate(new.day))"
        case .update(_, let meal, _): "edit \(quoted(meal.title))"
        }
    }

    // MARK: - Commands

    /// The selected meal, or a message saying there is none.
    mutating func requireSelectedMeal() -> Meal? {
        if let meal = selectedMeal { return meal }
        message = StatusMessage("No meal selected here; a adds one", isError: true)
        return nil
    }

    mutating func startAdding() {
        let day = timeline.selection.day
        let form = MealForm(original: nil, day: day, slot: defaultSlot(for: day), title: "", note: "", step: .slot,
                            recipe: nil, servings: nil)
        mode = .prompt(Prompt(form, text: form.slot, isSuggestion: true))
    }

    mutating func startEditing() {
        guard let meal = requireSelectedMeal() else { return }
        let form = MealForm(original: meal, day: meal.day, slot: meal.slot, title: meal.title, note: meal.note ?? "", step: .title,
                            recipe: meal.recipe, servings: meal.servings)
        mode = .prompt(Prompt(form, text: form.title))
    }

    mutating func startMoving() {
        guard let meal = requireSelectedMeal() else { return }
        mode = .prompt(Prompt(.moveMeal(meal)))
    }

    mutating func deleteSelected() -> [Effect] {
        guard let meal = requireSelectedMeal() else { return [] }
        if meal.id == nil, meal.occurrence != nil { return ask(.delete(meal)) }
        return save([.remove(meal)],
                    origin: .change(done: "Deleted \(quoted(meal.title)); u undoes"))
    }

    mutating func copySelected() {
        guard let meal = requireSelectedMeal() else { return }
        clipboard = .meal(meal)
        message = StatusMessage("Copied \(quoted(meal.title)); p pastes it onto the selected day")
    }

    /// `y`…`p`: a copy of the copied meal at the end of its slot on the selected day.
    mutating func paste() -> [Effect] {
        guard case .meal(let meal)? = clipboard else {
            message = StatusMessage(clipboard == nil ? "Nothing copied yet; y copies the selected meal"
                                        : "A day is copied, not a meal: P pastes it, y copies the selected meal", isError: true)
            return []
        }
        let day = timeline.selection.day
        return save([.add(meal.copy(on: day))],
                    origin: .change(done: "Pasted \(quoted(meal.title)) onto \(longDate(day))"), showsDay: true)
    }

    /// `Y`: the meals of the days marked (`v`), else of the selected day, as they are now,
    /// become the clipboard, and the marking ends.
    mutating func copySelectedDays() {
        let days = markedDays ?? DayRange(start: timeline.selection.day, count: 1)
        var meals: [Meal] = []
        for day in days {
            guard let content = timeline.content(of: day) else {
                message = StatusMessage(
                    timeline.window.contains(day)
                        ? "\(DayBlock.headerText(for: day)) is still loading; try again"
                        : "\(DayBlock.headerText(for: day)) is too far from the screen to copy; \(keyMap.keyNames(for: .saveTemplate)) keeps the marked days as a template",
                    isError: true)
                return
            }
            meals += content
        }
        markedFrom = nil
        clipboard = .days(days, meals)
        // Short enough for an 80-column status line beside the date.
        let pastes = days.count == 1 ? " onto the selected day" : ""
        let hint = meals.isEmpty ? "" : "; P pastes \(meals.count == 1 ? "it" : "them")\(pastes)"
        message = StatusMessage("Copied \(Self.named(days)) (\(meals.isEmpty ? "no meals" : countedMeals(meals.count)))\(hint)")
    }

    /// `Y`…`P`: a copy of every copied meal at the same offset from the selected day as from
    /// the first day copied, at the end of its slot, stored in one transaction and undone as
    /// one step. The store copies them as `copy-days` does: leftovers copied with the meal
    /// that cooks them eat from its copy, the others from the same cook.
    mutating func pasteDays() -> [Effect] {
        guard case .days(let source, let meals)? = clipboard else {
            message = StatusMessage(clipboard == nil ? "Nothing copied yet; Y copies the selected day"
                                        : "A meal is copied, not a day: p pastes it, Y copies the selected day", isError: true)
            return []
        }
        guard !meals.isEmpty else {
            message = StatusMessage("Nothing to paste: \(Self.named(source)) had no meals when copied")
            return []
        }
        let day = timeline.selection.day
        let onto = source.count == 1 ? longDate(day) : "\(countedDays(source.count)) from \(longDate(day))"
        return save(.paste(DayPaste(days: source, meals: meals, target: day)),
                    origin: .change(done: "Pasted \(countedMeals(meals.count)) onto \(onto); u undoes",
                                    working: "pasting", unit: "meals"),
                    showsDay: true)
    }

    /// Copied days as messages name them: "Sat 28 Feb", "2 days from Sat 28 Feb".
    private static func named(_ days: DayRange) -> String {
        let first = DayBlock.headerText(for: days.first)
        return days.count == 1 ? first : "\(countedDays(days.count)) from \(first)"
    }

    mutating func undo() -> [Effect] {
        guard let entry = undoStack.last else {
            message = StatusMessage("Nothing to undo")
            return []
        }
        return save(entry.inverse, origin: .undo(entry))
    }

    mutating func redo() -> [Effect] {
        guard let entry = redoStack.last else {
            message = StatusMessage("Nothing to redo")
            return []
        }
        return save(entry, origin: .redo(entry))
    }

    /// The slot a new meal on `day` most likely goes in: the first free slot after the selected
    /// meal's, else the first free slot, else the selected meal's (a second dish).
    func defaultSlot(for day: Day) -> String {
        let meals = timeline.content(of: day) ?? []
        let used = Set(meals.map { $0.slot.lowercased() })
        let free = slots.filter { !used.contains($0.name.lowercased()) }
        if let selected = selectedMeal, let current = slots.first(where: { $0.name.lowercased() == selected.slot.lowercased() }) {
            return (free.first { $0.position > current.position } ?? free.first ?? current).name
        }
        return (free.first ?? slots.first)?.name ?? ""
    }
}

/// "1 meal", "4 meals".
func countedMeals(_ count: Int) -> String {
    count == 1 ? "1 meal" : "\(count) meals"
}

/// "1 day", "7 days".
func countedDays(_ count: Int) -> String {
    count == 1 ? "1 day" : "\(count) days"
}

extension Meal {
    /// A new meal (no id yet) with this one's slot, title, note, recipe and servings, on
    /// `day`: a pasted meal stays on the shopping list, as `mealplan copy` keeps it there.
    /// A copy of a cooked meal is a new cook, of a done or skipped meal a planned one; a copy of
    /// leftovers eats more of the same meal.
    fileprivate func copy(on day: Day) -> Meal {
        Meal(day: day, slot: slot, title: title, note: note, recipe: recipe, servings: servings, leftoversOf: leftoversOf,
             eaters: eaters)
    }
}
