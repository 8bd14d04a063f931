import MealPlanCore
import MealPlanExchange
import RecipeLibrary
import SettingsTOML
import ShoppingList
import TextHelpers

/// The settings in `$XDG_CONFIG_HOME/mealplan/config.toml` (else `~/.config/mealplan/…`):
/// where the recipes are, the aisle and pantry files, the day the household's weeks start on,
/// the system a shopping list's sums are shown in and, in a `[densities]` table, ingredients'
/// grams per millilitre over the built-in ones; and in a `[slot-times]` table the time each slot's meals start at in an iCalendar export. A missing file is no settings; a path may
/// start with `~/`, and a relative one counts from the file's folder.
struct ConfigFile {
    /// The keys the file may have outside a table.
    static let keys = ["recipes", "aisles", "pantry", "servings", "week-start", "units"]
    static let slotTimesTable = "slot-times"
    static let densitiesTable = "densities"

    var path: String?
    var recipes: String?
    var aisles: String?
    var pantry: String?
    /// The household's size: the servings of a new meal with a recipe, over the recipe's own.
    var servings: Double?
    /// `week-start = "sat"`: a weekday as the date grammar reads it, or a unique prefix.
    var weekStart: Weekday?
    /// `slot = "HH:MM"` entries of `[slot-times]`, in file order: slot as written, the time, and
    /// the line, so that an unknown slot can be reported where it is.
    var slotTimes: [(slot: String, time: TimeOfDay, line: Int)] = []
    /// `units = "us"` and the `[densities]` table over the built-in densities.
    var units = UnitSettings()
    /// The `[densities]` entries as given, in file order, for `mealplan config`.
    var densities: [(name: String, gramsPerMillilitre: Double)] = []
    /// The `[sync]` table: see `ConfigFile+Sync.swift`.
    var sync = SyncSettings()

    /// The file's path, whether or not it exists; `nil` without HOME or XDG_CONFIG_HOME.
    static func location(in environment: Environment) -> String? {
        if let folder = environment["XDG_CONFIG_HOME"], folder.hasPrefix("/") { return folder + "/mealplan/config.toml" }
        return environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 + "/.config/mealplan/config.toml" : nil }
    }

    static func load(in environment: Environment) throws(ConfigFileError) -> ConfigFile {
        guard let path = location(in: environment) else { return ConfigFile() }
        let text: String
        do {
            text = try TextFile.contents(of: path)
        } catch where error.isMissing {
            return ConfigFile()
        } catch {
            throw ConfigFileError(message: error.userMessage)
        }
        return try parse(text, path: path, home: environment["HOME"])
    }

    static func parse(_ text: String, path: String, home: String?) throws(ConfigFileError) -> ConfigFile {
        let document: TOMLSubset
        do {
            document = try TOMLSubset(text)
        } catch {
            throw ConfigFileError(message: "config file '\(path)': \(error)")
        }
        var config = ConfigFile(path: path)
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        for entry in document.entries {
            let name = entry.table.isEmpty ? entry.key : entry.table + "." + entry.key
            if entry.table == slotTimesTable {
                guard let text = entry.value.string, let time = TimeOfDay(text) else {
                    throw ConfigFileError(
                        message: "config file '\(path)': line \(entry.line): key '\(name)' must be a time in quotes, like \"19:00\"")
                }
                config.slotTimes.append((entry.key, time, entry.line))
                continue
            }
            if entry.table == syncTable {
                try config.sync.read(entry, path: path, resolve: { resolvedPath($0, folder: folder, home: home) })
                continue
            }
            if entry.table == densitiesTable {
                let density = try density(of: entry, path: path)
                config.units.densities.set(entry.key, gramsPerMillilitre: density)
                config.densities.append((entry.key, density))
                continue
            }
            guard entry.table.isEmpty, keys.contains(entry.key) else {
                throw ConfigFileError(
                    message: "config file '\(path)': line \(entry.line): unknown key '\(name)'; the keys are \(keys.joined(separator: ", ")), a [\(slotTimesTable)] table, a [\(densitiesTable)] table and a [\(syncTable)] table")
            }
            if entry.key == "servings" {
                config.servings = try servings(of: entry, path: path)
                continue
            }
            if entry.key == "week-start" {
                config.weekStart = try weekday(entry, path: path)
                continue
            }
            if entry.key == "units" {
                guard let text = entry.value.string, let system = UnitSystem(rawValue: text.lowercased()) else {
                    throw ConfigFileError(message: "config file '\(path)': line \(entry.line): key 'units' must be \"metric\" or \"us\"")
                }
                config.units.system = system
                continue
            }
            guard let value = entry.value.string, !value.isEmpty else {
                throw ConfigFileError(message: "config file '\(path)': line \(entry.line): key '\(name)' must be a path in quotes")
            }
            let resolved = resolvedPath(value, folder: folder, home: home)
            switch entry.key {
            case "recipes": config.recipes = resolved
            case "aisles": config.aisles = resolved
            default: config.pantry = resolved
            }
        }
        return config
    }

    /// A path as the file gives it: `~/` from the home folder, a relative one from the file's.
    private static func resolvedPath(_ value: String, folder: String, home: String?) -> String {
        value.hasPrefix("~/") ? (home ?? "") + value.dropFirst() : value.hasPrefix("/") ? value : folder + "/" + value
    }

    /// The weekday of a `week-start` entry, or the one-line error naming the file, line and key.
    private static func weekday(_ entry: TOMLSubset.Entry, path: String) throws(ConfigFileError) -> Weekday {
        let place = "config file '\(path)': line \(entry.line): key '\(entry.key)'"
        guard let text = entry.value.string else {
            throw ConfigFileError(message: "\(place) must be a day of the week in quotes, like \"sat\"")
        }
        switch Weekday.named(text) {
        case .success(let weekday): return weekday
        case .failure(let error): throw ConfigFileError(message: "\(place): \(error)")
        }
    }
}

