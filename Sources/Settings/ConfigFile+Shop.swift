/// The config file's `[shop]` table: `tasks-vdir = "~/.local/share/tasks/shopping"`, the tasks
/// folder `shop --send` writes the list to.
public struct ShopSettings: ConfigSection {
    public static let table = "shop"
    public static let keys = ["tasks-vdir"]

    /// The tasks folder, resolved as every path of the file.
    public var tasksVdir: String?

    public init() {}

    public mutating func read(_ entry: ConfigEntry) throws(ConfigFileError) {
        tasksVdir = try entry.path()
    }
}
