extension Character {
    /// 0 to 9, and no other script's digits.
    public var isASCIIDigit: Bool { isASCII && isWholeNumber }
}

extension StringProtocol {
    /// The text without white space and line breaks at either end: the one trimming every
    /// module uses for what people type and files hold.
    public func trimmingWhitespace() -> String {
        let text = String(self)
        if let first = text.utf8.first, let last = text.utf8.last, first.isVisibleASCII, last.isVisibleASCII {
            return text
        }
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[start...end])
    }
}

extension UInt8 {
    /// A printable ASCII character other than space.
    var isVisibleASCII: Bool { self > 0x20 && self < 0x7F }
}
