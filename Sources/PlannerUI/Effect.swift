import MealPlanCore
import TerminalKit
import Timeline

/// Work for the run loop: the only way `update` reaches the store, the clock or the process.
/// Each is answered by feeding the matching `Input` back (see each case).
public enum Effect: Hashable, Sendable {
    /// Read the meals of `request.days`; answer `.loaded(request, mealsByDay)` or `.loadFailed`.
    case load(LoadRequest)
    /// Write `request.work` in one transaction, all or none; answer `.saved(request, stored:)`
    /// or `.saveFailed`.
    case save(SaveRequest)
    /// Find the nearest meal matching `request.text` strictly after (or before)
    /// `request.from`, repeats up to the store's search horizon from `request.today`; answer
    /// `.matchFound(request, meal, repeatsShownThrough:)` or `.searchFailed`.
    case findMatch(SearchRequest)
    /// Feed `.tick` after `after` (unless a key arrives first; feeding it late is harmless).
    case scheduleTick(after: Duration)
    /// Run the user's editor on `meal`'s note, the terminal given back meanwhile; answer
    /// `.noteEdited(meal, text:)` with the text saved, or `.noteEditFailed`.
    case editNote(Meal)
    /// Read `meal`'s recipe and lay it out scaled to the meal's servings; answer
    /// `.pageShown` with a `.recipe` page, or `.recipeFailed`.
    case showRecipe(Meal)
    /// Run the user's editor on `meal`'s recipe file, the terminal given back meanwhile, then
    /// read it again; answer like `.showRecipe`, or `.recipeEditFailed`.
    case editRecipe(Meal)
    /// Make the shopping list of the meals of `days`; answer `.pageShown` with a
    /// `.shoppingList` page, or `.shoppingListFailed`.
    case showShoppingList(DayRange)
    /// Work out what the meals of `days` add up to per person, as `mealplan nutrition` does;
    /// answer `.pageShown` with a `.nutrition` page, or `.nutritionFailed`.
    case showNutrition(DayRange)
    /// Tick `name` off the shopping list (`checked`), or put it back, in the recipes folder's
    /// `.shopping-checked`; answer `.pageShown` with the list of `days` again, or
    /// `.shoppingListFailed`.
    case tickShoppingItem(name: String, checked: Bool, days: DayRange)
    /// Write the meals of `request.days` and their shopping list as the page `mealplan print
    /// --list` makes, to a file; answer `.printed` or `.printFailed`.
    case printDays(PrintRequest)
    /// List the recipes folder's names (no recipe is read) for Tab in a title; answer
    /// `.recipeNamesLoaded` or `.recipePromptFailed`.
    case listRecipes
    /// List the titles planned around `today` (the most often first) for Tab in a title;
    /// answer `.titlesLoaded`.
    case listTitles(around: Day)
    /// Read the recipe called exactly `name` for the meal being typed; answer `.recipeChosen`
    /// with the title and servings it gives a meal, or `.recipePromptFailed`.
    case chooseRecipe(String)
    /// Rank every recipe by what the pantry holds of it, as `recipes --can-make` does, both
    /// ways (by the share held, and by the pantry item expiring first), for Ctrl-P in a title;
    /// answer `.pantryRanked` or `.recipePromptFailed`.
    case rankPantry
    /// Keep the meals of `days` as the template `name`, in place of the template of that name
    /// if `replacing`; answer `.templateSaved`, `.templateExists` (the name is taken and not
    /// `replacing`) or `.templateFailed`.
    case saveTemplate(name: String, days: DayRange, replacing: Bool)
    /// List the templates' names for Tab in the template prompt; answer `.templateNamesLoaded`
    /// or `.templateFailed`.
    case listTemplates
    /// Read the template and the meals `placement` would lay down, without storing them (the
    /// planner then saves the placement of the template as read, `SaveWork.template`, as one
    /// change, which `u` undoes); answer `.templatePlaced` or `.templateFailed`.
    case placeTemplate(TemplatePlacement)
    /// Read how the cooked meals of `request.ids` (a leftover's source in its place) are shared
    /// (`MealStore.leftoverShares`); answer `.leftoverSharesLoaded(request, shares)` or
    /// `.leftoverSharesFailed`.
    case shareLeftovers(LeftoverShareRequest)
    /// Read the meals `ids` (the sources of leftovers shown whose source is not in the loaded
    /// days), for the "leftovers from Mon dinner" line; answer `.leftoverSourcesFound` with the
    /// ones that still exist.
    case findLeftoverSources([Int64])
    /// Sync the plan with its vdir as `mealplan sync` does (answered by `synced` or
    /// `syncFailed`).
    case sync
    /// The same round, keeping one side of a conflict or of all (`ConflictResolution`), as
    /// `sync --keep` does; answered likewise.
    case resolveConflicts(ConflictResolution)
    /// Paint the whole screen again at the next draw (Ctrl-L); no answer.
    case redraw
    /// Stop the process as Ctrl-Z does (the terminal given back until `fg`); no answer.
    case suspend
    /// Leave the planner and restore the terminal.
    case quit
}

