import TerminalKit

/// One line of text being typed, with a cursor between graphemes: the prompt's input field.
///
/// The cursor counts graphemes, never bytes or scalars, so an emoji or an accented letter is
/// one step; columns are only computed for display, by terminal width, so the terminal cursor
/// lands right after wide characters too. The field scrolls sideways to keep the cursor in view.
public struct LineEditor: Hashable, Sendable {
    /// What one key did to the editor.
    public enum Outcome: Hashable, Sendable {
        /// The text or cursor changed (or the key was an editing key with nothing to do).
        case edited
        /// Enter: the caller takes `text`.
        case accepted
        /// Esc or Ctrl-C: the caller drops the prompt.
        case cancelled
        /// Not an editing key; the caller may give it a meaning (Tab, ↑).
        case ignored
    }

    private var characters: [Character]
    /// The cursor, as the number of graphemes before it.
    public private(set) var cursor: Int
    /// The first grapheme shown when the text is wider than the field.
    public private(set) var firstShown = 0

    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    public var text: String { String(characters) }

    /// Replaces the text and puts the cursor at its end.
    public mutating func setText(_ text: String) {
        characters = Array(text)
        cursor = characters.count
        firstShown = 0
    }

    /// Inserts `text` at the cursor and puts the cursor after it.
    public mutating func insert(_ text: String) {
        let inserted = Array(text)
        characters.insert(contentsOf: inserted, at: cursor)
        cursor += inserted.count
    }

    /// Pasted text as a field takes it: line breaks (CR, LF, CR LF) become one line feed, or a
    /// space where the field is one line, tabs become spaces, and other control characters are
    /// dropped, so that nothing pasted acts on the terminal or hides in the text.
    public static func pastable(_ text: String, keepingLineBreaks: Bool) -> String {
        var kept = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\n" where previous == "\r": continue
            case "\r", "\n": kept.append(keepingLineBreaks ? "\n" : " ")
            case "\t": kept.append(" ")
            default:
                if scalar.properties.generalCategory == .control { continue }
                kept.append(scalar)
            }
        }
        return String(kept)
    }

    /// What a key other than a character does to the text.
    public enum Edit: Hashable, Sendable {
        case left, right, start, end, deleteBackward, deleteForward, deleteToStart, deleteToEnd, deleteWord
        /// Enter: the caller takes `text`.
        case accept
        /// The caller drops the prompt.
        case cancel
    }

    /// The editing keys (as in a shell); the prompt's hints name Enter and Esc from here.
    public static let keys = KeyTable<Edit>([
        KeyBinding([.left], .left, "moves left"),
        KeyBinding([.right], .right, "moves right"),
        KeyBinding([.home, .control("a")], .start, "goes to the start"),
        KeyBinding([.end, .control("e")], .end, "goes to the end"),
        KeyBinding([.backspace], .deleteBackward, "deletes before the cursor"),
        KeyBinding([.delete, .control("d")], .deleteForward, "deletes under the cursor"),
        KeyBinding([.control("u")], .deleteToStart, "deletes to the start"),
        KeyBinding([.control("k")], .deleteToEnd, "deletes to the end"),
        KeyBinding([.control("w")], .deleteWord, "deletes the word before the cursor"),
        KeyBinding([.enter], .accept, "accepts"),
        KeyBinding([.escape, .control("c")], .cancel, "cancels", shownKeys: [.escape]),
    ])

    /// Applies `key`: a character is inserted at the cursor, the editing keys of `keys` edit;
    /// any other key is left to the caller.
    public mutating func handle(_ key: Key) -> Outcome {
        if case .character(let character) = key {
            characters.insert(character, at: cursor)
            cursor += 1
            return .edited
        }
        guard let edit = Self.keys.command(for: key) else { return .ignored }
        switch edit {
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .start: cursor = 0
        case .end: cursor = characters.count
        case .deleteBackward:
            guard cursor > 0 else { return .edited }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .deleteForward:
            guard cursor < characters.count else { return .edited }
            characters.remove(at: cursor)
        case .deleteToStart:
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .deleteToEnd:
            characters.removeSubrange(cursor...)
        case .deleteWord:
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .accept: return .accepted
        case .cancel: return .cancelled
        }
        return .edited
    }

    /// Scrolls the field, `width` columns wide, as little as needed to keep the cursor on it
    /// (with a column for the cursor itself after the last grapheme). Only the graphemes the
    /// field can hold are measured, walking back from the cursor, so a key costs the same in a
    /// megabyte of text as in a word.
    public mutating func scrollToCursor(width: Int) {
        let room = max(1, width) - 1
        firstShown = min(firstShown, cursor)
        var start = cursor
        var used = 0
        while start > firstShown {
            let characterWidth = characters[start - 1].terminalWidth
            guard used + characterWidth <= room else { break }
            used += characterWidth
            start -= 1
        }
        firstShown = start
    }

    /// The part of the text shown in a field `width` columns wide, and the cursor's column in
    /// it. Shows from `firstShown`, or further right if the field was narrowed since.
    public func visible(width: Int) -> (text: String, cursorColumn: Int) {
        var copy = self
        copy.scrollToCursor(width: width)
        var shown = ""
        var used = 0
        for character in copy.characters[copy.firstShown...] {
            let characterWidth = character.terminalWidth
            if used + characterWidth > width { break }
            shown.append(character)
            used += characterWidth
        }
        return (shown, copy.columns(copy.firstShown..<copy.cursor))
    }

    private func columns(_ range: Range<Int>) -> Int {
        characters[range].reduce(0) { $0 + $1.terminalWidth }
    }
}
