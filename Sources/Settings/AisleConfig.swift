import MealPlanCore
import TextHelpers

/// The shop's aisles in walking order, as cookcli's `aisle.conf` writes them: `[aisle]` lines,
/// then one ingredient a line; `a|b` makes `b` another name of `a`, merged under `a` on the
/// list. Names match without regard to case.
public struct AisleConfig: Equatable, Sendable {
    public struct Aisle: Equatable, Sendable {
        public var name: String
        /// Each ingredient's names, the one the list shows first.
        public var ingredients: [[String]]
    }

    public var aisles: [Aisle] = []
    /// Lower-cased name → (aisle index, the name the list shows).
    private var lookup: [String: (aisle: Int, name: String)] = [:]

    public init() {}

    public static func == (left: AisleConfig, right: AisleConfig) -> Bool { left.aisles == right.aisles }

    /// Reads `text`; a line that fits nowhere is an error naming it.
    public static func parse(_ text: String) throws(ConfigError) -> AisleConfig {
        var config = AisleConfig()
        for (offset, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("--") { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]"), line.count > 2 else {
                    throw ConfigError(line: offset + 1, "an aisle is written [name]")
                }
                config.aisles.append(Aisle(name: String(line.dropFirst().dropLast()).trimmingWhitespace(), ingredients: []))
                continue
            }
            guard !config.aisles.isEmpty else {
                throw ConfigError(line: offset + 1, "'\(line)' comes before any [aisle] line")
            }
            let names = line.split(separator: "|").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
            guard let shown = names.first, raw.trimmingWhitespace().first != "|" else {
                throw ConfigError(line: offset + 1, "an ingredient line is a name, with other names after '|'")
            }
            for name in names {
                if let earlier = config.lookup[name.lowercased()] {
                    throw ConfigError(line: offset + 1,
                                      "'\(name)' is already in aisle [\(config.aisles[earlier.aisle].name)]")
                }
                config.lookup[name.lowercased()] = (config.aisles.count - 1, shown)
            }
            config.aisles[config.aisles.count - 1].ingredients.append(names)
        }
        return config
    }

    /// The aisle of `ingredient` (its index in walking order) and the name the list shows;
    /// `nil` for an ingredient the file does not name.
    public func place(of ingredient: String) -> (aisle: Int, name: String)? {
        lookup[ingredient.lowercased()]
    }
}

/// A line of a configuration file that could not be read.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    /// `line N: message`, to follow the file's name.
    public var description: String { "line \(line): \(message)" }
}

extension AisleConfig {
    /// Every name the file gives the ingredient called `name` (its own included); just `name`
    /// when the file does not name it.
    public func names(of name: String) -> [String] {
        guard let place = place(of: name) else { return [name] }
        return aisles[place.aisle].ingredients.first { $0.first == place.name } ?? [name]
    }
}
