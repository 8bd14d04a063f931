/// A key as the planner binds it, whatever bytes the terminal sent for it.
public enum Key: Hashable, Sendable {
    /// A printable character, including non-ASCII ones.
    case character(Character)
    /// Ctrl with a letter ("a"…"z", lowercase) or with one of " ", "\\", "]", "^", "_".
    case control(Character)
    case enter, escape, tab, backTab, backspace, delete, insert
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1, F2, … as `function(1)`, `function(2)`, …
    case function(Int)
    /// Alt (Meta) with a printable character, which terminals send as ESC and the character
    /// together: a key of its own, never Esc.
    case alt(Character)

    /// The key for a character a terminal delivered: control codes become the keys that
    /// send them (Ctrl-I is Tab, Ctrl-M (CR, what Enter sends) is Enter, Ctrl-H and DEL are
    /// Backspace, ESC is Escape; Ctrl-J (LF) stays Ctrl-J, a new line in a note), printable
    /// characters themselves. Nil for C1 controls and other
    /// non-printable scalars, which no key sends.
    public init?(typed scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x09: self = .tab
        case 0x0D: self = .enter
        case 0x1B: self = .escape
        case 0x08, 0x7F: self = .backspace
        case 0x00: self = .control(" ")
        case 0x01...0x1A: self = .control(Character(Unicode.Scalar(UInt8(0x60 + scalar.value))))
        case 0x1C...0x1F: self = .control(Character(Unicode.Scalar(UInt8(0x40 + scalar.value))))
        default:
            guard scalar.glibcWidth != nil else { return nil }
            self = .character(Character(scalar))
        }
    }
}

/// What a mouse did, at which cell.
public struct MouseEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable { case click, wheelUp, wheelDown }

    public var action: Action
    public var x: Int
    public var y: Int

    public init(_ action: Action, x: Int, y: Int) {
        self.action = action
        self.x = x
        self.y = y
    }
}

/// Everything a terminal can tell the planner.
public enum Event: Hashable, Sendable {
    case key(Key)
    /// The terminal now has this size; the next frame should be rendered for it.
    case resize(width: Int, height: Int)
    case mouse(MouseEvent)
    /// Text the user pasted, as the terminal delivered it between its bracketed-paste marks:
    /// one event, never keys, so that a line break or a `q` in it cannot act. Line breaks may
    /// be CR, LF or CR LF, and control characters are as they were pasted.
    case paste(String)
}
