import MealPlanCore
import TerminalKit
import Timeline

/// The lines of one day's block at a given width: the single source of truth for both its
/// height (the timeline's layout) and what is drawn, so the two can never disagree.
///
/// A block is: a month banner on the 1st of each month, a header (weekday, day, month; "today"
/// marked), then one line per meal (slot in an aligned column, title wrapped under itself, the
/// repeat mark, the recipe mark and servings after it, a note marker at the right), or one dim line when the
/// day has no meals (or is still loading). Only the meal's fields are drawn: no recipe file is
/// read to show a day.
struct DayBlock: Equatable, Sendable {
    /// What a piece of a line is, so the view can style it (colour or monochrome).
    enum Role: Hashable {
        case banner, header, todayTag, slot, title, skippedTitle, doneMark, skippedMark, leftoversMark, repeatMark, recipeMark
        case servings, leftoversSource, noteMarker, notePreview, empty
    }

    /// Text placed at a column of a line.
    struct Span: Hashable {
        let column: Int
        let text: String
        let role: Role
    }

    struct Line: Hashable {
        var spans: [Span]
        /// The meal this line belongs to, if any.
        var item: Int?
        /// Whether the line is the day's header (the month tag of the top day goes there).
        var isHeader = false
    }

    static let noteMarker = "✎"
    /// After the title of a meal that links to a recipe (the recipe sign).
    static let recipeMark = "℞"
    /// After the title of a meal a repeat rule gives, changed or not.
    static let repeatMark = "↻"
    /// After the title of a meal marked done, or skipped.
    static let doneMark = "✓"
    static let skippedMark = "✗"
    /// After the title of leftovers of a meal cooked before: an arrow back to that meal, a
    /// shape no other mark has (a circle arrow, as the repeat's ↻ in the same colour, was told
    /// apart from it only by its direction).
    static let leftoversMark = "⇠"
    /// Each mark with what it says, for the help and the references.
    static let marks: [(mark: String, meaning: String)] = [
        (recipeMark, "a recipe, its servings after it"),
        (repeatMark, "a repeat's meal, changed or not"),
        (noteMarker, "has a note (o reads it)"),
        (doneMark, "done (c marks it)"),
        (skippedMark, "skipped, its title dim"),
        (leftoversMark, "leftovers, from the meal named"),
    ]
    /// A terminal at least this wide shows the start of each note after its title, where a
    /// narrower one only marks that there is one.
    static let notePreviewMinimumWidth = 100
    /// The least room, in columns, worth showing a piece of a note in.
    static let notePreviewMinimumRoom = 12
    static let emptyText = "nothing planned"
    static let loadingText = "…"

    let day: Day
    /// `nil` while the day is loading.
    let meals: [Meal]?
    let isToday: Bool
    /// The widest slot column wanted (the longest slot name, capped).
    let slotWidth: Int
    /// The cooked meals leftovers come from, by id, for the line saying which (drawing only:
    /// the text goes in the room left and never adds a line, so the layout does without it).
    var sources: [Int64: Meal] = [:]

    /// Where a meal line's pieces go at `width`.
    struct Columns: Equatable {
        /// The block's whole width.
        let width: Int
        let indent: Int
        let slot: Int
        let title: Int
        let titleWidth: Int
        /// The column of the note marker, or nil when the block is too narrow for one.
        let marker: Int?

        init(width: Int, slotWidth: Int) {
            self.width = width
            indent = width >= 16 ? 2 : 0
            let slotColumn = min(slotWidth, (width - indent) / 3)
            slot = slotColumn >= 3 ? slotColumn : 0
            title = indent + slot + (slot > 0 ? 1 : 0)
            marker = width - title >= 6 ? width - 1 : nil
            titleWidth = max(1, (marker ?? width) - title - (marker == nil ? 0 : 1))
        }
    }

    /// Every line of the block.
    func lines(width: Int) -> [Line] {
        let columns = Columns(width: width, slotWidth: slotWidth)
        return headLines(width: width, columns: columns)
            + (meals ?? []).indices.flatMap { mealLines($0, columns: columns) }
    }

