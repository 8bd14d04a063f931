import MealPlanCore
import TextHelpers

/// A meal as an iCalendar event carries it, read back from an event that mealplan or any
/// calendar program wrote: the names of mealplan's own properties are here, once, for the
/// writer (`ICalendarMealWriter`) and the reader alike.
///
/// The slot is found in the first place that has one: `X-MEALPLAN-SLOT`, else a `CATEGORIES`
/// value that is one of the plan's slots, else a summary that starts with a slot's name and a
/// colon ("Dinner: Tacos", as a phone's user types it), else the default slot. A summary that
/// starts with its slot's name that way loses that start, so a meal written and read back keeps
/// its title. The day is the plan's day of `DTSTART` in the user's time zone (`LocalZone`): a
/// date or a floating time as written, a UTC or zoned time the date it is here, as khal shows
/// it; the days of `EXDATE` and `RECURRENCE-ID` likewise.
public struct CalendarMeal: Hashable, Sendable {
    /// mealplan's own properties, which other calendars keep without showing them.
    public enum Property {
        public static let slot = "X-MEALPLAN-SLOT"
        public static let position = "X-MEALPLAN-POSITION"
        public static let recipe = "X-MEALPLAN-RECIPE"
        public static let servings = "X-MEALPLAN-SERVINGS"
        /// A done meal's status: RFC 5545's `STATUS` of an event has no "done", and says
        /// `CANCELLED` for a skipped one, which every calendar shows.
        public static let status = "X-MEALPLAN-STATUS"
        public static let leftoversOf = "X-MEALPLAN-LEFTOVERS-OF"
        public static let eaters = "X-MEALPLAN-EATERS"
        /// A changed occurrence's own UID: its event carries the repeat's UID, as RFC 5545
        /// wants, and the meal it is keeps its identity (what leftovers link to) through this.
        public static let mealUID = "X-MEALPLAN-MEAL-UID"
    }

    /// The event's UID as written.
    public var uid: String
    /// The meal on `DTSTART`'s day; its position is 0 where the event names none, its id
    /// unset, and its UID too (what `uid` names is for the caller to look up) but for a changed
    /// occurrence whose `X-MEALPLAN-MEAL-UID` names one.
    public var meal: Meal
    /// The UID of the event of the meal whose leftovers this is (`X-MEALPLAN-LEFTOVERS-OF`), as
    /// written: the meal's own `leftoversOf` is the plan's id, which the caller looks up.
    public var leftoversOf: String?
    /// The event's `RRULE`, as written but for an `UNTIL` in UTC, which is the date it is in
    /// the user's zone: `RepeatRule(rrule:start:)` reads it.
    public var rrule: String?
    /// The days its `EXDATE`s skip, in the file's order.
    public var skipped: [Day]
    /// The occurrence of a repeating event this one replaces (`RECURRENCE-ID`), if it does.
    public var replacing: Day?
    /// The line of its `BEGIN:VEVENT`, for messages.
    public var line: Int
    /// The days an all-day event lasts, when it lasts more than one (`DTEND` or `DURATION`
    /// days after its start): the meal is on its first, and the caller says so.
    public var days: Int?

    /// `slot` as a calendar shows it: its first letter in capitals ("Dinner").
    public static func category(of slot: String) -> String {
        slot.prefix(1).uppercased() + slot.dropFirst()
    }

