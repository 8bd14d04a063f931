import TextHelpers
/// One planned meal: what is eaten, on which day, in which slot of that day.
///
/// `position` orders meals that share a day and slot (0 first). `id` is the database's row id,
/// `nil` until the meal is stored; `uid` its identity in every plan and calendar (`ItemUID`),
/// also `nil` until then, and for an occurrence of a repeat rule, which is no item of its own. A meal may name a recipe of the recipes folder (its name: the
/// file's path inside the folder without `.cook`) and how many servings to make of it; `nil`
/// servings means the recipe as written.
public struct Meal: Hashable, Sendable, Identifiable {
    public var id: Int64?
    public var uid: ItemUID?
    public var day: Day
    /// The stored name of the meal's slot, exactly as the plan spells it ("dinner"), never text
    /// as typed ("Din"): typed text becomes a name through `[MealSlot].resolve` before it makes
    /// a meal, so writers, views and comparisons can use this name as it is.
    public var slot: String
    public var position: Int
    public var title: String
    public var note: String?
    public var recipe: String?
    /// Only with a recipe: servings say how much of it to make.
    public var servings: Double?
    /// Set when a repeat rule gives the meal: an occurrence as the rule makes it (no `id`), or
    /// one the user changed, stored as a meal of its own that remembers which occurrence it is.
    public var occurrence: Occurrence?
    /// What happened to the meal: planned until marked done or skipped.
    public var status: MealStatus
    /// For leftovers: the id of the cooked meal they come from. Leftovers name the source's
    /// recipe and, as servings, the portions eaten; they add nothing to the shopping list.
    public var leftoversOf: Int64?
    /// For a cooked meal: how many eat at it, when not the household's size; what is left of its
    /// servings after them can be planned as leftovers.
    public var eaters: Double?

    public init(
        id: Int64? = nil, uid: ItemUID? = nil, day: Day, slot: String, position: Int = 0, title: String, note: String? = nil,
        recipe: String? = nil, servings: Double? = nil, occurrence: Occurrence? = nil,
        status: MealStatus = .planned, leftoversOf: Int64? = nil, eaters: Double? = nil
    ) {
        self.id = id
        self.uid = uid
        self.day = day
        self.slot = slot
        self.position = position
        self.title = title
        self.note = note
        self.recipe = recipe
        self.servings = servings
        self.occurrence = occurrence
        self.status = status
        self.leftoversOf = leftoversOf
        self.eaters = eaters
    }

    /// Whether the meal is eaten from a meal cooked before rather than cooked itself.
    public var isLeftovers: Bool { leftoversOf != nil }

    /// Whether the meal is cooked, and so shopped for: neither leftovers nor skipped.
    public var isCooked: Bool { !isLeftovers && status != .skipped }
}

/// What happened to a planned meal. Kept apart from the plan itself: a meal marked done stays
/// where it was, and the history counts what was eaten.
public enum MealStatus: String, Hashable, Sendable, CaseIterable {
    case planned, done, skipped

    /// The next status when one key cycles through them: planned → done → skipped → planned.
    public var next: MealStatus {
        switch self {
        case .planned: .done
        case .done: .skipped
        case .skipped: .planned
        }
    }

    /// The value stored and exchanged for it: `nil` for planned, which most meals are.
    public var storedValue: String? { self == .planned ? nil : rawValue }

    /// The status of a stored or exchanged value: none or empty is planned.
    public init?(storedValue: String?) {
        guard let storedValue, !storedValue.isEmpty else { self = .planned; return }
        self.init(rawValue: storedValue)
    }
}

/// Which occurrence of which repeat rule a meal is: the rule's id and the day the rule puts it on
/// (a changed occurrence may have moved to another day since).
public struct Occurrence: Hashable, Sendable {
    public var rule: Int64
    public var day: Day

    public init(rule: Int64, day: Day) {
        self.rule = rule
        self.day = day
    }
}

/// Why a meal's text was refused.
public struct MealValidationError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

extension Meal {
    /// The positions a meal can have in its day's slot: any the store's `position >= 0` keeps,
    /// which a whole plan's file may carry back (a plan's positions grow with every meal added
    /// to a slot and are never renumbered).
    public static let positions: ClosedRange<Int64> = 0...Int64.max

    /// The longest title accepted, in characters.
    public static let maximumTitleLength = 500
    /// The longest title accepted, in Unicode code points, which is what the database's own
    /// check (SQLite's `length`) counts: one character (a letter with accents, an emoji) may take
    /// several, so 500 characters fit unless they are unusually heavy with combining marks.
    public static let maximumTitleCodePoints = 8 * maximumTitleLength

