import Testing
import TestSupport
@testable import Cooklang

/// The parser finds lines in the text's bytes; they must be where Swift's own split by
/// Characters puts them, whatever surrounds a newline.
@Suite struct LineSplitTests {
    /// Newlines of every kind, and what could change where a Character ends around them: a
    /// combining accent after one, a prepended mark before one, CR before LF, a byte-order
    /// mark, wide and multi-byte text.
    static let pieces: [String] = [
        "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{301}", "\u{600}", "\u{FEFF}",
        "a", " ", "---", "@salt{1%g}", "é", "e\u{301}", "비빔밥", "🍕", "\u{1F1EB}\u{1F1F7}", "\u{200D}", "\u{2027}", "\u{C2}",
    ]

    static func byCharacters(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    }

    @Test func everyNewlineIsWhereSplittingByCharactersPutsIt() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator))
                .map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            #expect(Array(IteratorSequence(CooklangParser.Lines(text))) == Self.byCharacters(text), "\(text.debugDescription)")
        }
    }

    @Test func theEdgesOfTheText() {
        for text in ["", "\n", "a", "a\n", "\na", "\r\n\r\n", "a\r", "\u{2028}"] {
            #expect(Array(IteratorSequence(CooklangParser.Lines(text))) == Self.byCharacters(text), "\(text.debugDescription)")
        }
    }
}
