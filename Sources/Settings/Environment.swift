#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The environment variables mealplan reads, read once when it starts and handed to the
/// commands, the planner and what they call: nothing else asks the process environment.
public struct Environment: Sendable {
    /// Every variable mealplan reads, with what it is read for: nothing else asks the process
    /// environment, and the manual page's ENVIRONMENT section is this table.
    public static let documented: [(name: String, meaning: String)] = [
        ("MEALPLAN_DB", "the database file, unless --db names one"),
        ("XDG_DATA_HOME", "the folder of the database (mealplan/meals.sqlite) and recipes (mealplan/recipes); default ~/.local/share"),
        ("HOME", "the home folder, for the default locations"),
        ("XDG_CONFIG_HOME", "the folder of the config file (mealplan/config.toml); default ~/.config"),
        ("MEALPLAN_RECIPES", "the recipes folder, unless --recipes names one; it wins over the config file's recipes"),
        ("MEALPLAN_TODAY", "today as YYYY-MM-DD instead of the clock's date (for tests and scripts)"),
        ("TMPDIR", "where --demo keeps its temporary plan"),
        ("TERM", "the terminal the planner draws on"),
        ("NO_COLOR", "set and not empty: the planner draws without colours"),
        ("ESCDELAY", "milliseconds the planner waits after Esc for the rest of a key's escape sequence (0 to 1000; default 10); raise it on a slow connection where arrow keys arrive as Esc"),
        ("LC_ALL", "the locale; the planner uses C.UTF-8 when its character set is not UTF-8"),
        ("LC_CTYPE", "the character set, when LC_ALL is not set"),
        ("LC_TIME", "the first day of the week, when LC_ALL is not set and the config file has no week-start"),
        ("LANG", "the locale, when neither of the above is set"),
        ("VISUAL", "the editor for notes (E) and recipes (R)"),
        ("EDITOR", "the editor when VISUAL is not set; else vi"),
        ("PATH", "where print looks for a browser to make a PDF (chromium, else weasyprint)"),
        ("LC_PAPER", "the paper of print's PDF (A4, or US Letter in the US and Canada), when LC_ALL is not set and --paper is not given"),
        ("MEALPLAN_BROWSER_TIMEOUT", "the seconds print's browser may take to make a PDF (1 to 3600; default 60)"),
    ]

    public static let names = documented.map(\.name)

    /// The variables of `names` that make the database path.
    public static let pathNames: Set = ["MEALPLAN_DB", "XDG_DATA_HOME", "HOME"]

    public let variables: [String: String]
    /// The refusal of each variable whose value is not valid UTF-8 (its value in `variables`
    /// has U+FFFD for the bytes that are not), given when a path made from it is used.
    public var undecodable: [String: String] = [:]

    public init(variables: [String: String], undecodable: [String: String] = [:]) {
        self.variables = variables
        self.undecodable = undecodable
    }

    /// The variables of `names` that are set, looked up one by one (cheaper than copying the
    /// whole environment on every start).
    public static func read() -> Environment {
        var found: [String: String] = [:], undecodable: [String: String] = [:]
        for name in names {
            guard let value = getenv(name) else { continue }
            found[name] = String(cString: value)
            if pathNames.contains(name) { undecodable[name] = Self.refusal(variable: name, value: value) }
        }
        return Environment(variables: found, undecodable: undecodable)
    }

    /// The refusal of `path` when it was made from a variable whose value is not valid UTF-8:
    /// it would name another file than the one meant.
    public func refusal(ofPath path: String) -> String? {
        undecodable.first { name, _ in variables[name].map(path.hasPrefix) == true }?.value
    }

    public subscript(name: String) -> String? { variables[name] }

    /// The locale chosen for `category` (`LC_CTYPE`, `LC_TIME`), as POSIX orders the
    /// variables: `LC_ALL`, else the category's own, else `LANG`, the first that is set.
    public func locale(of category: String) -> String? {
        ["LC_ALL", category, "LANG"].lazy.compactMap { self[$0] }.first { !$0.isEmpty }
    }

    /// Whether the locale's character set is UTF-8.
    public var localeIsUTF8: Bool {
        let lowered = (locale(of: "LC_CTYPE") ?? "").lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }
}

extension Environment {
    /// The message refusing the value of the environment variable `name`, when that value is
    /// not valid UTF-8: a path made from it would name another file than the one meant.
    static func refusal(variable name: String, value: UnsafePointer<CChar>) -> String? {
        guard String(validatingCString: value) == nil else { return nil }
        return "\(name) '\(shownBytes(value))' is not valid UTF-8; mealplan takes paths in UTF-8 only"
    }

    /// The bytes of `text` with printable ASCII as it is and every other byte as `\xHH`.
    public static func shownBytes(_ text: UnsafePointer<CChar>) -> String {
        UnsafeBufferPointer(start: text, count: strlen(text)).map { signed in
            let byte = UInt8(bitPattern: signed)
            guard (0x20..<0x7F).contains(byte), byte != UInt8(ascii: "\\") else {
                let hex = String(byte, radix: 16, uppercase: true)
                return "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
            return String(UnicodeScalar(byte))
        }.joined()
    }
}
