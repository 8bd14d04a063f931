import MealPlanCore
import TerminalKit

/// A text over the whole screen, wrapped to its width and scrolled by keys, with a heading
/// above it and the keys below, where the status line is: a meal's note (`o`), its recipe
/// (`r`), the shopping list (`s`) and a sync's conflicts (`ConflictsPage`). Its keys are the
/// help overlay's.
enum PageView {
    /// The widest a line of text gets on a wide screen, for reading.
    static let readableWidth = 76

    /// `text`'s lines for a screen `width` columns wide, a column of margin on each side: a
    /// line that fits is kept as it is (the spaces that align a recipe's amounts too); a longer
    /// one is wrapped, its pieces indented as its first one is (unless that takes half the room).
    static func lines(_ text: [String], width: Int) -> [String] {
        let room = min(width - 2, readableWidth)
        guard room > 0 else { return [] }
        let paragraphs = text.joined(separator: "\n").split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        return paragraphs.flatMap { paragraph in
            let line = String(paragraph)
            if line.fits(inWidth: room) { return [line.terminalVisible] }
            let indent = String(repeating: " ", count: line.prefix { $0 == " " }.count)
            let hanging = indent.count * 2 < room ? indent : ""
            return line.dropFirst(indent.count).description.wrapped(toWidth: room - hanging.count).map { hanging + $0 }
        }
    }

    /// How many lines fit: the screen less the heading and the bottom line.
    static func visibleCount(size: Size) -> Int {
        max(1, size.height - 2)
    }

    /// `scroll` kept between the top and the text's last line at the bottom.
    static func clampedScroll(_ scroll: Int, text: [String], size: Size) -> Int {
        min(max(0, scroll), max(0, lines(text, width: size.width).count - visibleCount(size: size)))
    }

    /// The scroll after `key`, or `nil` when the key closes the page.
    static func scroll(after key: Key, from scroll: Int, text: [String], size: Size) -> Int? {
        HelpView.scrollChange(for: key, page: visibleCount(size: size))
            .map { clampedScroll(scroll + $0, text: text, size: size) }
    }

    /// The keys of a shopping list page: an item is selected and ticked with one key.
    static let listKeys = KeyTable<ListPageCommand>([
        KeyBinding([.character("j"), .down], .nextItem, "next item"),
        KeyBinding([.character("k"), .up], .previousItem, "previous item"),
        KeyBinding([.character("x")], .tick, "ticks ✓ or unticks"),
    ])

    /// The rows of the wrapped text that line `index` of `text` takes.
    static func wrappedRange(ofLine index: Int, text: [String], width: Int) -> Range<Int> {
        let start = text.prefix(index).reduce(0) { $0 + lines([$1], width: width).count }
        return start..<(start + lines([text[index]], width: width).count)
    }

    /// `scroll` moved as little as needed to show the rows `range`.
    static func scroll(_ scroll: Int, showing range: Range<Int>, text: [String], size: Size) -> Int {
        var scroll = min(scroll, range.lowerBound)
        scroll = max(scroll, range.upperBound - visibleCount(size: size))
        return clampedScroll(scroll, text: text, size: size)
    }

    /// `selected`: the lines of `text` shown selected. `showsPosition`: the bottom line says
    /// which lines are shown when not all fit (a page whose heading counts what is selected
    /// leaves the room to its keys).
    static func draw(heading: String, text: [String], scroll: Int, selected: Range<Int>? = nil, footer: String,
                     showsPosition: Bool = true, theme: Theme, into buffer: inout Buffer) {
        let size = Size(width: buffer.width, height: buffer.height)
        buffer.fill(Rect(x: 0, y: 0, width: size.width, height: size.height), style: .plain)
        buffer.write(heading.truncated(toWidth: size.width), x: 0, y: 0, style: theme.helpHeading)
        let lines = lines(text, width: size.width)
        let first = clampedScroll(scroll, text: text, size: size)
        let highlighted = selected.flatMap { lines -> Range<Int>? in
            guard let last = lines.last else { return nil }
            return wrappedRange(ofLine: lines.lowerBound, text: text, width: size.width).lowerBound
                ..< wrappedRange(ofLine: last, text: text, width: size.width).upperBound
        } ?? 0..<0
        for (offset, line) in lines.dropFirst(first).prefix(visibleCount(size: size)).enumerated() {
            let isSelected = highlighted.contains(first + offset)
            if isSelected { buffer.fill(Rect(x: 0, y: 1 + offset, width: size.width, height: 1), style: theme.selection) }
            buffer.write(line, x: 1, y: 1 + offset, style: isSelected ? theme.selected(.plain) : .plain)
        }
        let shown = min(lines.count, first + visibleCount(size: size))
        let position = showsPosition && lines.count > visibleCount(size: size) ? "lines \(first + 1)–\(shown) of \(lines.count) · " : ""
        buffer.write((position + footer).truncated(toWidth: size.width), x: 0, y: size.height - 1, style: theme.hint)
    }

    /// The bottom line: how to scroll, `extra` hints, how to leave.
    static func footer(_ extra: String...) -> String {
        ([HelpView.keys[.lineDown].hint, HelpView.keys[.lineUp].hint] + extra + [HelpView.keys[.close].hint])
            .joined(separator: " · ")
    }

    /// "Tue 3 Mar 2026 · dinner · Stew": the heading of a meal's note or recipe.
    static func heading(of meal: Meal) -> String {
        "\(longDate(meal.day)) · \(meal.slot) · \(meal.title.terminalVisible)"
    }
}

/// A page of text the run loop prepared for the planner: a meal's recipe, scaled to its
/// servings (with what a serving adds up to), the shopping list of some days, or what their
/// meals add up to. The lines are wrapped to the screen when shown.
public struct TextPage: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The recipe of this meal (`R` edits it from the page).
        case recipe(Meal)
        case shoppingList(DayRange)
        /// What the meals of these days add up to per person (`mealplan nutrition`).
        case nutrition(DayRange)
    }

    public let kind: Kind
    public let lines: [String]
    /// The lines a shopping list's items are on (indices into `lines`, in order) and their
    /// names: what `x` ticks off.
    public let items: [PageItem]

    public init(kind: Kind, lines: [String], items: [PageItem] = []) {
        self.kind = kind
        self.lines = lines
        self.items = items
    }

    /// The line above the text: the meal, or the days the list is for.
    var heading: String {
        switch kind {
        case .recipe(let meal): PageView.heading(of: meal)
        case .shoppingList(let days): "Shopping list · \(DayBlock.headerText(for: days.first)) – \(longDate(days.last))"
        case .nutrition(let days): "Nutrition per person · \(DayBlock.headerText(for: days.first)) – \(longDate(days.last))"
        }
    }
}

/// An item of a shopping list page: the line it is on and the name the list gives it.
public struct PageItem: Hashable, Sendable {
    public let line: Int
    public let name: String
    /// Ticked off: `x` puts it back. An open line (a top-up too) is ticked by `x`.
    public let checked: Bool

    public init(line: Int, name: String, checked: Bool) {
        self.line = line
        self.name = name
        self.checked = checked
    }
}

/// What keys do on a shopping list page, before the page's scrolling keys.
enum ListPageCommand: Hashable, Sendable {
    case nextItem, previousItem, tick
}
