import MealPlanCore
import TerminalKit

/// The `?` overlay: every binding of the key map, by section, then the prompt's keys and the
/// date forms, in a box over the timeline. Generated from the key tables and the date
/// grammar, so it lists exactly the keys and dates that work.
///
/// It degrades with the width rather than clipping: descriptions beside an aligned key column
/// while they get `minimumTextWidth` columns (a longer one wrapped onto the lines below, in its
/// column, so that no meaning is cut), else each binding on one line as "keys description",
/// or, when even that does not fit, the keys with the description indented on the line below.
enum HelpView {
    /// What a row is, for its style.
    enum Role: Hashable {
        case heading, binding, note
    }

    /// One row inside the box.
    struct Row: Hashable {
        var keys = ""
        var text = ""
        /// The column of `text` inside the box.
        var textColumn = 0
        let role: Role
    }

    /// What the keys do while the overlay (or a note, `NoteView`) is open; any key not here
    /// closes it too.
    enum Command: Hashable, Sendable {
        case lineDown, lineUp, pageDown, pageUp, close
    }

    static let keys = KeyTable<Command>([
        KeyBinding([.character("j"), .down], .lineDown, "more"),
        KeyBinding([.character("k"), .up], .lineUp, "back"),
        KeyBinding([.pageDown, .character(" ")], .pageDown, "a page more"),
        KeyBinding([.pageUp], .pageUp, "a page back"),
        KeyBinding([.escape], .close, "closes"),
    ])

    /// The lines `key` scrolls by, `page` for a page; nil when it closes the overlay.
    static func scrollChange(for key: Key, page: Int) -> Int? {
        switch keys.command(for: key) {
        case .lineDown: 1
        case .lineUp: -1
        case .pageDown: page
        case .pageUp: -page
        case .close, nil: nil
        }
    }

    static let title = " Keys "
    static let dateHeading = "Dates (g, m)"
    static let moveNote = "m counts +3, +2w, +1m, fri from the meal's day"
    /// On the bottom border while lines are hidden below.
    static let moreBelow = " \(keys[.lineDown].hint) "
    static let footer = "mouse wheel scrolls the days · \(keys[.close].hint)"
    /// The fewest columns descriptions get beside the aligned key column.
    static let minimumTextWidth = 12

    /// The help at its natural width: every section of the key reference, then the date forms
    /// (naming the week start) and notes.
    static func entries(_ keyMap: KeyMap, weekStart: Weekday) -> [Row] {
        var rows: [Row] = []
        for section in KeyReference.sections(keyMap) {
            if !rows.isEmpty { rows.append(Row(role: .note)) }
            rows.append(Row(text: section.heading, role: .heading))
            rows += section.rows.map { Row(keys: $0.keys.joined(separator: " "), text: $0.text, role: .binding) }
        }
        // The date forms `g` and `m` take, which a refused date points at.
        rows.append(Row(role: .note))
        rows.append(Row(text: dateHeading, role: .heading))
        rows += DateInput.forms(weekStart: weekStart).map { Row(text: $0.meaning.isEmpty ? $0.example : "\($0.example): \($0.meaning)", role: .note) }
        rows.append(Row(text: moveNote, role: .note))
        rows.append(Row(role: .note))
        rows.append(Row(text: footer, role: .note))
        return rows
    }

    /// The aligned key column: the widest keys and two spaces.
    static func keyColumnWidth(_ entries: [Row]) -> Int {
        (entries.map(\.keys.terminalWidth).max() ?? 0) + 2
    }

    /// The rows as laid out `width` columns wide, nothing wider than that.
    static func rows(_ keyMap: KeyMap, weekStart: Weekday, width: Int) -> [Row] {
        rows(entries(keyMap, weekStart: weekStart), width: width)
    }