extension ConfigFile {
    /// `servings = 4` (or 2.5): a number a meal's servings can be.
    private static func servings(of entry: TOMLSubset.Entry, path: String) throws(ConfigFileError) -> Double {
        let number: Double? = switch entry.value {
        case .integer(let value): Double(value)
        case .float(let value): value
        default: nil
        }
        let place = "config file '\(path)': line \(entry.line): key 'servings'"
        guard let number else { throw ConfigFileError(message: "\(place) must be a number, like 4") }
        do {
            return try Meal.validServings(number)
        } catch {
            throw ConfigFileError(message: "\(place): \(error.message)")
        }
    }
}

/// A mistake in the config file, naming the file, the line and the key.
struct ConfigFileError: UserFacingError {
    let message: String
    var userMessage: String { message }
    var exitStatus: ExitStatus { .config }
}

extension ConfigFile {
    /// A `[densities]` entry: grams per millilitre as a number (`butter = 0.96`), or a mass per
    /// volume in quotes (`flour = "125 g/cup"`).
    private static func density(of entry: TOMLSubset.Entry, path: String) throws(ConfigFileError) -> Double {
        let density: Double? = switch entry.value {
        case .integer(let value): Double(value)
        case .float(let value): value
        case .string(let text): Densities.parse(text)
        default: nil
        }
        guard let density, density.isFinite, density > 0, density < 100 else {
            throw ConfigFileError(message: "config file '\(path)': line \(entry.line): key '\(densitiesTable).\(entry.key.messageExcerpt)' must be grams per millilitre above 0 and below 100, like 0.96, or a mass per volume in quotes, like \"125 g/cup\"")
        }
        return density
    }
}

extension ConfigFile {
    /// The `[slot-times]` by each slot's stored name: what an iCalendar export and a sync write.
    func slotTimes(of slots: [MealSlot]) throws(ConfigFileError) -> [String: TimeOfDay] {
        var times: [String: TimeOfDay] = [:]
        for (slotText, time, line) in slotTimes {
            do {
                times[try slots.resolve(slotText).name] = time
            } catch {
                throw ConfigFileError(message: "config file '\(path ?? "")': line \(line): [slot-times] \(error.message)")
            }
        }
        return times
    }
}
