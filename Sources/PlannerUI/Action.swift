import MealPlanCore
import TerminalKit
import Timeline

/// Everything that can happen to the planner: the named commands keys are bound to, and the
/// inputs the run loop feeds back (terminal events, answers from the store, clock ticks).
///
/// Commands are plain cases so that the key map, the help overlay and the tests all speak of
/// them by name; `update` is the only place that gives them meaning.
public enum Action: Hashable, Sendable {
    // Moving the selection and the view.
    case moveDown, moveUp, nextDay, previousDay, pageDown, pageUp, scrollDown, scrollUp
    case weekForward, weekBack, today, goToDate
    // Changing meals.
    case addMeal, editMeal, deleteMeal, undo, redo, copyMeal, pasteMeal, moveMeal, copyDay, pasteDay
    // Finding meals.
    case search, nextMatch, previousMatch
    case help, quit

    /// A key, mouse or resize event from the terminal.
    case event(Event)
    /// The store's answer to `Effect.load`: the meals of the requested days, each day's in
    /// display order (days without meals may be absent).
    case loaded(LoadRequest, [Day: [Meal]])
    /// `Effect.load` failed; the message is shown and the days stay as they were.
    case loadFailed(LoadRequest, message: String)
    /// `Effect.save` succeeded; `stored` has, for each change of the batch in order, the meal as
    /// the store now holds it (its id, slot name and position as stored), `nil` when the change
    /// removed it.
    case saved(SaveRequest, stored: [Meal?])
    /// `Effect.save` failed; nothing changed in the store.
    case saveFailed(SaveRequest, message: String)
    /// The store's answer to `Effect.findMatch`: the matching meal, or `nil` when there is none.
    case matchFound(SearchRequest, Meal?)
    /// `Effect.findMatch` failed.
    case searchFailed(SearchRequest, message: String)
    /// Another process changed the database: everything shown is reloaded, keeping the view and
    /// the selected meal.
    case externalChange
    /// The slots as the store now has them (the loop reads them after every outside change,
    /// before `.externalChange`): the slot column and Tab completion follow them, and the days
    /// are laid out again keeping the view. The meals' order follows with the reload.
    case slotsLoaded([MealSlot])
    /// Asking the store whether another process changed the database failed; the loop sends
    /// this once, not on every check, until a check succeeds again.
    case changeCheckFailed(message: String)
    /// The time asked for by `Effect.scheduleTick` has passed: the next animation frame is due.
    case tick
}

/// Work for the run loop: the only way `update` reaches the store, the clock or the process.
/// Each is answered by feeding the matching `Action` back (see each case).
public enum Effect: Hashable, Sendable {
    /// Read the meals of `request.days`; answer `.loaded(request, mealsByDay)` or `.loadFailed`.
    case load(LoadRequest)
    /// Write every change of `request.change` in one transaction, all or none; answer
    /// `.saved(request, stored:)` or `.saveFailed`.
    case save(SaveRequest)
    /// Find the nearest meal matching `request.text` strictly after (or before)
    /// `request.from`; answer `.matchFound(request, meal)` or `.searchFailed`.
    case findMatch(SearchRequest)
    /// Feed `.tick` after `after` (unless a key arrives first; feeding it late is harmless).
    case scheduleTick(after: Duration)
    /// Leave the planner and restore the terminal.
    case quit
}

/// One step of the history: the changes one command made, stored in one transaction and undone
/// and redone as a whole. Most commands change one meal; pasting a day adds all of its meals.
public struct ChangeBatch: Hashable, Sendable, ExpressibleByArrayLiteral {
    public var changes: [MealChange]

    public init(_ changes: [MealChange]) {
        self.changes = changes
    }

    public init(arrayLiteral changes: MealChange...) {
        self.init(changes)
    }

    /// The batch that undoes this one once it is stored: each change reversed, the last one
    /// first.
    public var inverse: ChangeBatch { ChangeBatch(changes.reversed().map(\.inverse)) }

    /// The days whose content the batch touches, earliest first, without repeats.
    public var days: [Day] {
        Array(Set(changes.flatMap(\.days))).sorted()
    }
}

/// A change handed to the store, with an id so its answer finds its way back.
public struct SaveRequest: Hashable, Sendable {
    public let id: Int
    public let change: ChangeBatch

    public init(id: Int, change: ChangeBatch) {
        self.id = id
        self.change = change
    }
}

/// Which way a search goes from the selected day.
public enum SearchDirection: Hashable, Sendable {
    case forward, backward
}

/// "The nearest meal whose title or note contains `text`, after (or before) `from`."
public struct SearchRequest: Hashable, Sendable {
    public let text: String
    public let direction: SearchDirection
    /// Matches are looked for on later days (forward) or earlier days (backward) only; the
    /// selected day itself is searched in memory.
    public let from: Day

    public init(text: String, direction: SearchDirection, from: Day) {
        self.text = text
        self.direction = direction
        self.from = from
    }
}
