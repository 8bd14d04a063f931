import MealPlanCore
import MealPlanStore
import PlannerUI
import TerminalKit

/// The interactive planner's run loop: the one place where the terminal, the store and
/// PlannerUI meet. Each turn draws the state if it changed, waits for an event (at most until
/// the next animation frame or change check), feeds it to `Planner.update` and carries out the
/// effects, feeding their answers back, until the planner quits or `shouldStop` says so.
///
/// It runs on the thread that owns the terminal (the main thread for ncurses).
struct PlannerLoop {
    /// How long one wait for a key lasts at most, so the loop also notices signals and changes.
    static let inputTimeout = Duration.milliseconds(100)
    /// How often the store is asked whether another process changed the database.
    static let changeCheckInterval = Duration.milliseconds(250)

    private let terminal: any TerminalBackend
    private let store: MealStore
    private let shouldStop: () -> Bool
    private(set) var state: PlannerState
    private let clock = ContinuousClock()
    /// When the next animation frame is due, if one was asked for.
    private var tickDue: ContinuousClock.Instant?
    private var nextChangeCheck: ContinuousClock.Instant
    private var changeWatch = ChangeWatch()
    private var needsDraw = true

    init(terminal: any TerminalBackend, store: MealStore, today: Day, slots: [MealSlot],
         shouldStop: @escaping () -> Bool) {
        self.terminal = terminal
        self.store = store
        self.shouldStop = shouldStop
        state = PlannerState(today: today, slots: slots, size: terminal.size)
        nextChangeCheck = clock.now
    }

    /// Runs until `q` (or `shouldStop`); the terminal stays open for the caller to close.
    mutating func run() {
        // Start counting changes from now: the first call only records the database's version.
        _ = try? store.hasChanges()
        nextChangeCheck = clock.now.advanced(by: Self.changeCheckInterval)
        perform(Planner.start(&state))
        while !state.shouldQuit && !shouldStop() {
            if needsDraw {
                let frame = Planner.render(state, colors: terminal.hasColors)
                terminal.draw(frame.buffer, cursor: frame.cursor)
                needsDraw = false
            }
            if let event = terminal.readEvent(timeout: waitTime()) {
                send(.event(event))
            }
            if let due = tickDue, clock.now >= due {
                tickDue = nil
                send(.tick)
            }
            if clock.now >= nextChangeCheck {
                nextChangeCheck = clock.now.advanced(by: Self.changeCheckInterval)
                checkForChanges()
            }
        }
    }

    private mutating func checkForChanges() {
        for action in changeWatch.actions(hasChanges: store.hasChanges, slots: store.slots) {
            send(action)
        }
    }

    /// How long the next wait for a key may last: until the animation frame is due, if sooner.
    private func waitTime() -> Duration {
        guard let tickDue else { return Self.inputTimeout }
        return max(.zero, min(Self.inputTimeout, tickDue - clock.now))
    }

    /// Applies `action` and carries out the effects it leads to, answers included.
    mutating func send(_ action: Action) {
        needsDraw = true
        perform(Planner.update(&state, action))
    }

    private mutating func perform(_ effects: [Effect]) {
        var queue = effects[...]
        while let effect = queue.popFirst() {
            switch effect {
            case .scheduleTick(let after):
                tickDue = clock.now.advanced(by: after)
            case .quit:
                break
            default:
                if let answer = PlannerEffects.answer(effect, store: store) {
                    queue += Planner.update(&state, answer)
                }
            }
        }
    }
}

/// Another process's changes as the planner's actions: after a change, the slots (added,
/// removed, renamed or reordered by `mealplan slots`), then a reload of the meals shown. A failed
/// check is reported once, not every quarter of a second, until a check succeeds again.
struct ChangeWatch {
    private var isFailing = false

    /// The actions for one check, given the store's `hasChanges` and `slots`.
    mutating func actions(hasChanges: () throws(StoreError) -> Bool,
                          slots: () throws(StoreError) -> [MealSlot]) -> [Action] {
        let changed: Bool
        do throws(StoreError) {
            changed = try hasChanges()
        } catch {
            return failed(error)
        }
        guard changed else {
            isFailing = false
            return []
        }
        do throws(StoreError) {
            let slots = try slots()
            isFailing = false
            return [.slotsLoaded(slots), .externalChange]
        } catch {
            // The meals are reloaded all the same.
            return failed(error) + [.externalChange]
        }
    }

    private mutating func failed(_ error: StoreError) -> [Action] {
        defer { isFailing = true }
        return isFailing ? [] : [.changeCheckFailed(message: error.reason)]
    }
}

/// The store's side of the planner's effects: each read or write as `Planner.update` asked for
/// it, and the action that reports its outcome.
enum PlannerEffects {
    /// The answer to a store effect; `nil` for effects that are not the store's.
    static func answer(_ effect: Effect, store: MealStore) -> Action? {
        switch effect {
        case .load(let request):
            do throws(StoreError) {
                return .loaded(request, try store.mealsByDay(in: request.days))
            } catch {
                return .loadFailed(request, message: error.reason)
            }
        case .save(let request):
            do throws(StoreError) {
                return .saved(request, stored: try save(request.change, in: store, restoringPositions: request.restoresPositions))
            } catch {
                return .saveFailed(request, message: error.reason)
            }
        case .findMatch(let request):
            do throws(StoreError) {
                switch request.direction {
                case .forward: return .matchFound(request, try store.nextMeal(matching: request.text, after: request.from))
                case .backward: return .matchFound(request, try store.previousMeal(matching: request.text, before: request.from))
                }
            } catch {
                return .searchFailed(request, message: error.reason)
            }
        case .scheduleTick, .quit:
            return nil
        }
    }

    /// Carries out a batch of changes in one transaction, all or none, each as `MealChange`
    /// describes it (and as `SaveRequest.restoresPositions` says); returns each change's meal as
    /// stored, `nil` for one that was removed.
    static func save(_ batch: ChangeBatch, in store: MealStore, restoringPositions: Bool = false) throws(StoreError) -> [Meal?] {
        try store.apply(try batch.changes.map { change throws(StoreError) in
            try edit(for: change, restoringPosition: restoringPositions)
        })
    }

    /// The store's edit for one change.
    private static func edit(for change: MealChange, restoringPosition: Bool) throws(StoreError) -> MealEdit {
        switch (change.before, change.after) {
        case (nil, let new?) where new.id == nil:
            return .add(new)
        case (nil, let removed?):
            return .restore(removed)
        case (let old?, nil):
            return .remove(id: try storedID(of: old))
        case (let old?, let new?):
            return .update(
                id: try storedID(of: old),
                MealChanges(title: new.title, note: .some(new.note), slot: new.slot, day: new.day,
                            position: restoringPosition ? new.position : nil))
        case (nil, nil):
            throw StoreError(.input, "an empty change cannot be stored")
        }
    }

    private static func storedID(of meal: Meal) throws(StoreError) -> Int64 {
        guard let id = meal.id else { throw StoreError(.input, "'\(meal.title)' was never stored") }
        return id
    }
}
