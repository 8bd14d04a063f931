/// How mealplan shows a control character where it may not go raw (a terminal, an iCalendar
/// TEXT value): the one mapping of every C0 and C1 control, so that ESC and U+009B, which a
/// terminal reads alike as the start of a command, are treated the same way wherever one goes.
///
/// A C0 control (U+0000…U+001F) or DEL becomes its Control Picture (ESC → ␛, DEL → ␡); a C1
/// control (U+0080…U+009F), which has no picture, becomes U+FFFD, as a terminal's own
/// replacement for what it cannot show.
public enum ControlPicture {
    /// Whether `byte`, a UTF-8 byte, is a C0 control or DEL.
    @inlinable
    public static func isC0(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

    /// Whether `lead` and `next`, two UTF-8 bytes, are a C1 control (C2 80…C2 9F).
    @inlinable
    public static func isC1(lead: UInt8, next: UInt8) -> Bool { lead == 0xC2 && (0x80...0x9F).contains(next) }

    /// The three UTF-8 bytes of the picture of C0 control or DEL `byte`.
    @inlinable
    public static func c0Picture(_ byte: UInt8) -> (UInt8, UInt8, UInt8) {
        (0xE2, 0x90, byte == 0x7F ? 0xA1 : 0x80 + byte)
    }

    /// The three UTF-8 bytes of U+FFFD, the stand-in of a C1 control.
    public static let c1StandIn: (UInt8, UInt8, UInt8) = (0xEF, 0xBF, 0xBD)

    /// The most bytes one byte of text can become: a C0 control's picture takes three.
    public static let growth = 3

    /// `bytes` (UTF-8) with every C0 and C1 control shown as its stand-in, appended to `out`.
    public static func appendShown<Bytes: Sequence<UInt8>>(_ bytes: Bytes, to out: inout [UInt8]) {
        var pendingLead = false
        for byte in bytes {
            if pendingLead {
                pendingLead = false
                if isC1(lead: 0xC2, next: byte) {
                    out.append(c1StandIn.0); out.append(c1StandIn.1); out.append(c1StandIn.2)
                    continue
                }
                out.append(0xC2)
            }
            if byte == 0xC2 {
                pendingLead = true
            } else if isC0(byte) {
                let picture = c0Picture(byte)
                out.append(picture.0); out.append(picture.1); out.append(picture.2)
            } else {
                out.append(byte)
            }
        }
        if pendingLead { out.append(0xC2) }
    }

    /// `text` with every C0 and C1 control shown as its stand-in.
    public static func shown(_ text: String) -> String {
        guard text.utf8.contains(where: { isC0($0) || $0 == 0xC2 }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        appendShown(text.utf8, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
