import SettingsTOML
import TextHelpers

/// The config file's `[shop]` table: `tasks-vdir = "~/.local/share/tasks/shopping"`, the tasks
/// folder `shop --send` writes the list to.
struct ShopSettings {
    static let table = "shop"
    static let keys = ["tasks-vdir"]

    /// The tasks folder, resolved as every path of the file.
    var tasksVdir: String?

    /// Takes one entry of the table; an unknown key or a value that is no path is the one-line
    /// error naming the file, the line and the key.
    mutating func read(_ entry: TOMLSubset.Entry, path: String, resolve: (String) -> String) throws(ConfigFileError) {
        let place = "config file '\(path)': line \(entry.line): key '\(Self.table).\(entry.key.messageExcerpt)'"
        guard Self.keys.contains(entry.key) else {
            throw ConfigFileError(message: "\(place) is unknown; the keys of [\(Self.table)] are \(Self.keys.joined(separator: ", "))")
        }
        guard let value = entry.value.string, !value.isEmpty else {
            throw ConfigFileError(message: "\(place) must be a path in quotes")
        }
        tasksVdir = resolve(value)
    }
}
