import Glibc
import PrintedWeek
import Settings

/// The paper a PDF is made for when `--paper` does not say: the locale's (`LC_PAPER`, as
/// POSIX orders the variables), which glibc knows as a width in millimetres: US Letter in the
/// United States and Canada, A4 nearly everywhere else; A4 when the locale names neither.
enum PaperSetting {
    static func paper(in environment: Environment) -> Paper {
        guard let locale = environment.locale(of: "LC_PAPER"), let handle = newlocale(LC_PAPER_MASK, locale, nil) else { return .a4 }
        defer { freelocale(handle) }
        // glibc keeps the width as a number in the pointer's low 32 bits, not as text.
        let width = Int32(truncatingIfNeeded: UInt(bitPattern: nl_langinfo_l(nl_item(_NL_PAPER_WIDTH), handle)))
        return Paper(portraitWidth: Int(width)) ?? .a4
    }
}
