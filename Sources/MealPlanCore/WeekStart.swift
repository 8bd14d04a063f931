#if canImport(Glibc)
import Glibc
#else
import Darwin
import TextHelpers
#endif

/// The household's week: the weekday it starts on, chosen by `week-start` in the config file,
/// else the locale's first day of the week, else Monday. Everything that means "a week"
/// (`this-week`, `next fri`, a shopping list's default days) counts from it, and it is passed
/// in like today, never kept globally.
extension Weekday {
    /// The week start when neither the config file nor the locale names one.
    public static let defaultWeekStart = Weekday.monday

    /// How far into a week that starts on `start` this weekday falls: 0 for `start` itself, 6
    /// for the day before it.
    public func daysAfter(_ start: Weekday) -> Int {
        (rawValue - start.rawValue + 7) % 7
    }

    /// The weekday `word` names, read as the date grammar reads weekdays (any case; `fri`,
    /// `friday`, `thurs`) or as a unique prefix of a name (`sa`); otherwise why not.
    public static func named(_ word: String) -> Result<Weekday, WeekdayNameError> {
        let typed = word.trimmingWhitespace().lowercased()
        if let weekday = DateInput.weekdays[typed] { return .success(weekday) }
        switch NameMatch(typed, among: allCases.map(\.name)) {
        case .found(let index): return .success(allCases[index])
        case .ambiguous(let names): return .failure(WeekdayNameError(word: word, candidates: names))
        case .none: return .failure(WeekdayNameError(word: word, candidates: []))
        }
    }

    /// The first day of the week of the locale named `locale` as LC_TIME names it
    /// (`de_DE.UTF-8`): glibc's `week-1stday` (a date, YYYYMMDD, whose weekday is day 1 of the
    /// locale's week) moved on by `first_weekday` − 1 days, so Sunday for en_US and Monday for
    /// de_DE and en_GB. `nil` for C and POSIX, which follow no country's custom, and for a
    /// locale that is not installed.
    public static func firstOfLocale(_ locale: String) -> Weekday? {
        let language = locale.prefix { $0 != "." && $0 != "@" }
        guard !language.isEmpty, language != "C", language != "POSIX",
              let handle = newlocale(LC_TIME_MASK, locale, nil) else { return nil }
        defer { freelocale(handle) }
        // glibc stores week-1stday as a number in the pointer's low 32 bits, not as text.
        let firstDay = UInt32(truncatingIfNeeded: UInt(bitPattern: nl_langinfo_l(nl_item(_NL_TIME_WEEK_1STDAY), handle)))
        guard let firstWeekday = nl_langinfo_l(nl_item(_NL_TIME_FIRST_WEEKDAY), handle)?.pointee,
              (1...7).contains(firstWeekday),
              let dayOne = Day(year: Int(firstDay / 10_000), month: Int(firstDay / 100 % 100), day: Int(firstDay % 100))
        else { return nil }
        return Weekday(rawValue: (dayOne.weekday.rawValue - 1 + Int(firstWeekday) - 1) % 7 + 1)
    }
}

/// A `week-start` that names no weekday, or several.
public struct WeekdayNameError: Error, Equatable, CustomStringConvertible {
    public let word: String
    /// The weekdays `word` is a prefix of, when there are several.
    public let candidates: [String]

    public var description: String {
        let quoted = "'\(word.messageExcerpt)'"
        if candidates.isEmpty { return "\(quoted) is not a day of the week; use one like \"sat\" or \"sunday\"" }
        return "\(quoted) could be \(candidates.joined(separator: " or ")); type more of it"
    }
}

extension Day {
    /// The next `start` on or after this day (today when a week starts today), stopping at
    /// 9999-12-31.
    public func nextWeekStart(_ start: Weekday) -> Day {
        adding(days: (7 - weekday.daysAfter(start)) % 7)
    }

    /// The `start` on or before this day: the first day of its week (clamped at 0001-01-01).
    public func weekStart(_ start: Weekday) -> Day {
        adding(days: -weekday.daysAfter(start))
    }

    /// The last day of this day's week, the day before the next `start` (clamped at 9999-12-31).
    public func weekEnd(_ start: Weekday) -> Day {
        adding(days: 6 - weekday.daysAfter(start))
    }
}

extension DayRange {
    /// The days a shopping list is for when none are named: the seven from the next week
    /// start, so that a household that shops the day before its week starts gets that week.
    public static func shoppingWeek(today: Day, weekStart: Weekday) -> DayRange {
        DayRange(start: today.nextWeekStart(weekStart), count: 7)
    }
}
