#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MealPlanCore

/// A JSON value (RFC 8259) as `JSONScanner` reads it, with the line it starts on. Objects keep
/// their keys in the file's order.
indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// The number as written, which the reader converts to what the key needs.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])
}

/// Reads JSON from a file descriptor (or bytes in memory) a token at a time, streaming, with the
/// line of each token, and bounds on everything a hostile file could make unbounded: a string
/// (`maximumStringBytes`), a number (`maximumNumberBytes`), the nesting of one value
/// (`maximumDepth`) and the elements of an array or keys of an object read whole
/// (`maximumElements`). Whitespace and the file itself may be of any length.
struct JSONScanner: Sendable {
    static let maximumStringBytes = 1 << 20
    static let maximumNumberBytes = 40
    static let maximumDepth = 8
    static let maximumElements = 1_000_000

    private let fileDescriptor: Int32?
    private var buffer: [UInt8]
    private var start = 0
    private var end: Int
    private var reachedEnd: Bool
    private var scratch: [UInt8] = []
    /// The line of the next byte.
    private(set) var line = 1
    /// How many more bytes the values read whole may take, and what to say when they would take
    /// more; `nil` for no bound but each value's own. Each string costs its bytes and every
    /// value `valueCost` more, about what it takes in memory, so that many values read whole
    /// (a whole plan's slots, repeats and templates) take bounded memory whatever the file.
    var wholeValueBudget: (bytes: Int, message: String)?
    static let valueCost = 32

    init(fileDescriptor: Int32, chunkSize: Int = 256 * 1024) {
        self.fileDescriptor = fileDescriptor
        buffer = [UInt8](repeating: 0, count: chunkSize)
        end = 0
        reachedEnd = false
    }

    init(bytes: [UInt8]) {
        fileDescriptor = nil
        buffer = bytes
        end = bytes.count
        reachedEnd = true
    }

    /// What went wrong, on `line`; `isReadFailure` for the input that could not be read.
    struct Failure: Error {
        let line: Int
        let message: String
        var isReadFailure = false
    }

    // MARK: Bytes

    /// The next byte, without taking it; `nil` at the end of the input.
    private mutating func peek() throws(Failure) -> UInt8? {
        if start == end {
            guard try refill() else { return nil }
        }
        return buffer[start]
    }

    private mutating func take() throws(Failure) -> UInt8? {
        guard let byte = try peek() else { return nil }
        start += 1
        if byte == UInt8(ascii: "\n") { line += 1 }
        return byte
    }

    private mutating func refill() throws(Failure) -> Bool {
        guard !reachedEnd, let fileDescriptor else { return false }
        start = 0
        let count = buffer.withUnsafeMutableBytes { FileDescriptorIO.readSome(into: $0, from: fileDescriptor) }
        guard let count else {
            throw Failure(line: line, message: "cannot read the file: \(String(cString: strerror(errno)))", isReadFailure: true)
        }
        end = count
        if count == 0 { reachedEnd = true }
        return count > 0
    }

