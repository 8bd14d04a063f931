import MealPlanCore
import Timeline

/// What happened to a meal (`c`: planned → done → skipped) and its leftovers (`L`: eat the rest
/// on another day), the sources leftovers name, and the warnings a change of them brings.
extension PlannerState {
    /// `c`: the selected meal's next status, one step of the history. An occurrence of a repeat
    /// becomes a meal of its own that keeps the status, as a change of this one alone does.
    mutating func cycleStatus() -> [Effect] {
        guard let meal = requireSelectedMeal() else { return [] }
        var marked = meal
        marked.status = meal.status.next
        let done = "Marked \(quoted(meal.title)) \(marked.status.rawValue); u undoes"
        if meal.id == nil, meal.occurrence != nil {
            return save([.skip(meal), .add(marked)], origin: .change(done: done))
        }
        return save([.update(from: meal, to: marked, restoresPosition: false)], origin: .change(done: done))
    }

    /// `L`: on a cooked meal (a recipe with servings) or its leftovers, asks how the meal is
    /// shared now; the answer opens the prompt asking where the rest is eaten.
    mutating func planLeftovers() -> [Effect] {
        guard let meal = requireSelectedMeal() else { return [] }
        guard let id = meal.id else {
            let mark = keyMap.keyNames(for: .cycleStatus)
            message = StatusMessage("\(quoted(meal.title)) is a repeat's meal: \(mark) or e makes it one of its own first", isError: true)
            return []
        }
        guard meal.isLeftovers || (meal.recipe != nil && meal.servings != nil) else {
            message = StatusMessage("\(quoted(meal.title)) is not cooked from a recipe with servings; e gives it one", isError: true)
            return []
        }
        return [.shareLeftovers(LeftoverShareRequest(ids: [id], household: household, purpose: .plan(meal)))]
    }

    mutating func leftoverSharesLoaded(_ request: LeftoverShareRequest, _ shares: [LeftoverShare]) {
        switch request.purpose {
        case .plan(let meal):
            guard let share = shares.first, mode == .browsing else { return }
            // The household eats a portion each; without its size, what is left (or one portion).
            let left = share.notPlanned.flatMap { $0 > 0 ? $0 : nil }
            let servings = household ?? left ?? 1
            mode = .prompt(Prompt(.leftovers(of: meal, share: share, servings: servings)))
        case .warn(let following):
            let slotOrder = Dictionary(slots.map { ($0.name, $0.position) }, uniquingKeysWith: { first, _ in first })
            let warnings = shares.flatMap { share in share.problems(slotOrder: slotOrder).map { Self.warning($0, share: share) } }
            guard !warnings.isEmpty else { return }
            let warning = warnings.joined(separator: "; ")
            message = StatusMessage(following.map { "\($0) — \(warning)" } ?? warning + "; u undoes", isError: true)
        }
    }

    mutating func leftoverSharesFailed(_ request: LeftoverShareRequest, message text: String) {
        message = StatusMessage("Cannot read the leftovers: \(text)", isError: true)
    }

    /// A problem of `share` as the status line says it.
    static func warning(_ problem: LeftoverProblem, share: LeftoverShare) -> String {
        let title = quoted(share.source.title)
        switch problem {
        case .moreThanCooked(let planned, let available):
            return "\(LeftoversPrompt.portions(planned)) of \(title) planned as leftovers, \(Meal.servingsText(available)) left"
        case .before(let meal):
            return "leftovers of \(title) on \(DayBlock.headerText(for: meal.day)) \(meal.slot) come before it is cooked"
        case .sourceSkipped:
            return "\(title) was skipped, so its leftovers were never cooked"
        }
    }

    /// The check of what `stored` changed: the leftovers among its meals, and the cooked meals
    /// it changed (moved, marked, served more or less); a cooked meal just added has no
    /// leftovers yet, so a template of thousands asks nothing. An undo's or redo's warning
    /// follows what it says (`following`).
    func leftoverCheck(after stored: [MealChange], following: String?) -> [Effect] {
        let ids = stored.compactMap { change -> Int64? in
            switch change {
            case .update(_, let meal, _) where meal.servings != nil: meal.id
            default: change.result.flatMap { $0.isLeftovers ? $0.id : nil }
            }
        }
        guard !ids.isEmpty else { return [] }
        return [.shareLeftovers(LeftoverShareRequest(ids: ids, household: household, purpose: .warn(following: following)))]
    }

    /// Keeps the sources of leftovers up to date from `meals`, just loaded: a known source
    /// among them is taken as it now is, and a source not yet known is looked for in the loaded
    /// days, else asked of the store.
    mutating func learnSources(from meals: [Day: [Meal]]) -> [Effect] {
        var wanted = Set<Int64>()
        for dayMeals in meals.values {
            for meal in dayMeals {
                if let id = meal.id, leftoverSources[id] != nil { leftoverSources[id] = meal }
                if let source = meal.leftoversOf, leftoverSources[source] == nil { wanted.insert(source) }
            }
        }
        guard !wanted.isEmpty else { return [] }
        for day in timeline.window {
            for meal in timeline.content(of: day) ?? [] {
                if let id = meal.id, wanted.remove(id) != nil { leftoverSources[id] = meal }
            }
            if wanted.isEmpty { return [] }
        }
        return [.findLeftoverSources(wanted.sorted())]
    }

    mutating func leftoverSourcesFound(_ meals: [Meal]) {
        for meal in meals {
            if let id = meal.id { leftoverSources[id] = meal }
        }
    }

    /// Takes the meals `stored` changed as the sources they may be (a source moved off the
    /// loaded days is not loaded again).
    mutating func updateSources(_ stored: [MealChange]) {
        for meal in stored.compactMap(\.result) {
            if let id = meal.id, leftoverSources[id] != nil { leftoverSources[id] = meal }
        }
    }
}
