import MealPlanCore

/// What an event of a meal or a repeat holds, said once (see `ICalendarMealWriter` for the
/// format), into any `ICalendarSink`: an export's folded bytes, or the components of one
/// synced item's file, built in memory.
///
/// Each value is made in one reused buffer, and what a slot writes in every event of its meals
/// is made once per slot name, so an export of any size encodes without a string per property.
struct ICalendarEventEncoder<Sink: ICalendarSink> {
    var sink: Sink
    let settings: ICalendarMealWriter.Settings
    /// One value being made, before it goes to the sink.
    private var value: [UInt8] = []
    /// What each slot writes in every event of its meals, made once per slot name.
    private var slotTexts: [String: SlotText] = [:]
    /// `DTSTAMP`'s value, the same for every event.
    private let stamp: [UInt8]

    init(sink: Sink, settings: ICalendarMealWriter.Settings) {
        self.sink = sink
        self.settings = settings
        stamp = Array(settings.stamp.text.utf8)
        value.reserveCapacity(1024)
    }

    mutating func beginCalendar() throws(OutputWriteError) {
        try sink.begin("VCALENDAR")
        try emit("VERSION", "2.0")
        try emit("PRODID", ICalendarMealWriter.productID)
        try emit("CALSCALE", "GREGORIAN")
    }

    mutating func endCalendar() throws(OutputWriteError) {
        try sink.end("VCALENDAR")
    }

    /// `meal` as one VEVENT, its leftovers' source named by UID.
    mutating func write(_ meal: Meal, leftoversSource: ItemUID?) throws(OutputWriteError) {
        try begin(meal, uid: CalendarUID.text(of: meal))
        value.removeAll(keepingCapacity: true)
        value.append(contentsOf: String(meal.position).utf8)
        try sink.property(CalendarMeal.Property.position, [], value: value)
        try end(meal, leftoversSource: leftoversSource)
    }

