import TerminalKit

/// The pantry's list (`PantryPicker`) over the days, right above the prompt: a heading saying
/// the order, then one recipe a line, "Dal — missing coriander", the choice highlighted, cut
/// with "…" where the line ends. It takes as many lines as it has recipes, up to all the
/// screen above the prompt.
enum PantryListView {
    /// The recipes' lines on a screen of `size`: all but the prompt's two and the heading.
    static func rows(for size: Size) -> Int {
        max(1, size.height - 3)
    }

    static func heading(usingFirst: Bool) -> String {
        "What the pantry can make, " + (usingFirst ? "expiring first" : "most held first")
    }

    /// A recipe's line: its name, what is missing, then (in that order) the item expiring first.
    static func line(_ pick: PantryRanking.Pick, usingFirst: Bool) -> (name: String, detail: String) {
        let expiring = usingFirst ? pick.expiring.map { "; " + $0 } ?? "" : ""
        return (pick.recipe, " — " + pick.missing + expiring)
    }

    static func draw(_ picker: PantryPicker, filter: String, theme: Theme, into buffer: inout Buffer) {
        let size = Size(width: buffer.width, height: buffer.height)
        let visible = rows(for: size)
        guard size.height >= 4 else { return }
        let shown = picker.shown(filter)
        let selection = picker.selectedIndex(in: shown)
        let top = PantryPicker.top(picker.top, selection: selection, count: shown.count, visible: visible)
        let count = max(1, min(visible, shown.count - top))
        let bottom = size.height - 2
        let headingRow = bottom - count - 1
        let width = size.width
        buffer.fill(Rect(x: 0, y: headingRow, width: width, height: count + 1), style: .plain)
        let heading = "── " + heading(usingFirst: picker.usingFirst) + " " + (shown.isEmpty ? "" : "\(selection + 1)/\(shown.count) ")
        buffer.write((heading + String(repeating: "─", count: max(0, width - heading.terminalWidth))).truncated(toWidth: width),
                     x: 0, y: headingRow, style: theme.helpBorder)
        guard !shown.isEmpty else {
            buffer.write("nothing matches '\(filter)'".truncated(toWidth: width), x: 0, y: headingRow + 1, style: theme.hint)
            return
        }
        for (offset, pick) in shown[top..<top + count].enumerated() {
            let row = headingRow + 1 + offset
            let isSelected = top + offset == selection
            if isSelected { buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: theme.selection) }
            let (name, detail) = line(pick, usingFirst: picker.usingFirst)
            let end = buffer.write(name.truncated(toWidth: width), x: 0, y: row, style: isSelected ? theme.selected(.plain) : .plain)
            buffer.write(detail.truncated(toWidth: width - end), x: end, y: row, style: isSelected ? theme.selected(theme.hint) : theme.hint)
        }
    }
}
