import MealPlanCore
import TextHelpers

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
    /// components and properties stay in their place. Every event is a revision (`revised`),
    /// and each names the file's (`revision(after:)`). With `kind` `VTODO` and the properties
    /// of `ICalendarTodo` written, the same for a task.
    public func written(
        over old: ICalendarComponent?, kind: String = "VEVENT", properties written: Set<String> = writtenProperties
    ) -> ICalendarComponent {
        let revision = revision(after: old)
        guard let old else {
            var calendar = self
            calendar.components = components.map { $0.name == kind ? $0.revised(from: nil, revision: revision) : $0 }
            return calendar
        }
        let before = old.components.filter { $0.name == kind }
        let events = components(kind).map { event in
            guard let match = before.first(where: { Self.replacedDay(of: $0) == Self.replacedDay(of: event) }) else {
                return event.revised(from: nil, revision: revision)
            }
            var kept = match
            let properties = match.properties.filter { !written.contains($0.name) && !Self.revisionProperties.contains($0.name) }
            let hasUID = properties.contains { $0.name == "UID" }
            kept.properties = properties + event.properties.filter {
                written.contains($0.name) || (!hasUID && $0.name == "UID")
            }
            return kept.revised(from: match, revision: revision)
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

    /// What a revision says of itself: when it was made and which one it is (RFC 5545 section
    /// 3.8.7), and which file it is (`revisionProperty`).
    static let revisionProperties: Set<String> = ["LAST-MODIFIED", "SEQUENCE", revisionProperty]

    /// mealplan's own mark of every version of an item's file it writes, different in each.
    ///
    /// vdirsyncer tells an item's versions apart by a hash that leaves out `DTSTAMP`,
    /// `LAST-MODIFIED` (and `PRODID`, `CREATED`, `UID`), and after it brings a version from the
    /// server into the folder it may keep the hash of the version that was there before
    /// (pimutils/vdirsyncer#1155): a file mealplan rewrote with what an earlier version said —
    /// a change made and then changed back — would look unchanged to it and never be sent. So
    /// every version mealplan writes carries, in each of its components, the revision of the
    /// file it replaces (`revision(after:)`), as a commit names its parent: a version names
    /// the one before it, so it differs from every earlier one, whatever other programs did
    /// in between.
    ///
    /// This, rather than `SEQUENCE` raised on every change: `SEQUENCE` differs from earlier
    /// versions only while it only grows, and other programs lower it (a client that writes an
    /// edited event anew, with `SEQUENCE:0` or none), and a file removed and made again starts
    /// it at 0. `SEQUENCE` keeps its RFC 5546 meaning, a reschedule (`revised`).
    public static let revisionProperty = "X-MEALPLAN-REVISION"

    /// The revision of a file written now over `old`, the file as read (nil: none there):
    /// a hash of everything `old` holds, or, for a new file, of everything this one holds, its
    /// `DTSTAMP` (the time of writing) included. 32 hexadecimal digits.
    func revision(after old: ICalendarComponent?) -> String {
        var first = StableHash(), second = StableHash(seed: StableHash.secondSeed)
        (old ?? self).hashContents(into: &first, &second)
        if old == nil {
            // A new file's mark is never that of a file written over one that held the same.
            first.add(bytes: [0xFD])
            second.add(bytes: [0xFD])
        }
        return first.hex + second.hex
    }

    /// Adds the component's name, properties (names, parameters, values) and components,
    /// each closed by a byte no text holds, to both hashes.
    private func hashContents(into first: inout StableHash, _ second: inout StableHash) {
        func add(_ text: String, closedBy end: UInt8) {
            first.add(bytes: text.utf8); first.add(bytes: [end])
            second.add(bytes: text.utf8); second.add(bytes: [end])
        }
        add(name, closedBy: 0xF8)
        for property in properties {
            add(property.name, closedBy: 0xF9)
            for parameter in property.parameters {
                add(parameter.name, closedBy: 0xFA)
                for value in parameter.values { add(value, closedBy: 0xFB) }
            }
            add(property.value, closedBy: 0xFC)
        }
        for component in components { component.hashContents(into: &first, &second) }
        add("", closedBy: 0xFF)
    }

    /// The properties that say when an item happens: a change to any of them is the significant
    /// revision that raises `SEQUENCE` (RFC 5545 section 3.8.7.4; RFC 5546 counts a change of
    /// date, time or duration so, and not one of, say, the location).
    static let schedulingProperties = ["DTSTART", "DTEND", "DURATION", "DUE", "RRULE", "RDATE", "EXDATE"]

    /// This event or task, as mealplan writes it, as the revision of `old` (the same item as
    /// the file held it; nil: a new one): `LAST-MODIFIED` its `DTSTAMP` (both the time of the
    /// rewrite, in UTC); `SEQUENCE` 0 when new, else `old`'s, one more when the revision changes
    /// when the item happens (`schedulingProperties`) or whether it happens at all (cancelled
    /// or no longer). A new title, note or servings, a meal marked done or a task ticked is a
    /// revision that keeps its number. `revision`: the file's (`revisionProperty`).
    private func revised(from old: ICalendarComponent?, revision: String) -> ICalendarComponent {
        var revised = self
        revised.properties.removeAll { Self.revisionProperties.contains($0.name) }
        var sequence = 0
        if let old {
            // A number RFC 5545's INTEGER cannot hold, or none, counts as the default, 0.
            sequence = old.property("SEQUENCE").flatMap { Int32($0.value) }.map { Int(max(0, $0)) } ?? 0
            if reschedules(old), sequence < Int(Int32.max) { sequence += 1 }
        }
        let stamp = property("DTSTAMP")?.value ?? ""
        let marks = [
            ICalendarProperty(name: "LAST-MODIFIED", value: stamp), ICalendarProperty(name: "SEQUENCE", value: String(sequence)),
            ICalendarProperty(name: Self.revisionProperty, value: revision),
        ]
        let place = revised.properties.firstIndex { $0.name == "DTSTAMP" }.map { $0 + 1 } ?? revised.properties.endIndex
        revised.properties.insert(contentsOf: marks, at: place)
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
}
