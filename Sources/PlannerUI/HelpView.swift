import TerminalKit

/// The `?` overlay: every binding of the key map, by section, in a box over the timeline.
/// Generated from the key map, so it lists exactly the keys that work.
enum HelpView {
    struct Line: Hashable {
        let keys: String
        let text: String
        let isHeading: Bool
    }

    static let title = " Keys "
    /// On the bottom border while lines are hidden below.
    static let moreBelow = " j ↓ more "
    static let footer = "mouse wheel scrolls the days · Esc closes"

    static func lines(_ keyMap: KeyMap) -> [Line] {
        var lines: [Line] = []
        var section: String?
        for binding in keyMap.bindings {
            if binding.section != section {
                if section != nil { lines.append(Line(keys: "", text: "", isHeading: false)) }
                lines.append(Line(keys: "", text: binding.section, isHeading: true))
                section = binding.section
            }
            lines.append(Line(keys: binding.keys.map(KeyMap.name(of:)).joined(separator: " "), text: binding.help, isHeading: false))
        }
        lines.append(Line(keys: "", text: "", isHeading: false))
        lines.append(Line(keys: "", text: footer, isHeading: false))
        return lines
    }

    /// The box: as wide as its widest line (within the screen), as tall as its lines (within the
    /// screen less the status line), centred.
    static func box(_ keyMap: KeyMap, size: Size) -> Rect {
        let lines = lines(keyMap)
        let keyWidth = keyColumnWidth(lines)
        let contentWidth = lines.map { $0.isHeading || $0.keys.isEmpty ? $0.text.terminalWidth : keyWidth + $0.text.terminalWidth }.max() ?? 0
        let width = min(size.width, contentWidth + 4)
        let height = min(size.height - 1, lines.count + 2)
        return Rect(x: (size.width - width) / 2, y: max(0, (size.height - 1 - height) / 2), width: width, height: height)
    }

    static func keyColumnWidth(_ lines: [Line]) -> Int {
        (lines.map(\.keys.terminalWidth).max() ?? 0) + 2
    }

    /// `scroll` kept between the top and the last line of the help at the bottom of the box.
    static func clampedScroll(_ scroll: Int, keyMap: KeyMap, size: Size) -> Int {
        let visible = max(1, box(keyMap, size: size).height - 2)
        return min(max(0, scroll), max(0, lines(keyMap).count - visible))
    }

    static func draw(_ keyMap: KeyMap, scroll: Int, theme: Theme, into buffer: inout Buffer) {
        let size = Size(width: buffer.width, height: buffer.height)
        let box = box(keyMap, size: size)
        guard box.width >= 3, box.height >= 3 else { return }
        buffer.fill(box, style: .plain)
        let horizontal = String(repeating: "─", count: box.width - 2)
        buffer.write("┌" + horizontal + "┐", x: box.x, y: box.y, style: theme.helpBorder)
        buffer.write("└" + horizontal + "┘", x: box.x, y: box.maxY - 1, style: theme.helpBorder)
        for row in box.y + 1..<box.maxY - 1 {
            buffer.write("│", x: box.x, y: row, style: theme.helpBorder)
            buffer.write("│", x: box.maxX - 1, y: row, style: theme.helpBorder)
        }
        buffer.write(title.truncated(toWidth: box.width - 2), x: box.x + 2, y: box.y, style: theme.helpHeading)
        let lines = lines(keyMap)
        let keyWidth = keyColumnWidth(lines)
        let inside = Rect(x: box.x + 2, y: box.y + 1, width: box.width - 4, height: box.height - 2)
        let first = clampedScroll(scroll, keyMap: keyMap, size: size)
        if first + inside.height < lines.count {
            buffer.write(moreBelow, x: box.maxX - 2 - moreBelow.terminalWidth, y: box.maxY - 1, style: theme.helpHeading,
                         clip: Rect(x: box.x + 1, y: box.maxY - 1, width: box.width - 2, height: 1))
        }
        for (offset, line) in lines.dropFirst(first).prefix(inside.height).enumerated() {
            let row = inside.y + offset
            if line.isHeading || line.keys.isEmpty {
                buffer.write(line.text, x: inside.x, y: row, style: line.isHeading ? theme.helpHeading : theme.hint, clip: inside)
            } else {
                buffer.write(line.keys, x: inside.x, y: row, style: theme.helpKeys, clip: inside)
                buffer.write(line.text, x: inside.x + keyWidth, y: row, style: .plain, clip: inside)
            }
        }
    }
}
