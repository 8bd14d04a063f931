import MealPlanCore
import TerminalKit
import Timeline

/// One frame for the backend: the screen and where the terminal cursor goes (`nil`: hidden).
public struct Frame: Hashable, Sendable {
    public let buffer: Buffer
    public let cursor: Position?
}

extension Planner {
    /// The smallest size the planner draws itself at; below it a short notice is shown.
    public static let minimumSize = Size(width: 12, height: 3)

    /// Draws `state` at its size: the timeline (or the current animation frame), then the
    /// status line or prompt, then the help overlay when it is open. `colors: false` gives the
    /// monochrome look.
    public static func render(_ state: PlannerState, colors: Bool) -> Frame {
        var drawn = DrawnDays()
        return render(state, colors: colors, reusing: &drawn)
    }

    /// `render(_:colors:)` drawing again, from `drawn`, the lines of the days the last frame
    /// drew alike, and keeping this frame's in it: what the run loop draws every key with.
    public static func render(_ state: PlannerState, colors: Bool, reusing drawn: inout DrawnDays) -> Frame {
        var buffer = Buffer(width: state.size.width, height: state.size.height)
        let theme = Theme(colors: colors)
        guard !state.isTooSmall else {
            buffer.write("too small", x: 0, y: 0, style: theme.error)
            return Frame(buffer: buffer, cursor: nil)
        }
        TimelineView.draw(state.animationFrames.first ?? state.timeline.screen, blocks: state.blockLayout,
                          sources: state.leftoverSources, marked: state.markedDays, theme: theme, into: &buffer,
                          reusing: &drawn)
        var cursor: Position?
        switch state.mode {
        case .browsing:
            StatusLineView.draw(state, theme: theme, into: &buffer)
        case .prompt(let prompt):
            cursor = PromptView.draw(prompt, state: state, theme: theme, into: &buffer)
        case .help(let scroll):
            StatusLineView.draw(state, theme: theme, into: &buffer)
            HelpView.draw(state.keyMap, weekStart: state.weekStart, scroll: scroll, theme: theme, into: &buffer)
        case .note(let meal, let scroll):
            NoteView.draw(meal, scroll: scroll, theme: theme, into: &buffer)
        case .page(let page, let scroll):
            PageView.draw(heading: page.heading, text: page.lines, scroll: scroll, selected: state.selectedPageItem.map { $0.line..<$0.line + 1 },
                          footer: state.footer(of: page), theme: theme, into: &buffer)
        case .conflicts(let page):
            page.draw(theme: theme, into: &buffer)
        }
        return Frame(buffer: buffer, cursor: cursor)
    }
}

/// The day blocks on screen.
///
/// When the top day's header has scrolled off while more of the day is below, the top line
/// shows that header instead (a sticky header), so every meal on screen is under its date;
/// not when the selected meal is on that line, which must stay visible.
///
/// The lines of days marked for a template (`v`) are highlighted as the selection is, in
/// another colour (underlined without colours).
enum TimelineView {
    static func draw(_ screen: TimelineScreen<[Meal]>, blocks: DayBlockLayout, sources: [Int64: Meal] = [:],
                     marked: DayRange?, theme: Theme, into buffer: inout Buffer, reusing drawn: inout DrawnDays) {
        drawn.frameStarted()
        defer { drawn.frameDrawn() }
        var monthTagPlaced = false
        let top = screen.days.first
        let headerLine = top.map { $0.day.date.day == 1 ? 1 : 0 } ?? 0
        let sticky = top.map { $0.screenLine == 0 && $0.firstLine > headerLine && $0.lineCount >= 2 } ?? false
            && !(screen.selectedLines?.contains(0) ?? false)
        for visible in screen.days {
            let block = blocks.block(visible.day, visible.content, sources: sources)
            let (first, lines) = drawn.lines(of: block, visible.shownLines, width: screen.width, layout: visible.layout)
            for offset in 0..<visible.lineCount where lines.indices.contains(visible.firstLine + offset - first) {
                let row = visible.screenLine + offset
                let line = sticky && row == 0 ? block.headerLine : lines[visible.firstLine + offset - first]
                let selected = screen.selectedLines?.contains(row) ?? false
                let isMarked = !selected && marked?.contains(visible.day) == true
                if selected { buffer.fill(Rect(x: 0, y: row, width: screen.width, height: 1), style: theme.selection) }
                if isMarked { buffer.fill(Rect(x: 0, y: row, width: screen.width, height: 1), style: theme.marking) }
                var end = 0
                for span in line.spans {
                    let style = theme.style(for: span.role, today: block.isToday)
                    let shown = selected ? theme.selected(style) : isMarked ? theme.marked(style) : style
                    end = buffer.write(span.text, x: span.column, y: row, style: shown)
                }
                if line.isHeader, !monthTagPlaced {
                    monthTagPlaced = true
                    // The first header on screen says which month and year the reader is in,
                    // unless the month's banner is right above it.
                    let bannerShown = visible.day.date.day == 1 && visible.firstLine == 0
                    let tag = DayBlock.monthAndYear(of: visible.day)
                    let column = screen.width - tag.terminalWidth - 1
                    if !bannerShown, column >= end + 2 {
                        let style = selected ? theme.selected(theme.monthTag) : isMarked ? theme.marked(theme.monthTag) : theme.monthTag
                        buffer.write(tag, x: column, y: row, style: style)
                    }
                }
            }
        }
    }
}

