import MealPlanCore
import TextHelpers

/// One DATE or DATE-TIME value of an event (`DTSTART`, `DTEND`, `EXDATE`, `RECURRENCE-ID`)
/// as another program wrote it (RFC 5545 section 3.3.4 and 3.3.5): kept exactly, so that a file
/// mealplan rewrites says when as it said it, and read into the plan's day by `LocalZone`.
public struct CalendarTime: Hashable, Sendable {
    /// How the value says its moment.
    public enum Form: Hashable, Sendable {
        /// A date alone (`VALUE=DATE`): an all-day event.
        case date
        /// A time of day without a zone: the same clock time wherever the reader is.
        case floating
        /// A moment in UTC (`…Z`).
        case utc
        /// A clock time in the zone `TZID` names, as written.
        case zoned(String)
    }

    public var form: Form
    /// The date as written, in the form's own zone.
    public var day: Day
    /// The seconds since that date's midnight, as written (0 for a date).
    public var second: Int

    public init(form: Form, day: Day, second: Int = 0) {
        self.form = form
        self.day = day
        self.second = second
    }

    /// Every value of `property` (an `EXDATE` may hold several, separated by commas), or an
    /// error naming its line.
    public static func values(of property: ICalendarProperty) throws(ICalendarError) -> [CalendarTime] {
        var values: [CalendarTime] = []
        for value in property.value.split(separator: ",", omittingEmptySubsequences: false) {
            values.append(try CalendarTime(value, of: property))
        }
        return values
    }

    /// The one value of `property` (`DTSTART`), or an error naming its line.
    public init(_ property: ICalendarProperty) throws(ICalendarError) {
        try self.init(Substring(property.value), of: property)
    }

    /// `value`, one of `property`'s: `20261124` (a date), `20261124T190000` (floating, or in
    /// the zone of `TZID`) or `20261124T190000Z` (UTC).
    init(_ value: Substring, of property: ICalendarProperty) throws(ICalendarError) {
        let text = value.trimmingWhitespace()
        func refused() -> ICalendarError {
            ICalendarError(line: property.line, message: "\(property.name) '\(String(text).messageExcerpt)' is not a date")
        }
        guard let day = Day(basicISO: text) else { throw refused() }
        self.day = day
        let time = text.dropFirst(8)
        guard !time.isEmpty else {
            form = .date
            second = 0
            return
        }
        let digits = time.dropFirst().prefix(6).compactMap(\.wholeNumberValue)
        let hour = digits[0] * 10 + digits[1], minute = digits[2] * 10 + digits[3], seconds = digits[4] * 10 + digits[5]
        // 60 is a leap second, which RFC 5545 allows.
        guard hour < 24, minute < 60, seconds <= 60, property.parameter("VALUE")?.uppercased() != "DATE" else { throw refused() }
        second = hour * 3600 + minute * 60 + min(seconds, 59)
        if time.last == "Z" {
            form = .utc
        } else if let zone = property.parameter("TZID"), !zone.isEmpty {
            form = .zoned(zone)
        } else {
            form = .floating
        }
    }

    /// The value as iCalendar writes it: `20261124`, `20261124T190000` or `…Z`.
    public var valueText: String {
        let date = String(day.iso.filter { $0 != "-" })
        guard form != .date else { return date }
        let clock = [second / 3600, second / 60 % 60, second % 60].map { $0 < 10 ? "0\($0)" : String($0) }.joined()
        return date + "T" + clock + (form == .utc ? "Z" : "")
    }

    /// The parameters the form needs: `VALUE=DATE` for a date, `TZID` for a zoned time.
    public var parameters: [ICalendarProperty.Parameter] {
        switch form {
        case .date: ICalendarProperty.Parameter.dateValue
        case .zoned(let zone): [ICalendarProperty.Parameter(name: "TZID", values: [zone])]
        case .floating, .utc: []
        }
    }

    /// The property `name` holding `values` (all of one form), as this type writes them.
    public static func property(_ name: String, _ values: [CalendarTime]) -> ICalendarProperty {
        ICalendarProperty(name: name, parameters: values.first?.parameters ?? [], value: values.map(\.valueText).joined(separator: ","))
    }

    /// The same clock time (or date) `days` days later in the value's own zone.
    func adding(days: Int) -> CalendarTime {
        CalendarTime(form: form, day: day.adding(days: days), second: second)
    }
}
