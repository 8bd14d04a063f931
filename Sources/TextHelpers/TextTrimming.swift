extension Character {
    /// 0 to 9, and no other script's digits.
    public var isASCIIDigit: Bool { isASCII && isWholeNumber }
}

extension Unicode.Scalar {
    /// Whether a Character that begins with this scalar `isNewline` (LF, VT, FF, CR, NEL, LS,
    /// PS). Each of them is a Character of its own or begins CR LF, never part of another
    /// (Unicode's grapheme rules break before and after them), so a text holds a line break
    /// exactly when one of its scalars is one: found without breaking the text into Characters.
    public var isNewline: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}

extension StringProtocol {
    /// Whether the text is all ASCII: then each byte is a Character (but CR LF), so it can be
    /// searched and split at the byte, far faster than Character by Character. (Inlinable: a
    /// generic call from another module would otherwise take a byte at a time through witnesses.)
    @inlinable public var isAllASCII: Bool { utf8.allSatisfy { $0 < 0x80 } }

    /// The text without white space and line breaks at either end: the one trimming every
    /// module uses for what people type and files hold.
    public func trimmingWhitespace() -> String {
        let text = String(self)
        if let first = text.utf8.first, let last = text.utf8.last, first.isVisibleASCII, last.isVisibleASCII {
            return text
        }
        // ASCII white space at the ends, the usual case ("key: value"), is trimmed by byte;
        // only text whose ends then lie beyond ASCII has its scalars' properties looked up.
        let bytes = text.utf8
        var first = bytes.startIndex, past = bytes.endIndex
        while first < past, bytes[first].isASCIIWhitespace { first = bytes.index(after: first) }
        while first < past, bytes[bytes.index(before: past)].isASCIIWhitespace { past = bytes.index(before: past) }
        if first == past { return "" }
        if bytes[first] < 0x80 && bytes[bytes.index(before: past)] < 0x80 { return String(text[first..<past]) }
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[start...end])
    }
}

extension UInt8 {
    /// A printable ASCII character other than space.
    var isVisibleASCII: Bool { self > 0x20 && self < 0x7F }

    /// Tab, line feed, vertical tab, form feed, carriage return or space: the white space
    /// (Unicode's `White_Space`) within ASCII.
    var isASCIIWhitespace: Bool { self == 0x20 || (0x09...0x0D).contains(self) }
}
