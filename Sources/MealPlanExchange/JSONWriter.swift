import MealPlanCore

/// The keys of one kind of JSON object. The cases' declaration order is the order the keys are
/// written in, the only place that order is said; `shape` holds them encoded once:
///
///     enum AmountField: String, JSONField {
///         case quantity, buy, unit
///         static let shape = JSONObjectShape<Self>()
///     }
public protocol JSONField: RawRepresentable<String>, CaseIterable, Sendable where AllCases == [Self] {
    static var shape: JSONObjectShape<Self> { get }
}

/// The keys of `Field`, in order, each already encoded with what goes before it (`{"id":`,
/// `,"date":`), one after the other, so that writing an object costs no key encoding.
///
/// A shape is made once per kind of object, as a `static let`, and lives as long as the
/// program: its bytes are allocated once and never freed, so that an object is written with
/// no reference counting. Nothing changes them after `init`, hence `@unchecked Sendable`.
public struct JSONObjectShape<Field: JSONField>: @unchecked Sendable {
    let fields: [Field]
    /// The encoded keys; field `i`'s ends at `prefixEnds[i]`.
    let prefixes: UnsafeBufferPointer<UInt8>
    let prefixEnds: [Int]

    public init() {
        fields = Field.allCases
        var prefixes: [UInt8] = [], prefixEnds: [Int] = []
        for (index, field) in fields.enumerated() {
            prefixes.append(index == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
            JSONWriter.appendQuoted(field.rawValue, to: &prefixes)
            prefixes.append(UInt8(ascii: ":"))
            prefixEnds.append(prefixes.count)
        }
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: prefixes.count)
        _ = bytes.initialize(from: prefixes)
        self.prefixes = UnsafeBufferPointer(bytes)
        self.prefixEnds = prefixEnds
    }
}

/// A number JSON has no form for: infinity or NaN. Writing it as `null` would read as "no
/// amount", and clamping it as an amount nobody planned, so the output stops with this error.
public struct JSONNumberError: UserFacingError, Equatable {
    /// The key of the innermost object field the number was for, when it was in an object.
    public internal(set) var key: String?
    public let value: Double

    public var userMessage: String {
        let number = value.isNaN ? "not a number (NaN)" : value < 0 ? "minus infinity" : "infinity"
        return "cannot write the JSON output: \(key.map { "'\($0)' is " } ?? "a value is ")\(number), which JSON cannot hold"
    }

    public var exitStatus: ExitStatus { .badData }
}

/// Writes one JSON document (RFC 8259, UTF-8) to a file descriptor as it goes, through the
/// buffered output the other exchange writers use: a document of any size takes constant memory.
/// Every JSON output of mealplan is written by it, so all of them agree:
///
/// - an object's keys come in the order its `JSONField` type declares them, each present
///   (`null` when there is no value);
/// - an integer is written in decimal digits; a `Double` that is a whole number below 2^53 in
///   magnitude (exact in every JSON reader, JavaScript's included) as an integer (`6`, `-0` as
///   `0`), any other in the shortest decimal that reads back as the same `Double` (`2.5`,
///   `1e-07`, `9007199254740992.0`, `1e+300`: with a point or an exponent, so that every
///   reader takes it for a fraction); infinity and NaN stop the output with `JSONNumberError`;
/// - a string escapes quotes, backslashes and control characters (C0, DEL and C1, which also
///   keeps the output harmless on a terminal; `\n`, `\r`, `\t` short, the rest `\u00XX`), and
///   keeps everything else, emoji included, as plain UTF-8;
/// - a day is its ISO date as a string (`"2026-03-02"`);
/// - the elements of a top-level array (and of an array opened `breakingLines`) each start a
///   line, so people can grep what scripts read whole; nothing else breaks lines, and the
///   document ends with a line break.
public struct JSONWriter {
    /// Where the next value goes, which decides what comes before it. An object or array keeps
    /// the place it is in while it writes its contents and puts it back after, so nesting costs
    /// no stack of its own (but for arrays opened with `beginArray`).
    private enum Place: Equatable {
        /// The document, before its value.
        case document
        /// The document, after its value.
        case documentDone
        /// An object field whose key is written: the value goes right after it.
        case field
        /// An object field that has its value.
        case fieldDone
        /// An array without elements yet; `isTopLevel` for one whose elements start lines (the
        /// document's own, unless told otherwise).
        case emptyArray(isTopLevel: Bool, firstStartsLine: Bool)
        /// An array with elements: the next one comes after a comma (and a line break at the
        /// top level).
        case array(isTopLevel: Bool)
    }

    private var output: BufferedOutput
    private var place = Place.document
    /// The places the open arrays were opened in, innermost last.
    private var arrayParents: [Place] = []
    /// The places the objects `beginObject` opened were opened in, innermost last.
    private var openObjects: [Place] = []

    /// A writer to `fileDescriptor`, which stays open and owned by the caller.
    public init(fileDescriptor: Int32) {
        output = BufferedOutput(fileDescriptor: fileDescriptor, format: "JSON")
    }

