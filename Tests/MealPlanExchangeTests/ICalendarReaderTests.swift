import Foundation
import Testing
import TestSupport
@testable import MealPlanExchange

/// The iCalendar reader: hand-worked cases of RFC 5545 §3.1, the files it refuses and the
/// lines it names, and random files read alike by Python's `icalendar`.
@Suite struct ICalendarReaderTests {
    static func read(_ text: String) throws(ICalendarError) -> [ICalendarComponent] {
        try ICalendarReader.read(Array(text.utf8))
    }

    @Test func componentsNestAndKeepEveryPropertyInOrder() throws {
        let calendars = try Self.read("""
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:a\r
            X-CLIENT-COLOUR:#ff0000\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            END:VALARM\r
            SUMMARY:Soup\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        #expect(calendars.count == 1)
        let calendar = try #require(calendars.first)
        #expect(calendar.name == "VCALENDAR" && calendar.line == 1)
        #expect(calendar.properties.map(\.name) == ["VERSION"])
        let event = try #require(calendar.components("vevent").first)
        #expect(event.line == 3)
        #expect(event.properties.map(\.name) == ["UID", "X-CLIENT-COLOUR", "SUMMARY"])
        #expect(event.properties.map(\.line) == [4, 5, 9])
        #expect(event.components.map(\.name) == ["VALARM"])
        #expect(event.property("summary")?.value == "Soup")
    }

    /// A fold is CRLF (or LF) and one space or tab, all three removed; the property keeps the
    /// line it starts on, and the next property's line counts the folded ones.
    @Test func foldedLinesAreJoined() throws {
        let text = "BEGIN:VEVENT\r\nSUMMARY:Lasa\r\n gna with\n\t a long\r\n  note\r\nUID:x\nEND:VEVENT"
        let event = try #require(try Self.read(text).first)
        #expect(event.property("SUMMARY")?.value == "Lasagna with a long note")
        #expect(event.property("SUMMARY")?.line == 2)
        #expect(event.property("UID")?.line == 6)
    }

    /// A careless writer folds inside a UTF-8 sequence: the bytes are joined before decoding.
    @Test func aFoldInsideAUTF8SequenceIsJoinedFirst() throws {
        let bytes = Array("BEGIN:VEVENT\r\nSUMMARY:Cr".utf8) + [0xC3] + Array("\r\n ".utf8) + [0xA8] + Array("me\r\nEND:VEVENT\r\n".utf8)
        let event = try #require(try ICalendarReader.read(bytes).first)
        #expect(event.property("SUMMARY")?.value == "Crème")
    }

    @Test func parametersMayBeQuotedAndHoldSeveralValues() throws {
        let event = try #require(try Self.read("""
            BEGIN:VEVENT
            attendee;member="mailto:a@b.example","mailto:c@d.example";cn=Ann Lee;X-EMPTY=:mailto:e@f.example
            DTSTART;VALUE=DATE:20261124
            END:VEVENT
            """).first)
        let attendee = try #require(event.property("ATTENDEE"))
        #expect(attendee.parameters.map(\.name) == ["MEMBER", "CN", "X-EMPTY"])
        #expect(attendee.parameters[0].values == ["mailto:a@b.example", "mailto:c@d.example"])
        #expect(attendee.parameter("cn") == "Ann Lee")
        #expect(attendee.parameter("X-EMPTY") == "")
        #expect(attendee.value == "mailto:e@f.example")
        #expect(event.property("DTSTART")?.parameter("VALUE") == "DATE")
    }

    /// TEXT escapes (§3.3.11), and a list of TEXT split at unescaped commas only.
    @Test(arguments: [
        (#"Soup\, bread\; wine"#, "Soup, bread; wine"),
        (#"line one\nline two\Nthree"#, "line one\nline two\nthree"),
        (#"a\\b"#, #"a\b"#),
        (#"a\\nb"#, #"a\nb"#),
        (#"C:\x kept"#, #"C:\x kept"#),
        (#"ends in \"#, #"ends in \"#),
    ])
    func textIsUnescaped(written: String, read: String) {
        #expect(ICalendarProperty(name: "DESCRIPTION", value: written).text == read)
    }

    @Test func aTextListSplitsAtUnescapedCommasOnly() {
        #expect(ICalendarProperty(name: "CATEGORIES", value: #"Dinner,Kids\, too,a\\,b"#).textList == ["Dinner", "Kids, too", #"a\"#, "b"])
        #expect(ICalendarProperty(name: "CATEGORIES", value: "").textList == [""])
    }

    /// Every file that is not iCalendar is refused with the physical line of the mistake.
    @Test(arguments: [
        ("BEGIN:VEVENT\nSUMMARY Soup\nEND:VEVENT", 2, "SUMMARY has no ':' before its value"),
        ("BEGIN:VEVENT\n:Soup\nEND:VEVENT", 2, "a line must start with a property name, not ':Soup'"),
        ("BEGIN:VEVENT\nX;=1:v\nEND:VEVENT", 2, "X has a parameter without a name and '='"),
        ("BEGIN:VEVENT\nX;P=\"open:v\nEND:VEVENT", 2, "X has a quoted parameter value that is never closed"),
        ("SUMMARY:Soup", 1, "SUMMARY stands outside any BEGIN…END"),
        ("BEGIN:VEVENT\nEND:VTODO", 2, "END:VTODO closes BEGIN:VEVENT of line 1"),
        ("END:VEVENT", 1, "END:VEVENT closes nothing"),
        ("BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VEVENT\n", 1, "BEGIN:VCALENDAR is never closed by END:VCALENDAR"),
        ("BEGIN:\nEND:", 1, "BEGIN needs a component name, not ''"),
        ("BEGIN:VEVENT\nSUMMARY:a\n b\nX Y\nEND:VEVENT", 4, "X has no ':' before its value"),
    ])
    func malformedFilesNameTheLine(text: String, line: Int, message: String) {
        #expect(throws: ICalendarError(line: line, message: message)) { try Self.read(text) }
    }

    @Test func bytesThatAreNotUTF8AreRefusedWithTheirLine() {
        let bytes = Array("BEGIN:VEVENT\nSUMMARY:".utf8) + [0xFF] + Array("\nEND:VEVENT".utf8)
        #expect(throws: ICalendarError(line: 2, message: "the line is not UTF-8")) { try ICalendarReader.read(bytes) }
    }

    /// Nesting is bounded: a file of a million BEGINs is refused at the bound, quickly, with
    /// no deep recursion.
    @Test func nestingIsBounded() throws {
        let depth = ICalendarReader.maximumDepth
        let nested = (0..<depth).map { "BEGIN:X\($0)\n" }.joined() + (0..<depth).reversed().map { "END:X\($0)\n" }.joined()
        #expect(try Self.read(nested).count == 1)
        let hostile = Array(String(repeating: "BEGIN:X\n", count: 1_000_000).utf8)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(throws: ICalendarError(line: depth + 1, message: "components nest more than \(depth) deep")) {
                try ICalendarReader.read(hostile)
            }
        }
        #expect(elapsed < .seconds(2))
    }

    @Test func emptyLinesAndLFEndingsAreAccepted() throws {
        let calendars = try Self.read("\nBEGIN:VCALENDAR\n\nEND:VCALENDAR\n\nBEGIN:VCALENDAR\nEND:VCALENDAR")
        #expect(calendars.map(\.line) == [2, 6])
    }

    // MARK: - Against Python's icalendar

    /// Unfolds each file and splits every content line with icalendar's own parser; prints,
    /// for each file, its lines as [name, {param: [values]}, value as TEXT].
    static let reference = #"""
        import json, sys
        from icalendar.parser import Contentlines, Contentline
        answers = []
        for text in json.load(open(sys.argv[1])):
            lines = []
            for line in Contentlines.from_ical(text):
                if not line:
                    continue
                name, params, value = Contentline(line).parts()
                lines.append([name.upper(), {k: v if isinstance(v, list) else [v] for k, v in params.items()}, value])
            answers.append(lines)
        print(json.dumps(answers))
        """#

    @Test(.requires(.icalendar)) func randomFilesReadAsIcalendarReadsThem() throws {
        var generator = SeededGenerator(seed: 5545)
        let files = (0..<300).map { _ in Self.randomFile(using: &generator) }
        let output = try ExternalTool.runPython(Self.reference, input: try JSONSerialization.data(withJSONObject: files))
        let answers = try #require(try JSONSerialization.jsonObject(with: output) as? [[[Any]]])
        try #require(answers.count == files.count)
        var properties = 0
        for (file, expected) in zip(files, answers) {
            let ours = Self.flattened(try Self.read(file))
            #expect(ours.count == expected.count, "\(file.debugDescription)")
            for (line, theirs) in zip(ours, expected) {
                let parameters = (theirs[1] as? [String: [String]]) ?? [:]
                #expect(line.name == theirs[0] as? String)
                #expect(Dictionary(line.parameters.map { ($0.name, $0.values) }, uniquingKeysWith: { first, _ in first }) == parameters,
                        "\(line.name) in \(file.debugDescription)")
                #expect(line.text == theirs[2] as? String, "\(line.name) in \(file.debugDescription)")
                properties += 1
            }
        }
        #expect(properties > 3000, "not vacuous")
    }

    /// The file's content lines in order, BEGIN and END included, as icalendar lists them.
    static func flattened(_ components: [ICalendarComponent]) -> [ICalendarProperty] {
        components.flatMap { component in
            [ICalendarProperty(name: "BEGIN", value: component.name)] + component.properties + flattened(component.components)
                + [ICalendarProperty(name: "END", value: component.name)]
        }
    }

    /// A calendar of a few events with random properties: names in any case, quoted and plain
    /// parameters with several values, escaped text in many scripts, long lines folded at
    /// random character boundaries with a space or a tab, CRLF or LF line ends.
    static func randomFile(using generator: inout SeededGenerator) -> String {
        let names = ["SUMMARY", "description", "X-MEALPLAN-SLOT", "Categories", "X-Client-Colour", "LOCATION", "COMMENT"]
        let words = ["Soup", "Crème brûlée", "拉麺", "Köttbullar", "a;b", "c,d", "e:f", "x\\y", "🍲", "  spaced  ", "tab\there"]
        let newline = Bool.random(using: &generator) ? "\r\n" : "\n"
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0"]
        for event in 0..<Int.random(in: 1...4, using: &generator) {
            lines.append("BEGIN:VEVENT")
            lines.append("UID:event-\(event)")
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                var line = names.randomElement(using: &generator)!
                for parameter in 0..<Int.random(in: 0...2, using: &generator) {
                    let values = (0..<Int.random(in: 1...2, using: &generator)).map { _ in
                        // icalendar trims spaces around a parameter value, which RFC 5545 keeps: none here.
                        let word = words.randomElement(using: &generator)!.filter { $0 != "\"" && $0 != "\\" && $0 != "\t" }
                            .trimmingCharacters(in: .whitespaces)
                        return word.contains(where: { ";:,".contains($0) }) || Bool.random(using: &generator) ? "\"\(word)\"" : word
                    }
                    line += ";X-P\(parameter)=" + values.joined(separator: ",")
                }
                let text = (0..<Int.random(in: 1...12, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                    .joined(separator: " ")
                line += ":" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;")
                    .replacingOccurrences(of: ",", with: "\\,")
                lines.append(line)
            }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map { fold($0, using: &generator, newline: newline) }.joined(separator: newline) + newline
    }

    /// `line` cut into pieces of random length at character boundaries, each after the first
    /// starting with a space or a tab.
    static func fold(_ line: String, using generator: inout SeededGenerator, newline: String) -> String {
        var pieces: [String] = []
        var rest = Substring(line)
        while rest.count > 20 {
            let cut = rest.index(rest.startIndex, offsetBy: Int.random(in: 5...40, using: &generator), limitedBy: rest.endIndex) ?? rest.endIndex
            pieces.append(String(rest[..<cut]))
            rest = rest[cut...]
        }
        pieces.append(String(rest))
        return pieces.enumerated().map { index, piece in
            index == 0 ? piece : (Bool.random(using: &generator) ? " " : "\t") + piece
        }.joined(separator: newline)
    }
}
