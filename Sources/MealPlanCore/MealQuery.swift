import TextHelpers
/// A search for text in meals' titles and notes that ignores case and accents.
///
/// One definition serves the store (as an SQLite function, so "the next match" stops at the first
/// hit of an index scan) and the planner (over the days it has loaded), so both find exactly the
/// same meals. Both sides are folded ("creme", "CRÈME" and "Crème" all find "crème" and
/// "creme"), which SQLite's `LIKE` does not do; ASCII text, the common case, is compared byte by
/// byte without folding a copy, because a miss may scan a million meals.
public struct MealQuery: Sendable {
    private let wanted: [UInt8]

    public init(_ text: String) {
        wanted = Array(Self.folded(text).utf8)
    }

    /// A query for `text`, refused when it folds to nothing but spaces (an empty text, a lone
    /// accent), which would match every meal.
    public static func checked(_ text: String) throws(MealQueryError) -> MealQuery {
        let query = MealQuery(text)
        guard query.foldedText.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            throw MealQueryError(message: "nothing to search for in '\(text.messageExcerpt)'")
        }
        return query
    }

    /// The text searched for, folded: what the store looks for in its folded titles and notes.
    public var foldedText: String { String(decoding: wanted, as: UTF8.self) }

    /// `text` in lower case without accents ("Crème Brûlée" reads "creme brulee", "ß" "ss"):
    /// each letter lowered by the standard library's Unicode tables, combining marks dropped,
    /// and a letter with a mark read as its base letter (`searchFoldTable`). No Foundation:
    /// its folding would load the ICU data into the planner. ASCII text, which the store folds
    /// for every meal it indexes, only has its capitals lowered, which is the same.
    public static func folded(_ text: String) -> String {
        var text = text
        let ascii = text.withUTF8 { bytes in
            bytes.allSatisfy { $0 < 0x80 }
                ? String(unsafeUninitializedCapacity: bytes.count) { folded in
                    for (index, byte) in bytes.enumerated() {
                        folded[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                    }
                    return bytes.count
                }
                : nil
        }
        if let ascii { return ascii }
        // Built as UTF-8 bytes, ASCII letters lowered in place: a note of a megabyte, mostly
        // ASCII with a few other letters, is folded on every save (the distinct notes' table),
        // and looking up every letter's Unicode properties was half of that save
        // (see Benchmarks/note-editing.sh). The bytes are read as they lie, not
        // as `unicodeScalars`, which cost more than the folding itself.
        return text.withUTF8 { bytes in
            var folded: [UInt8] = []
            folded.reserveCapacity(bytes.count)
            // Each other letter is folded once per text: a note repeats its letters, and
            // looking up a letter's Unicode properties costs many times a look-up here.
            var foldedOthers: [UInt32: [UInt8]] = [:]
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    folded.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                    index += 1
                    continue
                }
                // A String holds valid UTF-8: the lead byte gives the length, the others six bits each.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                var value = UInt32(byte) & (0x7F >> length)
                for next in bytes[(index + 1)..<(index + length)] { value = value << 6 | UInt32(next & 0x3F) }
                index += length
                if let others = foldedOthers[value] {
                    folded.append(contentsOf: others)
                } else {
                    let others = fold(Unicode.Scalar(value)!)
                    foldedOthers[value] = others
                    folded.append(contentsOf: others)
                }
            }
            return String(decoding: folded, as: UTF8.self)
        }
    }

    /// A letter folded, as UTF-8: nothing for a combining mark, else each letter of its lower
    /// case as its base letter or itself. A letter without case (Chinese, Japanese) is its own
    /// lower case, taken without making a String of its mapping.
    private static func fold(_ scalar: Unicode.Scalar) -> [UInt8] {
        let properties = scalar.properties
        guard properties.canonicalCombiningClass == .notReordered else { return [] }
        let lowered = properties.changesWhenLowercased ? Array(properties.lowercaseMapping.unicodeScalars) : [scalar]
        var bytes: [UInt8] = []
        for lower in lowered where lower.properties.canonicalCombiningClass == .notReordered {
            if let base = foldedLetters[lower.value] {
                bytes.append(contentsOf: base.utf8)
            } else {
                UTF8.encode(lower) { bytes.append($0) }
            }
        }
        return bytes
    }

    /// `searchFoldTable` for lookups, built on the first search of text that is not ASCII.
    private static let foldedLetters = Dictionary(uniqueKeysWithValues: searchFoldTable)

    /// Whether `title` or `note` contains the text; an empty query matches everything.
    public func matches(title: String, note: String?) -> Bool {
        if wanted.isEmpty { return true }
        return contains(title) || note.map(contains) == true
    }

    private func contains(_ text: String) -> Bool {
        var text = text
        let ascii = text.withUTF8 { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? occurs(in: bytes, lowering: true) : nil
        }
        if let ascii { return ascii }
        var folded = Self.folded(text)
        return folded.withUTF8 { occurs(in: $0, lowering: false) }
    }

    /// Whether the wanted bytes occur in `bytes`, with ASCII capitals of `bytes` lowered if asked.
    private func occurs(in bytes: UnsafeBufferPointer<UInt8>, lowering: Bool) -> Bool {
        guard bytes.count >= wanted.count else { return false }
        for start in 0...(bytes.count - wanted.count) {
            var index = 0
            while index < wanted.count {
                var byte = bytes[start + index]
                if lowering, byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
                if byte != wanted[index] { break }
                index += 1
            }
            if index == wanted.count { return true }
        }
        return false
    }
}

extension Meal {
    /// Whether this meal's title or note contains the query's text.
    public func matches(_ query: MealQuery) -> Bool {
        query.matches(title: title, note: note)
    }
}

/// A search that would match every meal: "nothing to search for".
public struct MealQueryError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}
