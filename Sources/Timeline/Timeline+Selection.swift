import MealPlanCore

/// Keeping the selection and the view together.
extension Timeline {
    /// The lines that should be on screen for `selection`: its own, plus the day's header above
    /// a first item when both fit, or when the item is taller than the view anyway and some of it
    /// still shows under the header.
    func wantedLines(for selection: Selection, in layout: DayLayout) -> Range<Int> {
        let span = layout.lines(of: selection.item)
        guard selection.item == 0 else { return span }
        let withHeader = 0..<span.upperBound
        if withHeader.count <= height { return withHeader }
        if span.count > height, span.lowerBound < height { return withHeader }
        return span
    }

    /// The position nearest to the current one that shows `selection` whole. A selection taller
    /// than the view is shown from its top when it lies below, from its bottom when it lies above,
    /// or from its top in any case when `tallFromTop` (as a jump does).
    func revealedPosition(for selection: Selection, tallFromTop: Bool = false) -> ScrollPosition {
        let wanted = wantedLines(for: selection, in: layout(of: selection.day))
        let fits = wanted.count <= height
        let dayStart = ScrollPosition(day: selection.day)
        var alignedTop: ScrollPosition { moved(dayStart, by: wanted.lowerBound) }
        var alignedBottom: ScrollPosition { moved(dayStart, by: wanted.upperBound - height) }
        if !fits, tallFromTop { return alignedTop }
        switch screenPlace(of: selection.day, at: position) {
        case .above:
            return fits ? alignedTop : alignedBottom
        case .below:
            return fits ? alignedBottom : alignedTop
        case .at(let top):
            let start = top + wanted.lowerBound
            let end = top + wanted.upperBound
            if fits ? start < 0 : start > 0 { return moved(position, by: start) }
            if fits ? end > height : end < height { return moved(position, by: end - height) }
            return position
        }
    }

    mutating func revealSelection() {
        position = revealedPosition(for: selection)
    }

    /// Where a jump shows `selection`'s day: the whole day, below up to `context` of the last
    /// lines of the day before (fewer when that day is shorter or the whole day would no longer
    /// fit below them); a day taller than the view from its top (or from the selection's wanted
    /// lines when even the header and the selection do not fit together).
    func dayPosition(_ context: Int, for selection: Selection) -> ScrollPosition {
        let dayStart = ScrollPosition(day: selection.day)
        let dayHeight = blockHeight(of: selection.day)
        guard dayHeight <= height else {
            return moved(dayStart, by: wantedLines(for: selection, in: layout(of: selection.day)).lowerBound)
        }
        guard selection.day > .first else { return clamped(dayStart) }
        let lines = min(context, blockHeight(of: selection.day.adding(days: -1)), height - dayHeight)
        return lines > 0 ? moved(dayStart, by: -lines) : clamped(dayStart)
    }

    /// Whether the whole of `day` is on screen (never for a day taller than the view).
    func showsWhole(_ day: Day) -> Bool {
        guard case .at(let top) = screenPlace(of: day, at: position) else { return false }
        return top >= 0 && top + blockHeight(of: day) <= height
    }

    /// After the user moved the selection: show it, scrolling as little as needed, and keep
    /// showing it so as loads change heights.
    mutating func showSelection() {
        anchor = .selection
        revealSelection()
    }

    /// After a jump: show the selected day whole below `context` lines of the day before (see
    /// `dayPosition`), and keep it so as loads change heights.
    mutating func showSelectedDay(context: Int) {
        anchor = .day(context: context)
        position = dayPosition(context, for: selection)
    }

    /// After the user moved the view: the selection follows it, now and as loads change heights.
    mutating func followView() {
        anchor = .view
        keepSelectionOnScreen()
    }

