import MealPlanCore

/// When an event happens, as the file said it: a file mealplan rewrites keeps each event's
/// `DTSTART`, `DTEND` and `DURATION` as written (a time with its `TZID`, in UTC or floating, a
/// date, several days) unless the meal's day changed here, and then the same clock time on
/// the new day; a repeat's `EXDATE`s, new `RECURRENCE-ID`s and `UNTIL` follow the form of its
/// start, as RFC 5545 wants. So a phone's 20:00–22:00 dinner stays 20:00–22:00 when its note
/// is changed here, and an event does not flip between timed and all-day with whoever wrote
/// it last.
extension ICalendarComponent {
    /// This calendar, an item as mealplan builds it (`ICalendarMealWriter.calendar`), with the
    /// times of the events of `old`, the file there, kept as the type's description says; the
    /// plan's days those of `zone`.
    public func keepingTimes(of old: ICalendarComponent, zone: LocalZone) -> ICalendarComponent {
        let before = old.components("VEVENT")
        guard let oldMain = before.first(where: { $0.property("RECURRENCE-ID") == nil }),
              let oldStart = oldMain.startTime,
              let main = components.firstIndex(where: { $0.name == "VEVENT" && $0.property("RECURRENCE-ID") == nil }),
              let mainDay = components[main].startTime?.day else { return self }
        let keptStart = zone.adding(days: zone.day(of: oldStart).distance(to: mainDay), to: oldStart)
        /// The repeat's start moved to the plan's day `day`: an occurrence's time there.
        func start(on day: Day) -> CalendarTime { zone.adding(days: mainDay.distance(to: day), to: keptStart) }
        var calendar = self
        for index in calendar.components.indices where calendar.components[index].name == "VEVENT" {
            var event = calendar.components[index]
            guard let day = event.startTime?.day else { continue }
            if let replaced = event.property("RECURRENCE-ID").flatMap({ try? CalendarTime($0) })?.day {
                let match = before.first { other in
                    other.property("RECURRENCE-ID").flatMap { try? CalendarTime($0) }.map { zone.day(of: $0) } == replaced
                }
                let recurrence = match?.property("RECURRENCE-ID") ?? CalendarTime.property("RECURRENCE-ID", [start(on: replaced)])
                event.replace(["RECURRENCE-ID"], with: [recurrence])
                if let match, let matchStart = match.startTime {
                    event.keepTimes(of: match, movedBy: zone.day(of: matchStart).distance(to: day), zone: zone)
                } else {
                    event.keepTimes(of: oldMain, movedBy: zone.day(of: oldStart).distance(to: day), zone: zone)
                }
            } else {
                event.keepTimes(of: oldMain, movedBy: zone.day(of: oldStart).distance(to: day), zone: zone)
                let skipped = event.properties("EXDATE").compactMap { try? CalendarTime($0) }.map { start(on: $0.day) }
                event.replace(["EXDATE"], with: skipped.map { CalendarTime.property("EXDATE", [$0]) })
                if let rule = event.property("RRULE") {
                    var until = rule
                    until.value = Self.rule(rule.value, endingAs: keptStart.form, zone: zone)
                    event.replace(["RRULE"], with: [until])
                }
            }
            calendar.components[index] = event
        }
        return calendar
    }

    /// The event's `DTSTART` read, nil when it has none mealplan can read.
    var startTime: CalendarTime? {
        property("DTSTART").flatMap { try? CalendarTime($0) }
    }

    /// `rule` (an `RRULE` value mealplan wrote, its `UNTIL` a date or a floating time) with its
    /// `UNTIL` the last second of that day as a start of `form` wants it.
    private static func rule(_ rule: String, endingAs form: CalendarTime.Form, zone: LocalZone) -> String {
        rule.split(separator: ";").map { part in
            guard part.hasPrefix("UNTIL="), let day = Day(basicISO: part.dropFirst(6).prefix(8)) else { return String(part) }
            return "UNTIL=" + zone.lastSecond(of: day, as: form).valueText
        }.joined(separator: ";")
    }

    /// This event with the `DTSTART`, `DTEND` and `DURATION` of `old`, its dates `days` later
    /// (at the same clock time), in the place of its own.
    private mutating func keepTimes(of old: ICalendarComponent, movedBy days: Int, zone: LocalZone) {
        let times = old.properties.filter { ["DTSTART", "DTEND", "DURATION"].contains($0.name) }.map { property in
            guard days != 0, property.name != "DURATION", let time = try? CalendarTime(property) else { return property }
            var moved = property
            moved.value = zone.adding(days: days, to: time).valueText
            return moved
        }
        replace(["DTSTART", "DTEND", "DURATION"], with: times)
    }

    /// This component with its properties named `names` replaced by `properties`, in the place
    /// of the first of them.
    private mutating func replace(_ names: Set<String>, with replacements: [ICalendarProperty]) {
        let place = properties.firstIndex { names.contains($0.name) } ?? properties.endIndex
        let before = properties[..<place].filter { !names.contains($0.name) }
        let after = properties[place...].filter { !names.contains($0.name) }
        properties = before + replacements + after
    }
}
