import MealPlanCore
import SettingsTOML
import TextHelpers

/// The config file's `[sync]` table, for `mealplan sync`: the folder, the window, the default
/// slot, the command that carries the folder to a server and how long that may take.
extension ConfigFile {
    static let syncTable = "sync"

    struct SyncSettings {
        static let keys = ["vdir", "from", "slot", "command", "timeout"]
        /// How long the command may run without `timeout`, and the most `timeout` may say.
        static let defaultTimeLimit = 120
        static let timeLimits = 1...86_400

        /// The vdir synced without --vdir, resolved as the file's paths are.
        var vdir: String?
        /// The first day synced, in the date grammar ("-90": ninety days ago), and its line.
        var from: (text: String, line: Int)?
        /// The slot of an event that names none, and its line.
        var slot: (text: String, line: Int)?
        /// A shell command run before and after a sync ("vdirsyncer sync meals").
        var command: String?
        /// Seconds the command may run, each time, before it is stopped (a server that never
        /// answers must not hang the sync).
        var timeLimit = defaultTimeLimit

        mutating func read(_ entry: TOMLSubset.Entry, path: String, resolve: (String) -> String) throws(ConfigFileError) {
            let place = "config file '\(path)': line \(entry.line): key 'sync.\(entry.key)'"
            guard Self.keys.contains(entry.key) else {
                throw ConfigFileError(message: "\(place) is unknown; [sync] takes \(Self.keys.joined(separator: ", "))")
            }
            if entry.key == "timeout" {
                guard case .integer(let seconds) = entry.value, Self.timeLimits.contains(seconds) else {
                    throw ConfigFileError(message: "\(place) must be a whole number of seconds from \(Self.timeLimits.lowerBound) to \(Self.timeLimits.upperBound)")
                }
                timeLimit = seconds
                return
            }
            guard let text = entry.value.string, !text.trimmingWhitespace().isEmpty else {
                throw ConfigFileError(message: "\(place) must be text in quotes")
            }
            switch entry.key {
            case "vdir": vdir = resolve(text)
            case "from": from = (text, entry.line)
            case "slot": slot = (text, entry.line)
            default: command = text
            }
        }
    }
}
