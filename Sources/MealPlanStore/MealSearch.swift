import GRDB

/// Case-insensitive substring search over a meal's title and note.
///
/// It runs inside SQLite as the function `mealplan_matches(title, note, text)` so that "the next
/// meal matching X" can stop at the first hit of an index scan instead of loading every meal.
/// SQLite's own `LIKE` only folds ASCII letters; this folds all of Unicode ("CRÈME" finds
/// "crème"). Both sides are lowercased and compared as UTF-8 bytes, with a fast path for ASCII
/// text, because a miss may scan a million meals.
enum MealSearch {
    static func matches(title: String, note: String?, text: String) -> Bool {
        let wanted = Array(text.lowercased().utf8)
        if wanted.isEmpty { return true }
        return contains(title, wanted) || note.map { contains($0, wanted) } == true
    }

    private static func contains(_ text: String, _ wanted: [UInt8]) -> Bool {
        var text = text
        let ascii = text.withUTF8 { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? occurs(wanted, in: bytes, lowering: true) : nil
        }
        if let ascii { return ascii }
        var lowered = text.lowercased()
        return lowered.withUTF8 { occurs(wanted, in: $0, lowering: false) }
    }

    /// Whether `wanted` occurs in `bytes`, with ASCII letters of `bytes` lowered if asked.
    private static func occurs(_ wanted: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, lowering: Bool) -> Bool {
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

    static let function = DatabaseFunction("mealplan_matches", argumentCount: 3, pure: true) { values in
        guard let title = String.fromDatabaseValue(values[0]), let text = String.fromDatabaseValue(values[2]) else {
            return false
        }
        return matches(title: title, note: String.fromDatabaseValue(values[1]), text: text)
    }
}
