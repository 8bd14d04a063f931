/// The part of TOML that mealplan's small configuration files use, read with the line of
/// every value so that a mistake is reported as "line N, key K": `[table]` headers (dotted
/// names too), `key = value` with bare or quoted keys, strings (basic with escapes, and
/// literal), integers, floats, booleans, one-line arrays and inline tables, `#` comments.
public struct TOMLSubset: Equatable, Sendable {
    public indirect enum Value: Equatable, Sendable {
        case string(String)
        case integer(Int)
        case float(Double)
        case boolean(Bool)
        case array([Value])
        case table([Entry])

        /// The text of a string value.
        public var string: String? {
            if case .string(let text) = self { return text }
            return nil
        }
    }

    public struct Entry: Equatable, Sendable {
        /// The `[table]` it is under ("" before any header).
        public var table: String
        public var key: String
        public var value: Value
        public var line: Int

        public init(table: String, key: String, value: Value, line: Int) {
            self.table = table
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// Why a line could not be read; the message names the key when there is one.
    public struct Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    public var entries: [Entry] = []

    /// How deep arrays and inline tables may nest in one value.
    public static let maximumNesting = 16

    /// Keys differing only in case are refused as given twice: mealplan reads every key of its
    /// settings (slots, pantry items, fields) without regard to case.
    public init(_ text: String) throws(Error) {
        var table = ""
        var seen: Set<String> = []
        for (offset, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let number = offset + 1
            var scanner = Scanner(Array(raw), line: number)
            scanner.skipBlanks()
            if scanner.atEnd || scanner.peek == "#" { continue }
            if scanner.peek == "[" {
                scanner.advance()
                table = try scanner.key(until: "]")
                guard scanner.peek == "]" else { throw Error(line: number, message: "a table header is written [name]") }
                scanner.advance()
                try scanner.expectEnd()
                continue
            }
            let key = try scanner.key(until: "=")
            guard scanner.peek == "=" else { throw Error(line: number, message: "'\(key)' needs '= value'") }
            scanner.advance()
            let value = try scanner.value(for: key, depth: 0)
            try scanner.expectEnd()
            guard seen.insert(table.lowercased() + "\u{0}" + key.lowercased()).inserted else {
                throw Error(line: number, message: "key '\(key)' is given twice (keys are read in any case)")
            }
            entries.append(Entry(table: table, key: key, value: value, line: number))
        }
    }

    /// Reads one line left to right.
    private struct Scanner {
        let characters: [Character]
        let line: Int
        var index = 0

        init(_ characters: [Character], line: Int) {
            self.characters = characters
            self.line = line
        }

        var atEnd: Bool { index >= characters.count }
        var peek: Character? { atEnd ? nil : characters[index] }
        mutating func advance() { index += 1 }

        mutating func skipBlanks() {
            while let character = peek, character == " " || character == "\t" { advance() }
        }

        func error(_ message: String) -> Error { Error(line: line, message: message) }

        /// Only blanks or a comment may follow a complete entry.
        mutating func expectEnd() throws(Error) {
            skipBlanks()
            guard atEnd || peek == "#" else { throw error("unexpected '\(String(characters[index...]))' at the end of the line") }
        }

        /// A key of bare or quoted parts joined by dots, up to `terminator`.
        mutating func key(until terminator: Character) throws(Error) -> String {
            var parts: [String] = []
            while true {
                skipBlanks()
                if peek == "\"" || peek == "'" {
                    parts.append(try quoted(for: parts.joined(separator: ".")))
                } else {
                    var part = ""
                    while let character = peek, character.isLetter || character.isNumber || character == "_" || character == "-" {
                        part.append(character)
                        advance()
                    }
                    guard !part.isEmpty else { throw error("a key is expected before '\(terminator)'") }
                    parts.append(part)
                }
                skipBlanks()
                guard peek == "." else { break }
                advance()
            }
            return parts.joined(separator: ".")
        }

        mutating func value(for key: String, depth: Int) throws(Error) -> Value {
            skipBlanks()
            if peek == "[" || peek == "{", depth >= TOMLSubset.maximumNesting {
                throw error("key '\(key)': arrays and tables nest deeper than \(TOMLSubset.maximumNesting) levels")
            }
            switch peek {
            case "\""?, "'"?:
                return .string(try quoted(for: key))
            case "["?:
                advance()
                var items: [Value] = []
                while true {
                    skipBlanks()
                    if peek == "]" { advance(); return .array(items) }
                    items.append(try value(for: key, depth: depth + 1))
                    skipBlanks()
                    if peek == "," { advance(); continue }
                    guard peek == "]" else { throw error("key '\(key)': the array is not closed by ']' on this line") }
                }
            case "{"?:
                advance()
                var entries: [Entry] = []
                var seen: Set<String> = []
                while true {
                    skipBlanks()
                    if peek == "}" { advance(); return .table(entries) }
                    let inner = try self.key(until: "=")
                    guard peek == "=" else { throw error("key '\(key).\(inner)' needs '= value'") }
                    guard seen.insert(inner.lowercased()).inserted else {
                        throw error("key '\(key).\(inner)' is given twice (keys are read in any case)")
                    }
                    advance()
                    entries.append(Entry(table: key, key: inner, value: try value(for: key + "." + inner, depth: depth + 1), line: line))
                    skipBlanks()
                    if peek == "," { advance(); continue }
                    guard peek == "}" else { throw error("key '\(key)': the table is not closed by '}' on this line") }
                }
            default:
                var word = ""
                while let character = peek, !" \t,]}#".contains(character) {
                    word.append(character)
                    advance()
                }
                if word == "true" || word == "false" { return .boolean(word == "true") }
                let digits = word.replacingUnderscores
                if let integer = Int(digits) { return .integer(integer) }
                if let float = Double(digits), digits.contains(where: { $0.isNumber }) { return .float(float) }
                throw error(word.isEmpty ? "key '\(key)' has no value" : "key '\(key)': '\(word)' is not a value (text needs quotes)")
            }
        }

        /// A basic ("…", with escapes) or literal ('…') string.
        mutating func quoted(for key: String) throws(Error) -> String {
            let quote = peek!
            advance()
            var text = ""
            while let character = peek {
                advance()
                if character == quote { return text }
                guard quote == "\"" && character == "\\" else {
                    text.append(character)
                    continue
                }
                guard let escaped = peek else { break }
                advance()
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "\"", "\\": text.append(escaped)
                case "u", "U":
                    let count = escaped == "u" ? 4 : 8
                    guard index + count <= characters.count,
                          let code = UInt32(String(characters[index..<index + count]), radix: 16),
                          let scalar = Unicode.Scalar(code)
                    else { throw error("key '\(key)': a bad \\\(escaped) escape") }
                    text.unicodeScalars.append(scalar)
                    index += count
                default:
                    throw error("key '\(key)': unknown escape \\\(escaped)")
                }
            }
            throw error("key '\(key)': the text is not closed by \(quote) on this line")
        }
    }
}

extension String {
    /// TOML allows `_` between digits.
    fileprivate var replacingUnderscores: String { filter { $0 != "_" } }
}
