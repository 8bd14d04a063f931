import MealPlanCore
import TextHelpers

/// Reads an iCalendar file (RFC 5545 §3.1) into its components, keeping every property.
///
/// - Lines end in CRLF or, as many programs write them, in LF alone. A line that starts with a
///   space or a tab continues the one before it (unfolding), even where a careless writer
///   folded inside a UTF-8 sequence: lines are joined as bytes, then decoded.
/// - Each unfolded line must be UTF-8 and read as `NAME;PARAM=VALUE,…:VALUE`; names are
///   letters, digits and `-`, kept in capitals; a parameter value may be quoted, and then holds
///   `;`, `:` and `,`. Empty lines are passed over.
/// - `BEGIN:X` … `END:X` nest at most `maximumDepth` deep and must close in order.
///
/// Anything else is an `ICalendarError` naming the physical line. The work is linear in the
/// size of the file; the caller bounds that size.
public enum ICalendarReader {
    /// Deeper than any real calendar (VCALENDAR › VEVENT › VALARM is three), shallow enough
    /// that no file can make the reader hold a long chain of open components.
    public static let maximumDepth = 8

    /// The top-level components of `bytes`: usually one `VCALENDAR`.
    public static func read(_ bytes: [UInt8]) throws(ICalendarError) -> [ICalendarComponent] {
        var open: [ICalendarComponent] = []
        var finished: [ICalendarComponent] = []
        for line in ContentLines(bytes) {
            guard !line.bytes.isEmpty else { continue }
            let property = try parse(line)
            switch property.name {
            case "BEGIN":
                guard open.count < maximumDepth else {
                    throw ICalendarError(line: line.number, message: "components nest more than \(maximumDepth) deep")
                }
                open.append(ICalendarComponent(name: try componentName(property), line: line.number))
            case "END":
                let name = try componentName(property)
                guard let current = open.popLast() else {
                    throw ICalendarError(line: line.number, message: "END:\(name) closes nothing")
                }
                guard current.name == name else {
                    throw ICalendarError(line: line.number, message: "END:\(name) closes BEGIN:\(current.name) of line \(current.line)")
                }
                if open.isEmpty { finished.append(current) } else { open[open.count - 1].components.append(current) }
            default:
                guard !open.isEmpty else {
                    throw ICalendarError(line: line.number, message: "\(property.name) stands outside any BEGIN…END")
                }
                open[open.count - 1].properties.append(property)
            }
        }
        if let unclosed = open.last {
            throw ICalendarError(line: unclosed.line, message: "BEGIN:\(unclosed.name) is never closed by END:\(unclosed.name)")
        }
        return finished
    }

    private static func componentName(_ property: ICalendarProperty) throws(ICalendarError) -> String {
        guard !property.value.isEmpty, property.value.utf8.allSatisfy(isNameByte) else {
            throw ICalendarError(line: property.line, message: "\(property.name) needs a component name, not '\(property.value.messageExcerpt)'")
        }
        return property.value.uppercased()
    }

    /// One unfolded content line into its name, parameters and value.
    static func parse(_ line: ContentLine) throws(ICalendarError) -> ICalendarProperty {
        let bytes = line.bytes
        guard let text = line.text else {
            throw ICalendarError(line: line.number, message: "the line is not UTF-8")
        }
        var index = 0
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        guard index > 0 else {
            throw ICalendarError(line: line.number, message: "a line must start with a property name, not '\(text.messageExcerpt)'")
        }
        let name = String(decoding: bytes[0..<index], as: UTF8.self).uppercased()
        var parameters: [ICalendarProperty.Parameter] = []
        while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
            index += 1
            let start = index
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            guard index > start, index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw ICalendarError(line: line.number, message: "\(name) has a parameter without a name and '='")
            }
            let parameterName = String(decoding: bytes[start..<index], as: UTF8.self).uppercased()
            var values: [String] = []
            repeat {
                index += 1
                values.append(try parameterValue(bytes, &index, line: line.number, property: name))
            } while index < bytes.count && bytes[index] == UInt8(ascii: ",")
            parameters.append(ICalendarProperty.Parameter(name: parameterName, values: values))
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw ICalendarError(line: line.number, message: "\(name) has no ':' before its value")
        }
        let value = String(decoding: bytes[(index + 1)...], as: UTF8.self)
        return ICalendarProperty(name: name, parameters: parameters, value: value, line: line.number)
    }

    /// A parameter value from `index`: a quoted string (which may hold `;`, `:` and `,`) or
    /// text up to the next `;`, `:` or `,`.
    private static func parameterValue(_ bytes: [UInt8], _ index: inout Int, line: Int, property: String) throws(ICalendarError) -> String {
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            let start = index + 1
            guard let close = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else {
                throw ICalendarError(line: line, message: "\(property) has a quoted parameter value that is never closed")
            }
            index = close + 1
            return String(decoding: bytes[start..<close], as: UTF8.self)
        }
        let start = index
        while index < bytes.count, ![UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: ",")].contains(bytes[index]) {
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Letters, digits and `-`: what iCalendar names (`X-MEALPLAN-SLOT`) are made of.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): true
        default: false
        }
    }
}

/// One logical line of an iCalendar file, its folds joined, with the physical line it starts on.
struct ContentLine {
    var bytes: [UInt8]
    var number: Int

    /// The line as text, or `nil` when it is not UTF-8.
    var text: String? {
        bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) } ? String(decoding: bytes, as: UTF8.self) : nil
    }
}

/// The content lines of a file: split at LF (a CR before it dropped), a line starting with a
/// space or a tab joined to the one before without that first character.
struct ContentLines: Sequence, IteratorProtocol {
    private let bytes: [UInt8]
    private var position = 0
    private var physicalLine = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> ContentLine? {
        guard position < bytes.count else { return nil }
        var line = ContentLine(bytes: [], number: physicalLine)
        repeat {
            let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            var last = end
            if last > position, bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
            let start = physicalLine == line.number ? position : position + 1
            line.bytes.append(contentsOf: bytes[Swift.min(start, last)..<last])
            position = end + 1
            physicalLine += 1
        } while position < bytes.count && (bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t"))
        return line
    }
}
