import MealPlanCore
import SettingsTOML
import TextHelpers

/// The config file's `[sync]` table, for `mealplan sync`: the folder, the window, the default
/// slot and the command that carries the folder to a server.
extension ConfigFile {
    static let syncTable = "sync"

    struct SyncSettings {
        static let keys = ["vdir", "from", "slot", "command"]

        /// The vdir synced without --vdir, resolved as the file's paths are.
        var vdir: String?
        /// The first day synced, in the date grammar ("-90": ninety days ago), and its line.
        var from: (text: String, line: Int)?
        /// The slot of an event that names none, and its line.
        var slot: (text: String, line: Int)?
        /// A shell command run before and after a sync ("vdirsyncer sync meals").
        var command: String?

        mutating func read(_ entry: TOMLSubset.Entry, path: String, resolve: (String) -> String) throws(ConfigFileError) {
            let place = "config file '\(path)': line \(entry.line): key 'sync.\(entry.key)'"
            guard Self.keys.contains(entry.key) else {
                throw ConfigFileError(message: "\(place) is unknown; [sync] takes \(Self.keys.joined(separator: ", "))")
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
