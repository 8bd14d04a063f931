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

    /// Applies `key`: characters are inserted at the cursor; ←/→, Home/End (Ctrl-A/Ctrl-E)
    /// move; Backspace/Del (Ctrl-D) delete a grapheme; Ctrl-U deletes to the start, Ctrl-K to
    /// the end, Ctrl-W the word before the cursor; Enter accepts, Esc and Ctrl-C cancel.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .backspace:
            guard cursor > 0 else { return .edited }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return .edited }
            characters.remove(at: cursor)
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            characters.removeSubrange(cursor...)
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .enter: return .accepted
        case .escape, .control("c"): return .cancelled
        default: return .ignored
        }
        return .edited
    }

    /// Scrolls the field, `width` columns wide, as little as needed to keep the cursor on it
    /// (with a column for the cursor itself after the last grapheme).
    public mutating func scrollToCursor(width: Int) {
        let width = max(1, width)
        firstShown = min(firstShown, cursor)
        while firstShown < cursor, columns(firstShown..<cursor) + 1 > width {
            firstShown += 1
        }
    }

    /// The part of the text shown in a field `width` columns wide, and the cursor's column in
    /// it. Shows from `firstShown`, or further right if the field was narrowed since.
    public func visible(width: Int) -> (text: String, cursorColumn: Int) {
        var copy = self
        copy.scrollToCursor(width: width)
        var shown = ""
        var used = 0
        for character in copy.characters[copy.firstShown...] {
            let characterWidth = String(character).terminalWidth
            if used + characterWidth > width { break }
            shown.append(character)
            used += characterWidth
        }
        return (shown, copy.columns(copy.firstShown..<copy.cursor))
    }

    private func columns(_ range: Range<Int>) -> Int {
        String(characters[range]).terminalWidth
    }
}
