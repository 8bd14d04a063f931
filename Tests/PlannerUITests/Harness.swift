import MealPlanCore
import MealPlanStore
import PlannerRuntime
import PlannerUI
import Recurrence
import TerminalKit
import Timeline

/// A planner session played inside a test against a real store in memory: inputs and commands
/// go through `Planner.update`, and the store's effects are answered at once by
/// `PlannerEffects.answer`, as the run loop answers them.
struct Harness {
    var state: PlannerState
    let store: MealStore
    /// Every effect seen, in order.
    var effects: [Effect] = []
    /// When set, the next save is answered with this failure instead of reaching the store.
    var failNextSave: String?
    /// When set, saves are kept in `heldSaves` unanswered, as a long save is while it runs; a
    /// test answers one with `answer(_:)`.
    var holdsSaves = false
    var heldSaves: [SaveRequest] = []
    /// Ticks asked for and not yet delivered.
    var pendingTicks = 0
    var quitRequested = false
    /// What the recipe keys read; none unless a test gives a folder.
    var recipes = PlannerRecipes.none
    /// What the sync key runs: none unless a test gives one.
    var sync = PlannerSync.none
    /// Where `W` writes its page: nowhere that can be written unless a test gives a folder.
    var printFolder = "/nonexistent"

    /// A planner on `today` over a new store holding `meals` (stored in order, so their ids
    /// count from 1) and the repeat `rules` (ids from 1 too) in the default slots and
    /// `extraSlots` after them, with weeks starting on `weekStart`; `isDemo` as `--demo` opens it,
    /// `household` as the config file's `servings` gives it.
    init(today: Day, weekStart: Weekday = .monday, size: Size = Size(width: 40, height: 12), extraSlots: [String] = [],
         meals: [Meal] = [], rules: [(RepeatRule, Meal)] = [], isDemo: Bool = false, household: Double? = nil) {
        store = try! MealStore.inMemory()
        for name in extraSlots { try! store.addSlot(name) }
        state = PlannerState(today: today, weekStart: weekStart, slots: try! store.slots(), size: size, isDemo: isDemo,
                             household: household)
        for meal in meals { add(meal) }
        for (rule, meal) in rules { try! store.addRule(rule, meal: meal) }
        run(Planner.start(&state))
    }

    // MARK: - Driving

    mutating func send(_ inputs: Input...) {
        for input in inputs { run(Planner.update(&state, input)) }
    }

    mutating func send(_ commands: Command...) {
        for command in commands { run(Planner.update(&state, command)) }
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

    mutating func run(_ effects: [Effect]) {
        var queue = effects
        while !queue.isEmpty {
            let effect = queue.removeFirst()
            self.effects.append(effect)
            switch effect {
            case .save(let request) where failNextSave != nil:
                queue += Planner.update(&state, .saveFailed(request, message: failNextSave!))
                failNextSave = nil
            case .save(let request) where holdsSaves:
                heldSaves.append(request)
            case .load, .save, .findMatch, .showRecipe, .showShoppingList, .showNutrition, .tickShoppingItem, .listRecipes, .listTitles, .chooseRecipe, .rankPantry,
                 .saveTemplate, .listTemplates, .placeTemplate, .shareLeftovers, .findLeftoverSources, .printDays:
                queue += Planner.update(&state, PlannerEffects.answer(effect, store: store, recipes: recipes, printFolder: printFolder)!)
            case .sync:
                queue += Planner.update(&state, sync.answer(store, today: state.today))
            case .resolveConflicts(let resolution):
                queue += Planner.update(&state, sync.answer(store, today: state.today, resolving: resolution))
            case .scheduleTick:
                pendingTicks += 1
            case .quit:
                quitRequested = true
            case .editNote, .editRecipe, .suspend, .redraw:
                // The run loop's: a test answers `.editNote` and `.editRecipe` itself.
                break
            }
        }
    }

    /// Makes the held save `request` in the store, as the loop does once it is over.
    mutating func answer(_ request: SaveRequest) {
        heldSaves.removeAll { $0 == request }
        run(Planner.update(&state, PlannerEffects.answer(.save(request), store: store)!))
    }

    // MARK: - The store

    /// Changes the store behind the planner's back, as another process would, then tells the
    /// planner as the run loop does once it sees the change.
    mutating func changeOutside(_ body: (inout Harness) -> Void) {
        body(&self)
        var watch = ChangeWatch()
        for input in watch.inputs(hasChanges: { true }, slots: store.slots) { send(input) }
    }

    /// Stores `meal` at the end of its slot, as `mealplan add` would.
    @discardableResult
    func add(_ meal: Meal) -> Meal {
        try! store.apply([.add(meal)])[0]!
    }

    /// All stored meals in display order: day, slot order, position.
    var ordered: [Meal] { try! store.meals(in: .all) }

    /// The meals stored as rows (changed occurrences among them, no occurrence as its rule
    /// gives it), in display order.
    var storedMeals: [Meal] {
        var meals: [Meal] = []
        try! store.forEachMeal(in: .all, occurrencesThrough: nil) { meals.append($0) }
        return meals
    }

    /// The stored meals by id.
    var meals: [Int64: Meal] {
        Dictionary(uniqueKeysWithValues: ordered.map { ($0.id!, $0) })
    }
}
