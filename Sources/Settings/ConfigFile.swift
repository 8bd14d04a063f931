import MealPlanCore
import TextHelpers

/// The settings in `$XDG_CONFIG_HOME/mealplan/config.toml` (else `~/.config/mealplan/…`):
/// where the recipes are, the aisle and pantry files, the household's servings, the day its
/// weeks start on, the system a shopping list's sums are shown in; and in tables, ingredients'
/// grams per millilitre over the built-in ones (`[densities]`), the time each slot's meals
/// start at in an iCalendar export (`[slot-times]`), the tasks folder of `shop --send`
/// (`[shop]`) and the sync's folder and command (`[sync]`). A missing file is no settings; a
/// path may start with `~/`, and a relative one counts from the file's folder.
///
/// The keys outside a table and the tables every command needs are read when the file is
/// loaded, so that a mistake in them stops any command; any other table is a `ConfigSection`
/// read by the module that uses it (`section(_:)`); `ConfigSection` says how to add one.
public struct ConfigFile: Sendable {
    /// The keys the file may have outside a table.
    public static let keys = ["recipes", "aisles", "pantry", "servings", "week-start", "units"]
    /// Every table the file may have; any other is a mistake. A table read by another module
    /// is named here too, so that every command refuses a misspelt one.
    public static let tables = [SlotTimes.table, DensitySettings.table, ShopSettings.table, SyncSettings.table,
                                "foods"]  // Nutrition's FoodSettings

    /// The file read, `nil` when there is none.
    public var path: String?
    public var recipes: String?
    public var aisles: String?
    public var pantry: String?
    /// The household's size: the servings of a new meal with a recipe, over the recipe's own.
    public var servings: Double?
    /// `week-start = "sat"`: a weekday as the date grammar reads it, or a unique prefix.
    public var weekStart: Weekday?
    /// `units = "us"` and the `[densities]` table over the built-in densities.
    public var units = UnitSettings()
    /// The `[densities]` table.
    public var densities = DensitySettings()
    /// The `[slot-times]` table.
    public var slotTimes = SlotTimes()
    /// The `[shop]` table (`ConfigFile+Shop.swift`).
    public var shop = ShopSettings()
    /// The `[sync]` table: see `ConfigFile+Sync.swift`.
    public var sync = SyncSettings()

    /// The file's lines by table, for the tables other modules read (`section(_:)`).
    private var entries: [String: [ConfigEntry]] = [:]

    public init() {}