    /// Reads `event` (a `VEVENT`) of a plan whose slots are `slots`, giving a meal of
    /// `defaultSlot` where the event says none, its days those of `zone`. An event without a
    /// UID, a day or a title, or with a value mealplan cannot read, is an error naming the line.
    public init(event: ICalendarComponent, slots: [String], defaultSlot: String, zone: LocalZone = .current) throws(ICalendarError) {
        line = event.line
        // A NUL would end the text where the plan stores it: the meal is refused, not cut.
        if let cut = event.properties.first(where: { Self.storedText.contains($0.name) && $0.value.utf8.contains(0) }) {
            throw ICalendarError(line: cut.line, message: "\(cut.name) holds a NUL character, which a plan cannot keep")
        }
        guard let uid = event.property("UID")?.text.trimmingWhitespace(), !uid.isEmpty else {
            throw ICalendarError(line: event.line, message: "the event has no UID")
        }
        self.uid = uid
        guard let start = event.property("DTSTART") else {
            throw ICalendarError(line: event.line, message: "the event has no DTSTART")
        }
        let startTime = try CalendarTime(start)
        let day = zone.day(of: startTime)
        days = Self.days(of: event, start: startTime)
        var title = event.property("SUMMARY")?.text.trimmingWhitespace() ?? ""
        let slot = Self.slot(of: event, title: title, slots: slots) ?? defaultSlot
        let prefix = Self.category(of: slot) + ":"
        if title.count > prefix.count, title.lowercased().hasPrefix(prefix.lowercased()) {
            title = String(title.dropFirst(prefix.count)).trimmingWhitespace()
        }
        guard !title.isEmpty else {
            throw ICalendarError(line: event.property("SUMMARY")?.line ?? event.line, message: "the event has no title (SUMMARY)")
        }
        var meal = Meal(day: day, slot: slot, title: title)
        // As the plan keeps it (`Meal.validNote`), so that a file taken is not sent back changed.
        meal.note = Meal.validNote(event.property("DESCRIPTION")?.text)
        meal.recipe = event.property(Property.recipe).map { $0.text.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
        meal.servings = try event.property(Property.servings).map(Self.servings)
        if let position = event.property(Property.position) {
            guard let number = Int(position.value.trimmingWhitespace()), (0...Self.lastPosition).contains(number) else {
                throw ICalendarError(
                    line: position.line, message: "\(Property.position) '\(position.value.messageExcerpt)' is not a place in a slot (0 to \(Self.lastPosition))")
            }
            meal.position = number
        }
        meal.status = try Self.status(of: event)
        meal.eaters = try event.property(Property.eaters).map(Self.servings)
        self.meal = meal
        leftoversOf = event.property(Property.leftoversOf).map { $0.text.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
        rrule = event.property("RRULE").map { Self.rule($0, zone: zone) }
        var skipped: [Day] = []
        for exceptions in event.properties("EXDATE") {
            for value in try CalendarTime.values(of: exceptions) {
                skipped.append(zone.day(of: value))
            }
        }
        self.skipped = skipped
        replacing = try event.property("RECURRENCE-ID").map { property throws(ICalendarError) in zone.day(of: try CalendarTime(property)) }
        if replacing != nil, let named = event.property(Property.mealUID), case .item(let uid)? = CalendarUID.reference(named.value.trimmingWhitespace()) {
            self.meal.uid = uid
        }
    }

    /// The properties whose text the plan stores.
    static let storedText: Set<String> = ["UID", "SUMMARY", "DESCRIPTION", "CATEGORIES", Property.slot, Property.recipe, Property.leftoversOf, Property.mealUID]

    /// The last place in a slot a file may name: what the plan's whole-plan file allows too,
    /// far from where counting one more could overflow.
    public static let lastPosition = Int(Int32.max)

    /// A number of servings or eaters (`X-MEALPLAN-SERVINGS`, `X-MEALPLAN-EATERS`) within the
    /// bounds the plan stores, else an error naming the property and its line: the file's
    /// mistake, not the store's.
    private static func servings(_ property: ICalendarProperty) throws(ICalendarError) -> Double {
        guard let number = Double(property.value.trimmingWhitespace()),
              number >= Meal.minimumServings, number <= Meal.maximumServings else {
            throw ICalendarError(
                line: property.line,
                message: "\(property.name) '\(property.value.messageExcerpt)' is not a number from \(Meal.minimumServings) to \(Meal.servingsText(Meal.maximumServings))")
        }
        return number
    }

    /// What became of the meal: skipped for an event any program cancelled (`STATUS:CANCELLED`),
    /// else what `X-MEALPLAN-STATUS` says, else planned.
    private static func status(of event: ICalendarComponent) throws(ICalendarError) -> MealStatus {
        if event.property("STATUS")?.value.trimmingWhitespace().uppercased() == "CANCELLED" { return .skipped }
        guard let property = event.property(Property.status) else { return .planned }
        guard let status = MealStatus(rawValue: property.value.trimmingWhitespace().lowercased()) else {
            throw ICalendarError(line: property.line, message: "\(Property.status) '\(property.value.messageExcerpt)' is not planned, done or skipped")
        }
        return status
    }

    /// The slot the event names, as the plan spells it: `X-MEALPLAN-SLOT` as written, else the
    /// first category or summary start that is a slot of the plan (any case).
    private static func slot(of event: ICalendarComponent, title: String, slots: [String]) -> String? {
        if let named = event.property(Property.slot)?.text.trimmingWhitespace(), !named.isEmpty {
            return slots.first { $0.lowercased() == named.lowercased() } ?? named
        }
        func known(_ name: some StringProtocol) -> String? {
            let wanted = name.trimmingWhitespace().lowercased()
            return slots.first { $0.lowercased() == wanted }
        }
        for categories in event.properties("CATEGORIES") {
            if let slot = categories.textList.lazy.compactMap(known).first { return slot }
        }
        if let colon = title.firstIndex(of: ":") { return known(title[..<colon]) }
        return nil
    }

    /// `rule`'s value with an `UNTIL` in UTC (`UNTIL=20270106T045959Z`) as the plan's day it
    /// falls on in `zone` (`UNTIL=20270105`).
    private static func rule(_ rule: ICalendarProperty, zone: LocalZone) -> String {
        rule.value.split(separator: ";", omittingEmptySubsequences: false).map { part in
            guard part.uppercased().hasPrefix("UNTIL="), part.hasSuffix("Z"),
                  let until = try? CalendarTime(part.dropFirst(6), of: rule) else { return String(part) }
            return "UNTIL=" + CalendarTime(form: .date, day: zone.day(of: until)).valueText
        }.joined(separator: ";")
    }

    /// The days an all-day event starting at `start` lasts when more than one: to its `DTEND`
    /// date, or by its `DURATION` of whole days or weeks (`P3D`, `P1W`).
    private static func days(of event: ICalendarComponent, start: CalendarTime) -> Int? {
        guard start.form == .date else { return nil }
        var days = 1
        if let end = event.property("DTEND") {
            // A DTEND mealplan cannot read says nothing of the meal: the event is its day's.
            guard let end = try? CalendarTime(end) else { return nil }
            days = start.day.distance(to: end.day)
        } else if let duration = event.property("DURATION")?.value.trimmingWhitespace().uppercased(), duration.hasPrefix("P"),
                  let unit = duration.last, unit == "D" || unit == "W", let count = Int(duration.dropFirst().dropLast()) {
            days = count * (unit == "W" ? 7 : 1)
        }
        return days > 1 ? days : nil
    }
}
