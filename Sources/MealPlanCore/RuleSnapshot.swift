/// A repeat rule as the store keeps it, whole, in the `rule` table's own terms: what undo needs
/// to put a removed rule back exactly, under its id (ids are never reused). The pattern stays
/// in stored fields because the module that reads them (Recurrence) builds on this one; it
/// also makes a snapshot of a `RepeatRule`.
public struct RuleSnapshot: Hashable, Sendable {
    public var id: Int64
    /// The rule's identity (`ItemUID`), which a rule put back keeps; `nil` for a rule not
    /// stored yet.
    public var uid: ItemUID?
    /// The meal the rule gives; its `day` is the rule's first day.
    public var meal: Meal
    /// "day", "week", "month" or "year".
    public var frequency: String
    public var interval: Int
    /// A weekly rule's weekdays as bits, Monday = 1 … Sunday = 64.
    public var weekdays: Int?
    /// A monthly rule's day of the month, or its ordinal weekday ("2nd Tuesday": 2 and 2).
    public var monthDay: Int?
    public var ordinal: Int?
    public var weekday: Int?
    /// The end: a last day or a number of occurrences, neither for a rule without end.
    public var untilDay: Day?
    public var count: Int?
    /// The days the rule skips, earliest first: any days of the calendar. A skipped day the
    /// rule no longer gives (an edit moved the rule off it, a calendar's EXDATE of another day or
    /// past the last of a COUNT) is kept as data, with no effect, by the store and a whole
    /// plan's file alike, as iCalendar keeps an EXDATE: an edit that brings the rule back to
    /// that day finds it skipped still, and a changed occurrence that stands in for it stays
    /// linked. Only skipping a day by hand asks that the rule give it.
    public var exceptions: [Day]
    /// The stored meals that replace occurrences (occurrences changed or moved), by id, with
    /// the day of the occurrence each replaces.
    public var replacements: [Int64: Day]

    public init(
        id: Int64, uid: ItemUID? = nil, meal: Meal, frequency: String, interval: Int, weekdays: Int? = nil, monthDay: Int? = nil,
        ordinal: Int? = nil, weekday: Int? = nil, untilDay: Day? = nil, count: Int? = nil, exceptions: [Day] = [],
        replacements: [Int64: Day] = [:]
    ) {
        self.id = id
        self.uid = uid
        self.meal = meal
        self.frequency = frequency
        self.interval = interval
        self.weekdays = weekdays
        self.monthDay = monthDay
        self.ordinal = ordinal
        self.weekday = weekday
        self.untilDay = untilDay
        self.count = count
        self.exceptions = exceptions
        self.replacements = replacements
    }
}