    // MARK: Values

    /// `null`.
    public mutating func null() throws(OutputWriteError) {
        try beginValue()
        try put("null")
    }

    public mutating func value(_ flag: Bool) throws(OutputWriteError) {
        try beginValue()
        try put(flag ? "true" : "false")
    }

    public mutating func value(_ number: Int64) throws(OutputWriteError) {
        try beginValue()
        try output.reserve(20)
        output.encode { bytes, end in DigitEncoding.number(number, into: bytes, at: &end) }
    }

    public mutating func value(_ number: Int) throws(OutputWriteError) {
        try value(Int64(number))
    }

    /// A whole number below 2^53 as an integer, any other finite number in its shortest
    /// round-trip decimal; infinity and NaN throw `JSONNumberError` and write nothing.
    public mutating func value(_ number: Double) throws {
        guard number.isFinite else { throw JSONNumberError(key: nil, value: number) }
        if number == number.rounded(.towardZero) && number.magnitude < Self.exactIntegerLimit {
            try value(Int64(number))
        } else {
            try beginValue()
            // Swift's description is the shortest decimal that reads back as the same Double,
            // with a point or an exponent: valid JSON as it stands.
            var text = number.description
            try output.reserve(text.utf8.count)
            text.withUTF8 { output.copy(UnsafeRawBufferPointer($0)) }
        }
    }

