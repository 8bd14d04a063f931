import MealPlanCore
import MealPlanStore
import PlannerUI
import TerminalKit

/// The interactive planner's run loop: the one place where the terminal, the store and
/// PlannerUI meet. Each turn draws the state if it changed, waits for an event (at most until
/// the next animation frame or change check), feeds it to `Planner.update` and carries out the
/// effects, feeding their answers back, until the planner quits, `shouldStop` says so or the
/// terminal's input is gone.
///
/// It runs on the thread that owns the terminal (the main thread for ncurses).
public struct PlannerLoop {
    /// How long one wait for a key lasts at most, so the loop also notices signals and changes.
    public static let inputTimeout = Duration.milliseconds(100)
    /// How often the store is asked whether another process changed the database.
    public static let changeCheckInterval = Duration.milliseconds(250)

    private let terminal: any TerminalBackend
    private let store: MealStore
    private let shouldStop: () -> Bool
    private let editor: ExternalEditor
    private let recipes: PlannerRecipes
    private let sync: PlannerSync
    private let longSave: LongSavePacing
    /// Events that came while a long save ran, fed in order once it is over.
    private var heldEvents: [Event] = []
    /// The local date now, asked at every change check: the planner rolls over at midnight.
    private let today: () -> Day
    public private(set) var state: PlannerState
    private let clock = ContinuousClock()
    /// When the next animation frame is due, if one was asked for.
    private var tickDue: ContinuousClock.Instant?
    private var nextChangeCheck: ContinuousClock.Instant
    private var changeWatch = ChangeWatch()
    private var needsDraw = true
    /// The last frame's days, drawn again when they did not change.
    private var drawnDays = DrawnDays()

    /// `today` gives the local date whenever it is asked (tests pass a clock of their own);
    /// `weekStart` is the household's first day of the week; `editor` edits notes (`E`) and
    /// recipes (`R`); `recipes` are what the recipe keys read; `sync` what the sync key runs;
    /// `isDemo` says the plan is a throwaway sample; `longSave` paces a long save.
    public init(terminal: any TerminalBackend, store: MealStore, today: @escaping () -> Day, weekStart: Weekday, slots: [MealSlot],
                editor: ExternalEditor = ExternalEditor(command: "vi"), recipes: PlannerRecipes = .none,
                sync: PlannerSync = .none, isDemo: Bool = false, longSave: LongSavePacing = .standard,
                shouldStop: @escaping () -> Bool) {
        self.terminal = terminal
        self.store = store
        self.editor = editor
        self.recipes = recipes
        self.sync = sync
        self.longSave = longSave
        self.shouldStop = shouldStop
        self.today = today
        state = PlannerState(today: today(), weekStart: weekStart, slots: slots, size: terminal.size, isDemo: isDemo,
                             household: recipes.householdServings)
        nextChangeCheck = clock.now
    }

    /// Why `run` returned.
    public enum Ending: Equatable, Sendable {
        /// The user quit (`q`).
        case quit
        /// `shouldStop` said so.
        case stopped
        /// The terminal hung up: no key can come any more.
        case inputEnded
    }

    /// Runs until `q`, `shouldStop` or the end of input; the terminal stays open for the
    /// caller to close.
    @discardableResult
    public mutating func run() -> Ending {
        // Start counting changes from now: the first call only records the database's version.
        _ = try? store.hasChanges()
        nextChangeCheck = clock.now.advanced(by: Self.changeCheckInterval)
        perform(Planner.start(&state))
        while true {
            if state.shouldQuit { return .quit }
            if shouldStop() { return .stopped }
            if terminal.inputEnded { return .inputEnded }
            if needsDraw { draw() }
            if let event = heldEvents.isEmpty ? terminal.readEvent(timeout: waitTime()) : heldEvents.removeFirst() {
                send(.event(event))
            }
            if let due = tickDue, clock.now >= due {
                tickDue = nil
                send(.tick)
            }
            if clock.now >= nextChangeCheck {
                nextChangeCheck = clock.now.advanced(by: Self.changeCheckInterval)
                checkForChanges()
                let day = today()
                if day != state.today { send(.newDay(day)) }
            }
        }
    }

    private mutating func checkForChanges() {
        for input in changeWatch.inputs(hasChanges: store.hasChanges, slots: store.slots) {
            send(input)
        }
    }

    /// Runs the editor on `meal`'s note with the terminal given back meanwhile.
    private func editedNote(of meal: Meal) -> Input {
        terminal.pause()
        defer { terminal.resume() }
        switch editor.edit(meal.note ?? "") {
        case .success(let text): return .noteEdited(meal, text: text)
        case .failure(let failure): return .noteEditFailed(meal, message: failure.message)
        }
    }