    /// The file's path, whether or not it exists; `nil` without HOME or XDG_CONFIG_HOME.
    public static func location(in environment: Environment) -> String? {
        if let folder = environment["XDG_CONFIG_HOME"], folder.hasPrefix("/") { return folder + "/mealplan/config.toml" }
        return environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 + "/.config/mealplan/config.toml" : nil }
    }

    /// The largest config file read: far above any real one.
    public static let maximumSize = 1_048_576

    public static func load(in environment: Environment) throws(ConfigFileError) -> ConfigFile {
        guard let path = location(in: environment) else { return ConfigFile() }
        let text: String
        do {
            text = try BoundedFile.contents(of: path, maximumSize: maximumSize).text
        } catch where error.isMissing {
            return ConfigFile()
        } catch {
            throw ConfigFileError(message: error.message)
        }
        return try parse(text, path: path, home: environment["HOME"])
    }

    public static func parse(_ text: String, path: String, home: String?) throws(ConfigFileError) -> ConfigFile {
        let document: TOMLSubset
        do {
            document = try TOMLSubset(text)
        } catch {
            throw ConfigFileError(message: "config file '\(path)': \(error)")
        }
        var config = ConfigFile()
        config.path = path
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        for found in document.entries {
            let entry = ConfigEntry(table: found.table, key: found.key, value: found.value, line: found.line,
                                    file: path, folder: folder, home: home)
            guard entry.table.isEmpty else {
                guard tables.contains(entry.table) else {
                    throw ConfigFileError(message: "\(entry.lineText): table [\(entry.table.messageExcerpt)] is unknown; the tables are \(tables.map { "[\($0)]" }.joined(separator: ", "))")
                }
                config.entries[entry.table, default: []].append(entry)
                continue
            }
            try config.readTopLevel(entry)
        }
        config.slotTimes = try config.section(SlotTimes.self)
        config.densities = try config.section(DensitySettings.self)
        for density in config.densities.entries {
            config.units.densities.set(density.name, gramsPerMillilitre: density.gramsPerMillilitre)
        }
        config.shop = try config.section(ShopSettings.self)
        config.sync = try config.section(SyncSettings.self)
        return config
    }

    /// The table `Section` reads, as the file gives it (as `Section()` makes it without).
    public func section<Section: ConfigSection>(_ type: Section.Type = Section.self) throws(ConfigFileError) -> Section {
        var section = Section()
        for entry in entries[Section.table] ?? [] { try entry.read(into: &section) }
        return section
    }

    /// A path as the file gives it: `~/` from the home folder, `/` as it is, a relative one from the file's folder.
    static func resolvedPath(_ value: String, folder: String, home: String?) -> String {
        value.hasPrefix("~/") ? (home ?? "") + value.dropFirst() : value.hasPrefix("/") ? value : folder + "/" + value
    }

    /// A key outside any table.
    private mutating func readTopLevel(_ entry: ConfigEntry) throws(ConfigFileError) {
        switch entry.key {
        case "recipes": recipes = try entry.path()
        case "aisles": aisles = try entry.path()
        case "pantry": pantry = try entry.path()
        case "servings": servings = try Self.servings(of: entry)
        case "week-start": weekStart = try Self.weekday(of: entry)
        case "units":
            guard let text = entry.value.string, let system = UnitSystem(rawValue: text.lowercased()) else {
                throw entry.mistake("must be \"metric\" or \"us\"")
            }
            units.system = system
        default:
            throw entry.mistake("is unknown; the keys are \(Self.keys.joined(separator: ", ")), and the tables \(Self.tables.map { "[\($0)]" }.joined(separator: ", "))")
        }
    }

    /// `servings = 4` (or 2.5): a number a meal's servings can be.
    private static func servings(of entry: ConfigEntry) throws(ConfigFileError) -> Double {
        guard let number = entry.number else { throw entry.mistake("must be a number, like 4") }
        do {
            return try Meal.validServings(number)
        } catch {
            throw entry.problem(error.message)
        }
    }

    /// The weekday of a `week-start` entry.
    private static func weekday(of entry: ConfigEntry) throws(ConfigFileError) -> Weekday {
        guard let text = entry.value.string else { throw entry.mistake("must be a day of the week in quotes, like \"sat\"") }
        switch Weekday.named(text) {
        case .success(let weekday): return weekday
        case .failure(let error): throw entry.problem("\(error)")
        }
    }
}

/// The config file's `[densities]` table: an ingredient's grams per millilitre as a number
/// (`butter = 0.96`), or a mass per volume in quotes (`flour = "125 g/cup"`).
public struct DensitySettings: ConfigSection {
    public static let table = "densities"
    public static let keys: [String] = []

    /// The entries as given, in file order, for `mealplan config`.
    public var entries: [(name: String, gramsPerMillilitre: Double)] = []

    public init() {}

    public mutating func read(_ entry: ConfigEntry) throws(ConfigFileError) {
        let density = entry.number ?? entry.value.string.flatMap(Densities.parse)
        guard let density, density.isFinite, density > 0, density < 100 else {
            throw entry.mistake("must be grams per millilitre above 0 and below 100, like 0.96, or a mass per volume in quotes, like \"125 g/cup\"")
        }
        entries.append((entry.key, density))
    }
}

/// The config file's `[slot-times]` table: `dinner = "19:00"`, the time a slot's meals start
/// at in an iCalendar export and a sync.
public struct SlotTimes: ConfigSection {
    public static let table = "slot-times"
    public static let keys: [String] = []

    /// The entries in file order: the slot as written, the time, and the line, so that an
    /// unknown slot can be reported where it is.
    public var entries: [(slot: String, time: TimeOfDay, line: Int)] = []
    /// The config file, for the message about an unknown slot.
    private var file = ""

    public init() {}

    public mutating func read(_ entry: ConfigEntry) throws(ConfigFileError) {
        guard let text = entry.value.string, let time = TimeOfDay(text) else {
            throw entry.mistake("must be a time in quotes, like \"19:00\"")
        }
        entries.append((entry.key, time, entry.line))
        file = entry.file
    }

    /// The times by each slot's stored name: what an iCalendar export and a sync write. A slot
    /// the plan does not have is the error naming its line.
    public func times(of slots: [MealSlot]) throws(ConfigFileError) -> [String: TimeOfDay] {
        var times: [String: TimeOfDay] = [:]
        for (slotText, time, line) in entries {
            do {
                times[try slots.resolve(slotText).name] = time
            } catch {
                throw ConfigFileError(message: "config file '\(file)': line \(line): [\(Self.table)] \(error.message)")
            }
        }
        return times
    }
}
