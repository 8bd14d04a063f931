import Foundation
import MealPlanCore
import TextHelpers
import Testing
import TestSupport

/// The one trimming of typed text against Foundation's: its white space and newlines are
/// Unicode's `White_Space`, trimmed scalar by scalar, as `trimmingWhitespace` promises.
@Suite struct TextTrimmingTests {
    /// ASCII and other white space, and what must stay: letters, accents (a combining one
    /// after a space), a byte-order mark, wide text, controls that are not white space.
    static let pieces: [String] = [
        " ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2003}", "\u{2028}", "\u{3000}", "\u{1C}",
        "a", "Z", "-", "é", "\u{301}", "\u{FEFF}", "비", "🍕",
    ]
    // (Not U+200B, the zero-width space: Foundation trims it, though it is not `White_Space`.)

    @Test func whatIsTrimmedIsWhatFoundationTrims() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator))
                .map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            let expected = text.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(Array(text.trimmingWhitespace().unicodeScalars) == Array(expected.unicodeScalars), "\(text.debugDescription)")
            #expect(Array(text.dropFirst(0).trimmingWhitespace().unicodeScalars) == Array(expected.unicodeScalars))
        }
    }
}

/// A scalar's `isNewline` against the Character's: the same for every scalar, alone and
/// followed by a letter, a combining accent and LF (Characters that it begins).
@Suite struct ScalarNewlineTests {
    @Test func everyScalarAnswersAsItsCharacter() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.isNewline != Character(scalar).isNewline { differing.append(value) }
        }
        #expect(differing.isEmpty)
        for scalar in ["\n", "\r", "\u{0B}", "\u{85}", "\u{2028}", "a", "\u{A0}"].map({ Unicode.Scalar($0)! }) {
            for next in ["a", "\u{301}", "\n"] {
                let text = String(scalar) + next
                let byCharacters = text.contains { $0.isNewline }, byScalars = text.unicodeScalars.contains { $0.isNewline }
                #expect(byCharacters == byScalars)
            }
        }
    }
}