    /// Runs the editor on `meal`'s recipe file with the terminal given back meanwhile, then
    /// reads the recipe again to show it.
    private func editedRecipe(of meal: Meal) -> Input {
        let path: String
        switch recipes.file(of: meal) {
        case .success(let file): path = file
        case .failure(let error): return .recipeEditFailed(meal, message: error.userMessage)
        }
        terminal.pause()
        let edited = editor.edit(file: path)
        terminal.resume()
        if case .failure(let failure) = edited { return .recipeEditFailed(meal, message: failure.message) }
        return recipes.page(of: meal, store: store)
    }

    /// How long the next wait for a key may last: until the animation frame is due, if sooner.
    private func waitTime() -> Duration {
        guard let tickDue else { return Self.inputTimeout }
        return max(.zero, min(Self.inputTimeout, tickDue - clock.now))
    }

    /// Applies `input` and carries out the effects it leads to, answers included.
    private mutating func send(_ input: Input) {
        needsDraw = true
        perform(Planner.update(&state, input))
    }

    /// Makes `request`'s changes in one transaction and returns the effects of its answer. A
    /// save that takes long keeps the screen alive: between changes the loop looks at the keys
    /// (one of `LongSave.keys` cancels it, everything rolled back; any other waits in
    /// `heldEvents` until it is over, or goes with the cancel) and, past a second, draws how
    /// far it is. A stop (a signal, the terminal gone) cancels it too, so that the loop can end.
    private mutating func saving(_ request: SaveRequest) -> [Effect] {
        let store = self.store
        var pacing = longSave
        let start = clock.now
        var nextKeyLook = start
        var cancelled = false
        // What the progress asked for, carried out once the transaction is over.
        var effects: [Effect] = []
        let answer = PlannerEffects.save(request, store: store) { done, total in
            guard done % pacing.changesPerLook == 0 else { return }
            let now = clock.now
            if now >= nextKeyLook {
                nextKeyLook = now.advanced(by: pacing.keyInterval)
                while !cancelled, let event = terminal.readEvent(timeout: .zero) {
                    if LongSave.cancels(event) { cancelled = true } else { heldEvents.append(event) }
                }
                if shouldStop() || terminal.inputEnded { cancelled = true }
                if cancelled {
                    // As a terminal's interrupt flushes what was typed ahead: the keys pressed
                    // before the cancel go with it; a new size still counts.
                    heldEvents.removeAll { if case .resize = $0 { false } else { true } }
                    throw LongSaveCancelled()
                }
            }
            if pacing.progress.isDue(done: done, elapsed: ProgressDisplay.seconds(now - start)) {
                effects += Planner.update(&state, .saveProgress(request, done: done, total: total))
                draw()
            }
        }
        // A progress drawn meanwhile is not the answer: the next turn draws that.
        needsDraw = true
        return effects + Planner.update(&state, cancelled ? .saveCancelled(request) : answer)
    }

    private mutating func draw() {
        let frame = Planner.render(state, colors: terminal.hasColors, reusing: &drawnDays)
        terminal.draw(frame.buffer, cursor: frame.cursor)
        needsDraw = false
    }

    private mutating func perform(_ effects: [Effect]) {
        var queue = effects[...]
        while let effect = queue.popFirst() {
            switch effect {
            case .scheduleTick(let after):
                tickDue = clock.now.advanced(by: after)
            case .quit:
                break
            case .suspend:
                terminal.suspend()
            case .redraw:
                terminal.repaint()
                needsDraw = true
            case .editNote(let meal):
                queue += Planner.update(&state, editedNote(of: meal))
            case .editRecipe(let meal):
                queue += Planner.update(&state, editedRecipe(of: meal))
            case .sync, .resolveConflicts:
                // A sync waits on the disk and the [sync] command: "Syncing…" is on screen first.
                draw()
                let resolution: ConflictResolution? = if case .resolveConflicts(let resolution) = effect { resolution } else { nil }
                queue += Planner.update(&state, sync.answer(store, today: today(), resolving: resolution))
                needsDraw = true
            case .save(let request):
                queue += saving(request)
            case .load, .findMatch, .showRecipe, .showShoppingList, .showNutrition, .tickShoppingItem, .listRecipes, .listTitles, .chooseRecipe, .rankPantry,
                 .saveTemplate, .listTemplates, .placeTemplate, .shareLeftovers, .findLeftoverSources, .printDays:
                if let answer = PlannerEffects.answer(effect, store: store, recipes: recipes) {
                    queue += Planner.update(&state, answer)
                }
            }
        }
    }
}

/// What the loop throws into a long save to cancel it: the store rolls the save back.
private struct LongSaveCancelled: Error {}
