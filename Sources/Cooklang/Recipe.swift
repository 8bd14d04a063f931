import MealPlanCore
import TextHelpers

/// A recipe as Cooklang text describes it: front matter, then sections of steps and notes, and
/// every ingredient, piece of cookware and timer the steps mention, in the order they appear.
///
/// The model keeps what the text says and nothing more: quantities are not scaled or
/// converted here (that is the shopping list's job), and a reference to another recipe is kept
/// as the path written, for whoever reads files to resolve.
public struct Recipe: Equatable, Sendable {
    /// The front matter's entries (and old-style `>> key: value` lines) in the order written.
    public var metadata: [MetadataEntry] = []
    public var sections: [RecipeSection] = []
    /// Every ingredient mention, in order; steps point into this list.
    public var ingredients: [Ingredient] = []
    public var cookware: [Cookware] = []
    public var timers: [CookingTimer] = []

    public init() {}

    /// The value of the first entry named `key` (case-insensitive), if any.
    public func metadata(_ key: String) -> MetadataValue? {
        metadata.first { $0.key.lowercased() == key.lowercased() }?.value
    }

    /// The front matter's `title`.
    public var title: String? { metadata("title")?.text }

    /// How many servings the quantities are written for: the first number of `servings`
    /// (`4`, `4 people`, or the first of `2|4|6`); `nil` when not said.
    public var servings: Double? {
        metadata("servings").flatMap { try? Self.servings(in: $0.text) }
    }

    /// The servings `text` says: its first word (before a space, `|` or `,`) read whole as a
    /// number a meal can have (`4`, `2.5`); anything else (`1e3`, `four`) is refused, never
    /// read as a part of it.
    static func servings(in text: String) throws(MealValidationError) -> Double {
        let first = text.trimmingWhitespace().prefix { !$0.isWhitespace && $0 != "|" && $0 != "," }
        return try Meal.servings(parsing: String(first))
    }

    /// Refuses a `servings` value that is not a number of servings, at `line` and `column`.
    static func checkServings(key: String, value: MetadataValue, line: Int, column: Int) throws(CooklangError) {
        guard key.lowercased() == "servings", !value.text.trimmingWhitespace().isEmpty else { return }
        do {
            _ = try servings(in: value.text)
        } catch {
            throw CooklangError(line: line, column: column, "'servings: \(value.text.messageExcerpt)': \(error.message)")
        }
    }

    /// The front matter's `tags`, as a list or a comma-separated text.
    public var tags: [String] {
        switch metadata("tags") {
        case .list(let items)?: items
        case .text(let text)?: text.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        case nil: []
        }
    }
}

/// One `key: value` of the front matter.
public struct MetadataEntry: Equatable, Sendable {
    public var key: String
    public var value: MetadataValue

    public init(key: String, value: MetadataValue) {
        self.key = key
        self.value = value
    }
}

/// A front matter value: text, or a list (`[a, b]` or `- item` lines).
public enum MetadataValue: Equatable, Sendable {
    case text(String)
    case list([String])

    /// The text, or a list's items joined by ", ".
    public var text: String {
        switch self {
        case .text(let text): text
        case .list(let items): items.joined(separator: ", ")
        }
    }
}

/// A part of a recipe under an `== name ==` line (the first may have no name).
public struct RecipeSection: Equatable, Sendable {
    public var name: String?
    public var blocks: [RecipeBlock]

    public init(name: String?, blocks: [RecipeBlock] = []) {
        self.name = name
        self.blocks = blocks
    }
}

/// A paragraph of a section: a step to follow, or a `>` note to read.
public enum RecipeBlock: Equatable, Sendable {
    case step([StepItem])
    case note(String)
}

/// A piece of a step: text, or a mention of the recipe's ingredient, cookware or timer at an
/// index of its lists.
public enum StepItem: Equatable, Sendable {
    case text(String)
    case ingredient(Int)
    case cookware(Int)
    case timer(Int)
}

/// An amount as written: a number (`2`, `1.5`, `1/2`, `1 1/2`) or words (`a pinch`).
public enum QuantityValue: Equatable, Sendable {
    case number(Double)
    case text(String)
}

/// The amount of an ingredient, cookware or timer, with its unit as written.
public struct Quantity: Equatable, Sendable {
    public var value: QuantityValue
    public var unit: String?
    /// `=` before the amount: the same whatever the servings (`@salt{=1%tsp}`).
    public var isFixed: Bool

    public init(value: QuantityValue, unit: String? = nil, isFixed: Bool = false) {
        self.value = value
        self.unit = unit
        self.isFixed = isFixed
    }
}

/// `@name{quantity%unit}(note)`; `@./path/Name{…}` refers to another recipe.
public struct Ingredient: Equatable, Sendable {
    public var name: String
    public var quantity: Quantity?
    /// The preparation in parentheses after it: `@onion{1}(chopped)`.
    public var note: String?
    /// For `@./sauces/Hollandaise{…}`: the recipe's path as written (`./sauces/Hollandaise`);
    /// `name` is then its last part.
    public var reference: String?
    /// `@?name`: may be left out.
    public var isOptional: Bool
    /// The line of the recipe it is on, so a message about it can point there.
    public var line: Int?

    public init(name: String, quantity: Quantity? = nil, note: String? = nil, reference: String? = nil,
                isOptional: Bool = false, line: Int? = nil) {
        self.name = name
        self.quantity = quantity
        self.note = note
        self.reference = reference
        self.isOptional = isOptional
        self.line = line
    }
}

/// `#name{quantity}`.
public struct Cookware: Equatable, Sendable {
    public var name: String
    public var quantity: Quantity?
    public var isOptional: Bool

    public init(name: String, quantity: Quantity? = nil, isOptional: Bool = false) {
        self.name = name
        self.quantity = quantity
        self.isOptional = isOptional
    }
}

/// `~name{quantity%unit}` or `~{25%minutes}`.
public struct CookingTimer: Equatable, Sendable {
    public var name: String?
    public var quantity: Quantity?

    public init(name: String?, quantity: Quantity? = nil) {
        self.name = name
        self.quantity = quantity
    }
}

/// Why a recipe's text could not be read, and where: line and column (in characters) from 1.
public struct CooklangError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line:column: message`, to follow a file's name.
    public var description: String { "\(line):\(column): \(message)" }
}
