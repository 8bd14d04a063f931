import MealPlanCore

/// A calendar file rewritten by mealplan: the event (or task) it read, with what mealplan
/// writes of a meal (or a shopping task) replaced and every other property and component
/// (alarms, attendees, colours, a priority, a client's own `X-` properties) kept as it was,
/// then written out again.
extension ICalendarComponent {
    /// The properties of an event that mealplan writes (`ICalendarMealWriter`), which a
    /// rewrite replaces; every other one stays. The UID stays too: it names the item there.
    public static let writtenProperties: Set<String> = [
        "DTSTAMP", "DTSTART", "DTEND", "DURATION", "SUMMARY", "DESCRIPTION", "CATEGORIES", "RRULE", "EXDATE", "RECURRENCE-ID",
        "STATUS", CalendarMeal.Property.slot, CalendarMeal.Property.position, CalendarMeal.Property.recipe,
        CalendarMeal.Property.servings, CalendarMeal.Property.status, CalendarMeal.Property.leftoversOf, CalendarMeal.Property.eaters,
        CalendarMeal.Property.mealUID,
    ]

    /// This calendar, as mealplan writes it (each item's `DTSTAMP` the time of writing), as the
    /// file that takes the place of `old`, the file as read (nil: there is none yet): each
    /// event that was there before (the same `RECURRENCE-ID`, or none) keeps every property
    /// mealplan does not write (`written`) and its components (alarms); an event mealplan no
    /// longer writes (an override gone) goes, a new one comes; the old calendar's other
    /// components and properties stay in their place. Every event is a revision (`revised`).
    /// With `kind` `VTODO` and the properties of `ICalendarTodo` written, the same for a task.
    public func written(
        over old: ICalendarComponent?, kind: String = "VEVENT", properties written: Set<String> = writtenProperties
    ) -> ICalendarComponent {
        guard let old else {
            var calendar = self
            calendar.components = components.map { $0.name == kind ? $0.revised(from: nil) : $0 }
            return calendar
        }
        let before = old.components.filter { $0.name == kind }
        let events = components(kind).map { event in
            guard let match = before.first(where: { Self.replacedDay(of: $0) == Self.replacedDay(of: event) }) else {
                return event.revised(from: nil)
            }
            var kept = match
            let properties = match.properties.filter { !written.contains($0.name) && !Self.revisionProperties.contains($0.name) }
            let hasUID = properties.contains { $0.name == "UID" }
            kept.properties = properties + event.properties.filter {
                written.contains($0.name) || (!hasUID && $0.name == "UID")
            }
            return kept.revised(from: match)
        }
        var calendar = old
        guard let first = old.components.firstIndex(where: { $0.name == kind }) else {
            calendar.components += events
            return calendar
        }
        let others = old.components.enumerated().filter { $0.element.name != kind }
        calendar.components = others.filter { $0.offset < first }.map(\.element) + events + others.filter { $0.offset > first }.map(\.element)
        return calendar
    }

    /// What a revision says of itself (RFC 5545 section 3.8.7): when it was made and which one it is.
    static let revisionProperties: Set<String> = ["LAST-MODIFIED", "SEQUENCE"]

    /// The properties that say when an item happens: a change to any of them is the significant
    /// revision that raises `SEQUENCE` (RFC 5545 section 3.8.7.4; RFC 5546 counts a change of
    /// date, time or duration so, and not one of, say, the location).
    static let schedulingProperties = ["DTSTART", "DTEND", "DURATION", "DUE", "RRULE", "RDATE", "EXDATE"]

    /// This event or task, as mealplan writes it, as the revision of `old` (the same item as
    /// the file held it; nil: a new one): `LAST-MODIFIED` its `DTSTAMP` (both the time of the
    /// rewrite, in UTC); `SEQUENCE` 0 when new, else `old`'s, one more when the revision changes
    /// when the item happens (`schedulingProperties`) or whether it happens at all (cancelled
    /// or no longer). A new title, note or servings, a meal marked done or a task ticked is a
    /// revision that keeps its number.
    private func revised(from old: ICalendarComponent?) -> ICalendarComponent {
        var revised = self
        revised.properties.removeAll { Self.revisionProperties.contains($0.name) }
        var sequence = 0
        if let old {
            // A number RFC 5545's INTEGER cannot hold, or none, counts as the default, 0.
            sequence = old.property("SEQUENCE").flatMap { Int32($0.value) }.map { Int(max(0, $0)) } ?? 0
            if reschedules(old), sequence < Int(Int32.max) { sequence += 1 }
        }
        let stamp = property("DTSTAMP")?.value ?? ""
        let revision = [ICalendarProperty(name: "LAST-MODIFIED", value: stamp), ICalendarProperty(name: "SEQUENCE", value: String(sequence))]
        let place = revised.properties.firstIndex { $0.name == "DTSTAMP" }.map { $0 + 1 } ?? revised.properties.endIndex
        revised.properties.insert(contentsOf: revision, at: place)
        return revised
    }

    /// Whether this item happens at another time than `old`, or happens where `old` was
    /// cancelled or the other way round. Properties are compared as written, parameters and all.
    private func reschedules(_ old: ICalendarComponent) -> Bool {
        func schedule(_ item: ICalendarComponent) -> [ICalendarProperty] {
            item.properties.filter { Self.schedulingProperties.contains($0.name) }.map { property in
                var bare = property
                bare.line = 0
                return bare
            }
        }
        func cancelled(_ item: ICalendarComponent) -> Bool { item.property("STATUS")?.value.uppercased() == "CANCELLED" }
        return Set(schedule(self)) != Set(schedule(old)) || cancelled(self) != cancelled(old)
    }

    /// The day an event's `RECURRENCE-ID` names (its date, whatever the time), nil for none.
    private static func replacedDay(of event: ICalendarComponent) -> String? {
        event.property("RECURRENCE-ID").map { String($0.value.prefix(8)) }
    }

    /// The component as iCalendar text: CRLF line ends, lines folded at 75 octets, never inside
    /// a UTF-8 sequence; values as they are held (escaped), parameters quoted where they must be.
    public var text: String {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func append(to bytes: inout [UInt8]) {
        ICalendarLine.append(Array("BEGIN:\(name)".utf8), to: &bytes)
        for property in properties {
            var line = Array(property.name.utf8)
            for parameter in property.parameters {
                line.append(UInt8(ascii: ";"))
                line.append(contentsOf: parameter.name.utf8)
                line.append(UInt8(ascii: "="))
                for (index, value) in parameter.values.enumerated() {
                    if index > 0 { line.append(UInt8(ascii: ",")) }
                    let quoted = value.utf8.contains { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ",") }
                    if quoted { line.append(UInt8(ascii: "\"")) }
                    line.append(contentsOf: value.utf8)
                    if quoted { line.append(UInt8(ascii: "\"")) }
                }
            }
            line.append(UInt8(ascii: ":"))
            line.append(contentsOf: property.value.utf8)
            ICalendarLine.append(line, to: &bytes)
        }
        for component in components { component.append(to: &bytes) }
        ICalendarLine.append(Array("END:\(name)".utf8), to: &bytes)
    }
}
