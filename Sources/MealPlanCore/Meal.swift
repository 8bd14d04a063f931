/// One planned meal: what is eaten, on which day, in which slot of that day.
///
/// `position` orders meals that share a day and slot (0 first). `id` is the database's row id,
/// `nil` until the meal is stored.
public struct Meal: Hashable, Sendable, Identifiable {
    public var id: Int64?
    public var day: Day
    /// The stored name of the meal's slot, exactly as the plan spells it ("dinner"), never text
    /// as typed ("Din"): typed text becomes a name through `[MealSlot].resolve` before it makes
    /// a meal, so writers, views and comparisons can use this name as it is.
    public var slot: String
    public var position: Int
    public var title: String
    public var note: String?

    public init(id: Int64? = nil, day: Day, slot: String, position: Int = 0, title: String, note: String? = nil) {
        self.id = id
        self.day = day
        self.slot = slot
        self.position = position
        self.title = title
        self.note = note
    }
}

/// Why a meal's text was refused.
public struct MealValidationError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

extension Meal {
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
        // file (megabytes long) is not.
        guard title.count <= maximumTitleLength else {
            throw MealValidationError(
                message: "the title has \(title.count) characters; at most \(maximumTitleLength) are allowed")
        }
        guard title.unicodeScalars.count <= maximumTitleCodePoints else {
            throw MealValidationError(
                message: "the title has \(title.unicodeScalars.count) code points (letters and the accents and marks on them); at most \(maximumTitleCodePoints) are allowed")
        }
        guard !title.contains(where: \.isNewline) else {
            throw MealValidationError(message: "the title must be one line; put details in the note")
        }
        return title
    }

    /// Whether `text` is already a valid title by a byte scan alone: printable ASCII, no blank
    /// at either end, at most 500 bytes. Imports check a million titles; most take this path.
    private static func isShortPrintableASCII(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20,
              bytes.count <= maximumTitleLength
        else { return false }
        return bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// `text` as a note: trailing and leading blank space removed; `nil` when nothing is left.
    public static func validNote(_ text: String?) -> String? {
        guard let text else { return nil }
        let note = text.trimmingWhitespace()
        return note.isEmpty ? nil : note
    }
}
