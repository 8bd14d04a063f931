/// Strict UTF-8 validation of a byte buffer (Unicode 15, table 3-7: no overlong forms, no
/// surrogates, nothing above U+10FFFF).
///
/// The standard library's `String(validating:as:)` would do, but it is generic and not inlined:
/// its metadata look-ups cost a third of the reader's time on a million rows. This loop, followed
/// by the inlinable `String(decoding:as:)`, costs almost nothing on ASCII text.
enum UTF8Validation {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; secondRange = 0x80...0x9F
            case 0xF0: length = 4; secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondRange = 0x80...0x8F
            default: return false
            }
            guard index + length <= count, secondRange.contains(bytes[index + 1]) else { return false }
            var continuation = index + 2
            while continuation < index + length {
                guard bytes[continuation] & 0xC0 == 0x80 else { return false }
                continuation += 1
            }
            index += length
        }
        return true
    }
}
