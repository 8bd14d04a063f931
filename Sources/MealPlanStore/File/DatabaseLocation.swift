/// Where the meal database lives when the user does not say.
public enum DatabaseLocation {
    /// The database path: `option` (from `--db`), else `$MEALPLAN_DB`, else
    /// `$XDG_DATA_HOME/mealplan/meals.sqlite`, else `~/.local/share/mealplan/meals.sqlite`.
    ///
    /// The environment is passed in rather than read here so that tests and the command line
    /// decide what the process sees.
    public static func path(option: String?, environment: [String: String]) throws(StoreError) -> String {
        if let option, !option.isEmpty { return option }
        if let path = environment["MEALPLAN_DB"], !path.isEmpty { return path }
        // The XDG spec says relative values are invalid and must be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/mealplan/meals.sqlite"
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return home + "/.local/share/mealplan/meals.sqlite"
        }
        throw .input("no database location: HOME is not set; use --db PATH or set MEALPLAN_DB")
    }
}
