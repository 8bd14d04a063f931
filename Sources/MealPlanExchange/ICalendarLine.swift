import TextHelpers

/// What every iCalendar file mealplan writes is made of: TEXT values escaped, and content
/// lines folded, the one way for the meal export and the shopping list's tasks alike.
public enum ICalendarLine {
    /// The longest physical line in octets, CRLF not counted (RFC 5545 section 3.1).
    static let lineLimit = 75

    /// `text` as an iCalendar TEXT value (RFC 5545 section 3.3.11): `\`, `;`, `,` and line
    /// breaks (CR, LF and CR LF each become `\n`) escaped; other control characters, C0 and
    /// C1 alike, which iCalendar text may not hold or a terminal would obey, written as their
    /// visible stand-ins (`ControlPicture`: ESC as ␛, U+009B as U+FFFD), tabs kept.
    static func appendText(_ text: String, to line: inout [UInt8]) {
        var previous: UInt8 = 0
        var pendingLead = false
        for byte in text.utf8 {
            defer { previous = byte }
            if pendingLead {
                pendingLead = false
                if ControlPicture.isC1(lead: 0xC2, next: byte) {
                    let standIn = ControlPicture.c1StandIn
                    line.append(contentsOf: [standIn.0, standIn.1, standIn.2])
                    continue
                }
                line.append(0xC2)
            }
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
                line.append(UInt8(ascii: "\\"))
                line.append(byte)
            case CSVFormat.carriageReturn:
                line.append(contentsOf: Self.escapedLineBreak)
            case CSVFormat.lineFeed:
                if previous != CSVFormat.carriageReturn { line.append(contentsOf: Self.escapedLineBreak) }
            case CSVFormat.tab:
                line.append(byte)
            case 0xC2:
                // Perhaps the lead of a C1 control: decided by the next byte.
                pendingLead = true
            case _ where ControlPicture.isC0(byte):
                let picture = ControlPicture.c0Picture(byte)
                line.append(contentsOf: [picture.0, picture.1, picture.2])
            default:
                line.append(byte)
            }
        }
        if pendingLead { line.append(0xC2) }
    }

    private static let escapedLineBreak = Array(#"\n"#.utf8)

    /// At most how many bytes `fold` writes for `count` bytes of content.
    static func foldedCount(_ count: Int) -> Int {
        // A full physical line carries at least 72 content octets (a space and eighteen 4-byte
        // sequences); each fold adds a CRLF and a space, and the line ends in a CRLF.
        count + 3 * (count / 72 + 1) + 2
    }

    /// Writes `content` (valid UTF-8) from `end` as folded physical lines, each at most 75
    /// octets before its CRLF, and moves `end` past them. A fold goes before the UTF-8
    /// sequence that would cross the limit. `bytes` must hold `foldedCount` bytes from `end`.
    static func fold(_ content: [UInt8], into bytes: UnsafeMutableBufferPointer<UInt8>, at end: inout Int) {
        var column = 0
        var index = 0
        while index < content.count {
            let length = sequenceLength(lead: content[index])
            if column + length > lineLimit {
                bytes[end] = CSVFormat.carriageReturn
                bytes[end + 1] = CSVFormat.lineFeed
                bytes[end + 2] = CSVFormat.space
                end += 3
                column = 1
            }
            for offset in 0..<length {
                bytes[end + offset] = content[index + offset]
            }
            end += length
            index += length
            column += length
        }
        bytes[end] = CSVFormat.carriageReturn
        bytes[end + 1] = CSVFormat.lineFeed
        end += 2
    }

    /// `content` folded (`fold`) at the end of `file`.
    static func append(_ content: [UInt8], to file: inout [UInt8]) {
        let start = file.count
        file.append(contentsOf: repeatElement(0, count: foldedCount(content.count)))
        var end = start
        file.withUnsafeMutableBufferPointer { fold(content, into: $0, at: &end) }
        file.removeSubrange(end...)
    }

    /// The length of the UTF-8 sequence that starts with `lead`.
    private static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
