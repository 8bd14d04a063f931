import MealPlanCore
import TerminalKit

/// `o`: one meal's whole note on the screen, wrapped to its width and scrolled by keys, with
/// the meal's day, slot and title above it and the keys below, where the status line is. Its
/// keys are the help overlay's.
enum NoteView {
    /// The bottom line: how to scroll and how to leave.
    static let footer = [HelpView.keys[.lineDown], HelpView.keys[.lineUp], HelpView.keys[.close]].map(\.hint)
        .joined(separator: " · ")

    /// The widest a line of the note gets on a wide screen, for reading.
    static let readableWidth = 76

    /// The note's lines on a screen `width` columns wide: a column of margin on each side.
    static func lines(_ meal: Meal, width: Int) -> [String] {
        (meal.note ?? "").wrapped(toWidth: min(width - 2, readableWidth))
    }

    /// How many note lines fit: the screen less the heading and the bottom line.
    static func visibleCount(size: Size) -> Int {
        max(1, size.height - 2)
    }

    /// `scroll` kept between the top and the note's last line at the bottom.
    static func clampedScroll(_ scroll: Int, meal: Meal, size: Size) -> Int {
        min(max(0, scroll), max(0, lines(meal, width: size.width).count - visibleCount(size: size)))
    }

    static func draw(_ meal: Meal, scroll: Int, theme: Theme, into buffer: inout Buffer) {
        let size = Size(width: buffer.width, height: buffer.height)
        buffer.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), style: .plain)
        let heading = "\(longDate(meal.day)) · \(meal.slot) · \(meal.title.terminalVisible)"
        buffer.write(heading.truncated(toWidth: size.width), x: 0, y: 0, style: theme.helpHeading)
        let lines = lines(meal, width: size.width)
        let first = clampedScroll(scroll, meal: meal, size: size)
        for (offset, line) in lines.dropFirst(first).prefix(visibleCount(size: size)).enumerated() {
            buffer.write(line, x: 1, y: 1 + offset, style: .plain)
        }
        let shown = min(lines.count, first + visibleCount(size: size))
        let position = lines.count > visibleCount(size: size) ? "lines \(first + 1)–\(shown) of \(lines.count) · " : ""
        buffer.write((position + footer).truncated(toWidth: size.width), x: 0, y: size.height - 1, style: theme.hint)
    }
}