    /// A repeat rule as one VEVENT with its `RRULE` and an `EXDATE` for each skipped
    /// occurrence, and each changed occurrence as an event of the rule's UID with its
    /// `RECURRENCE-ID`.
    mutating func write(_ repeating: ICalendarMealWriter.RepeatingMeal) throws(OutputWriteError) {
        try begin(repeating.meal, uid: CalendarUID.text(of: repeating))
        try emit("RRULE", rrule(repeating.rrule, timed: settings.slotTimes[repeating.meal.slot] != nil))
        for day in repeating.skipped {
            try writeStart("EXDATE", day, slot: repeating.meal.slot)
        }
        try end(repeating.meal)
        for change in repeating.overrides {
            try begin(change.meal, uid: CalendarUID.text(of: repeating))
            try writeStart("RECURRENCE-ID", change.replacing, slot: repeating.meal.slot)
            if let uid = change.meal.uid { try emit(CalendarMeal.Property.mealUID, CalendarUID.text(uid)) }
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

    /// The property `name` saying the start of an event of `slot` on `day`: a date, or a
    /// floating date-time when the slot has a time, as DTSTART has it.
    private mutating func writeStart(_ name: String, _ day: Day, slot: String) throws(OutputWriteError) {
        value.removeAll(keepingCapacity: true)
        Self.appendDate(day, to: &value)
        if let start = settings.slotTimes[slot] {
            appendTime(start.minutes)
            try sink.property(name, [], value: value)
        } else {
            try sink.property(name, ICalendarProperty.Parameter.dateValue, value: value)
        }
    }

    /// BEGIN, UID, DTSTAMP and the times of an event for `meal`.
    private mutating func begin(_ meal: Meal, uid: String) throws(OutputWriteError) {
        try sink.begin("VEVENT")
        try emit("UID", uid)
        try sink.property("DTSTAMP", [], value: stamp)
        if let start = settings.slotTimes[meal.slot] {
            try writeTimes(of: meal.day, start: start)
        } else {
            try writeStart("DTSTART", meal.day, slot: meal.slot)
            if let next = Day(number: meal.day.number + 1) {
                value.removeAll(keepingCapacity: true)
                Self.appendDate(next, to: &value)
                try sink.property("DTEND", ICalendarProperty.Parameter.dateValue, value: value)
            } else {
                // 9999-12-31 has no next day that iCalendar can write.
                try emit("DURATION", "P1D")
            }
        }
    }

    /// SUMMARY, DESCRIPTION, the slot, recipe and servings, what became of the meal, and the
    /// end of `meal`'s event.
    private mutating func end(_ meal: Meal, leftoversSource: ItemUID? = nil) throws(OutputWriteError) {
        let slot = slotText(meal.slot)
        try emitText("SUMMARY", prefix: slot.summaryPrefix, meal.title)
        if let note = meal.note { try emitText("DESCRIPTION", note) }
        try sink.property("CATEGORIES", [], value: slot.category)
        try sink.property(CalendarMeal.Property.slot, [], value: slot.name)
        if let recipe = meal.recipe { try emitText(CalendarMeal.Property.recipe, recipe) }
        if let servings = meal.servings { try emit(CalendarMeal.Property.servings, Meal.servingsText(servings)) }
        switch meal.status {
        case .planned: break
        case .done: try emit(CalendarMeal.Property.status, MealStatus.done.rawValue)
        case .skipped: try emit("STATUS", "CANCELLED")
        }
        if let leftoversSource { try emit(CalendarMeal.Property.leftoversOf, leftoversSource.text) }
        if let eaters = meal.eaters { try emit(CalendarMeal.Property.eaters, Meal.servingsText(eaters)) }
        try sink.end("VEVENT")
    }

    /// The property `name` whose value is `prefix` and then `text` as TEXT.
    private mutating func emitText(_ name: String, prefix: [UInt8] = [], _ text: String) throws(OutputWriteError) {
        value.removeAll(keepingCapacity: true)
        value.append(contentsOf: prefix)
        ICalendarLine.appendText(text, to: &value)
        try sink.property(name, [], value: value)
    }

    /// The property `name` with `text`, which needs no escaping, as its value.
    private mutating func emit(_ name: String, _ text: String) throws(OutputWriteError) {
        value.removeAll(keepingCapacity: true)
        value.append(contentsOf: text.utf8)
        try sink.property(name, [], value: value)
    }

    /// DTSTART and DTEND of a timed event on `day` (floating local time).
    private mutating func writeTimes(of day: Day, start: TimeOfDay) throws(OutputWriteError) {
        value.removeAll(keepingCapacity: true)
        Self.appendDate(day, to: &value)
        appendTime(start.minutes)
        try sink.property("DTSTART", [], value: value)
        let end = start.minutes + settings.duration.minutes
        guard let endDay = Day(number: day.number + end / (24 * 60)) else {
            try emit("DURATION", "PT\(settings.duration.minutes)M")
            return
        }
        value.removeAll(keepingCapacity: true)
        Self.appendDate(endDay, to: &value)
        appendTime(end % (24 * 60))
        try sink.property("DTEND", [], value: value)
    }

    /// `THHMM00`.
    private mutating func appendTime(_ minutes: Int) {
        value.append(UInt8(ascii: "T"))
        Self.appendDigits(minutes / 60, count: 2, to: &value)
        Self.appendDigits(minutes % 60, count: 2, to: &value)
        value.append(contentsOf: "00".utf8)
    }

    static func appendDate(_ day: Day, to line: inout [UInt8]) {
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

    /// A slot's values, escaped: "Dinner: " before the title, `Dinner` for `CATEGORIES`,
    /// `dinner` for `X-MEALPLAN-SLOT`.
    private struct SlotText {
        var summaryPrefix: [UInt8] = []
        var category: [UInt8] = []
        var name: [UInt8] = []
    }

    private mutating func slotText(_ slot: String) -> SlotText {
        if let known = slotTexts[slot] { return known }
        var text = SlotText()
        let category = CalendarMeal.category(of: slot)
        ICalendarLine.appendText(category + ": ", to: &text.summaryPrefix)
        ICalendarLine.appendText(category, to: &text.category)
        ICalendarLine.appendText(slot, to: &text.name)
        slotTexts[slot] = text
        return text
    }
}
