import MealPlanCore

/// Writes meals as one JSON array (RFC 8259, UTF-8) to a file descriptor, one object at a time:
///
///     [{"id":1,"uid":"0f8fad5b-d9cb-469f-a165-70867728950e","date":"2026-03-02","slot":"dinner","position":0,"title":"Lasagna","note":null,
///     "recipe":"Lasagna","servings":6,"repeat":null},
///     {…}]
///
/// Keys always come in that order, `uid` is the meal's `ItemUID` (its identity in every plan),
/// `note`, `recipe` and `servings` are `null` when absent,
/// `repeat` is the id of the repeat rule a meal comes from (`null` for a single meal), and an
/// occurrence of a rule, which is no stored meal, has the `id` and `uid` `null`. Each object after the
/// first starts a line, so scripts can read the whole array while people can still grep it.
/// Objects are encoded straight into a byte buffer, so a million meals take constant memory.
/// Quotes, backslashes and control characters (C0, DEL and C1) are escaped, which also keeps
/// the output harmless on a terminal; everything else, emoji included, stays plain UTF-8.
public struct JSONMealWriter {
    private var output: BufferedOutput
    private var wroteOpening = false

    /// A writer to `fileDescriptor`, which stays open and owned by the caller.
    public init(fileDescriptor: Int32) {
        output = BufferedOutput(fileDescriptor: fileDescriptor, format: "JSON")
    }

    /// Appends `meal` as one object of the array.
    public mutating func write(_ meal: Meal) throws(OutputWriteError) {
        var slot = meal.slot
        var title = meal.title
        var note = meal.note
        var recipe = meal.recipe
        let servings = meal.servings.map { Array(Meal.servingsText($0).utf8) } ?? Self.null
        // Brackets and punctuation, the keys, three numbers, a date, and text whose every byte
        // may become a six-byte \u escape.
        let textBytes = slot.utf8.count + title.utf8.count + (note?.utf8.count ?? 0) + (recipe?.utf8.count ?? 0)
        try output.reserve(130 + 10 + ItemUID.textLength + 3 * 20 + servings.count + 10 + 6 * textBytes + 12)
        let separator: [UInt8] = wroteOpening ? [UInt8(ascii: ","), UInt8(ascii: "\n")] : [UInt8(ascii: "[")]
        wroteOpening = true
        let position = Int64(meal.position)
        let date = meal.day.date
        output.encode { bytes, end in
            Self.copy(separator, into: bytes, at: &end)
            Self.copy(Self.idKey, into: bytes, at: &end)
            Self.encodeOptionalNumber(meal.id, into: bytes, at: &end)
            Self.copy(Self.uidKey, into: bytes, at: &end)
            Self.encodeUID(meal.uid, into: bytes, at: &end)
            Self.copy(Self.dateKey, into: bytes, at: &end)
            DigitEncoding.date(date, separator: UInt8(ascii: "-"), into: bytes, at: &end)
            Self.copy(Self.slotKey, into: bytes, at: &end)
            slot.withUTF8 { Self.encodeString($0, into: bytes, at: &end) }
            Self.copy(Self.positionKey, into: bytes, at: &end)
            DigitEncoding.number(position, into: bytes, at: &end)
            Self.copy(Self.titleKey, into: bytes, at: &end)
            title.withUTF8 { Self.encodeString($0, into: bytes, at: &end) }
            Self.copy(Self.noteKey, into: bytes, at: &end)
            Self.encodeOptionalString(&note, into: bytes, at: &end)
            Self.copy(Self.recipeKey, into: bytes, at: &end)
            Self.encodeOptionalString(&recipe, into: bytes, at: &end)
            Self.copy(Self.servingsKey, into: bytes, at: &end)
            Self.copy(servings, into: bytes, at: &end)
            Self.copy(Self.repeatKey, into: bytes, at: &end)
            Self.encodeOptionalNumber(meal.occurrence?.rule, into: bytes, at: &end)
            bytes[end] = UInt8(ascii: "}")
            end += 1
        }
    }

    /// Closes the array (an empty export is `[]`) with a final line break, and hands every
    /// buffered byte to the file descriptor.
    public mutating func finish() throws(OutputWriteError) {
        try output.append(Array((wroteOpening ? "]\n" : "[]\n").utf8))
        try output.flush()
    }

