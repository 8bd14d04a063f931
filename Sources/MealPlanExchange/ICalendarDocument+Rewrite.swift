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
    ]

    /// This calendar (a `VCALENDAR` as read) with the events of `fresh`, a calendar as
    /// mealplan writes it: each event that was here before (the same `RECURRENCE-ID`, or none)
    /// keeps every property mealplan does not write and its components (alarms); an event
    /// mealplan no longer writes (an override gone) goes, a new one comes; the calendar's other
    /// components and properties stay in their place. With `kind` `VTODO` and the properties
    /// of `ICalendarTodo` written, the same for a task.
    public func rewritten(
        with fresh: ICalendarComponent, kind: String = "VEVENT", written: Set<String> = writtenProperties
    ) -> ICalendarComponent {
        let old = components.filter { $0.name == kind }
        let events = fresh.components(kind).map { event in
            guard let match = old.first(where: { Self.replacedDay(of: $0) == Self.replacedDay(of: event) }) else { return event }
            var kept = match
            let properties = match.properties.filter { !written.contains($0.name) }
            let hasUID = properties.contains { $0.name == "UID" }
            kept.properties = properties + event.properties.filter {
                written.contains($0.name) || (!hasUID && $0.name == "UID")
            }
            return kept
        }
        var calendar = self
        guard let first = components.firstIndex(where: { $0.name == kind }) else {
            calendar.components += events
            return calendar
        }
        let others = components.enumerated().filter { $0.element.name != kind }
        calendar.components = others.filter { $0.offset < first }.map(\.element) + events + others.filter { $0.offset > first }.map(\.element)
        return calendar
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
