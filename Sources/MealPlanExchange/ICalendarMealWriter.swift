import MealPlanCore

/// Writes meals as an iCalendar file (RFC 5545) to a file descriptor, one VEVENT per meal, so a
/// household can subscribe to or import its plan in the calendar apps it already uses.
///
/// - Meals are all-day events (`DTSTART;VALUE=DATE`, `DTEND` the next day, exclusive) unless
///   their slot has a start time in `Settings.slotTimes`; then they start at that time and last
///   `Settings.duration`. Times are *floating* local times (no `Z`, no `TZID`): a meal at 19:00
///   is at 19:00 wherever the calendar is read, which is what a meal plan means, and calendar
///   clients need no VTIMEZONE definition to read it.
/// - `SUMMARY` is the slot, capitalised, then the title ("Dinner: Lasagna"); `DESCRIPTION` is
///   the note, when there is one.
/// - What a calendar has no field for travels in properties calendars keep and show as they
///   can: the slot as `CATEGORIES` (capitalised, as the summary has it) and exactly as
///   `X-MEALPLAN-SLOT`; a stored meal's place in its slot as `X-MEALPLAN-POSITION`; the recipe
///   and servings as `X-MEALPLAN-RECIPE` and `X-MEALPLAN-SERVINGS`; a skipped meal is
///   `STATUS:CANCELLED` (RFC 5545's, which calendars show), a done one `X-MEALPLAN-STATUS:done`;
///   leftovers name their source's UID in `X-MEALPLAN-LEFTOVERS-OF`, and a cooked meal how many
///   eat at it in `X-MEALPLAN-EATERS`. Read back, they give the meal whole (`CalendarMeal`).
/// - `UID` is the meal's or rule's `ItemUID` (`CalendarUID` says in which form, and why): the
///   same meal keeps its UID in every export, so re-importing an updated plan updates events
///   instead of duplicating them, and no two plans' meals share one.
/// - `DTSTAMP` is the export time in UTC.
/// - Lines end in CRLF and are folded at 75 octets, never inside a UTF-8 sequence; text is
///   escaped as `ICalendarLine` says.
///
/// What an event holds is said once, by `ICalendarEventEncoder`: this writer folds each event
/// straight into the output buffer, so memory stays constant however many meals there are;
/// `calendar(of:)` builds one synced item's calendar in memory instead, for a sync to merge over
/// the file there and write once (`ICalendarItemFile`).
public struct ICalendarMealWriter {
    public struct Settings: Sendable {
        /// When the export was made, written as every event's DTSTAMP.
        public var stamp: UTCTimestamp
        /// Start times by exact slot name; meals of other slots are all-day events.
        public var slotTimes: [String: TimeOfDay]
        /// How long a timed meal event lasts.
        public var duration: EventDuration
        /// The repeat rules, each written as one event when the calendar ends.
        public var repeating: [RepeatingMeal]

        public init(
            stamp: UTCTimestamp, slotTimes: [String: TimeOfDay] = [:], duration: EventDuration = .standard,
            repeating: [RepeatingMeal] = []
        ) {
            self.stamp = stamp
            self.slotTimes = slotTimes
            self.duration = duration
            self.repeating = repeating
        }
    }

    /// The PRODID of every file this writer makes.
    public static let productID = "-//mealplan//mealplan export//EN"
    private var encoder: ICalendarEventEncoder<FoldedCalendarOutput>
    private var wroteHeader = false

    /// A writer to `fileDescriptor`, which stays open and owned by the caller.
    public init(fileDescriptor: Int32, settings: Settings) {
        let output = FoldedCalendarOutput(BufferedOutput(fileDescriptor: fileDescriptor, format: "ICS"))
        encoder = ICalendarEventEncoder(sink: output, settings: settings)
    }

    /// The calendar holding `meals` and `settings.repeating` alone, built in memory: the
    /// calendar of one synced item, which a sync writes over the file there
    /// (`ICalendarItemFile`). Leftovers among `meals` name their source by `leftoversSource`,
    /// its UID.
    public static func calendar(of meals: [Meal], leftoversSource: ItemUID? = nil, settings: Settings) -> ICalendarComponent {
        var encoder = ICalendarEventEncoder(sink: CalendarComponentBuilder(), settings: settings)
        // Building in memory cannot fail.
        try? encoder.beginCalendar()
        for meal in meals { try? encoder.write(meal, leftoversSource: leftoversSource) }
        for repeating in settings.repeating { try? encoder.write(repeating) }
        try? encoder.endCalendar()
        return encoder.sink.finished.first ?? ICalendarComponent(name: "VCALENDAR")
    }

    /// A repeat rule as the writer needs it: the meal of its first occurrence, its RRULE value
    /// (RFC 5545), and the occurrences it skips, `EXDATE`s. An occurrence the user changed is
    /// a meal of its own, written as an event of its own on its day, and skipped by the rule:
    /// calcurse 4.7 ignores `RECURRENCE-ID` and would show both the occurrence and the change.
    public struct RepeatingMeal: Sendable {
        public var id: Int64
        /// The rule's identity, its event's UID.
        public var uid: ItemUID?
        public var meal: Meal
        public var rrule: String
        public var skipped: [Day]
        /// Changed occurrences written as events of the rule's own UID with a `RECURRENCE-ID`
        /// (a sync's file, which calendar servers and khal read so); an export leaves them
        /// empty and writes changed occurrences as meals.
        public var overrides: [ChangedOccurrence]

        public init(id: Int64, uid: ItemUID?, meal: Meal, rrule: String, skipped: [Day], overrides: [ChangedOccurrence] = []) {
            self.id = id
            self.uid = uid
            self.meal = meal
            self.rrule = rrule
            self.skipped = skipped
            self.overrides = overrides
        }
    }

    /// An occurrence of a repeat changed into a meal of its own: the day it replaces, the meal
    /// it is now (its status and eaters written as a single meal's, its own UID as
    /// `X-MEALPLAN-MEAL-UID`), and for leftovers the UID of the meal they come from.
    public struct ChangedOccurrence: Sendable {
        public var replacing: Day
        public var meal: Meal
        public var leftoversOf: ItemUID?

        public init(replacing: Day, meal: Meal, leftoversOf: ItemUID? = nil) {
            self.replacing = replacing
            self.meal = meal
            self.leftoversOf = leftoversOf
        }
    }

    /// Appends `meal` as one VEVENT, after the calendar's header if this is the first.
    public mutating func write(_ meal: Meal) throws(OutputWriteError) {
        try write(meal, leftoversSource: nil)
    }

    /// Appends the stored meal `row` shows, its leftovers' source named by UID.
    public mutating func write(_ row: MealRowView) throws(OutputWriteError) {
        try write(Meal(row), leftoversSource: row.leftoversSource?.uid)
    }

    private mutating func write(_ meal: Meal, leftoversSource: ItemUID?) throws(OutputWriteError) {
        if !wroteHeader { try writeHeader() }
        try encoder.write(meal, leftoversSource: leftoversSource)
    }

    /// Ends the calendar (an export without meals is a calendar without events) and hands every
    /// buffered byte to the file descriptor.
    public mutating func finish() throws(OutputWriteError) {
        if !wroteHeader { try writeHeader() }
        for repeating in encoder.settings.repeating { try encoder.write(repeating) }
        try encoder.endCalendar()
        try encoder.sink.output.flush()
    }

    private mutating func writeHeader() throws(OutputWriteError) {
        wroteHeader = true
        try encoder.beginCalendar()
    }
}
