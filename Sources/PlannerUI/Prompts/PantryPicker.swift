import MealPlanCore
import TerminalKit
import TextHelpers

/// Every recipe ranked by what the pantry holds of it, as `recipes --can-make` ranks them
/// (`PantryCoverage`, made by the run loop): the answer to `Effect.rankPantry`.
public struct PantryRanking: Hashable, Sendable {
    /// One recipe of the list: what choosing it gives the meal, and what the cook reads.
    public struct Pick: Hashable, Sendable {
        /// The recipe's name in the folder.
        public let recipe: String
        /// The title and servings a meal linked to it gets (`ChosenRecipe`).
        public let title: String
        public let servings: Double?
        /// "missing garlic 2 cloves, fresh basil", or "all in the pantry".
        public let missing: String
        /// "uses butter, expires Fri 2027-01-15": the pantry item it uses that expires first.
        public let expiring: String?

        public init(recipe: String, title: String, servings: Double?, missing: String, expiring: String?) {
            self.recipe = recipe
            self.title = title
            self.servings = servings
            self.missing = missing
            self.expiring = expiring
        }
    }

    /// The most of their ingredients held first (`recipes --can-make`).
    public let byShare: [Pick]
    /// The recipes using the pantry item expiring soonest first (`--use-first`); nil when no
    /// pantry item has an expire date.
    public let byExpiry: [Pick]?
    /// The recipes that could not be read, each named by its file and line, left out.
    public let problems: [String]

    public init(byShare: [Pick], byExpiry: [Pick]?, problems: [String]) {
        self.byShare = byShare
        self.byExpiry = byExpiry
        self.problems = problems
    }
}

/// Ctrl-P in a meal's title: what the pantry can make, as a list above the prompt, the best
/// first. The field narrows the list (by name or title, as `recipes --search`); ↑ and ↓ choose;
/// Enter links the meal to the recipe, keeping a title already typed (else taking the
/// recipe's), and goes back to the title; Tab switches between the two orders; Esc goes back to
/// the title as it was.
public struct PantryPicker: PlannerPrompt, Hashable {
    /// The meal being added or edited, at its title.
    let form: MealForm
    /// The title typed before Ctrl-P, given back by Esc.
    let title: String
    let ranking: PantryRanking
    /// Whether the list is in `--use-first` order: from the start when the pantry has expire dates.
    var usingFirst: Bool
    /// The recipe chosen; nil for the first one shown. Kept by name, so narrowing the list
    /// keeps it where it still matches.
    var selected: String?
    /// The first recipe shown, an index into the narrowed list.
    var top = 0

    /// The list's own keys, taken before the line editor's.
    enum Command: Hashable, Sendable {
        case next, previous, pageDown, pageUp, order
    }

    static let keys = KeyTable<Command>([
        KeyBinding([.down], .next, "next recipe"),
        KeyBinding([.up], .previous, "previous recipe"),
        KeyBinding([.pageDown], .pageDown, "a page more"),
        KeyBinding([.pageUp], .pageUp, "a page back"),
        KeyBinding([.tab], .order, "expiring first, or most held first"),
    ])

    var kind: Prompt.Kind { .pantry(self) }

    var label: String { "Can make: " }
    var typesQuestionMark: Bool { true }

    /// The recipes in the order shown whose name or title contains `filter`.
    func shown(_ filter: String) -> [PantryRanking.Pick] {
        let picks = usingFirst ? ranking.byExpiry ?? ranking.byShare : ranking.byShare
        let query = MealQuery(filter)
        return filter.isEmpty ? picks : picks.filter { query.matches(title: $0.recipe, note: $0.title) }
    }

    /// Where the chosen recipe is in `shown`: the first when none was chosen or it is filtered out.
    func selectedIndex(in shown: [PantryRanking.Pick]) -> Int {
        selected.flatMap { name in shown.firstIndex { $0.recipe == name } } ?? 0
    }

    /// The first row shown so that the selection is in view among `visible` rows, the list
    /// filling them as far as it goes.
    static func top(_ top: Int, selection: Int, count: Int, visible: Int) -> Int {
        let visible = max(1, visible)
        let inView = min(max(top, selection - visible + 1), selection)
        return max(0, min(inView, count - visible))
    }

