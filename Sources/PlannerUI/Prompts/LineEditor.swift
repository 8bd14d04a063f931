import TerminalKit

/// One line of text being typed, with a cursor between graphemes: the prompt's input field.
///
/// The cursor moves by graphemes, never bytes or scalars, so an emoji or an accented letter is
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

    /// What was typed, kept as one string: taking a megabyte in or out costs no copy.
    public private(set) var text: String
    /// The cursor as the UTF-8 bytes of `text` before it, always between two graphemes. An
    /// offset, unlike a `String.Index`, stays meaningful while the text changes around it, and
    /// leads to its index without counting what comes before.
    private var cursorOffset: Int
    /// Where the field starts showing the text when it is wider than the field, in the same
    /// UTF-8 bytes; `scrollToCursor` keeps it at or before the cursor.
    private var firstShownOffset = 0

    public init(_ text: String = "") {
        self.text = text
        cursorOffset = text.utf8.count
    }

    /// The cursor's place in `text`.
    public var cursor: String.Index { index(cursorOffset) }

    /// Replaces the text and puts the cursor at its end.
    public mutating func setText(_ text: String) {
        self = LineEditor(text)
    }

    /// Inserts `text` at the cursor and puts the cursor after it.
    public mutating func insert(_ text: String) {
        self.text.insert(contentsOf: text, at: cursor)
        moveCursor(to: cursorOffset + text.utf8.count)
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
    /// any other key is left to the caller. Each key looks only at the graphemes beside the
    /// cursor (deleting to the start or end moves the rest of the text once).
    public mutating func handle(_ key: Key) -> Outcome {
        if case .character(let character) = key {
            insert(String(character))
            return .edited
        }
        guard let edit = Self.keys.command(for: key) else { return .ignored }
        let atStart = cursorOffset == 0
        let atEnd = cursorOffset == text.utf8.count
        switch edit {
        case .left: if !atStart { cursorOffset = offset(of: text.index(before: cursor)) }
        case .right: if !atEnd { cursorOffset = offset(of: text.index(after: cursor)) }
        case .start: cursorOffset = 0
        case .end: cursorOffset = text.utf8.count
        case .deleteBackward: if !atStart { delete(text.index(before: cursor)..<cursor) }
        case .deleteForward: if !atEnd { delete(cursor..<text.index(after: cursor)) }
        case .deleteToStart: delete(text.startIndex..<cursor)
        case .deleteToEnd: delete(cursor..<text.endIndex)
        case .deleteWord: delete(startOfWord()..<cursor)
        case .accept: return .accepted
        case .cancel: return .cancelled
        }
        return .edited
    }

    /// Where Ctrl-W deletes back to: over the blanks before the cursor, then over the word
    /// before them.
    private func startOfWord() -> String.Index {
        let before = text[..<cursor]
        guard let lastLetter = before.lastIndex(where: { $0 != " " }),
              let blank = before[..<lastLetter].lastIndex(of: " ") else { return text.startIndex }
        return text.index(after: blank)
    }

    /// Removes `range` (which ends or starts at the cursor) and leaves the cursor where it was.
    private mutating func delete(_ range: Range<String.Index>) {
        let start = offset(of: range.lowerBound)
        text.removeSubrange(range)
        moveCursor(to: start)
    }

    /// Puts the cursor `offset` UTF-8 bytes into the text, or after the grapheme that holds
    /// that place: an edit can join what was on either side of the cursor into one grapheme (a
    /// letter typed before a lone combining mark, the halves of a flag once the text between
    /// them is deleted), and the cursor never stands inside one.
    private mutating func moveCursor(to offset: Int) {
        let position = index(offset)
        // `index(after:)` of a place inside a grapheme is the end of that grapheme.
        cursorOffset = position.samePosition(in: text) == nil ? self.offset(of: text.index(after: position)) : offset
    }

    private func index(_ offset: Int) -> String.Index {
        text.utf8.index(text.startIndex, offsetBy: offset)
    }

    private func offset(of index: String.Index) -> Int {
        text.utf8.distance(from: text.startIndex, to: index)
    }

    /// Scrolls the field, `width` columns wide, as little as needed to keep the cursor on it
    /// (with a column for the cursor itself after the last grapheme). Only the graphemes the
    /// field can hold are measured, walking back from the cursor, so a key costs the same in a
    /// megabyte of text as in a word.
    public mutating func scrollToCursor(width: Int) {
        let room = max(1, width) - 1
        // Edits happen at the cursor, so the text before the smaller offset is as it was.
        let firstShown = index(min(firstShownOffset, cursorOffset))
        var start = cursor
        var used = 0
        while start > firstShown {
            let previous = text.index(before: start)
            let characterWidth = text[previous].terminalWidth
            guard used + characterWidth <= room else { break }
            used += characterWidth
            start = previous
        }
        firstShownOffset = offset(of: start)
    }

    /// For a field whose width changed (the terminal was resized): shows as much of the text
    /// before the cursor as fits, so that a field grown wide enough shows the text whole again.
    public mutating func refit(width: Int) {
        firstShownOffset = 0
        scrollToCursor(width: width)
    }

    /// The part of the text shown in a field `width` columns wide, and the cursor's column in
    /// it. Shows from where the field was scrolled to, or further right if the field was
    /// narrowed since.
    public func visible(width: Int) -> (text: String, cursorColumn: Int) {
        var copy = self
        copy.scrollToCursor(width: width)
        let firstShown = index(copy.firstShownOffset)
        var shown = ""
        var used = 0
        for character in text[firstShown...] {
            let characterWidth = character.terminalWidth
            if used + characterWidth > width { break }
            shown.append(character)
            used += characterWidth
        }
        return (shown, text[firstShown..<cursor].reduce(0) { $0 + $1.terminalWidth })
    }
}