    /// The block's `range` of lines (or fewer, at its end), with the line number of the first:
    /// only the meals `layout` (this block's layout at `width`) places in `range` are wrapped,
    /// so that drawing a screenful of a day of thousands of meals costs a screenful.
    func lines(_ range: Range<Int>, width: Int, layout: DayLayout) -> (first: Int, lines: [Line]) {
        let columns = Columns(width: width, slotWidth: slotWidth)
        let head = headLines(width: width, columns: columns)
        let shown = layout.items(overlapping: range)
        let meals = shown.flatMap { mealLines($0, columns: columns) }
        guard range.lowerBound >= head.count, let first = shown.first else { return (0, head + meals) }
        return (layout.items[first].lowerBound, meals)
    }

    /// The month banner (on the 1st), the header, and the dim line of a day without meals.
    private func headLines(width: Int, columns: Columns) -> [Line] {
        var lines: [Line] = []
        if day.date.day == 1 {
            lines.append(Line(spans: [Span(column: 0, text: Self.banner(for: day, width: width), role: .banner)]))
        }
        lines.append(headerLine)
        if meals?.isEmpty ?? true {
            let text = meals == nil ? Self.loadingText : Self.emptyText
            lines.append(Line(spans: [Span(column: columns.indent, text: text, role: .empty)]))
        }
        return lines
    }

    /// The header: weekday, day and month, "today" marked.
    var headerLine: Line {
        var header = [Span(column: 0, text: Self.headerText(for: day), role: .header)]
        if isToday {
            header.append(Span(column: header[0].text.terminalWidth + 2, text: "today", role: .todayTag))
        }
        return Line(spans: header, isHeader: true)
    }

    /// Meal `index`: the slot, the title wrapped under itself with the marks and servings after
    /// it (on a line of their own when the title's last line has no room), the note marker.
    private func mealLines(_ index: Int, columns: Columns) -> [Line] {
        guard let meal = meals?[index] else { return [] }
        let titleRole: Role = meal.status == .skipped ? .skippedTitle : .title
        var rows = meal.title.wrapped(toWidth: columns.titleWidth).map { [Span(column: columns.title, text: $0, role: titleRole)] }
        if let marks = Self.marksText(meal) {
            let end = columns.title + rows[rows.count - 1][0].text.terminalWidth
            let room = columns.title + columns.titleWidth - (end + 1)
            if marks.terminalWidth <= room {
                rows[rows.count - 1] += Self.markSpans(meal, column: end + 1, room: room)
            } else {
                rows.append(Self.markSpans(meal, column: columns.title, room: columns.titleWidth))
            }
        }
        if let source = meal.leftoversOf.flatMap({ sources[$0] }), let last = rows[rows.count - 1].last {
            let start = last.column + last.text.terminalWidth + 1
            let room = columns.title + columns.titleWidth - start
            if room >= Self.sourceMinimumRoom {
                let texts = Self.sourceTexts(source, eatenOn: meal.day)
                let text = (texts.first { $0.terminalWidth <= room } ?? texts[texts.count - 1]).truncated(toWidth: room)
                rows[rows.count - 1].append(Span(column: start, text: text, role: .leftoversSource))
            }
        }
        return rows.enumerated().map { number, row in
            var spans = row
            if number == 0, columns.slot > 0 {
                spans.insert(Span(column: columns.indent, text: meal.slot.truncated(toWidth: columns.slot), role: .slot), at: 0)
            }
            if number == 0, let marker = columns.marker, let note = meal.note {
                let end = spans.last.map { $0.column + $0.text.terminalWidth } ?? columns.title
                if let preview = Self.notePreview(note, from: end + 2, to: marker - 1, width: columns.width) {
                    spans.append(preview)
                }
                spans.append(Span(column: marker, text: Self.noteMarker, role: .noteMarker))
            }
            return Line(spans: spans, item: index)
        }
    }

    /// "· 6 servings" after the recipe mark; nothing for a recipe made as written.
    static func servingsText(_ meal: Meal) -> String? {
        meal.servings.map { "· \(Meal.servingsText($0)) serving\($0 == 1 ? "" : "s")" }
    }

    /// The least room, in columns, worth showing a piece of the source of leftovers in.
    static let sourceMinimumRoom = 8

    /// "· leftovers from Mon dinner", then shorter for a narrow line ("· from Mon dinner"): the
    /// cooked meal's weekday when it is in the week before `day` (the leftovers'), else its date
    /// too ("from Mon 23 Nov dinner").
    static func sourceTexts(_ source: Meal, eatenOn day: Day) -> [String] {
        let near = source.day <= day && day.number - source.day.number < 7
        let when = near ? source.day.weekday.shortName : headerText(for: source.day)
        return ["· leftovers from \(when) \(source.slot)", "· from \(when) \(source.slot)"]
    }

