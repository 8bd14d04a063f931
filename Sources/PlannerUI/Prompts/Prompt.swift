import MealPlanCore

/// The bottom line while asking for something: the prompt open (its own type, with its fields)
/// and the line being typed in it.
public struct Prompt: Hashable, Sendable {
    /// Every prompt of the planner, each case wrapping the prompt's type: adding a prompt is
    /// its file and a case here.
    public enum Kind: Hashable, Sendable {
        case goToDate(GoToDatePrompt)
        case search(SearchPrompt)
        case shoppingDays(ShoppingDaysPrompt)
        case moveMeal(MoveMealPrompt)
        case leftovers(LeftoversPrompt)
        case meal(MealForm)
        case saveTemplate(SaveTemplatePrompt)
        case applyTemplate(ApplyTemplatePrompt)
        case repeatChoice(RepeatChoice)
        case replaceTemplate(TemplateReplacement)
        case repeatMeal(RepeatForm)
        case pantry(PantryPicker)

        /// The prompt naming these marked days as a template.
        static func saveTemplate(_ days: DayRange) -> Kind { .saveTemplate(SaveTemplatePrompt(days: days)) }
    }

    /// The prompt open, which the update and the view ask what to do and show.
    var body: any PlannerPrompt
    public var kind: Kind { body.kind }
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
    /// While the prompt's help (`?`, `PromptHelp`) is open over it: how far it is scrolled.
    var helpScroll: Int?

    init(_ body: some PlannerPrompt, text: String = "", isSuggestion: Bool = false) {
        self.body = body
        editor = LineEditor(text)
        self.isSuggestion = isSuggestion
    }

    /// After the text changed: the last refusal, the proposal and a Tab cycle are over.
    mutating func textChanged() {
        error = nil
        isSuggestion = false
        completionBase = nil
        suggestsRecipe = false
    }

    // Every stored property, the prompt by its kind.
    public static func == (lhs: Prompt, rhs: Prompt) -> Bool {
        lhs.kind == rhs.kind && lhs.editor == rhs.editor && lhs.error == rhs.error && lhs.isSuggestion == rhs.isSuggestion
            && lhs.completionBase == rhs.completionBase && lhs.pendingNamesTab == rhs.pendingNamesTab
            && lhs.suggestsRecipe == rhs.suggestsRecipe && lhs.helpScroll == rhs.helpScroll
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(editor)
        hasher.combine(error)
        hasher.combine(isSuggestion)
        hasher.combine(completionBase)
        hasher.combine(pendingNamesTab)
        hasher.combine(suggestsRecipe)
        hasher.combine(helpScroll)
    }
}
