import MealPlanCore
import TextHelpers

/// A task (a `VTODO`, RFC 5545 section 3.6.2) as the shopping list sends it to a tasks folder
/// and reads it back: what it says, and whether it was done. A phone, a CalDAV client or
/// todoman marks a task done in one of three ways, and each counts: `STATUS:COMPLETED`, a
/// `COMPLETED` time, or `PERCENT-COMPLETE:100`. `STATUS:CANCELLED` is neither open nor done:
/// someone decided against it.
public struct ICalendarTodo: Hashable, Sendable {
    public enum Status: Hashable, Sendable {
        case open, completed, cancelled
    }

    public var uid: String
    public var summary: String
    public var categories: [String]
    public var description: String?
    public var status: Status
    /// What the sender records as bought once the task is done (`X-MEALPLAN-BOUGHT`, which
    /// other programs keep and do not show): the amount the task was sent for, so that a tick
    /// read back after the plan grew records that, not the larger need.
    public var bought: String?

    public init(
        uid: String, summary: String, categories: [String] = [], description: String? = nil, status: Status = .open,
        bought: String? = nil
    ) {
        self.uid = uid
        self.summary = summary
        self.categories = categories
        self.description = description
        self.status = status
        self.bought = bought
    }

    static let boughtProperty = "X-MEALPLAN-BOUGHT"

    /// The PRODID of the task files mealplan writes.
    public static let productID = "-//mealplan//mealplan shopping list//EN"

    /// The properties of a task that `file(stamp:)` writes, which a rewrite of a task another
    /// program changed replaces (`ICalendarComponent.written(over:)`); every other one stays.
    public static let writtenProperties: Set<String> = [
        "DTSTAMP", "SUMMARY", "CATEGORIES", "DESCRIPTION", "STATUS", "COMPLETED", "PERCENT-COMPLETE", boughtProperty,
    ]

    /// This task's file written over `calendar`, the file as the folder holds it (nil: a new
    /// one): what another program added to the task (a priority, an alarm, a due date) kept,
    /// and the task a revision made at `stamp` (`LAST-MODIFIED`, `SEQUENCE`).
    public func file(over calendar: ICalendarComponent?, stamp: UTCTimestamp) -> String {
        let text = file(stamp: stamp)
        // What `file(stamp:)` writes reads back.
        guard let fresh = try? ICalendarReader.read(Array(text.utf8)).first else { return text }
        return ICalendarItemFile.text(of: fresh, over: calendar, kind: "VTODO", properties: Self.writtenProperties)
    }

    /// Every `VTODO` of the calendars in `bytes` (a tasks folder's file holds one), each with
    /// its calendar, which a rewrite (`file(over:stamp:)`) starts from; a task without a UID is
    /// an error naming its line.
    public static func todos(in bytes: [UInt8]) throws(ICalendarError) -> [(task: ICalendarTodo, calendar: ICalendarComponent)] {
        var todos: [(task: ICalendarTodo, calendar: ICalendarComponent)] = []
        for calendar in try ICalendarReader.read(bytes) {
            for component in calendar.components("VTODO") { todos.append((try ICalendarTodo(component), calendar)) }
        }
        return todos
    }

    /// The task `component` (a `VTODO`) holds.
    public init(_ component: ICalendarComponent) throws(ICalendarError) {
        guard let uid = component.property("UID")?.value, !uid.isEmpty else {
            throw ICalendarError(line: component.line, message: "a VTODO without a UID")
        }
        self.uid = uid
        summary = component.property("SUMMARY")?.text ?? ""
        categories = component.properties("CATEGORIES").flatMap(\.textList)
        description = component.property("DESCRIPTION")?.text
        bought = component.property(Self.boughtProperty)?.text
        status = Self.status(of: component)
    }

    /// Whether `component` is done, read as RFC 5545 has it: STATUS's value in any case and
    /// without the spaces a hand-edited file may have around it; a `COMPLETED` that is no
    /// date-time (`COMPLETED:garbage`) is no completion time, and then STATUS decides.
    static func status(of component: ICalendarComponent) -> Status {
        let state = component.property("STATUS")?.value.trimmingWhitespace().uppercased()
        if state == "CANCELLED" { return .cancelled }
        let completedAt = component.property("COMPLETED").map { isDateTime($0.value.trimmingWhitespace()) } ?? false
        let percent = component.property("PERCENT-COMPLETE")?.value.trimmingWhitespace()
        return state == "COMPLETED" || completedAt || percent.flatMap { Int($0) } == 100 ? .completed : .open
    }

    /// Whether `text` is a DATE-TIME (`20261124T190000Z`, or floating without the `Z`) of a
    /// real day and time.
    static func isDateTime(_ text: String) -> Bool {
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2, Day(basicISO: parts[0]) != nil else { return false }
        let time = parts[1].hasSuffix("Z") ? parts[1].dropLast() : parts[1]
        guard time.count == 6, time.allSatisfy({ $0.isASCII && $0.isNumber }), let clock = Int(time) else { return false }
        return clock / 10_000 < 24 && clock / 100 % 100 < 60 && clock % 100 <= 60
    }

    /// A calendar file holding this task alone, made at `stamp` (its `DTSTAMP`, and its
    /// `COMPLETED` time when it is done), its first revision (`LAST-MODIFIED` the same time,
    /// `SEQUENCE:0`, from which a rewrite counts on): CRLF lines, folded and escaped as every
    /// iCalendar file mealplan writes (`ICalendarLine`).
    public func file(stamp: UTCTimestamp) -> String {
        var file: [UInt8] = []
        func line(_ text: String) { ICalendarLine.append(Array(text.utf8), to: &file) }
        func textLine(_ name: String, _ values: [String]) {
            var content = Array((name + ":").utf8)
            for (index, value) in values.enumerated() {
                if index > 0 { content.append(UInt8(ascii: ",")) }
                ICalendarLine.appendText(value, to: &content)
            }
            ICalendarLine.append(content, to: &file)
        }
        line("BEGIN:VCALENDAR")
        line("VERSION:2.0")
        line("PRODID:" + Self.productID)
        line("BEGIN:VTODO")
        textLine("UID", [uid])
        line("DTSTAMP:" + stamp.text)
        line("LAST-MODIFIED:" + stamp.text)
        line("SEQUENCE:0")
        textLine("SUMMARY", [summary])
        if !categories.isEmpty { textLine("CATEGORIES", categories) }
        if let description { textLine("DESCRIPTION", [description]) }
        if let bought { textLine(Self.boughtProperty, [bought]) }
        switch status {
        case .open: line("STATUS:NEEDS-ACTION")
        case .completed:
            line("STATUS:COMPLETED")
            line("COMPLETED:" + stamp.text)
            line("PERCENT-COMPLETE:100")
        case .cancelled: line("STATUS:CANCELLED")
        }
        line("END:VTODO")
        line("END:VCALENDAR")
        return String(decoding: file, as: UTF8.self)
    }
}
