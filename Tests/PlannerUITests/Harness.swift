import MealPlanCore
import PlannerUI
import TerminalKit
import Timeline

/// A planner session played inside a test: actions go through `Planner.update`, and the effects
/// are answered at once by an in-memory store that behaves like the real one (ids, positions at
/// the end of a slot, display order, search on later or earlier days only).
struct Harness {
    var state: PlannerState
    var meals: [Int64: Meal] = [:]
    var nextID: Int64 = 1
    var slots: [MealSlot]
    /// Every effect seen, in order.
    var effects: [Effect] = []
    /// When set, the next save fails with this message.
    var failNextSave: String?
    /// Ticks asked for and not yet delivered.
    var pendingTicks = 0
    var quitRequested = false

    init(today: Day, size: Size = Size(width: 40, height: 12), slots: [MealSlot] = MealSlot.defaults, meals: [Meal] = []) {
        self.slots = slots
        state = PlannerState(today: today, slots: slots, size: size)
        for meal in meals { _ = store(meal) }
        run(Planner.start(&state))
    }

    // MARK: - Driving

    mutating func send(_ actions: Action...) {
        for action in actions { run(Planner.update(&state, action)) }
    }

    mutating func press(_ keys: Key...) {
        for key in keys { send(.event(.key(key))) }
    }

    /// Types each character of `text` as a key.
    mutating func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// Delivers the ticks asked for until the animation is over.
    mutating func finishAnimation() {
        while pendingTicks > 0 {
            pendingTicks -= 1
            send(.tick)
        }
    }

    func render(colors: Bool = true) -> Frame {
        Planner.render(state, colors: colors)
    }

    var lines: [String] { render().buffer.lines }

    /// The selected meal's title, or nil on a day without meals.
    var selectedTitle: String? { state.selectedMeal?.title }

    var prompt: Prompt? {
        if case .prompt(let prompt) = state.mode { return prompt }
        return nil
    }

    /// The field a meal prompt is on, if one is open.
    var formStep: MealForm.Step? {
        if case .meal(let form) = prompt?.kind { return form.step }
        return nil
    }

    // MARK: - The store

    mutating func run(_ effects: [Effect]) {
        var queue = effects
        while !queue.isEmpty {
            let effect = queue.removeFirst()
            self.effects.append(effect)
            switch effect {
            case .load(let request):
                queue += Planner.update(&state, .loaded(request, mealsByDay(request.days)))
            case .save(let request):
                if let message = failNextSave {
                    failNextSave = nil
                    queue += Planner.update(&state, .saveFailed(request, message: message))
                } else {
                    queue += Planner.update(&state, .saved(request, stored: request.change.changes.map { apply($0) }))
                }
            case .findMatch(let request):
                queue += Planner.update(&state, .matchFound(request, search(request)))
            case .scheduleTick:
                pendingTicks += 1
            case .quit:
                quitRequested = true
            }
        }
    }

    /// Changes the store behind the planner's back, as another process would.
    mutating func changeOutside(_ body: (inout Harness) -> Void) {
        body(&self)
        send(.externalChange)
    }

    @discardableResult
    mutating func store(_ meal: Meal) -> Meal {
        var meal = meal
        meal.id = nextID
        nextID += 1
        meal.position = endPosition(day: meal.day, slot: meal.slot)
        meals[meal.id!] = meal
        return meal
    }

    private func endPosition(day: Day, slot: String) -> Int {
        (meals.values.filter { $0.day == day && $0.slot == slot }.map(\.position).max() ?? -1) + 1
    }

    private mutating func apply(_ change: MealChange) -> Meal? {
        switch (change.before, change.after) {
        case (nil, let new?) where new.id == nil:
            return store(new)
        case (nil, let restored?):
            meals[restored.id!] = restored
            return restored
        case (let old?, nil):
            meals[old.id!] = nil
            return nil
        case (let old?, var new?):
            if new.day != old.day || new.slot != old.slot { new.position = endPosition(day: new.day, slot: new.slot) }
            meals[old.id!] = new
            return new
        case (nil, nil):
            return nil
        }
    }

    private func slotOrder(_ meal: Meal) -> Int {
        slots.first { $0.name == meal.slot }?.position ?? Int.max
    }

    /// All meals in display order: day, slot order, position.
    var ordered: [Meal] {
        meals.values.sorted { ($0.day, slotOrder($0), $0.position) < ($1.day, slotOrder($1), $1.position) }
    }

    func mealsByDay(_ days: DayRange) -> [Day: [Meal]] {
        Dictionary(grouping: ordered.filter { days.contains($0.day) }, by: \.day)
    }

    private func search(_ request: SearchRequest) -> Meal? {
        let text = request.text.lowercased()
        let matching = ordered.filter {
            $0.title.lowercased().contains(text) || ($0.note?.lowercased().contains(text) ?? false)
        }
        switch request.direction {
        case .forward: return matching.first { $0.day > request.from }
        case .backward: return matching.last { $0.day < request.from }
        }
    }
}

extension Day {
    /// A day from its ISO text, for test data that is known to be valid.
    static func on(_ iso: String) -> Day {
        try! Day(iso: iso)
    }
}
