import Foundation
import MealPlanCore
import Testing
@testable import MealPlanExchange
import TestSupport

/// The document `write` makes, through a real file descriptor.
private func written(_ write: (inout JSONWriter) throws -> Void) throws -> String {
    try withTemporaryFile(containing: []) { path in
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        var json = JSONWriter(fileDescriptor: descriptor)
        try write(&json)
        try json.finish()
        return String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }
}

/// Keys that need escaping, so that a key is encoded like any other string.
private enum AwkwardField: String, JSONField {
    case plain = "name"
    case quoted = "say \"hi\"\\"
    case control = "tab\tnew\nline\u{1}\u{7F}\u{85}"
    case emoji = "🍲 e\u{301}"
    case empty = ""
    static let shape = JSONObjectShape<Self>()
}

private enum PairField: String, JSONField {
    case first, second
    static let shape = JSONObjectShape<Self>()
}

/// A kind of object without keys (an enum with a raw type needs a case).
private struct NoField: JSONField {
    let rawValue: String
    init?(rawValue: String) { nil }
    static let allCases: [Self] = []
    static let shape = JSONObjectShape<Self>()
}

@Suite("JSONWriter")
struct JSONWriterTests {
    @Test("numbers: whole ones below 2^53 as integers, others in their shortest round-trip decimal", arguments: [
        (6, "6"), (-0.0, "0"), (0, "0"), (-17, "-17"), (2.5, "2.5"), (0.1, "0.1"), (-1234.5678, "-1234.5678"),
        (9_007_199_254_740_991, "9007199254740991"), (1.0 / 3, "0.3333333333333333"),
    ] as [(Double, String)])
    func numbers(number: Double, text: String) throws {
        #expect(try written { try $0.value(number) } == text + "\n")
    }

    /// From 2^53 up not every whole number is a Double: such a number is written as one
    /// (`9007199254740992.0`, `1e+300`), which every reader takes for what it is. That it reads
    /// back as the same Double in another implementation, Python's check below proves.
    @Test("numbers from 2^53 up and tiny ones are written with a point or an exponent", arguments: [
        9_007_199_254_740_992, -9_007_199_254_740_994, 1e300, -1e22, 1e-7, Double.leastNonzeroMagnitude,
        Double.greatestFiniteMagnitude,
    ] as [Double])
    func fractionForms(number: Double) throws {
        let text = try written { try $0.value(number) }.dropLast()
        #expect(text.contains(".") || text.contains("e"))
        #expect(Double(text) == number)
    }

