/// User text as HTML text: every title, note, slot, aisle and ingredient name goes through
/// here, so that none of it is ever read as markup. `&`, `<`, `>` and both quotes become
/// character references (the same escaping serves text and attribute values); the controls
/// HTML does not allow in a document (C0 but tab and line feed, DEL, C1) become their visible
/// stand-ins, as the terminal shows them: Control Pictures for C0 and DEL, U+FFFD for C1.
/// A carriage return, which a parser would fold into a line break, is shown too, and the
/// noncharacters (U+FDD0…U+FDEF, U+FFFE and U+FFFF of every plane) become U+FFFD.
enum HTMLText {
    static func escaped(_ text: some StringProtocol) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: out += "&amp;"
            case 0x3C: out += "&lt;"
            case 0x3E: out += "&gt;"
            case 0x22: out += "&quot;"
            case 0x27: out += "&#39;"
            case 0x09, 0x0A: out.unicodeScalars.append(scalar)
            case 0x00..<0x20: out.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: out += "\u{2421}"
            case 0x80..<0xA0, 0xFDD0...0xFDEF: out += "\u{FFFD}"
            case _ where scalar.value & 0xFFFE == 0xFFFE: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
