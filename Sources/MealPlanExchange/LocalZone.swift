#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
// Foundation's `TimeZone` for the rules of the zones a `TZID` names alone: the C library knows
// only the one zone of `TZ`.
import Foundation
import MealPlanCore

/// The user's time zone (`TZ`, else the system's), which says on which day of the plan a
/// moment falls, as khal shows it: a UTC time or a time in another zone (`TZID`) is the date it
/// is here; a date, or a floating time, the date as written.
///
/// A `TZID` that names no zone of the system's database (a program's own name for one) is
/// read as the clock time written, as a floating one: the day it says.
public struct LocalZone: Sendable {
    /// Where the zone's UTC offsets come from.
    private enum Rules: Sendable {
        /// The C library's, of `TZ`, as `Day.today()` reads them.
        case system
        case named(TimeZone)
    }

    private let rules: Rules

    /// The zone `TZ` names, else the system's.
    public static let current = LocalZone(rules: .system)

    private init(rules: Rules) {
        self.rules = rules
    }

    /// The zone of the time-zone database named `identifier` ("Europe/Berlin"), nil if unknown.
    public init?(identifier: String) {
        guard let zone = Self.zone(named: identifier) else { return nil }
        rules = .named(zone)
    }

    /// The plan's day of `time`.
    public func day(of time: CalendarTime) -> Day {
        guard let moment = moment(of: time) else { return time.day }
        return Day.day(atSecondsSince1970: Int(clamping: moment), utcOffset: offset(at: moment))
    }

    /// `time` on the plan's day `days` later, at the same clock time: in its own zone, and for
    /// a UTC time at the same clock time here.
    public func adding(days: Int, to time: CalendarTime) -> CalendarTime {
        guard time.form == .utc, let moment = moment(of: time) else { return time.adding(days: days) }
        let local = moment + Int64(offset(at: moment))
        let wall = CalendarTime(form: .floating, day: Self.day(of: local), second: Int(local - Self.midnight(of: Self.day(of: local))))
        let moved = wall.adding(days: days)
        let utc = localMoment(Self.midnight(of: moved.day) + Int64(moved.second))
        return CalendarTime(form: .utc, day: Self.day(of: utc), second: Int(utc - Self.midnight(of: Self.day(of: utc))))
    }

    /// The last second of the plan's day `day` written as `form` writes a time: the `UNTIL`
    /// of a rule whose start is a UTC or zoned time must be in UTC (RFC 5545 section 3.3.10).
    public func lastSecond(of day: Day, as form: CalendarTime.Form) -> CalendarTime {
        switch form {
        case .date: return CalendarTime(form: .date, day: day)
        case .floating: return CalendarTime(form: .floating, day: day, second: 86_399)
        case .utc, .zoned:
            let utc = localMoment(Self.midnight(of: day) + 86_399)
            return CalendarTime(form: .utc, day: Self.day(of: utc), second: Int(utc - Self.midnight(of: Self.day(of: utc))))
        }
    }

    // MARK: Moments

    /// Seconds since 1970 in UTC of `time`; nil for a date, a floating time and a zone unknown.
    private func moment(of time: CalendarTime) -> Int64? {
        let wall = Self.midnight(of: time.day) + Int64(time.second)
        switch time.form {
        case .date, .floating: return nil
        case .utc: return wall
        case .zoned(let name):
            guard let zone = Self.zone(named: name) else { return nil }
            return Self.moment(ofWall: wall) { Int(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0)))) }
        }
    }

    /// The moment of this zone's clock time `wall` (seconds since 1970 as if it were UTC).
    private func localMoment(_ wall: Int64) -> Int64 {
        Self.moment(ofWall: wall) { offset(at: $0) }
    }

    /// The moment a clock at `offset` shows `wall`: the offset at a first guess, then at the
    /// moment it gives, so that a time near a change of offset lands on the right side.
    private static func moment(ofWall wall: Int64, offset: (Int64) -> Int) -> Int64 {
        let guess = wall - Int64(offset(wall))
        return wall - Int64(offset(guess))
    }

    /// This zone's UTC offset in seconds at `moment`.
    private func offset(at moment: Int64) -> Int {
        switch rules {
        case .named(let zone):
            return zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(moment)))
        case .system:
            var time = time_t(clamping: moment)
            var parts = tm()
            guard localtime_r(&time, &parts) != nil else { return 0 }
            return Int(parts.tm_gmtoff)
        }
    }

    private static func midnight(of day: Day) -> Int64 { Int64(day.number) * 86_400 }

    private static func day(of seconds: Int64) -> Day {
        Day.day(atSecondsSince1970: Int(clamping: seconds), utcOffset: 0)
    }

    /// The zone `name` names: as written, else its last parts (programs write
    /// `/mozilla.org/20050126_1/Europe/Berlin` or `/citadel.org/…/Europe/Berlin`).
    private static func zone(named name: String) -> TimeZone? {
        if let zone = TimeZone(identifier: name) { return zone }
        let parts = name.split(separator: "/")
        for count in stride(from: min(3, parts.count - 1), through: 1, by: -1) {
            if let zone = TimeZone(identifier: parts.suffix(count).joined(separator: "/")) { return zone }
        }
        return nil
    }
}