    /// `entries` (the keys' help, or a prompt's, `PromptHelp`) laid out `width` columns wide.
    static func rows(_ entries: [Row], width: Int) -> [Row] {
        let keyWidth = keyColumnWidth(entries)
        let aligned = width >= keyWidth + minimumTextWidth
        return entries.flatMap { entry -> [Row] in
            switch entry.role {
            case .heading: return [Row(text: entry.text.truncated(toWidth: width), role: .heading)]
            case .note: return entry.text.wrapped(toWidth: width).map { Row(text: $0, role: .note) }
            case .binding: break
            }
            if aligned {
                let lines = entry.text.wrapped(toWidth: width - keyWidth)
                return (lines.isEmpty ? [""] : lines).enumerated().map { index, line in
                    Row(keys: index == 0 ? entry.keys : "", text: line, textColumn: keyWidth, role: .binding)
                }
            }
            let besideKeys = entry.keys.terminalWidth + 1
            if besideKeys + entry.text.terminalWidth <= width {
                return [Row(keys: entry.keys, text: entry.text, textColumn: besideKeys, role: .binding)]
            }
            return [Row(keys: entry.keys.truncated(toWidth: width), role: .binding),
                    Row(text: entry.text.truncated(toWidth: width - 2), textColumn: 2, role: .binding)]
        }
    }

    /// The box: as wide as the keys and headings at their natural width (within the screen;
    /// notes wrap inside), as tall as its rows at that width (within the screen less the status
    /// line), centred.
    static func box(_ keyMap: KeyMap, weekStart: Weekday, size: Size) -> Rect {
        box(entries(keyMap, weekStart: weekStart), size: size)
    }

    /// The box of `entries`, above the `below` lines at the bottom it leaves uncovered (the
    /// status line, or a prompt's two lines).
    static func box(_ entries: [Row], size: Size, below: Int = 1) -> Rect {
        let measured = entries.filter { $0.role != .note }
        let keyWidth = keyColumnWidth(measured)
        let contentWidth = measured.map { $0.role == .binding ? keyWidth + $0.text.terminalWidth : $0.text.terminalWidth }.max() ?? 0
        let width = min(size.width, contentWidth + 4)
        let height = min(size.height - below, rows(entries, width: width - 4).count + 2)
        return Rect(x: (size.width - width) / 2, y: max(0, (size.height - below - height) / 2), width: width, height: height)
    }

    /// `scroll` kept between the top and the last row of the help at the bottom of the box.
    static func clampedScroll(_ scroll: Int, keyMap: KeyMap, weekStart: Weekday, size: Size) -> Int {
        clampedScroll(scroll, entries: entries(keyMap, weekStart: weekStart), size: size)
    }

    static func clampedScroll(_ scroll: Int, entries: [Row], size: Size, below: Int = 1) -> Int {
        let box = box(entries, size: size, below: below)
        let visible = max(1, box.height - 2)
        return min(max(0, scroll), max(0, rows(entries, width: box.width - 4).count - visible))
    }

    static func draw(_ keyMap: KeyMap, weekStart: Weekday, scroll: Int, theme: Theme, into buffer: inout Buffer) {
        draw(title: title, entries: entries(keyMap, weekStart: weekStart), scroll: scroll, theme: theme, into: &buffer)
    }

    /// `entries` in a box titled `title`, from row `scroll` on, above the `below` bottom lines.
    static func draw(title: String, entries: [Row], scroll: Int, below: Int = 1, theme: Theme, into buffer: inout Buffer) {
        let size = Size(width: buffer.width, height: buffer.height)
        let box = box(entries, size: size, below: below)
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
        let inside = Rect(x: box.x + 2, y: box.y + 1, width: box.width - 4, height: box.height - 2)
        let rows = rows(entries, width: inside.width)
        let first = clampedScroll(scroll, entries: entries, size: size, below: below)
        if first + inside.height < rows.count {
            buffer.write(moreBelow, x: box.maxX - 2 - moreBelow.terminalWidth, y: box.maxY - 1, style: theme.helpHeading,
                         clip: Rect(x: box.x + 1, y: box.maxY - 1, width: box.width - 2, height: 1))
        }
        for (offset, row) in rows.dropFirst(first).prefix(inside.height).enumerated() {
            let y = inside.y + offset
            switch row.role {
            case .heading: buffer.write(row.text, x: inside.x, y: y, style: theme.helpHeading, clip: inside)
            case .note: buffer.write(row.text, x: inside.x, y: y, style: theme.hint, clip: inside)
            case .binding:
                buffer.write(row.keys, x: inside.x, y: y, style: theme.helpKeys, clip: inside)
                buffer.write(row.text, x: inside.x + row.textColumn, y: y, style: .plain, clip: inside)
            }
        }
    }
}
