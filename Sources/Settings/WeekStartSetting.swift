import MealPlanCore

/// The day the household's weeks start on, and where that choice came from: `week-start` in
/// the config file, else the first day of the week of the locale (`LC_TIME`), else Monday.
public struct WeekStartSetting: Sendable {
    public enum Source: Equatable, Sendable {
        case configFile
        /// The locale as named by the environment (`LC_ALL`, `LC_TIME` or `LANG`).
        case locale(String)
        case fallback
    }

    public let weekday: Weekday
    public let source: Source

    public static func read(in environment: Environment) throws(ConfigFileError) -> WeekStartSetting {
        if let configured = try ConfigFile.load(in: environment).weekStart {
            return WeekStartSetting(weekday: configured, source: .configFile)
        }
        if let locale = environment.locale(of: "LC_TIME"), let weekday = Weekday.firstOfLocale(locale) {
            return WeekStartSetting(weekday: weekday, source: .locale(locale))
        }
        return WeekStartSetting(weekday: .defaultWeekStart, source: .fallback)
    }
}