/// The bottom line while browsing: the selected date, the message (or the selected meal's
/// note), and a hint of the help key, after a word that the plan is a sample in the demo. A
/// message too long to follow the date in full gets the date without its year; an error too
/// long for the line even so, when it is to be shown whole (a sync's outcome, with a failed
/// command's reason), is wrapped on the lines above it instead of cut at the screen's edge.
enum StatusLineView {
    /// What the demo says beside the help hint, longest first: the first that fits is shown.
    static let demoNotices = ["sample plan, deleted when you quit", "sample plan", "demo"]

    static func draw(_ state: PlannerState, theme: Theme, into buffer: inout Buffer) {
        let row = buffer.height - 1
        let width = buffer.width
        let day = state.timeline.selection.day
        if state.longSaveStatus == nil, let message = state.message, message.showsWhole,
           !message.text.fits(inWidth: width - DayBlock.headerText(for: day).terminalWidth - 2) {
            drawWrapped(message.text, style: message.isError ? theme.error : theme.info, into: &buffer)
            let hint = Self.helpHint(state, room: width - longDate(day).terminalWidth - 2)
            buffer.write(longDate(day), x: 0, y: row, style: theme.statusDate)
            buffer.write(hint, x: width - hint.terminalWidth, y: row, style: theme.hint)
            return
        }
        let messageWidth = (state.longSaveStatus ?? state.message?.text)?.terminalWidth ?? 0
        let date = longDate(day).terminalWidth + 2 + messageWidth > width ? DayBlock.headerText(for: day) : longDate(day)
        let helpHint = Self.helpHint(state, room: width - date.terminalWidth - 2)
        let hintColumn = width - helpHint.terminalWidth
        var column = buffer.write(date, x: 0, y: row, style: theme.statusDate)
        let shown: (text: String, style: Style)?
        if let progress = state.longSaveStatus {
            shown = (progress, theme.info)
        } else if let message = state.message {
            shown = (message.text, message.isError ? theme.error : theme.info)
        } else if state.isSaving {
            shown = ("saving…", theme.hint)
        } else if let days = state.markedDays {
            let keys = state.keyMap
            shown = ("\(countedDays(days.count)) marked: \(keys.keyNames(for: .saveTemplate)) saves a template, "
                         + "\(keys.keyNames(for: .copyDay)) copies them, Esc ends", theme.hint)
        } else if let meal = state.selectedMeal, meal.status == .skipped, meal.day < state.today {
            // A meal that did not happen may still be wanted another day.
            shown = ("skipped — \(state.keyMap.keyNames(for: .moveMeal)) moves it to another day", theme.hint)
        } else if let note = state.selectedMeal?.note {
            shown = (DayBlock.noteMarker + " " + note, theme.hint)
        } else if state.timeline.content(of: day)?.isEmpty == true {
            // An empty day, and so an empty plan, says how to start.
            shown = (state.keyMap.keyNames(for: .addMeal) + " adds a meal", theme.hint)
        } else {
            shown = nil
        }
        if let shown {
            // A message that does not fit beside the help hint takes its place.
            let besideHint = hintColumn - 1 - (column + 2)
            let room = shown.text.fits(inWidth: besideHint) ? besideHint : width - column - 2
            column = buffer.write(shown.text.truncated(toWidth: room), x: column + 2, y: row, style: shown.style)
        }
        if column < hintColumn {
            buffer.write(helpHint, x: hintColumn, y: row, style: theme.hint)
        }
    }

    /// `text` wrapped to the screen's width on the lines right above the bottom one, as many as
    /// it takes (the last of them ends in "…" when even the whole screen is too short).
    static func drawWrapped(_ text: String, style: Style, into buffer: inout Buffer) {
        var lines = text.wrapped(toWidth: buffer.width)
        let room = buffer.height - 1
        if lines.count > room {
            lines = Array(lines.prefix(room))
            lines[room - 1] = (lines[room - 1] + " …").truncated(toWidth: buffer.width)
        }
        let top = room - lines.count
        buffer.fill(Rect(x: 0, y: top, width: buffer.width, height: lines.count), style: .plain)
        for (offset, line) in lines.enumerated() {
            buffer.write(line, x: 0, y: top + offset, style: style)
        }
    }

    /// "? help", led in the demo by the longest notice that fits in `room` columns.
    static func helpHint(_ state: PlannerState, room: Int) -> String {
        let hint = state.keyMap.keyNames(for: .help) + " help"
        guard state.isDemo else { return hint }
        return demoNotices.map { $0 + " · " + hint }.first { $0.terminalWidth <= room } ?? hint
    }
}