    /// One step of `moveSelection(byItems:)`: scroll through an item taller than the view, else
    /// go to the next item, crossing into the next day.
    mutating func stepSelection(down: Bool) {
        let layout = layout(of: selection.day)
        let span = layout.lines(of: selection.item)
        if span.count > height, case .at(let top) = screenPlace(of: selection.day, at: position) {
            let hidden = down ? top + span.upperBound - height : -(top + span.lowerBound)
            if hidden > 0 {
                let step = min(max(1, height - 1), hidden)
                position = moved(position, by: down ? step : -step)
                return
            }
        }
        if down {
            if let item = selection.item, item + 1 < layout.items.count {
                selection.item = item + 1
            } else if selection.day < .last {
                let day = selection.day.adding(days: 1)
                selection = Selection(day: day, item: self.layout(of: day).firstItem)
            }
        } else {
            if let item = selection.item, item > 0 {
                selection.item = item - 1
            } else if selection.day > .first {
                let day = selection.day.adding(days: -1)
                selection = Selection(day: day, item: self.layout(of: day).lastItem)
            }
        }
        revealSelection()
    }

    /// After the view moved on its own: if the selection is no longer on screen (whole, or at
    /// least in part when it is taller than the view), select the nearest item that is, on the
    /// side it left from.
    mutating func keepSelectionOnScreen() {
        if case .at(let top) = screenPlace(of: selection.day, at: position) {
            let span = layout(of: selection.day).lines(of: selection.item)
            if isOnScreenAsItShould((top + span.lowerBound)..<(top + span.upperBound)) { return }
        }
        let stops = visibleStops()
        let acceptable = stops.filter { isOnScreenAsItShould($0.lines) }
        let leftAbove: Bool
        if case .at(let top) = screenPlace(of: selection.day, at: position) {
            leftAbove = top + layout(of: selection.day).lines(of: selection.item).lowerBound < 0
        } else {
            leftAbove = selection.day < position.day
        }
        let candidates = acceptable.isEmpty ? nearestStops(stops) : acceptable
        if let chosen = leftAbove ? candidates.first : candidates.last {
            selection = chosen.selection
        }
    }

    /// Whether a selection covering these screen lines is shown as it should be: whole when it
    /// fits in the view, else at least in part.
    func isOnScreenAsItShould(_ lines: Range<Int>) -> Bool {
        lines.count <= height
            ? lines.lowerBound >= 0 && lines.upperBound <= height
            : lines.lowerBound < height && lines.upperBound > 0
    }

    /// A selectable thing on screen and the screen lines it covers (possibly beyond the screen).
    struct Stop {
        let selection: Selection
        let lines: Range<Int>
    }

    /// The stops on screen, and beside them the nearest one off screen on each side of each day;
    /// only the items near the screen are looked at, however many a day has.
    func visibleStops() -> [Stop] {
        screen.days.flatMap { visible -> [Stop] in
            let top = visible.screenLine - visible.firstLine
            let all = visible.layout.items.indices
            let shown = visible.layout.items(overlapping: visible.shownLines)
            let near = max(all.lowerBound, shown.lowerBound - 1)..<min(all.upperBound, shown.upperBound + 1)
            let items: [Int?] = all.isEmpty ? [nil] : Array(near)
            return items.map { item in
                let span = visible.layout.lines(of: item)
                return Stop(selection: Selection(day: visible.day, item: item),
                            lines: (top + span.lowerBound)..<(top + span.upperBound))
            }
        }
    }

    /// When no stop is on screen as it should be: those showing the most lines, or if none shows
    /// at all (the view shows only a header), those nearest to the screen.
    func nearestStops(_ stops: [Stop]) -> [Stop] {
        func closeness(_ stop: Stop) -> Int {
            let shown = stop.lines.clamped(to: 0..<height).count
            if shown > 0 { return shown }
            return -max(stop.lines.lowerBound - height, -stop.lines.upperBound)
        }
        let best = stops.map(closeness).max() ?? 0
        return stops.filter { closeness($0) == best }
    }
}
