/// Everything of a plan but its meals: the slots in their order, the repeat rules (each with
/// its id, UID and skipped days) and the templates with their meals. A whole plan's file
/// carries it before the meals, which may be millions and travel one at a time.
public struct PlanStructure: Hashable, Sendable {
    public var slots: [MealSlot]
    /// By id; each `replacements` empty: a changed occurrence is a meal, which names its rule.
    public var rules: [RuleSnapshot]
    /// By name, each with its UID.
    public var templates: [MealTemplate]

    public init(slots: [MealSlot], rules: [RuleSnapshot] = [], templates: [MealTemplate] = []) {
        self.slots = slots
        self.rules = rules
        self.templates = templates
    }
}