    /// How to choose and link come first and go last when the line is short; the order's key
    /// and "type to narrow" give way first.
    func hint(_ prompt: Prompt, state: PlannerState) -> [PromptView.HintPart] {
        let choose = Self.keys.keyNames(for: .previous) + " " + Self.keys.keyNames(for: .next) + " choose"
        let link = LineEditor.keys.keyNames(for: .accept) + " links it"
        let order = ranking.byExpiry == nil ? []
            : [PromptView.HintPart(text: Self.keys.keyNames(for: .order) + (usingFirst ? " most held first" : " expiring first"), rank: 0)]
        return [PromptView.HintPart(text: choose, rank: 1), PromptView.HintPart(text: link, rank: 1)] + order
            + [PromptView.HintPart(text: "type to narrow", rank: 0), PromptView.HintPart(text: LineEditor.keys.keyNames(for: .cancel) + " back", rank: 1)]
    }

    /// Enter: the meal is linked to the recipe chosen, and the title field is back.
    func submit(_ text: String, prompt: inout Prompt, state: inout PlannerState) throws -> [Effect] {
        let shown = shown(text)
        guard !shown.isEmpty else { throw PantryPickerError(description: "No recipe the pantry list holds matches '\(text)'") }
        let pick = shown[selectedIndex(in: shown)]
        let title = self.title.trimmingWhitespace().isEmpty ? pick.title : self.title
        state.reopen(Prompt(form.linking(pick.recipe, title: title, servings: pick.servings), text: title))
        return []
    }

    /// Esc: back to the title as it was typed.
    func cancel(_ prompt: inout Prompt, state: inout PlannerState) -> [Effect] {
        state.reopen(Prompt(form, text: title))
        return []
    }

    /// ↑ ↓ PgUp PgDn move the choice, Tab switches the order; other keys edit the filter.
    func intercept(_ key: Key, prompt: inout Prompt, state: inout PlannerState) -> [Effect]? {
        guard let command = Self.keys.command(for: key) else { return nil }
        var picker = self
        let visible = PantryListView.rows(for: state.size)
        switch command {
        case .next: picker.move(by: 1, filter: prompt.editor.text, visible: visible)
        case .previous: picker.move(by: -1, filter: prompt.editor.text, visible: visible)
        case .pageDown: picker.move(by: visible, filter: prompt.editor.text, visible: visible)
        case .pageUp: picker.move(by: -visible, filter: prompt.editor.text, visible: visible)
        case .order:
            if ranking.byExpiry == nil {
                prompt.error = "No pantry item has an expire date: the list is by what the pantry holds"
            } else {
                picker.usingFirst.toggle()
                picker.selected = nil
                picker.top = 0
            }
        }
        prompt.body = picker
        state.mode = .prompt(prompt)
        return []
    }

    /// The choice `offset` recipes on, stopping at either end, kept in view.
    private mutating func move(by offset: Int, filter: String, visible: Int) {
        let shown = shown(filter)
        guard !shown.isEmpty else { return }
        let index = max(0, min(shown.count - 1, selectedIndex(in: shown) + offset))
        selected = shown[index].recipe
        top = Self.top(top, selection: index, count: shown.count, visible: visible)
    }

    func drawAbove(_ prompt: Prompt, state: PlannerState, theme: Theme, into buffer: inout Buffer) {
        PantryListView.draw(self, filter: prompt.editor.text, theme: theme, into: &buffer)
    }
}

/// Why Enter in the pantry's list links nothing.
struct PantryPickerError: Error, CustomStringConvertible {
    let description: String
}

extension PlannerState {
    /// The ranking arrived: the list opens over the meal's title field (still open at its
    /// title), in `--use-first` order when the pantry has expire dates. A recipe that could not
    /// be read is named above the prompt.
    mutating func pantryRanked(_ ranking: PantryRanking) {
        guard case .prompt(var prompt) = mode, case .meal(let form) = prompt.kind, form.step == .title else { return }
        guard !ranking.byShare.isEmpty else {
            prompt.error = ranking.problems.first ?? "No recipe names an ingredient"
            mode = .prompt(prompt)
            return
        }
        var list = Prompt(PantryPicker(form: form, title: prompt.editor.text, ranking: ranking, usingFirst: ranking.byExpiry != nil))
        if let problem = ranking.problems.first {
            list.error = ranking.problems.count == 1 ? problem : "\(problem) (and \(ranking.problems.count - 1) more left out)"
        }
        reopen(list)
    }
}