    /// The next byte that is not whitespace, without taking it.
    mutating func peekToken() throws(Failure) -> UInt8? {
        while let byte = try peek() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): _ = try take()
            default: return byte
            }
        }
        return nil
    }

    /// Takes `byte` (after whitespace), or fails saying what was `expected`.
    mutating func expect(_ byte: UInt8, _ expected: String) throws(Failure) {
        guard try peekToken() == byte else { throw unexpected(expected) }
        _ = try take()
    }

    /// Takes `byte` (after whitespace) if it comes next.
    mutating func skip(_ byte: UInt8) throws(Failure) -> Bool {
        guard try peekToken() == byte else { return false }
        _ = try take()
        return true
    }

    /// A failure saying what came instead of `expected`.
    mutating func unexpected(_ expected: String) -> Failure {
        let found: String
        switch try? peekToken() {
        case .none: found = "the end of the file"
        case .some(let byte) where (0x21...0x7E).contains(byte): found = "'\(Character(Unicode.Scalar(byte)))'"
        case .some(let byte): found = "the byte \(byte)"
        }
        return Failure(line: line, message: "expected \(expected), found \(found)")
    }

    /// After the document: only whitespace may follow.
    mutating func expectEnd() throws(Failure) {
        guard try peekToken() == nil else { throw unexpected("the end of the file") }
    }

    // MARK: Values

    /// The next value whole, nested at most `maximumDepth - depth` deeper.
    mutating func value(depth: Int = 0) throws(Failure) -> JSONValue {
        guard depth < Self.maximumDepth else {
            throw Failure(line: line, message: "values nested deeper than \(Self.maximumDepth)")
        }
        guard let byte = try peekToken() else { throw unexpected("a value") }
        try spend(Self.valueCost)
        switch byte {
        case UInt8(ascii: "\""):
            let text = try string()
            try spend(text.utf8.count)
            return .string(text)
        case UInt8(ascii: "{"):
            _ = try take()
            var fields: [(key: String, value: JSONValue)] = []
            if try skip(UInt8(ascii: "}")) { return .object(fields) }
            repeat {
                guard fields.count < Self.maximumElements else { throw tooMany("keys") }
                let key = try string()
                try spend(key.utf8.count)
                try expect(UInt8(ascii: ":"), "':'")
                fields.append((key, try value(depth: depth + 1)))
            } while try skip(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return .object(fields)
        case UInt8(ascii: "["):
            _ = try take()
            var elements: [JSONValue] = []
            if try skip(UInt8(ascii: "]")) { return .array(elements) }
            repeat {
                guard elements.count < Self.maximumElements else { throw tooMany("elements") }
                elements.append(try value(depth: depth + 1))
            } while try skip(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return .array(elements)
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw unexpected("a value")
        }
    }

    /// Takes `bytes` from `wholeValueBudget`, if there is one.
    private mutating func spend(_ bytes: Int) throws(Failure) {
        guard let budget = wholeValueBudget else { return }
        guard budget.bytes >= bytes else { throw Failure(line: line, message: budget.message) }
        wholeValueBudget = (budget.bytes - bytes, budget.message)
    }

    private func tooMany(_ what: String) -> Failure {
        Failure(line: line, message: "more than \(Self.maximumElements) \(what) in one value")
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for expected in bytes {
            guard try take() == expected else { throw Failure(line: line, message: "expected '\(word)'") }
        }
    }

    private mutating func number() throws(Failure) -> String {
        scratch.removeAll(keepingCapacity: true)
        while let byte = try peek(), byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte | 0x20 == UInt8(ascii: "e") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            guard scratch.count < Self.maximumNumberBytes else {
                throw Failure(line: line, message: "a number longer than \(Self.maximumNumberBytes) characters")
            }
            scratch.append(byte)
            _ = try take()
        }
        let text = String(decoding: scratch, as: UTF8.self)
        guard Double(text) != nil else { throw Failure(line: line, message: "'\(text)' is not a number") }
        return text
    }

    /// The next string (after whitespace), its escapes undone.
    mutating func string() throws(Failure) -> String {
        try expect(UInt8(ascii: "\""), "a string")
        let first = line
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard let byte = try take() else { throw Failure(line: first, message: "a string that never ends") }
            guard scratch.count < Self.maximumStringBytes || byte == UInt8(ascii: "\"") else {
                throw Failure(line: first, message: "a string longer than \(Self.maximumStringBytes) bytes")
            }
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: scratch, as: UTF8.self) else {
                    throw Failure(line: first, message: "a string that is not UTF-8")
                }
                return text
            case UInt8(ascii: "\\"): try escape()
            case 0..<0x20: throw Failure(line: line, message: "a control character inside a string; write it as \\u00XX")
            default: scratch.append(byte)
            }
        }
    }

    /// The escape after a backslash, its character appended to `scratch`.
    private mutating func escape() throws(Failure) {
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(ascii: "\\"), UInt8(ascii: "/"): UInt8(ascii: "/"),
            UInt8(ascii: "b"): 8, UInt8(ascii: "f"): 12, UInt8(ascii: "n"): 10, UInt8(ascii: "r"): 13, UInt8(ascii: "t"): 9,
        ]
        guard let letter = try take() else { throw Failure(line: line, message: "a string that never ends") }
        if let byte = simple[letter] {
            scratch.append(byte)
            return
        }
        guard letter == UInt8(ascii: "u") else { throw Failure(line: line, message: "an unknown escape in a string") }
        var code = try hexUnit()
        if (0xD800..<0xDC00).contains(code) {
            guard try take() == UInt8(ascii: "\\"), try take() == UInt8(ascii: "u") else {
                throw Failure(line: line, message: "a lone surrogate in a string")
            }
            let low = try hexUnit()
            guard (0xDC00..<0xE000).contains(low) else { throw Failure(line: line, message: "a lone surrogate in a string") }
            code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw Failure(line: line, message: "a lone surrogate in a string") }
        scratch.append(contentsOf: String(Character(scalar)).utf8)
    }

    private mutating func hexUnit() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try take(), let digit = Int(String(Unicode.Scalar(byte)), radix: 16) else {
                throw Failure(line: line, message: "a \\u escape without four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
