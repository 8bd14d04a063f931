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
/// - `DTSTAMP` is the export time in UTC. A sync's file of one item (`text(of:)`) is the item's
///   first revision too: `LAST-MODIFIED` the same time and `SEQUENCE:0`, from which a rewrite
///   (`ICalendarComponent.written(over:)`) counts on.
/// - Lines end in CRLF and are folded at 75 octets, never inside a UTF-8 sequence; text is
///   escaped as `ICalendarLine` says.
///
/// Each event is encoded into a reused line buffer and folded straight into the output buffer,
/// so memory stays constant however many meals there are.
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
    private var output: BufferedOutput
    private let settings: Settings
    /// `DTSTAMP:…`, the same for every event.
    private let stampLine: [UInt8]
    /// One content line being built, before it is folded into the output.
    private var line: [UInt8] = []
    /// What each slot writes in every event of its meals, made once per slot name.
    private var slotTexts: [String: SlotText] = [:]
    private var wroteHeader = false
    /// `LAST-MODIFIED:…` and `SEQUENCE:0` after each event's `DTSTAMP`, for a sync's file; none
    /// in an export.
    private var revisionLines: [[UInt8]] = []

    /// A writer to `fileDescriptor`, which stays open and owned by the caller.
    public init(fileDescriptor: Int32, settings: Settings) {
        self.init(output: BufferedOutput(fileDescriptor: fileDescriptor, format: "ICS"), settings: settings)
    }

    private init(output: BufferedOutput, settings: Settings) {
        self.output = output
        self.settings = settings
        stampLine = Self.stampLine(settings.stamp)
        line.reserveCapacity(1024)
    }

    /// The text of a calendar holding `meals` and `settings.repeating` alone: the file of one
    /// synced item, which a sync writes into a folder of its own.
    /// Leftovers among `meals` name their source by `leftoversSource`, its UID.
    public static func text(of meals: [Meal], leftoversSource: ItemUID? = nil, settings: Settings) -> String {
        var writer = ICalendarMealWriter(output: BufferedOutput(inMemory: "ICS"), settings: settings)
        writer.revisionLines = [Array(("LAST-MODIFIED:" + settings.stamp.text).utf8), Array("SEQUENCE:0".utf8)]
        // Writing to memory cannot fail.
        for meal in meals { try? writer.write(meal, leftoversSource: leftoversSource) }
        try? writer.finish()
        return String(decoding: writer.output.collected, as: UTF8.self)
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
        try begin(meal, uid: CalendarUID.text(of: meal))
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: Self.positionName)
        line.append(contentsOf: String(meal.position).utf8)
        try emitLine(line)
        try end(meal, leftoversSource: leftoversSource)
    }

    /// Appends a repeat rule as one VEVENT with its `RRULE`, and an `EXDATE` for each skipped
    /// occurrence.
    private mutating func write(_ repeating: RepeatingMeal) throws(OutputWriteError) {
        try begin(repeating.meal, uid: CalendarUID.text(of: repeating))
        try emit("RRULE:" + rrule(repeating.rrule, timed: settings.slotTimes[repeating.meal.slot] != nil))
        for day in repeating.skipped {
            try writeStart("EXDATE", day, slot: repeating.meal.slot)
        }
        try end(repeating.meal)
        for change in repeating.overrides {
            try begin(change.meal, uid: CalendarUID.text(of: repeating))
            try writeStart("RECURRENCE-ID", change.replacing, slot: repeating.meal.slot)
            if let uid = change.meal.uid { try emit(CalendarMeal.Property.mealUID + ":" + CalendarUID.text(uid)) }
            try end(change.meal, leftoversSource: change.leftoversOf)
        }
    }

    /// `rrule` with its `UNTIL` a date-time at the end of its day for a timed event: RFC 5545
    /// wants `UNTIL` of the same type as `DTSTART`.
    private func rrule(_ rrule: String, timed: Bool) -> String {
        guard timed else { return rrule }
        return rrule.split(separator: ";").map { part in
            part.hasPrefix("UNTIL=") && part.count == 14 ? part + "T235959" : part
        }.joined(separator: ";")
    }

    /// `prefix` and the start of an event of `slot` on `day`: a date, or a floating date-time
    /// when the slot has a time, as DTSTART has it.
    private mutating func writeStart(_ prefix: String, _ day: Day, slot: String) throws(OutputWriteError) {
        line.removeAll(keepingCapacity: true)
        if let start = settings.slotTimes[slot] {
            appendDate(prefix + ":", day)
            appendTime(start.minutes)
        } else {
            appendDate(prefix + ";VALUE=DATE:", day)
        }
        try emitLine(line)
    }

    /// BEGIN, UID, DTSTAMP and the times of an event for `meal`.
    private mutating func begin(_ meal: Meal, uid: String) throws(OutputWriteError) {
        if !wroteHeader { try writeHeader() }
        try emit("BEGIN:VEVENT")
        try emit("UID:" + uid)
        try emitLine(stampLine)
        for line in revisionLines { try emitLine(line) }
        if let start = settings.slotTimes[meal.slot] {
            try writeTimes(of: meal.day, start: start)
        } else {
            line.removeAll(keepingCapacity: true)
            appendDate("DTSTART;VALUE=DATE:", meal.day)
            try emitLine(line)
            if let next = Day(number: meal.day.number + 1) {
                line.removeAll(keepingCapacity: true)
                appendDate("DTEND;VALUE=DATE:", next)
                try emitLine(line)
            } else {
                // 9999-12-31 has no next day that iCalendar can write.
                try emit("DURATION:P1D")
            }
        }
    }

    /// SUMMARY, DESCRIPTION, the slot, recipe and servings, what became of the meal, and the
    /// end of `meal`'s event.
    private mutating func end(_ meal: Meal, leftoversSource: ItemUID? = nil) throws(OutputWriteError) {
        let slot = slotText(meal.slot)
        try emitText("SUMMARY:", prefix: slot.summaryPrefix, meal.title)
        if let note = meal.note { try emitText("DESCRIPTION:", note) }
        try emitLine(slot.categories)
        try emitLine(slot.slotLine)
        if let recipe = meal.recipe { try emitText(CalendarMeal.Property.recipe + ":", recipe) }
        if let servings = meal.servings { try emit(CalendarMeal.Property.servings + ":" + Meal.servingsText(servings)) }
        switch meal.status {
        case .planned: break
        case .done: try emit(CalendarMeal.Property.status + ":" + MealStatus.done.rawValue)
        case .skipped: try emit("STATUS:CANCELLED")
        }
        if let leftoversSource { try emit(CalendarMeal.Property.leftoversOf + ":" + leftoversSource.text) }
        if let eaters = meal.eaters { try emit(CalendarMeal.Property.eaters + ":" + Meal.servingsText(eaters)) }
        try emit("END:VEVENT")
    }

    /// The property `name` (with its colon) whose value is `prefix` and then `text` as TEXT.
    private mutating func emitText(_ name: String, prefix: [UInt8] = [], _ text: String) throws(OutputWriteError) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: name.utf8)
        line.append(contentsOf: prefix)
        ICalendarLine.appendText(text, to: &line)
        try emitLine(line)
    }

    /// Ends the calendar (an export without meals is a calendar without events) and hands every
    /// buffered byte to the file descriptor.
    public mutating func finish() throws(OutputWriteError) {
        if !wroteHeader { try writeHeader() }
        for repeating in settings.repeating { try write(repeating) }
        try emit("END:VCALENDAR")
        try output.flush()
    }

    private mutating func writeHeader() throws(OutputWriteError) {
        wroteHeader = true
        try emit("BEGIN:VCALENDAR")
        try emit("VERSION:2.0")
        try emit("PRODID:" + Self.productID)
        try emit("CALSCALE:GREGORIAN")
    }

    /// DTSTART and DTEND of a timed event on `day` (floating local time).
    private mutating func writeTimes(of day: Day, start: TimeOfDay) throws(OutputWriteError) {
        line.removeAll(keepingCapacity: true)
        appendDate("DTSTART:", day)
        appendTime(start.minutes)
        try emitLine(line)
        let end = start.minutes + settings.duration.minutes
        guard let endDay = Day(number: day.number + end / (24 * 60)) else {
            try emit("DURATION:PT\(settings.duration.minutes)M")
            return
        }
        line.removeAll(keepingCapacity: true)
        appendDate("DTEND:", endDay)
        appendTime(end % (24 * 60))
        try emitLine(line)
    }

    private mutating func appendDate(_ prefix: String, _ day: Day) {
        line.append(contentsOf: prefix.utf8)
        Self.appendDate(day, to: &line)
    }

    /// `THHMM00`.
    private mutating func appendTime(_ minutes: Int) {
        line.append(UInt8(ascii: "T"))
        Self.appendDigits(minutes / 60, count: 2, to: &line)
        Self.appendDigits(minutes % 60, count: 2, to: &line)
        line.append(contentsOf: "00".utf8)
    }

    private static func appendDate(_ day: Day, to line: inout [UInt8]) {
        let date = day.date
        appendDigits(date.year, count: 4, to: &line)
        appendDigits(date.month, count: 2, to: &line)
        appendDigits(date.day, count: 2, to: &line)
    }

    private static func appendDigits(_ value: Int, count: Int, to line: inout [UInt8]) {
        let start = line.count
        line.append(contentsOf: repeatElement(0, count: count))
        line.withUnsafeMutableBufferPointer { bytes in
            var end = start
            DigitEncoding.digits(value, count: count, into: bytes, at: &end)
        }
    }

    private static func stampLine(_ stamp: UTCTimestamp) -> [UInt8] {
        Array(("DTSTAMP:" + stamp.text).utf8)
    }

    /// A slot's texts, escaped: "Dinner: " before the title, `CATEGORIES:Dinner`,
    /// `X-MEALPLAN-SLOT:dinner`.
    private struct SlotText {
        var summaryPrefix: [UInt8] = []
        var categories = Array("CATEGORIES:".utf8)
        var slotLine = Array((CalendarMeal.Property.slot + ":").utf8)
    }

    private static let positionName = Array((CalendarMeal.Property.position + ":").utf8)

    private mutating func slotText(_ slot: String) -> SlotText {
        if let known = slotTexts[slot] { return known }
        var text = SlotText()
        let category = CalendarMeal.category(of: slot)
        ICalendarLine.appendText(category + ": ", to: &text.summaryPrefix)
        ICalendarLine.appendText(category, to: &text.categories)
        ICalendarLine.appendText(slot, to: &text.slotLine)
        slotTexts[slot] = text
        return text
    }

    private mutating func emit(_ text: String) throws(OutputWriteError) {
        try emitLine(Array(text.utf8))
    }

    /// Writes `content` (valid UTF-8) as folded physical lines (`ICalendarLine.fold`).
    private mutating func emitLine(_ content: [UInt8]) throws(OutputWriteError) {
        try output.reserve(ICalendarLine.foldedCount(content.count))
        output.encode { bytes, end in ICalendarLine.fold(content, into: bytes, at: &end) }
    }
}
