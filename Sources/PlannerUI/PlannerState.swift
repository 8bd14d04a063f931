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
    /// The recipes folder's names for Tab in a title, asked for (`Effect.listRecipes`) at the
    /// first Tab of each meal prompt; `nil` until then.
    public internal(set) var recipeNames: RecipeNames?
    /// The titles planned before, for Tab in a title (`Effect.listTitles`), asked for with the
    /// recipe names; `nil` until then.
    public internal(set) var pastTitles: [String]?
    /// The templates' names for Tab in the template prompt, asked for (`Effect.listTemplates`)
    /// at its first Tab; `nil` until then.
    public internal(set) var templateNames: [String]?
    /// Where marking days (`v`) began: the marked days run from it to the selected day, until
    /// Esc (or a saved template) ends the marking.
    public internal(set) var markedFrom: Day?
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
    public init(today: Day, weekStart: Weekday, slots: [MealSlot], size: Size, keyMap: KeyMap = .standard, isDemo: Bool = false) {
        self.today = today
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
}

/// A line of text shown in the status line until the next key.
public struct StatusMessage: Hashable, Sendable {
    public let text: String
    public let isError: Bool

    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}

/// The bottom line while asking for something.
public struct Prompt: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case goToDate
        case search
        /// The days of a shopping list.
        case shoppingDays
        /// Where to move this meal.
        case moveMeal(Meal)
        /// Adding or editing a meal, one field at a time.
        case meal(MealForm)
        /// The name to save these marked days under as a template.
        case saveTemplate(DayRange)
        /// The template to lay down from this day, and how many copies.
        case applyTemplate(Day)
        /// Whether a change to an occurrence of a repeat is for this one or all.
        case repeatChoice(RepeatChoice)
        /// Whether the marked days replace a template of the name typed.
        case replaceTemplate(TemplateReplacement)
        /// How a single meal repeats, one field at a time.
        case repeatMeal(RepeatForm)
    }

    public internal(set) var kind: Kind
    public internal(set) var editor: LineEditor
    /// Why the last Enter was refused (or the save failed); the typed text is kept.
    public internal(set) var error: String?
    /// The text is a proposal: the first character typed replaces it instead of adding to it.
    public internal(set) var isSuggestion = false
    /// While Tab cycles through slot, recipe or template names: the text typed before the first Tab.
    var completionBase: String?
    /// A Tab (forward, or backward with `false`) waiting for the recipe or template names to arrive.
    var pendingNamesTab: Bool?
    /// While Tab cycles in a title: the text is a recipe's name (else a title planned before).
    var suggestsRecipe = false

    init(_ kind: Kind, text: String = "", isSuggestion: Bool = false) {
        self.kind = kind
        editor = LineEditor(text)
        self.isSuggestion = isSuggestion
    }

    /// Whether the field is a meal's note, the one field that keeps line breaks.
    var takesLineBreaks: Bool {
        if case .meal(let form) = kind { return form.step == .note }
        return false
    }

    /// After the text changed: the last refusal, the proposal and a Tab cycle are over.
    mutating func textChanged() {
        error = nil
        isSuggestion = false
        completionBase = nil
        suggestsRecipe = false
    }
}

/// A meal being added or edited: the fields entered so far and the one being typed.
public struct MealForm: Hashable, Sendable {
    /// The fields in order; `servings` is asked only while a recipe is linked.
    public enum Step: Int, Hashable, Sendable, CaseIterable {
        case slot, title, servings, note
    }

    /// The meal being edited; `nil` when adding.
    public let original: Meal?
    public let day: Day
    public internal(set) var slot: String
    public internal(set) var title: String
    public internal(set) var note: String
    public internal(set) var step: Step
    /// The recipe the meal links to (the edited meal's, or one chosen with Tab in the title),
    /// and its servings.
    public internal(set) var recipe: String?
    public internal(set) var servings: Double?

    /// The text of `step`'s field.
    func field(_ step: Step) -> String {
        switch step {
        case .slot: slot
        case .title: title
        case .servings: servings.map(Meal.servingsText) ?? ""
        case .note: note
        }
    }

    /// Keeps the text of `step`'s field; servings only when they read as servings (Enter
    /// says why they do not).
    mutating func setField(_ step: Step, _ text: String) {
        switch step {
        case .slot: slot = text
        case .title: title = text
        case .servings: if let typed = try? Meal.servings(parsing: text) { servings = typed }
        case .note: note = text
        }
    }

    /// The field after `step`: servings come after the title only with a recipe.
    func step(after step: Step) -> Step? {
        guard let next = Step(rawValue: step.rawValue + 1) else { return nil }
        return next == .servings && recipe == nil ? .note : next
    }

    /// The field before `step`, likewise.
    func step(before step: Step) -> Step? {
        guard let previous = Step(rawValue: step.rawValue - 1) else { return nil }
        return previous == .servings && recipe == nil ? .title : previous
    }
}

/// What was copied, as it was when copied: later changes to the original do not change a paste.
public enum Clipboard: Hashable, Sendable {
    /// One meal (`y`), which `p` pastes.
    case meal(Meal)
    /// A day's meals in display order (`Y`), which `P` pastes; the list is empty for a day
    /// without meals.
    case day(Day, [Meal])
}

/// Why a save was asked for, which says what its answer does to the history.
enum SaveOrigin: Hashable, Sendable {
    /// A new change by the user; `done` is the message shown once it is stored.
    case change(done: String)
    /// Undoing (or redoing) this entry of the history.
    case undo(ChangeBatch)
    case redo(ChangeBatch)
}

struct PendingSave: Hashable, Sendable {
    let request: SaveRequest
    let origin: SaveOrigin
    /// Whether the stored meals' day is then shown whole (a paste).
    let showsDay: Bool
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
