import MealPlanCore

/// Tab and Shift-Tab in a prompt: the names that start with what was typed before the first
/// Tab, one after another, in slot, title and template fields alike.
extension PlannerState {
    /// The next (or previous) slot name starting with what was typed before the first Tab.
    func completeSlot(in prompt: inout Prompt, forward: Bool) {
        let base = prompt.completionBase ?? (prompt.isSuggestion ? "" : prompt.editor.text)
        let names = slotNames(startingWith: base)
        guard !names.isEmpty else {
            prompt.error = "No slot starts with '\(base)'; slots are \(slots.map(\.name).joined(separator: ", "))"
            return
        }
        cycle(through: names, from: base, in: &prompt, forward: forward)
    }

    /// The next (or previous) of `names` after the one in the field, or the first (last).
    func cycle(through names: [String], from base: String, in prompt: inout Prompt, forward: Bool) {
        let current = names.firstIndex { $0.lowercased() == prompt.editor.text.lowercased() }
        let next = current.map { (forward ? $0 + 1 : $0 - 1 + names.count) % names.count } ?? (forward ? 0 : names.count - 1)
        prompt.editor.setText(names[next])
        prompt.completionBase = base
        prompt.isSuggestion = false
        prompt.error = nil
    }

    /// The next (or previous) recipe name, then title planned before, matching what was typed
    /// before the first Tab (recipes as `RecipeNames.matching` finds them, then the most often
    /// planned titles); a past title that is a matching recipe's name (any case) is left out, so
    /// the first Tab links the meal rather than planning one the shopping list never sees. Both
    /// lists are asked for first when not yet known.
    func completeTitle(of form: MealForm, in prompt: inout Prompt, forward: Bool) -> [Effect] {
        let missing: [Effect] = (form.pastTitles == nil ? [.listTitles(around: today)] : []) + (form.recipeNames == nil ? [.listRecipes] : [])
        guard missing.isEmpty, let titles = form.pastTitles, let names = form.recipeNames else {
            prompt.pendingNamesTab = forward
            return missing
        }
        let base = prompt.completionBase ?? (prompt.isSuggestion ? "" : prompt.editor.text)
        let wanted = base.lowercased()
        let recipes = names.matching(base)
        // A title that names a recipe is that recipe (which starts with the same letters).
        let matching = recipes + titles.filter { title in
            let key = title.lowercased()
            return key.hasPrefix(wanted) && !names.contains(title: key)
        }
        guard !matching.isEmpty else {
            prompt.error = titles.isEmpty && names.names.isEmpty
                ? "No titles planned before and no recipes to complete" : "No title or recipe starts with '\(base)'"
            return []
        }
        cycle(through: matching, from: base, in: &prompt, forward: forward)
        prompt.suggestsRecipe = recipes.contains(prompt.editor.text)
        return []
    }

    /// The slot names that start with `prefix`, ignoring case, in slot order.
    func slotNames(startingWith prefix: String) -> [String] {
        let wanted = prefix.lowercased()
        return slots.map(\.name).filter { $0.lowercased().hasPrefix(wanted) }
    }

    /// The next (or previous) of the template `names` starting with what was typed before the
    /// first Tab; the names are asked for first when not yet known.
    func completeTemplate(_ names: [String]?, in prompt: inout Prompt, forward: Bool) -> [Effect] {
        guard let names else {
            prompt.pendingNamesTab = forward
            return [.listTemplates]
        }
        let base = prompt.completionBase ?? prompt.editor.text
        let matching = names.filter { $0.lowercased().hasPrefix(base.lowercased()) }
        guard !matching.isEmpty else {
            prompt.error = names.isEmpty
                ? "No templates yet: \(keyMap.keyNames(for: .markDays)) marks days, \(keyMap.keyNames(for: .saveTemplate)) saves them"
                : "No template starts with '\(base)'"
            return []
        }
        cycle(through: matching, from: base, in: &prompt, forward: forward)
        return []
    }
}