/// One step of the history: the changes one command made, stored in one transaction and undone
/// and redone as a whole. Most commands change one meal; pasting a day adds all of its meals.
public struct ChangeBatch: Hashable, Sendable, ExpressibleByArrayLiteral {
    public var changes: [MealChange]
    /// What the batch was, when its changes alone do not say it ("sync"), for "Undid: …".
    public var label: String?

    public init(_ changes: [MealChange], label: String? = nil) {
        self.changes = changes
        self.label = label
    }

    public init(arrayLiteral changes: MealChange...) {
        self.init(changes)
    }

    /// The batch that undoes this one once it is stored: each change reversed, the last one
    /// first.
    public var inverse: ChangeBatch { ChangeBatch(changes.reversed().map(\.inverse), label: label) }

    /// The days whose content the batch touches, earliest first, without repeats.
    public var days: [Day] {
        Array(Set(changes.flatMap(\.days))).sorted()
    }
}

/// What a save writes: changes as the history holds them, a template laid down as
/// `template apply` lays it (`MealStore.applyTemplate`), or copied days pasted as `copy-days`
/// copies them (`MealStore.copy`); the last two link each copy's leftovers to the copy of
/// their cook, meals a batch of changes has no ids to name yet. Each is stored as the changes
/// made, one step of the history.
public enum SaveWork: Hashable, Sendable {
    case changes(ChangeBatch)
    /// `placement` of the template as `.placeTemplate` read it: the store lays that down, or
    /// refuses, laying nothing, when another program changed the template meanwhile.
    case template(TemplatePlacement, asRead: MealTemplate)
    case paste(DayPaste)

    /// What the history calls the step this work makes, for "Undid: …", when its changes
    /// alone do not say it: a batch's label; the template applied and its copies, as the
    /// prompt takes them ("apply template 'weekend' x2").
    var label: String? {
        switch self {
        case .changes(let batch): batch.label
        case .template(let placement, let template):
            "apply template \(quoted(template.name))" + (placement.times == 1 ? "" : " x\(placement.times)")
        case .paste: nil
        }
    }
}

/// A change handed to the store, with an id so its answer finds its way back.
public struct SaveRequest: Hashable, Sendable {
    public let id: Int
    public let work: SaveWork

    public init(id: Int, work: SaveWork) {
        self.id = id
        self.work = work
    }

    public init(id: Int, change: ChangeBatch) {
        self.init(id: id, work: .changes(change))
    }
}

/// "Copies of `meals`, the meals of `days` when they were copied (`Y`), at the same offsets
/// from `target`" (`P`): the store copies them as `copy-days` copies days
/// (`MealStore.copy`), so that leftovers copied with their cook eat from its copy.
public struct DayPaste: Hashable, Sendable {
    public let days: DayRange
    public let meals: [Meal]
    public let target: Day

    public init(days: DayRange, meals: [Meal], target: Day) {
        self.days = days
        self.meals = meals
        self.target = target
    }
}

/// "`times` copies of the template `name`, one after another, from `start`."
public struct TemplatePlacement: Hashable, Sendable {
    public let name: String
    public let start: Day
    public let times: Int

    public init(name: String, start: Day, times: Int) {
        self.name = name
        self.start = start
        self.times = times
    }
}

/// "The days `days` on paper, in weeks from `weekStart`, printed on `today`" (`W`).
public struct PrintRequest: Hashable, Sendable {
    public let days: DayRange
    public let weekStart: Weekday
    public let today: Day

    public init(days: DayRange, weekStart: Weekday, today: Day) {
        self.days = days
        self.weekStart = weekStart
        self.today = today
    }
}

/// "How are the cooked meals `ids` shared?", for `purpose`.
public struct LeftoverShareRequest: Hashable, Sendable {
    public enum Purpose: Hashable, Sendable {
        /// `L` on this meal: the answer opens the prompt asking where its leftovers are eaten.
        case plan(Meal)
        /// After a change: the answer's problems are warned of on the status line, after
        /// `following` (what an undo or redo said) when given.
        case warn(following: String?)
    }

    public let ids: [Int64]
    /// The household's size (the config file's `servings`): how many eat at a cooked meal that
    /// does not say.
    public let household: Double?
    public let purpose: Purpose

    public init(ids: [Int64], household: Double?, purpose: Purpose) {
        self.ids = ids
        self.household = household
        self.purpose = purpose
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
    /// The planner's today: a repeat's occurrences are searched up to the horizon the store
    /// works out from it (`MealStore.searchHorizon`), as `mealplan list --search` shows them.
    public let today: Day

    public init(text: String, direction: SearchDirection, from: Day, today: Day) {
        self.text = text
        self.direction = direction
        self.from = from
        self.today = today
    }
}
