/// The config file's `[sync]` table, for `mealplan sync`: the folder, the window (from, until), the default
/// slot, the command that carries the folder to a server and how long that may take.
public struct SyncSettings: ConfigSection {
    public static let table = "sync"
    public static let keys = ["vdir", "from", "until", "slot", "command", "timeout"]
    /// How long the command may run without `timeout`, and the most `timeout` may say.
    public static let defaultTimeLimit = 120
    public static let timeLimits = 1...86_400

    /// The vdir synced without --vdir, resolved as the file's paths are.
    public var vdir: String?
    /// The first day synced, in the date grammar ("-90": ninety days ago), and its line.
    public var from: (text: String, line: Int)?
    /// The last day synced, in the date grammar ("+24m": two years ahead), and its line.
    public var until: (text: String, line: Int)?
    /// The slot of an event that names none, and its line.
    public var slot: (text: String, line: Int)?
    /// A shell command run before and after a sync ("vdirsyncer sync meals").
    public var command: String?
    /// Seconds the command may run, each time, before it is stopped (a server that never
    /// answers must not hang the sync).
    public var timeLimit = defaultTimeLimit

    public init() {}

    public mutating func read(_ entry: ConfigEntry) throws(ConfigFileError) {
        switch entry.key {
        case "timeout":
            guard case .integer(let seconds) = entry.value, Self.timeLimits.contains(seconds) else {
                throw entry.mistake("must be a whole number of seconds from \(Self.timeLimits.lowerBound) to \(Self.timeLimits.upperBound)")
            }
            timeLimit = seconds
        case "vdir": vdir = try entry.path()
        case "from": from = (try entry.text(), entry.line)
        case "until": until = (try entry.text(), entry.line)
        case "slot": slot = (try entry.text(), entry.line)
        default: command = try entry.text()
        }
    }
}
