import MealPlanCore
import TextHelpers

/// One `[table]` of config.toml, read by the module that uses it: `[sync]` by the sync,
/// `[shop]` by `shop --send`, a planner's table by the planner. The type says which keys the
/// table takes and what each value means; `ConfigFile` finds the table's lines and hands them
/// over one by one, so every mistake is reported alike, naming the file, the line and the key.
///
/// A new table: write `struct FooSettings: ConfigSection` beside the code that uses it (its
/// `table`, its `keys`, and `read` taking one entry), add its name to `ConfigFile.tables` (so
/// that the file may have it), add a line to `mealplan help config`, and ask for it with
/// `try config.section(FooSettings.self)`. A table every command needs is read once when the
/// file is loaded instead: a stored property of `ConfigFile`, filled in `ConfigFile.parse`.
public protocol ConfigSection: Sendable {
    /// The table's name in the file: `[sync]` is `"sync"`.
    static var table: String { get }
    /// The keys the table takes, named in the error for any other; empty for a table whose
    /// keys are names the user chooses (`[densities]`, `[slot-times]`).
    static var keys: [String] { get }
    /// The table as it is when the file does not have it.
    init()
    /// Takes one `key = value` line of the table; a value it cannot use throws
    /// `entry.mistake("must be …")`.
    mutating func read(_ entry: ConfigEntry) throws(ConfigFileError)
}

/// One `key = value` line of config.toml as a `ConfigSection` reads it: the value, with what
/// a message about it needs (file, line, key) and what a path in it is relative to.
public struct ConfigEntry: Sendable {
    public let table: String
    public let key: String
    public let value: TOMLSubset.Value
    public let line: Int
    /// The config file's path.
    public let file: String
    /// The file's folder, which a relative path counts from, and the home folder `~/` names.
    let folder: String
    let home: String?

    /// `table.key`, or `key` outside a table, as a message names it.
    public var name: String { (table.isEmpty ? "" : table + ".") + key.messageExcerpt }

    /// `config file 'PATH': line N`, the start of every message about the file.
    public var lineText: String { "config file '\(file)': line \(line)" }

    /// The one-line error `config file 'PATH': line N: key 'KEY' …`, e.g. `mistake("must be a
    /// number, like 4")`.
    public func mistake(_ text: String) -> ConfigFileError {
        ConfigFileError(message: "\(lineText): key '\(name)' \(text)")
    }

    /// The one-line error `config file 'PATH': line N: key 'KEY': PROBLEM`, for a value read
    /// by another reader with its own message (a weekday, a number of servings).
    public func problem(_ message: String) -> ConfigFileError {
        ConfigFileError(message: "\(lineText): key '\(name)': \(message)")
    }

    /// The value as text; a value that is not quoted text (or is empty) is the error.
    public func text() throws(ConfigFileError) -> String {
        guard let text = value.string, !text.trimmingWhitespace().isEmpty else { throw mistake("must be text in quotes") }
        return text
    }

    /// The value as a path, resolved as every path of the file: `~/` from the home folder, `/`
    /// as it is, a relative one from the file's folder.
    public func path() throws(ConfigFileError) -> String {
        guard let value = value.string, !value.trimmingWhitespace().isEmpty else { throw mistake("must be a path in quotes") }
        return ConfigFile.resolvedPath(value, folder: folder, home: home)
    }

    /// The value as a number (`4` or `2.5`), or `nil` when it is something else.
    public var number: Double? {
        switch value {
        case .integer(let value): Double(value)
        case .float(let value): value
        default: nil
        }
    }

    /// An entry of `[table]` read by `Section`: a key it does not take is the error listing
    /// those it does.
    func read<Section: ConfigSection>(into section: inout Section) throws(ConfigFileError) {
        guard Section.keys.isEmpty || Section.keys.contains(key) else {
            throw mistake("is unknown; [\(Section.table)] takes \(Section.keys.joined(separator: ", "))")
        }
        try section.read(self)
    }
}

/// A mistake in the config file, naming the file, the line and the key.
public struct ConfigFileError: UserFacingError {
    public let message: String
    public var userMessage: String { message }
    public var exitStatus: ExitStatus { .config }

    public init(message: String) {
        self.message = message
    }
}
