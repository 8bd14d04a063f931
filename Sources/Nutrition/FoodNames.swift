import Settings
import ShoppingList
import TextHelpers

/// Which SR21 food an ingredient's name is: the household's own names first (`[foods]` in the
/// config file), then mealplan's table of names chosen by hand (`FoodNameTable.swift`), for the
/// name and every other name `aisle.conf` gives it. A name neither knows has no food: nothing is
/// matched by its words, since words mislead (butter is not butterfish), and nothing is made
/// singular or plural at run time (the table lists both forms; "peppers" is not "pepper").
public struct FoodNames: Sendable {
    /// A name's food, and what the table knows of how a cook measures it.
    public struct Entry: Equatable, Sendable {
        public var number: String
        /// The grams of one counted item, for a plain count (`3 eggs`: a large egg's 50 g).
        public var gramsEach: Double?
        /// Grams per millilitre chosen by hand (cream as poured, not whipped).
        public var gramsPerMillilitre: Double?
        /// Masses are as bought: the food's refuse (bones) is taken off.
        public var isAsBought: Bool
        /// The table's note for a reader: the food's description, the measures chosen, why.
        public var note: String
    }

    /// Where a name's food comes from.
    public enum Source: Equatable, Sendable {
        /// mealplan's table.
        case table
        /// The config file's `[foods]`, at this line.
        case config(line: Int)
    }

    /// The food a name maps to: under which of its names (`aisle.conf`'s other names included),
    /// and from where.
    public struct Mapping: Equatable, Sendable {
        public var name: String
        public var entry: Entry
        public var source: Source
    }

    private var own: [String: (entry: Entry, line: Int)] = [:]
    private let table: [String: Entry]

    /// mealplan's table alone.
    public static let standard = FoodNames(table: parseTable())

    private init(table: [String: Entry]) {
        self.table = table
    }

    /// The names of the built-in table, each with its food.
    public var tableNames: [(name: String, entry: Entry)] { table.map { ($0.key, $0.value) }.sorted { $0.name < $1.name } }

    /// The household's own names, as `[foods]` gives them, in the file's order.
    public var ownNames: [(name: String, number: String, line: Int)] {
        own.map { ($0.key, $0.value.entry.number, $0.value.line) }.sorted { $0.line < $1.line }
    }

    /// Maps `name` to the food numbered `number`, over the table, as `[foods]` line `line` says.
    public mutating func map(_ name: String, to number: String, line: Int) throws(FoodNameError) {
        guard number.utf8.count == 5, number.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw FoodNameError("'\(number.messageExcerpt)' is not a USDA food number: those are five digits in quotes, like \"01001\"")
        }
        guard let food = FoodTable.food(number) else {
            throw FoodNameError("no USDA SR21 food has the number \(number); 'mealplan nutrition --food \"\(name.messageExcerpt)\"' lists those that match its words")
        }
        let key = Self.normalized(name)
        guard !key.isEmpty else { throw FoodNameError("the name is empty") }
        own[key] = (Entry(number: number, gramsEach: nil, gramsPerMillilitre: nil, isAsBought: false, note: food.description), line)
    }

    /// The food of the ingredient `name`: the household's own names before the table's, for
    /// `name` and then each other name `aisles` gives it; `nil` when none maps.
    public func mapping(of name: String, aisles: AisleConfig = AisleConfig()) -> Mapping? {
        var names = [Self.normalized(name)]
        for other in aisles.names(of: name).map(Self.normalized) where !names.contains(other) { names.append(other) }
        for name in names {
            if let found = own[name] { return Mapping(name: name, entry: found.entry, source: .config(line: found.line)) }
        }
        for name in names {
            if let found = table[name] { return Mapping(name: name, entry: found, source: .table) }
        }
        return nil
    }

    /// A name as the tables hold it: lower-cased, blanks trimmed and single.
    public static func normalized(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Reads `FoodNameTable.swift`'s lines: names, number, grams each, grams per millilitre,
    /// `bought`, note.
    private static func parseTable() -> [String: Entry] {
        let text = tableText.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        var entries: [String: Entry] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "^", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 6 else { continue }
            let entry = Entry(number: fields[1], gramsEach: Double(fields[2]), gramsPerMillilitre: Double(fields[3]),
                              isAsBought: fields[4] == "bought", note: fields[5...].joined(separator: "^"))
            for name in fields[0].split(separator: "|") { entries[String(name)] = entry }
        }
        return entries
    }
}

/// A `[foods]` entry that names no food.
public struct FoodNameError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
