import MealPlanCore
import TerminalKit
import Timeline

/// Everything the planner shows and remembers, as one value: `Planner.update` changes it,
/// `Planner.render` draws it, and nothing else holds state, so a session can be replayed in a
/// test from a list of inputs and commands.
public struct PlannerState: Sendable {
    /// The days on screen and around it, each with its meals in display order.
    public internal(set) var timeline: Timeline<[Meal]>
    /// The local date; `.newDay` moves it on while the planner is open over midnight.
    public internal(set) var today: Day
    /// The day the household's weeks start on (the config file's `week-start`): what week
    /// words in prompts and `S` alone count from.
    public let weekStart: Weekday
    /// The slots in display order: the slot column's width and Tab completion. Replaced by
    /// `.slotsLoaded` when another process changed them.
    public internal(set) var slots: [MealSlot]
    /// The terminal's size; the timeline gets all of it but the bottom (status) line.
    public internal(set) var size: Size
    public internal(set) var mode: Mode = .browsing
    /// The status line's message, cleared by the next key.
    public internal(set) var message: StatusMessage?
    /// Changes made in this session, oldest first, as stored (with the store's ids).
    public internal(set) var undoStack: [ChangeBatch] = []
    /// Changes undone, as they will be made again by redo, most recently undone last; a new
    /// change clears it.
    public internal(set) var redoStack: [ChangeBatch] = []
    /// What `y` or `Y` copied last, which `p` or `P` pastes.
    public internal(set) var clipboard: Clipboard?
    /// Where marking days (`v`) began: the marked days run from it to the selected day, until
    /// Esc (or a saved template) ends the marking.
    public internal(set) var markedFrom: Day?
    /// The conflicts the last sync left, which the conflicts page lists (`!` shows it again).
    public internal(set) var syncConflicts: [ListedConflict] = []
    /// The selected item of a shopping list page (an index into its `items`).
    public internal(set) var pageSelection = 0
    /// The text of the last search, repeated by `n` and `N`.
    public internal(set) var lastSearch: String?
    /// Screens of a smooth jump still to show, one per tick, before the timeline's own screen.
    public internal(set) var animationFrames: [TimelineScreen<[Meal]>] = []
    /// How long each animation frame stays up.
    public internal(set) var frameInterval: Duration = .zero
    /// Set by `quit`: the loop stops.
    public internal(set) var shouldQuit = false
    /// A throwaway sample plan (`--demo`): the status line says so, so that nobody plans a
    /// real week in it.
    public let isDemo: Bool
    /// The household's size (the config file's `servings`): how many eat at a cooked meal that
    /// does not say, and the portions `L` plans as its leftovers.
    public let household: Double?
    /// The cooked meals that leftovers shown come from, by id: their day and slot make the
    /// "leftovers from Mon dinner" line. Filled from the loaded days, else from the store.
    public internal(set) var leftoverSources: [Int64: Meal] = [:]

    /// The save in flight, if any: changes are made one at a time.
    var pendingSave: PendingSave?
    /// A meal to select as soon as its day is loaded (after a save, a search or a reload).
    var focus: Focus?
    var nextSaveID = 1
    let keyMap: KeyMap
    /// How day blocks look with the current slots; the timeline lays days out with it.
    var blockLayout: DayBlockLayout

    /// A planner of `size` with `today` shown as `t` shows it: near the top, below the end of
    /// the day before.
    /// The timeline starts with one load request, which the first `update` hands out (or take it
    /// with `Planner.start`).
    public init(today: Day, weekStart: Weekday, slots: [MealSlot], size: Size, keyMap: KeyMap = .standard, isDemo: Bool = false,
                household: Double? = nil) {
        self.today = today
        self.household = household
        self.weekStart = weekStart
        self.isDemo = isDemo
        self.slots = slots
        self.size = size
        self.keyMap = keyMap
        blockLayout = DayBlockLayout(today: today, slots: slots)
        timeline = Timeline(width: size.width, height: size.height - 1, selecting: today,
                            context: Self.jumpContext(height: size.height), layout: blockLayout.function)
    }

    /// How many lines of the day before show above the day a jump lands on (at the start, `t`,
    /// `g`, a search hit, a paste): a quarter of the timeline, so that the day is near the top,
    /// whole below it when it fits, and the reader sees where it sits; none when that is a
    /// single line, which would show a meal or "nothing planned" without its day.
    static func jumpContext(height: Int) -> Int {
        let lines = (height - 1) / 4
        return lines >= 2 ? lines : 0
    }

