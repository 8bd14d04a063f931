#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The environment variables mealplan reads, read once when it starts and handed to the
/// commands, the planner and what they call: nothing else asks the process environment.
struct Environment: Sendable {
    /// Every variable mealplan reads: the database's location (see `DatabaseLocation`), the
    /// pinned day, the demo's temporary folder, the terminal, the locale (its character set and
    /// its first day of the week), the recipes folder,
    /// the config file's folder and the editor for notes.
    static let names = [
        "MEALPLAN_DB", "XDG_DATA_HOME", "HOME", "MEALPLAN_TODAY", "TMPDIR", "TERM", "NO_COLOR", "LC_ALL", "LC_CTYPE", "LC_TIME", "LANG",
        "MEALPLAN_RECIPES", "XDG_CONFIG_HOME", "VISUAL", "EDITOR",
    ]

    /// The variables of `names` that make the database path.
    static let pathNames: Set = ["MEALPLAN_DB", "XDG_DATA_HOME", "HOME"]

    let variables: [String: String]
    /// The refusal of each variable whose value is not valid UTF-8 (its value in `variables`
    /// has U+FFFD for the bytes that are not), given when a path made from it is used.
    var undecodable: [String: String] = [:]

    /// The variables of `names` that are set, looked up one by one (cheaper than copying the
    /// whole environment on every start).
    static func read() -> Environment {
        var found: [String: String] = [:], undecodable: [String: String] = [:]
        for name in names {
            guard let value = getenv(name) else { continue }
            found[name] = String(cString: value)
            if pathNames.contains(name) { undecodable[name] = UTF8Input.refusal(variable: name, value: value) }
        }
        return Environment(variables: found, undecodable: undecodable)
    }

    /// The refusal of `path` when it was made from a variable whose value is not valid UTF-8:
    /// it would name another file than the one meant.
    func refusal(ofPath path: String) -> String? {
        undecodable.first { name, _ in variables[name].map(path.hasPrefix) == true }?.value
    }

    subscript(name: String) -> String? { variables[name] }

    /// The locale chosen for `category` (`LC_CTYPE`, `LC_TIME`), as POSIX orders the
    /// variables: `LC_ALL`, else the category's own, else `LANG`, the first that is set.
    func locale(of category: String) -> String? {
        ["LC_ALL", category, "LANG"].lazy.compactMap { self[$0] }.first { !$0.isEmpty }
    }

    /// Whether the locale's character set is UTF-8.
    var localeIsUTF8: Bool {
        let lowered = (locale(of: "LC_CTYPE") ?? "").lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }
}
