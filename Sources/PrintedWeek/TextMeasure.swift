import TerminalKit

/// How much room text takes on paper, worked out before the browser lays it out: a printed
/// week must fit one sheet and the page has no script to measure itself, so the writer picks
/// the font size from these estimates. Widths are DejaVu Sans's, the font the style names
/// first and one of the widest common sans-serif fonts, so that a narrower one only leaves
/// more room; text is wrapped as the browser wraps it (at spaces, and a word longer than the
/// line anywhere, as `overflow-wrap: anywhere` does).
enum TextMeasure {
    /// DejaVu Sans's advance widths of printable ASCII (U+0020…U+007E), in thousandths of an
    /// em, from the font's `hmtx` table: regular, then bold.
    private static let regular: [UInt16] = [
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636, 636,
        636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
        603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635,
        634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
    ]
    private static let bold: [UInt16] = [
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696, 696, 696,
        696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
        733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716,
        712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
    ]

    /// The width of `character` in ems. Beyond ASCII: a wide character (CJK, most emoji) an em,
    /// a combining mark nothing, any other about the widest Latin and Cyrillic letters' mean.
    static func width(of character: Character, bold isBold: Bool) -> Double {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
            return Double((isBold ? bold : regular)[Int(ascii) - 0x20]) / 1000
        }
        switch character.terminalWidth {
        case 0: return 0
        case 2...: return 1
        default: return isBold ? 0.85 : 0.78
        }
    }

    /// How many lines `text` takes in a line `width` ems wide. Each estimate is made a little
    /// wider than the font's own figures (`slack`), for kerning and rounding the browser does
    /// its own way.
    static func lines(_ text: some StringProtocol, width: Double, bold: Bool = false) -> Int {
        guard width > 0 else { return max(1, text.count) }
        let space = self.width(of: " ", bold: bold) * slack
        var lines = 1, used = 0.0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = word.reduce(0.0) { $0 + self.width(of: $1, bold: bold) } * slack
            if used > 0, used + space + wordWidth <= width {
                used += space + wordWidth
                continue
            }
            if used > 0 { lines += 1 }
            used = 0
            // A word longer than the line breaks where it reaches the edge, character by character.
            for character in word {
                let characterWidth = self.width(of: character, bold: bold) * slack
                if used > 0, used + characterWidth > width {
                    lines += 1
                    used = 0
                }
                used += characterWidth
            }
        }
        return lines
    }

    /// How much wider than the font's figures an estimate is made.
    static let slack = 1.06

    /// Millimetres in one typographic point.
    static let millimetresPerPoint = 25.4 / 72
}
