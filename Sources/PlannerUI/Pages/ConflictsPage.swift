import MealPlanCore
import TerminalKit
import TwoWaySync

/// A conflict a sync left, as the planner lists it: its lines exactly as the sync's report
/// makes them (the item and the title on each side, then a line for every field that
/// differs), and the name a key resolves it by.
public struct ListedConflict: Hashable, Sendable {
    public let lines: [String]
    public let name: ConflictName

    public init(lines: [String], name: ConflictName) {
        self.lines = lines
        self.name = name
    }
}

/// What a key of the conflicts page asks of one sync round: keep `side` of the conflict
/// `only` names, or of every conflict when it is nil.
public struct ConflictResolution: Hashable, Sendable {
    public let keep: SyncSide
    public let only: ConflictName?

    public init(keep: SyncSide, only: ConflictName?) {
        self.keep = keep
        self.only = only
    }
}

/// The conflicts the last sync left, over the whole screen as the other pages are: what the
/// round did on top, then each conflict's lines, one conflict selected; a key keeps one side
/// of it (or of all of them) through another round. The lines are wrapped by `PageView`.
public struct ConflictsPage: Hashable, Sendable {
    public internal(set) var conflicts: [ListedConflict]
    /// The line above the conflicts: what the last round did, or that one is running.
    public internal(set) var status: String
    /// The index of the selected conflict.
    public internal(set) var selected = 0
    public internal(set) var scroll = 0

    init(conflicts: [ListedConflict], status: String) {
        self.conflicts = conflicts
        self.status = status
    }

    enum Command: Hashable, Sendable {
        case keepHere, keepThere, keepBoth, keepAllHere, keepAllThere, keepAllBoth, next, previous, close
    }

    /// The page's keys: the side a letter keeps is the word the conflict's lines use
    /// ("here", "there"); its capital keeps that side of every conflict.
    static let keys = KeyTable<Command>([
        KeyBinding([.character("h")], .keepHere, "keep this plan's version (here)"),
        KeyBinding([.character("t")], .keepThere, "keep the other side's (there)"),
        KeyBinding([.character("b")], .keepBoth, "keep both, one beside the other"),
        KeyBinding([.character("H")], .keepAllHere, "keep this plan's, every conflict"),
        KeyBinding([.character("T")], .keepAllThere, "keep the other side's, every one"),
        KeyBinding([.character("B")], .keepAllBoth, "keep both, every conflict"),
        KeyBinding([.character("j"), .down], .next, "next conflict"),
        KeyBinding([.character("k"), .up], .previous, "previous conflict"),
        KeyBinding([.escape, .character("q")], .close, "back to the days"),
    ])

    /// What a keeping key asks; nil for the others.
    func resolution(for command: Command) -> ConflictResolution? {
        let one = conflicts.indices.contains(selected) ? conflicts[selected].name : nil
        return switch command {
        case .keepHere: one.map { ConflictResolution(keep: .here, only: $0) }
        case .keepThere: one.map { ConflictResolution(keep: .there, only: $0) }
        case .keepBoth: one.map { ConflictResolution(keep: .both, only: $0) }
        case .keepAllHere: ConflictResolution(keep: .here, only: nil)
        case .keepAllThere: ConflictResolution(keep: .there, only: nil)
        case .keepAllBoth: ConflictResolution(keep: .both, only: nil)
        case .next, .previous, .close: nil
        }
    }

    /// The bottom line, the keys that resolve first (it fits 80 columns): "h keeps here · t
    /// there · b both · H T B every one · j k select · Esc back".
    static let footer: String = {
        func key(_ command: Command) -> String { keys[command].keys[0].helpName }
        return [
            "\(key(.keepHere)) keeps here", "\(key(.keepThere)) there", "\(key(.keepBoth)) both",
            "\(key(.keepAllHere)) \(key(.keepAllThere)) \(key(.keepAllBoth)) every one",
            "\(key(.next)) \(key(.previous)) select", "\(key(.close)) back",
        ].joined(separator: " · ")
    }()

    /// "Sync conflicts · 2 of 3": how many, and which is selected.
    var heading: String { "Sync conflicts · \(selected + 1) of \(conflicts.count)" }

    /// The text: the status, then each conflict's lines after an empty line.
    var text: [String] {
        [status] + conflicts.flatMap { [""] + $0.lines }
    }

    /// The lines of `text` the selected conflict takes (the status with the first one, so
    /// that moving up to it shows the top).
    var selectedLines: Range<Int> {
        let start = 2 + conflicts.prefix(selected).reduce(0) { $0 + $1.lines.count + 1 }
        return start..<(start + (conflicts.indices.contains(selected) ? conflicts[selected].lines.count : 0))
    }

    /// The page with `selected` kept among the conflicts and scrolled as little as needed to
    /// show it on a screen of `size`, its first line in any case.
    func fitted(to size: Size) -> ConflictsPage {
        var page = self
        guard !conflicts.isEmpty else { return page }
        page.selected = max(0, min(selected, conflicts.count - 1))
        let lines = page.selectedLines, text = page.text
        let first = PageView.wrappedRange(ofLine: page.selected == 0 ? 0 : lines.lowerBound, text: text, width: size.width)
        let last = PageView.wrappedRange(ofLine: max(lines.lowerBound, lines.upperBound - 1), text: text, width: size.width)
        let rows = first.lowerBound..<last.upperBound
        page.scroll = min(PageView.scroll(scroll, showing: rows, text: text, size: size), rows.lowerBound)
        return page
    }

    func draw(theme: Theme, into buffer: inout Buffer) {
        PageView.draw(heading: heading, text: text, scroll: scroll, selected: selectedLines, footer: Self.footer,
                      showsPosition: false, theme: theme, into: &buffer)
    }
}