    private static let idKey = Array(#"{"id":"#.utf8)
    private static let uidKey = Array(#","uid":"#.utf8)
    private static let dateKey = Array(#","date":""#.utf8)
    private static let slotKey = Array(#"","slot":"#.utf8)
    private static let positionKey = Array(#","position":"#.utf8)
    private static let titleKey = Array(#","title":"#.utf8)
    private static let noteKey = Array(#","note":"#.utf8)
    private static let recipeKey = Array(#","recipe":"#.utf8)
    private static let servingsKey = Array(#","servings":"#.utf8)
    private static let repeatKey = Array(#","repeat":"#.utf8)
    private static let null = Array("null".utf8)
    private static let unicodeEscapePrefix = Array(#"\u00"#.utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func copy(_ source: [UInt8], into bytes: UnsafeMutableBufferPointer<UInt8>, at end: inout Int) {
        for byte in source {
            bytes[end] = byte
            end += 1
        }
    }

    /// `number`, or `null`.
    private static func encodeOptionalNumber(_ number: Int64?, into bytes: UnsafeMutableBufferPointer<UInt8>, at end: inout Int) {
        if let number {
            DigitEncoding.number(number, into: bytes, at: &end)
        } else {
            copy(null, into: bytes, at: &end)
        }
    }

    /// `uid` as a JSON string, or `null`.
    private static func encodeUID(_ uid: ItemUID?, into bytes: UnsafeMutableBufferPointer<UInt8>, at end: inout Int) {
        guard let uid else { return copy(null, into: bytes, at: &end) }
        bytes[end] = UInt8(ascii: "\"")
        end += 1
        uid.encodeText(into: bytes, at: &end)
        bytes[end] = UInt8(ascii: "\"")
        end += 1
    }

    /// `text` as a JSON string, or `null`.
    private static func encodeOptionalString(
        _ text: inout String?, into bytes: UnsafeMutableBufferPointer<UInt8>, at end: inout Int
    ) {
        if text == nil {
            copy(null, into: bytes, at: &end)
        } else {
            text!.withUTF8 { encodeString($0, into: bytes, at: &end) }
        }
    }

    /// `text` as a JSON string with its quotes, escaped as meals are: for other JSON documents
    /// (a shopping list) written without Foundation's encoder, which costs a command ~100 ms
    /// to start.
    public static func quoted(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var encoded = [UInt8](repeating: 0, count: 6 * bytes.count + 2)
            var end = 0
            encoded.withUnsafeMutableBufferPointer { encodeString(bytes, into: $0, at: &end) }
            return String(decoding: encoded[..<end], as: UTF8.self)
        }
    }

    /// `text` (valid UTF-8) as a JSON string with its quotes.
    private static func encodeString(
        _ text: UnsafeBufferPointer<UInt8>, into bytes: UnsafeMutableBufferPointer<UInt8>, at end: inout Int
    ) {
        bytes[end] = UInt8(ascii: "\"")
        end += 1
        var index = 0
        while index < text.count {
            let byte = text[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): encodeShortEscape(byte, into: bytes, at: &end)
            case UInt8(ascii: "\n"): encodeShortEscape(UInt8(ascii: "n"), into: bytes, at: &end)
            case UInt8(ascii: "\r"): encodeShortEscape(UInt8(ascii: "r"), into: bytes, at: &end)
            case UInt8(ascii: "\t"): encodeShortEscape(UInt8(ascii: "t"), into: bytes, at: &end)
            case 0x00..<0x20, 0x7F:
                encodeEscape(UInt32(byte), into: bytes, at: &end)
            case 0xC2 where index < text.count && (0x80...0x9F).contains(text[index]):
                // U+0080…U+009F, the C1 controls, are the two bytes C2 80…C2 9F.
                encodeEscape(UInt32(text[index]), into: bytes, at: &end)
                index += 1
            default:
                bytes[end] = byte
                end += 1
            }
        }
        bytes[end] = UInt8(ascii: "\"")
        end += 1
    }

    /// A backslash and `letter`.
    private static func encodeShortEscape(_ letter: UInt8, into bytes: UnsafeMutableBufferPointer<UInt8>, at end: inout Int) {
        bytes[end] = UInt8(ascii: "\\")
        bytes[end + 1] = letter
        end += 2
    }

    /// `\u00XX` for a code point below U+0100.
    private static func encodeEscape(_ value: UInt32, into bytes: UnsafeMutableBufferPointer<UInt8>, at end: inout Int) {
        copy(unicodeEscapePrefix, into: bytes, at: &end)
        bytes[end] = hexDigits[Int(value >> 4)]
        bytes[end + 1] = hexDigits[Int(value & 0xF)]
        end += 2
    }
}