    /// `text` with its quotes, escaped as the type's comment says.
    @inline(__always)
    public mutating func value(_ text: String) throws(OutputWriteError) {
        try beginValue()
        try output.reserve(6 * text.utf8.count + 2)
        // Native strings lend their bytes as they are; only another kind is copied first.
        let lent: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            output.encode { bytes, end in Self.encodeQuoted(utf8, into: bytes, at: &end) }
        }
        if lent == nil {
            var text = text
            text.withUTF8 { utf8 in output.encode { bytes, end in Self.encodeQuoted(utf8, into: bytes, at: &end) } }
        }
    }

    /// The day's ISO date as a string.
    public mutating func value(_ day: Day) throws(OutputWriteError) {
        try beginValue()
        try output.reserve(12)
        let date = day.date
        output.encode { bytes, end in
            bytes[end] = UInt8(ascii: "\"")
            end += 1
            DigitEncoding.date(date, separator: UInt8(ascii: "-"), into: bytes, at: &end)
            bytes[end] = UInt8(ascii: "\"")
            end += 1
        }
    }

    public mutating func value(_ number: Int64?) throws(OutputWriteError) {
        if let number { try value(number) } else { try null() }
    }

    public mutating func value(_ number: Double?) throws {
        if let number { try value(number) } else { try null() }
    }

    public mutating func value(_ text: String?) throws(OutputWriteError) {
        if let text { try value(text) } else { try null() }
    }

    // MARK: Objects and arrays

    /// An object with every key of `Field`, in its order: `writeField` writes exactly one value
    /// for the field it is given.
    public mutating func object<Field: JSONField>(
        of _: Field.Type, _ writeField: (Field, inout JSONWriter) throws -> Void
    ) throws {
        try object((), of: Field.self) { _, field, json in try writeField(field, &json) }
    }

    /// An object of `subject`'s fields: the same as `object(of:_:)`, but `subject` is handed to
    /// `writeField` rather than captured by it, which spares a copy of it per object: what an
    /// export of many meals uses (see Benchmarks/export-memory.sh).
    public mutating func object<Field: JSONField, Subject>(
        _ subject: borrowing Subject, of _: Field.Type, _ writeField: (borrowing Subject, Field, inout JSONWriter) throws -> Void
    ) throws {
        try beginValue()
        let shape = Field.shape
        let parent = place
        try writeFields(subject, shape.fields.indices, of: shape, writeField)
        place = parent
        try put(shape.fields.isEmpty ? "{}" : "}")
    }

    /// Opens an object with every key of `Field` and writes all its fields but the last, whose
    /// key it writes: the next value written is that field's (an array of any length, written
    /// element by element: a whole plan's meals), and `endObject` closes the object.
    public mutating func beginObject<Field: JSONField>(
        of _: Field.Type, _ writeField: (Field, inout JSONWriter) throws -> Void
    ) throws {
        try beginValue()
        let shape = Field.shape
        openObjects.append(place)
        try writeFields((), shape.fields.indices.dropLast(), of: shape) { _, field, json in try writeField(field, &json) }
        let last = shape.fields.count - 1
        try put(UnsafeBufferPointer(rebasing: shape.prefixes[(last == 0 ? 0 : shape.prefixEnds[last - 1])..<shape.prefixEnds[last]]))
        place = .field
    }

    /// Closes the object `beginObject` opened, once its last field has its value.
    public mutating func endObject() throws(OutputWriteError) {
        precondition(place == .fieldDone, "no value written for the last field of the object")
        place = openObjects.removeLast()
        try put("}")
    }

    /// The keys and values of `shape`'s fields at `indices` (from the first on, in order).
    private mutating func writeFields<Field: JSONField, Subject>(
        _ subject: borrowing Subject, _ indices: Range<Int>, of shape: JSONObjectShape<Field>,
        _ writeField: (borrowing Subject, Field, inout JSONWriter) throws -> Void
    ) throws {
        var start = 0
        for index in indices {
            try put(UnsafeBufferPointer(rebasing: shape.prefixes[start..<shape.prefixEnds[index]]))
            start = shape.prefixEnds[index]
            place = .field
            do {
                try writeField(subject, shape.fields[index], &self)
            } catch var error as JSONNumberError where error.key == nil {
                error.key = shape.fields[index].rawValue
                throw error
            }
            precondition(place == .fieldDone, "no value written for '\(shape.fields[index].rawValue)'")
        }
    }

    /// An array of `elements`, each written by `writeElement` as one value; `breakingLines` as
    /// `beginArray` says.
    public mutating func array<Elements: Sequence>(
        _ elements: Elements, breakingLines: Bool? = nil, _ writeElement: (Elements.Element, inout JSONWriter) throws -> Void
    ) throws {
        try beginArray(breakingLines: breakingLines)
        for element in elements { try writeElement(element, &self) }
        try endArray()
    }

    /// Opens an array whose elements are written one by one (an export's meals as they come),
    /// until `endArray`. Each element starts a line when `breakingLines` says so, by default
    /// in the document's own array only.
    public mutating func beginArray(breakingLines: Bool? = nil) throws(OutputWriteError) {
        let isTopLevel = breakingLines ?? (place == .document)
        // Inside the document, the first element starts a line of its own too.
        let firstStartsLine = isTopLevel && place != .document
        try beginValue()
        try put("[")
        arrayParents.append(place)
        place = .emptyArray(isTopLevel: isTopLevel, firstStartsLine: firstStartsLine)
    }

    public mutating func endArray() throws(OutputWriteError) {
        switch place {
        case .emptyArray, .array: place = arrayParents.removeLast()
        default: preconditionFailure("endArray outside an array")
        }
        try put("]")
    }

    /// Ends the document (it must be one whole value) with a line break, and hands every buffered
    /// byte to the file descriptor.
    public mutating func finish() throws(OutputWriteError) {
        precondition(place == .documentDone, "the JSON document is not complete")
        try put("\n")
        try output.flush()
    }

    // MARK: Bytes

    private static let exactIntegerLimit: Double = 9_007_199_254_740_992  // 2^53
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Writes what separates the value about to be written from the one before, and notes it.
    @inline(__always)
    private mutating func beginValue() throws(OutputWriteError) {
        switch place {
        case .field: place = .fieldDone
        case .array(let isTopLevel): try put(isTopLevel ? ",\n" : ",")
        case .emptyArray(let isTopLevel, let firstStartsLine):
            if firstStartsLine { try put("\n") }
            place = .array(isTopLevel: isTopLevel)
        case .document: place = .documentDone
        case .fieldDone: preconditionFailure("two values for one object field")
        case .documentDone: preconditionFailure("a JSON document holds one value")
        }
    }

    @inline(__always)
    private mutating func put(_ source: UnsafeBufferPointer<UInt8>) throws(OutputWriteError) {
        try output.reserve(source.count)
        output.copy(UnsafeRawBufferPointer(source))
    }

    @inline(__always)
    private mutating func put(_ token: StaticString) throws(OutputWriteError) {
        try put(UnsafeBufferPointer(start: token.utf8Start, count: token.utf8CodeUnitCount))
    }

    /// `text` quoted and escaped, appended to `bytes` (for keys, encoded once).
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            var encoded = [UInt8](repeating: 0, count: 6 * utf8.count + 2)
            var end = 0
            encoded.withUnsafeMutableBufferPointer { encodeQuoted(utf8, into: $0, at: &end) }
            bytes += encoded[..<end]
        }
    }

    /// `text` (valid UTF-8) as a JSON string with its quotes: at most 6 bytes for each of its
    /// bytes, and 2.
    private static func encodeQuoted(
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
                encodeEscape(byte, into: bytes, at: &end)
            case 0xC2 where index < text.count && (0x80...0x9F).contains(text[index]):
                // U+0080…U+009F, the C1 controls, are the two bytes C2 80…C2 9F.
                encodeEscape(text[index], into: bytes, at: &end)
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
    private static func encodeEscape(_ value: UInt8, into bytes: UnsafeMutableBufferPointer<UInt8>, at end: inout Int) {
        bytes[end] = UInt8(ascii: "\\")
        bytes[end + 1] = UInt8(ascii: "u")
        bytes[end + 2] = UInt8(ascii: "0")
        bytes[end + 3] = UInt8(ascii: "0")
        bytes[end + 4] = hexDigits[Int(value >> 4)]
        bytes[end + 5] = hexDigits[Int(value & 0xF)]
        end += 6
    }
}
