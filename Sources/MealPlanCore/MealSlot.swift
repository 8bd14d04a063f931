import TextHelpers
/// A named part of the day that meals belong to (breakfast, lunch, …), in display order.
public struct MealSlot: Hashable, Sendable {
    public var name: String
    /// Display order within a day, smallest first.
    public var position: Int

    public init(name: String, position: Int) {
        self.name = name
        self.position = position
    }

    /// The slots of a new plan, in order.
    public static let defaults: [MealSlot] = ["breakfast", "lunch", "dinner", "snack"]
        .enumerated().map { MealSlot(name: $0.element, position: $0.offset) }

    /// The longest slot name accepted, in Unicode code points, as the database's own check
    /// counts them (an emoji or a letter with accents may take several).
    public static let maximumNameLength = 32

    /// `text` as a slot name: trimmed, 1…32 characters, no control characters or commas.
    public static func validName(_ text: String) throws(MealValidationError) -> String {
        let name = text.trimmingWhitespace()
        guard !name.isEmpty else { throw MealValidationError(message: "the slot name is empty") }
        guard name.unicodeScalars.count <= maximumNameLength else {
            let why = name.count <= maximumNameLength ? " (an emoji or an accented letter counts as several)" : ""
            throw MealValidationError(
                message: "the slot name '\(name)' is longer than \(maximumNameLength) characters\(why)")
        }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw MealValidationError(message: "the slot name contains control characters")
        }
        return name
    }
}

extension Array where Element == MealSlot {
    /// The slot `input` names: an exact case-insensitive match, else the only slot whose name
    /// starts with `input` (`din` = dinner).
    public func resolve(_ input: String) throws(NameLookupError) -> MealSlot {
        self[try NameMatch.index(of: input, among: map(\.name), kind: .slot, listing: true)]
    }
}