    /// The meal the selection is on, if it is on a loaded meal.
    public var selectedMeal: Meal? {
        let selection = timeline.selection
        guard let item = selection.item, let meals = timeline.content(of: selection.day),
              meals.indices.contains(item) else { return nil }
        return meals[item]
    }

    /// Whether the screen is below `Planner.minimumSize`, where only "too small" is shown.
    public var isTooSmall: Bool {
        size.width < Planner.minimumSize.width || size.height < Planner.minimumSize.height
    }

    /// The days marked for a template, if days are being marked.
    public var markedDays: DayRange? {
        markedFrom.map { DayRange($0, timeline.selection.day) }
    }

    /// Whether the planner waits for the store to confirm a change.
    public var isSaving: Bool { pendingSave != nil }
}

/// What the keyboard is doing.
public enum Mode: Hashable, Sendable {
    /// Keys are looked up in the key map.
    case browsing
    /// Keys edit the prompt line.
    case prompt(Prompt)
    /// The key overlay is shown, scrolled down by `scroll` lines.
    case help(scroll: Int)
    /// A meal's whole note is shown, scrolled down by `scroll` lines.
    case note(Meal, scroll: Int)
    /// A recipe or a shopping list is shown, scrolled down by `scroll` lines.
    case page(TextPage, scroll: Int)
    /// The conflicts a sync left are listed, one selected, for a key to resolve.
    case conflicts(ConflictsPage)
}

/// A line of text shown in the status line until the next key.
public struct StatusMessage: Hashable, Sendable {
    public let text: String
    public let isError: Bool
    /// Shown whole, wrapped on the lines above the status line when it does not fit on it,
    /// instead of cut at the screen's edge: a sync's outcome, whose reason (a server's last
    /// words) is what the person needs to read.
    public let showsWhole: Bool

    public init(_ text: String, isError: Bool = false, showsWhole: Bool = false) {
        self.text = text
        self.isError = isError
        self.showsWhole = showsWhole
    }
}

/// What was copied, as it was when copied: later changes to the original do not change a paste.
public enum Clipboard: Hashable, Sendable {
    /// One meal (`y`), which `p` pastes.
    case meal(Meal)
    /// The meals of a day, or of days marked, in display order (`Y`), which `P` pastes; the
    /// list is empty for days without meals.
    case days(DayRange, [Meal])
}

/// Why a save was asked for, which says what its answer does to the history.
enum SaveOrigin: Hashable, Sendable {
    /// A new change by the user; `done` is the message shown once it is stored, `working` what
    /// a long save says it is doing meanwhile, counting its changes as `unit`
    /// ("applying 'big'": "Applying 'big': 1,200 of 20,000 meals…").
    case change(done: String, working: String = "saving", unit: String = "changes")
    /// Undoing (or redoing) this entry of the history.
    case undo(ChangeBatch)
    case redo(ChangeBatch)

    /// What a long save of this origin says it is doing, and what it counts.
    var working: (text: String, unit: String) {
        switch self {
        case .change(_, let working, let unit): (working, unit)
        case .undo: ("undoing", "changes")
        case .redo: ("redoing", "changes")
        }
    }
}

struct PendingSave: Hashable, Sendable {
    let request: SaveRequest
    let origin: SaveOrigin
    /// Whether the stored meals' day is then shown whole (a paste).
    let showsDay: Bool
    /// How far a long save is, once the loop says (`Input.saveProgress`).
    var progress: SaveProgress?
}

/// How far a long save is: `done` of its `total` changes made.
struct SaveProgress: Hashable, Sendable {
    let done: Int
    let total: Int
}

/// A meal to select once its day is loaded: a stored meal by its id, a repeat's occurrence
/// (which has none) by its rule and day.
struct Focus: Hashable, Sendable {
    let mealID: Int64?
    let occurrence: Occurrence?
    let day: Day
    /// Whether its day is shown whole first, as a jump shows it.
    var showsDay = false

    init(_ meal: Meal, showsDay: Bool = false) {
        mealID = meal.id
        occurrence = meal.id == nil ? meal.occurrence : nil
        day = meal.day
        self.showsDay = showsDay
    }

    func isFocused(_ meal: Meal) -> Bool {
        if let mealID { return meal.id == mealID }
        return meal.id == nil && meal.occurrence == occurrence
    }
}