    /// `text` as a meal title: trimmed, one line, 1…500 characters of at most 4,000 code points.
    public static func validTitle(_ text: String) throws(MealValidationError) -> String {
        if isShortPrintableASCII(text) { return text }
        let title = text.trimmingWhitespace()
        guard !title.isEmpty else {
            throw MealValidationError(message: "the title is empty")
        }
        // Length first: counting is fast, while a per-character scan of a runaway field from a
        // file (megabytes long) is not. A title of at most 500 bytes has at most 500 characters
        // and code points: only a longer one is counted.
        if title.utf8.count > maximumTitleLength {
            guard title.count <= maximumTitleLength else {
                throw MealValidationError(
                    message: "the title has \(title.count) characters; at most \(maximumTitleLength) are allowed")
            }
            guard title.unicodeScalars.count <= maximumTitleCodePoints else {
                throw MealValidationError(
                    message: "the title has \(title.unicodeScalars.count) code points (letters and the accents and marks on them); at most \(maximumTitleCodePoints) are allowed")
            }
        }
        // The scalars are looked at (`Unicode.Scalar.isNewline`): the Characters' answer, for a
        // fraction of the cost of breaking the title into them.
        guard !title.unicodeScalars.contains(where: \.isNewline) else {
            throw MealValidationError(message: "the title must be one line; put details in the note")
        }
        return title
    }

    /// Whether `text` is already a valid title by a byte scan alone: printable ASCII, no blank
    /// at either end, at most 500 bytes. Imports check a million titles; most take this path,
    /// which reads the bytes in place (a String's own UTF-8 always is).
    private static func isShortPrintableASCII(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20,
              bytes.count <= maximumTitleLength
        else { return false }
        let printable = { (byte: UInt8) in byte >= 0x20 && byte < 0x7F }
        return bytes.withContiguousStorageIfAvailable { $0.allSatisfy(printable) } ?? bytes.allSatisfy(printable)
    }

    /// `text` as a note: trailing and leading blank space removed; `nil` when nothing is left.
    public static func validNote(_ text: String?) -> String? {
        guard let text else { return nil }
        let note = text.trimmingWhitespace()
        return note.isEmpty ? nil : note
    }
}

extension Meal {
    /// The longest recipe name accepted, in code points: a path inside the recipes folder.
    public static let maximumRecipeNameLength = 1000
    /// The fewest and the most servings a meal may ask for: less is not a portion, more is a
    /// typo, not a household; within them servings are written without an exponent.
    public static let minimumServings = 0.01
    public static let maximumServings = 10_000.0

    /// `text` as a recipe name: trimmed, one line, 1…1,000 code points, a path inside the
    /// recipes folder: no leading `/`, no `.`, `..` or empty parts, so that no name (typed,
    /// imported or stored by another program) can lead to a file outside the folder.
    public static func validRecipeName(_ text: String) throws(MealValidationError) -> String {
        let name = try validName(text, of: "recipe", maximumLength: maximumRecipeNameLength)
        guard !name.hasPrefix("/") else {
            throw MealValidationError(message: "the recipe name '\(name.messageExcerpt)' starts with '/': give its path inside the recipes folder")
        }
        // In ASCII, the usual name, each byte is a Character: split at the byte.
        let parts = name.isAllASCII
            ? name.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { Substring($0) }
            : name.split(separator: "/", omittingEmptySubsequences: false)
        for part in parts where part.isEmpty || part == "." || part == ".." {
            let what = part.isEmpty ? "an empty part" : "a '\(part)' part"
            throw MealValidationError(message: "the recipe name '\(name.messageExcerpt)' has \(what): give its path inside the recipes folder")
        }
        return name
    }

    /// `text` as the name of a `kind` of thing ("recipe"): trimmed, one line without control
    /// characters, 1…`maximumLength` code points (what the database's checks count).
    static func validName(_ text: String, of kind: String, maximumLength: Int) throws(MealValidationError) -> String {
        let name = text.trimmingWhitespace()
        guard !name.isEmpty else { throw MealValidationError(message: "the \(kind) name is empty") }
        guard name.unicodeScalars.count <= maximumLength else {
            throw MealValidationError(message: "the \(kind) name is longer than \(maximumLength) characters")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw MealValidationError(message: "the \(kind) name must be one line without control characters")
        }
        return name
    }

    /// `servings` when it is a number of servings a meal can have: 0.01 to 10,000.
    public static func validServings(_ servings: Double) throws(MealValidationError) -> Double {
        guard servings.isFinite, servings > 0 else {
            throw MealValidationError(message: "servings must be a number above 0, not \(servingsText(servings))")
        }
        guard servings >= minimumServings else {
            throw MealValidationError(message: "servings must be at least \(minimumServings), not \(servings)")
        }
        guard servings <= maximumServings else {
            throw MealValidationError(message: "servings must be at most \(servingsText(maximumServings)), not \(servingsText(servings))")
        }
        return servings
    }

    /// Servings typed or read from a file: a plain decimal number above 0 ("6", "2.5", ".5").
    public static func servings(parsing text: String) throws(MealValidationError) -> Double {
        let trimmed = text.trimmingWhitespace()
        var digits = 0, points = 0
        for byte in trimmed.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): points += 1
            default: points = 2
            }
        }
        guard digits > 0, points <= 1, digits + points <= 16, let value = Double(trimmed) else {
            throw MealValidationError(message: "servings must be a number like 4 or 2.5, not '\(trimmed.messageExcerpt)'")
        }
        return try validServings(value)
    }

    /// Servings as people write them: "6", "2.5", never "6.0".
    public static func servingsText(_ servings: Double) -> String {
        if servings.isFinite, servings == servings.rounded(), abs(servings) < 1e15 {
            return String(Int64(servings))
        }
        return "\(servings)"
    }
}