    /// The marks a meal shows after its title, each with its role: done or skipped, leftovers,
    /// the repeat mark for one a rule gives, the recipe mark for one that links to a recipe.
    private static func marks(_ meal: Meal) -> [(text: String, role: Role)] {
        var marks: [(text: String, role: Role)] = []
        switch meal.status {
        case .planned: break
        case .done: marks.append((doneMark, .doneMark))
        case .skipped: marks.append((skippedMark, .skippedMark))
        }
        if meal.isLeftovers { marks.append((leftoversMark, .leftoversMark)) }
        if meal.occurrence != nil { marks.append((repeatMark, .repeatMark)) }
        if meal.recipe != nil { marks.append((recipeMark, .recipeMark)) }
        return marks
    }

    /// The marks and the servings as one text ("↻ ℞ · 6 servings"); `nil` without marks.
    static func marksText(_ meal: Meal) -> String? {
        let marks = marks(meal)
        guard !marks.isEmpty else { return nil }
        return (marks.map(\.text) + [servingsText(meal)].compactMap { $0 }).joined(separator: " ")
    }

    /// The marks from `column` on, then the servings when `room` columns hold them too.
    private static func markSpans(_ meal: Meal, column: Int, room: Int) -> [Span] {
        var spans: [Span] = []
        var next = column
        for mark in marks(meal) {
            spans.append(Span(column: next, text: mark.text, role: mark.role))
            next += mark.text.terminalWidth + 1
        }
        if let servings = servingsText(meal), let all = marksText(meal), all.terminalWidth <= room {
            spans.append(Span(column: next, text: servings, role: .servings))
        }
        return spans
    }

    /// On a wide terminal, the note's first line in the room between the title's first line
    /// (after two spaces) and the marker (before one), cut to fit; it never adds a line, so the
    /// block's height is the same at every width's choice.
    static func notePreview(_ note: String, from start: Int, to end: Int, width: Int) -> Span? {
        let room = end - start
        guard width >= notePreviewMinimumWidth, room >= notePreviewMinimumRoom else { return nil }
        // Only as much of the note as can show is looked at: a note may be a megabyte long.
        let firstLine = note.prefix(room + 1).prefix { !$0.isNewline }
        return Span(column: start, text: String(firstLine).truncated(toWidth: room), role: .notePreview)
    }

    /// The timeline's layout of this block: its height and each meal's lines.
    func layout(width: Int) -> DayLayout {
        let lines = lines(width: width)
        var items: [Range<Int>] = []
        for (number, line) in lines.enumerated() {
            guard let item = line.item else { continue }
            if item < items.count {
                items[item] = items[item].lowerBound..<(number + 1)
            } else {
                items.append(number..<(number + 1))
            }
        }
        return DayLayout(height: lines.count, items: items)
    }

    /// "Tue 3 Mar".
    static func headerText(for day: Day) -> String {
        day.shortLabel
    }

    /// "March 2026".
    static func monthAndYear(of day: Day) -> String {
        let date = day.date
        return "\(Day.monthNames[date.month - 1]) \(date.year)"
    }

    /// "── March 2026 ───…" across the width.
    static func banner(for day: Day, width: Int) -> String {
        let text = "── \(monthAndYear(of: day)) "
        return text + String(repeating: "─", count: max(0, width - text.terminalWidth))
    }
}

/// Builds the timeline's layout function: today and the slot column are captured in it, so a
/// change of slots gives a new one (`Timeline.replaceLayout`).
struct DayBlockLayout: Sendable {
    let today: Day
    let slotWidth: Int

    /// The slot column: as wide as the longest slot name, at most 12 columns.
    init(today: Day, slots: [MealSlot]) {
        self.today = today
        slotWidth = min(12, slots.map(\.name.terminalWidth).max() ?? 0)
    }

    /// `sources` only draws: the layout is the same without them.
    func block(_ day: Day, _ meals: [Meal]?, sources: [Int64: Meal] = [:]) -> DayBlock {
        DayBlock(day: day, meals: meals, isToday: day == today, slotWidth: slotWidth, sources: sources)
    }

    var function: Timeline<[Meal]>.Layout {
        let copy = self
        return { day, meals, width in copy.block(day, meals).layout(width: width) }
    }
}