    @Test("integers keep every digit")
    func integers() throws {
        #expect(try written { json in try json.array([Int64.min, -1, 0, Int64.max]) { try $1.value($0) } }
            == "[-9223372036854775808,\n-1,\n0,\n9223372036854775807]\n")
    }

    @Test("infinity and NaN stop the output, naming the key", arguments: [
        (Double.infinity, "'second' is infinity"), (-Double.infinity, "'second' is minus infinity"),
        (Double.nan, "'second' is not a number (NaN)"),
    ])
    func nonFinite(number: Double, said: String) throws {
        let thrown = #expect(throws: JSONNumberError.self) {
            _ = try written { json in
                try json.object(of: PairField.self) { field, json in
                    switch field {
                    case .first: try json.value(1.5)
                    case .second: try json.array([number]) { try $1.value($0) }
                    }
                }
            }
        }
        #expect(thrown?.key == "second")
        #expect(thrown?.userMessage == "cannot write the JSON output: \(said), which JSON cannot hold")
        #expect(thrown?.exitStatus == .badData)
        #expect(throws: JSONNumberError(key: nil, value: .infinity)) { _ = try written { try $0.value(Double.infinity) } }
    }

    @Test("keys in declared order, escaped like strings; empty objects and arrays; top-level elements start a line")
    func layout() throws {
        let text = try written { json in
            try json.array(0..<3) { index, json in
                switch index {
                case 0:
                    try json.object(of: AwkwardField.self) { field, json in
                        switch field {
                        case .plain: try json.value("x")
                        case .quoted: try json.array([Int]()) { try $1.value($0) }
                        case .control: try json.object(of: NoField.self) { _, _ in }
                        case .emoji: try json.value(day("2026-03-02"))
                        case .empty: try json.null()
                        }
                    }
                case 1: try json.array([true, false]) { try $1.value($0) }
                default: try json.value(nil as String?)
                }
            }
        }
        #expect(text == #"""
            [{"name":"x","say \"hi\"\\":[],"tab\tnew\nline\u0001\u007f\u0085":{},"🍲 é":"2026-03-02","":null},
            [true,false],
            null]

            """#)
    }

    @Test("a document of one string or number is that value and a line break")
    func scalarDocuments() throws {
        #expect(try written { try $0.value("a\u{2028}/") } == "\"a\u{2028}/\"\n")
        #expect(try written { try $0.value(Int64?.none) } == "null\n")
        #expect(try written { json in try json.array([String]()) { try $1.value($0) } } == "[]\n")
    }

    @Test("a string larger than the buffer comes out whole")
    func largeString() throws {
        let text = String(repeating: "\u{1}\"é", count: 50_000)
        let output = try written { try $0.value(text) }
        #expect(output.utf8.count == 50_000 * (6 + 2 + 2) + 3)
        #expect(try JSONSerialization.jsonObject(with: Data(output.utf8), options: .fragmentsAllowed) as? String == text)
    }

    /// Python's json module is the independent reader: it parses what the writer made of random
    /// values and compares it with the values themselves, which reach it in a form of their own
    /// (strings as UTF-8 in hex, doubles as their bits) that shares nothing with JSON.
    @Test(.requires(.python3), arguments: [1, 2, 3] as [UInt64])
    func pythonReadsRandomValues(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let values = (0..<300).map { _ in RandomJSON.value(depth: 0, using: &generator) }
        let text = try written { json in try json.array(values) { try $0.write(to: &$1) } }
        var spec = ""
        RandomJSON.Value.array(values).describe(into: &spec)
        let input = Data(spec.utf8) + Data([0]) + Data(text.utf8)
        let answer = String(decoding: try ExternalTool.runPython(RandomJSON.pythonCheck, input: input), as: UTF8.self)
        #expect(answer == "ok 300\n")
    }
}

/// Random JSON values with every kind of text and number.
private enum RandomJSON {
    indirect enum Value {
        case null, bool(Bool), integer(Int64), double(Double), string(String), array([Value])
        case awkward([AwkwardField: Value]), pair([PairField: Value])

        func write(to json: inout JSONWriter) throws {
            switch self {
            case .null: try json.null()
            case .bool(let flag): try json.value(flag)
            case .integer(let number): try json.value(number)
            case .double(let number): try json.value(number)
            case .string(let text): try json.value(text)
            case .array(let values): try json.array(values) { try $0.write(to: &$1) }
            case .awkward(let fields): try json.object(of: AwkwardField.self) { try fields[$0]!.write(to: &$1) }
            case .pair(let fields): try json.object(of: PairField.self) { try fields[$0]!.write(to: &$1) }
            }
        }

        /// The value in prefix notation, one token a line: `n`, `t`, `f`, `i DIGITS`, `d BITS`
        /// (the Double's 64 bits in hex), `s HEX` (UTF-8, `s` alone when empty), `a COUNT` or
        /// `o COUNT` followed by the elements, or by keys (as `s`) and values.
        func describe(into spec: inout String) {
            switch self {
            case .null: spec += "n\n"
            case .bool(let flag): spec += flag ? "t\n" : "f\n"
            case .integer(let number): spec += "i \(number)\n"
            case .double(let number): spec += "d \(String(number.bitPattern, radix: 16))\n"
            case .string(let text): spec += "s " + text.utf8.map { String(format: "%02x", $0) }.joined() + "\n"
            case .array(let values):
                spec += "a \(values.count)\n"
                for value in values { value.describe(into: &spec) }
            case .awkward(let fields): Self.describe(fields, into: &spec)
            case .pair(let fields): Self.describe(fields, into: &spec)
            }
        }

        private static func describe<Field: JSONField>(_ fields: [Field: Value], into spec: inout String) {
            spec += "o \(Field.allCases.count)\n"
            for field in Field.allCases {
                Value.string(field.rawValue).describe(into: &spec)
                fields[field]!.describe(into: &spec)
            }
        }
    }

    /// Scalars from every corner of Unicode: C0, DEL and C1 controls, quotes, backslash, slash,
    /// the line and paragraph separators, combining marks, a byte order mark, noncharacters,
    /// emoji with joiners and modifiers, CJK, and any scalar at all.
    static let awkwardScalars: [UInt32] = Array(0x00...0x20) + Array(0x7E...0xA0) + [
        0x22, 0x5C, 0x2F, 0x2028, 0x2029, 0x301, 0x308, 0x20DD, 0xFEFF, 0xFFFE, 0xFFFF, 0x1F372, 0x1F469, 0x200D,
        0x1F3FD, 0xFE0F, 0x62C9, 0xD7FF, 0xE000, 0x10FFFF,
    ]

    static func string(using generator: inout SeededGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            let code = Bool.random(using: &generator)
                ? awkwardScalars.randomElement(using: &generator)!
                : UInt32.random(in: 0...0x10FFFF, using: &generator)
            if let scalar = UnicodeScalar(code) { scalars.append(scalar) }  // not a surrogate
        }
        return String(scalars)
    }

    static let specialDoubles: [Double] = [
        0, -0.0, 1, -1, 0.5, 0.1, 1e-7, 2.5e-8, 1e15, 1e16, 1e21, 1e22, 1e300, -1e-300, 9_007_199_254_740_991,
        9_007_199_254_740_992, 9_007_199_254_740_994, -9_007_199_254_740_992, Double.leastNonzeroMagnitude,
        Double.leastNormalMagnitude, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, .pi,
    ]

    static func double(using generator: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return specialDoubles.randomElement(using: &generator)!
        case 1: return Double(Int.random(in: -100_000...100_000, using: &generator)) / 8
        case 2: return Double.random(in: -1e6...1e6, using: &generator)
        default:
            // Any finite Double, by its bits.
            while true {
                let number = Double(bitPattern: generator.next())
                if number.isFinite { return number }
            }
        }
    }

    static func value(depth: Int, using generator: inout SeededGenerator) -> Value {
        let kinds = depth < 5 ? 9 : 6
        switch Int.random(in: 0..<kinds, using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2:
            return .integer(Bool.random(using: &generator)
                ? [Int64.min, Int64.max, 0, -1].randomElement(using: &generator)!
                : Int64.random(in: .min ... .max, using: &generator))
        case 3: return .double(double(using: &generator))
        case 4, 5: return .string(string(using: &generator))
        case 6:
            return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth: depth + 1, using: &generator) })
        case 7:
            return .awkward(Dictionary(uniqueKeysWithValues: AwkwardField.allCases.map { ($0, value(depth: depth + 1, using: &generator)) }))
        default:
            return .pair(Dictionary(uniqueKeysWithValues: PairField.allCases.map { ($0, value(depth: depth + 1, using: &generator)) }))
        }
    }

    /// Reads the description and the JSON (split by a NUL byte), parses the JSON strictly (no
    /// NaN or Infinity, objects as their key-value pairs in order) and compares the two: a
    /// Double that is whole and below 2^53 must come back as an int, any other as a float of
    /// the same bits; no control character may stand raw but the line breaks between the
    /// top-level elements. Prints "ok N" for N matching elements, else the first difference,
    /// each side re-emitted canonically.
    static let pythonCheck = #"""
        import json, struct, sys

        spec, text = open(sys.argv[1], "rb").read().split(b"\0", 1)
        tokens = iter(spec.decode("ascii").splitlines())

        def expected():
            kind, _, rest = next(tokens).partition(" ")
            if kind == "n": return None
            if kind in "tf": return kind == "t"
            if kind == "i": return int(rest)
            if kind == "d":
                number = struct.unpack(">d", bytes.fromhex(rest.zfill(16)))[0]
                return int(number) if number.is_integer() and abs(number) < 2 ** 53 else number
            if kind == "s": return bytes.fromhex(rest).decode("utf-8")
            if kind == "a": return [expected() for _ in range(int(rest))]
            if kind == "o": return Pairs((expected(), expected()) for _ in range(int(rest)))
            raise ValueError(kind)

        class Pairs(list):
            pass

        def refuse(constant):
            raise ValueError("not JSON: " + constant)

        def canonical(value):
            # Types matter: True is not 1, 1 is not 1.0, and floats compare by their bits.
            if isinstance(value, bool) or value is None: return [type(value).__name__, value]
            if isinstance(value, int): return ["int", str(value)]
            if isinstance(value, float): return ["float", value.hex()]
            if isinstance(value, str): return ["str", value]
            if isinstance(value, Pairs): return ["object", [[key, canonical(item)] for key, item in value]]
            return ["array", [canonical(item) for item in value]]

        decoded = text.decode("utf-8")
        raw = [hex(ord(c)) for c in decoded if c != "\n" and (ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F)]
        got = json.loads(decoded, object_pairs_hook=Pairs, parse_constant=refuse)
        want = expected()
        problems = ["raw control characters: %s" % raw[:5]] if raw else []
        if not decoded.endswith("]\n") or decoded.count("\n") != len(want):
            problems.append("line breaks: %d for %d elements" % (decoded.count("\n"), len(want)))
        for index, (a, b) in enumerate(zip(got, want)):
            if canonical(a) != canonical(b):
                problems.append("element %d: %s != %s" % (index, json.dumps(canonical(a)), json.dumps(canonical(b))))
                break
        if len(got) != len(want):
            problems.append("%d elements for %d" % (len(got), len(want)))
        print("\n".join(problems) if problems else "ok %d" % len(got))
        """#
}
