import Foundation
import Synchronization

/// A part of `docs/GUIDE.md` that the code makes (the key table, the environment's and the
/// files' tables): the text between `<!-- NAME: generated from SOURCE; do not edit by hand -->`
/// and `<!-- end NAME -->`. A test compares it with what the code makes now, so that changing
/// the code fails a test until the guide is made again:
/// `MEALPLAN_WRITE_REFERENCE=1 swift test --filter NAME-OF-THE-TEST` writes it.
public struct GeneratedGuideText: Sendable {
    public static let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/GUIDE.md").standardized.path

    /// The marker's name (`keys`) and what the comment says the text is made from.
    public let name: String
    public let source: String

    public init(_ name: String, from source: String) {
        self.name = name
        self.source = source
    }

    public var begin: String { "<!-- \(name): generated from \(source); do not edit by hand -->\n" }
    public var end: String { "<!-- end \(name) -->" }

    public enum Failure: Error, CustomStringConvertible {
        case noMarkers(String)

        public var description: String {
            switch self {
            case .noMarkers(let name): "docs/GUIDE.md lacks the markers of its generated \(name)"
            }
        }
    }

    /// The text the guide holds between the markers.
    public func shown() throws -> String {
        let text = try String(contentsOfFile: Self.guide, encoding: .utf8)
        return String(text[try region(in: text)])
    }

    /// Whether the guide holds `expected` between the markers. When it does not and
    /// `MEALPLAN_WRITE_REFERENCE=1` is set, it is written there, and the answer is yes.
    public func holds(_ expected: String) throws -> Bool {
        try Self.writing.withLock { _ in
            let text = try String(contentsOfFile: Self.guide, encoding: .utf8)
            let range = try region(in: text)
            if text[range] == expected { return true }
            guard ProcessInfo.processInfo.environment["MEALPLAN_WRITE_REFERENCE"] == "1" else { return false }
            try text.replacingCharacters(in: range, with: expected).write(toFile: Self.guide, atomically: true, encoding: .utf8)
            return true
        }
    }

    /// One test at a time reads and writes the guide: two tables written at once would each
    /// write the guide as it was before the other.
    private static let writing = Mutex(())

    private func region(in text: String) throws -> Range<String.Index> {
        guard let start = text.range(of: begin),
              let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else { throw Failure.noMarkers(name) }
        return start.upperBound..<stop.lowerBound
    }
}
