import MealPlanCore

/// Keeping the selection and the view together.
extension Timeline {
    /// The lines that should be on screen for `selection`: its own, plus the day's header
    /// above a first item when both fit.
    func wantedLines(for selection: Selection, in layout: DayLayout) -> Range<Int> {
        let span = layout.lines(of: selection.item)
        if selection.item == 0, span.upperBound <= height {
            return 0..<span.upperBound
        }
        return span
    }

    /// The position nearest to the current one that shows `selection` whole, or from its top when
    /// it is taller than the view.
    func revealedPosition(for selection: Selection) -> ScrollPosition {
        let wanted = wantedLines(for: selection, in: layout(of: selection.day))
        let fits = wanted.count <= height
        let dayStart = ScrollPosition(day: selection.day)
        switch screenPlace(of: selection.day, at: position) {
        case .above:
            return moved(dayStart, by: wanted.lowerBound)
        case .below:
            return moved(dayStart, by: fits ? wanted.upperBound - height : wanted.lowerBound)
        case .at(let top):
            let start = top + wanted.lowerBound
            let end = top + wanted.upperBound
            if fits {
                if start < 0 { return moved(position, by: start) }
                if end > height { return moved(position, by: end - height) }
                return position
            }
            if start <= 0, end >= height { return position }
            return moved(position, by: start)
        }
    }

    mutating func revealSelection() {
        position = revealedPosition(for: selection)
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
        let stops = visibleStops()
        let acceptable = stops.filter { stop in
            stop.lines.count <= height
                ? stop.lines.lowerBound >= 0 && stop.lines.upperBound <= height
                : stop.lines.lowerBound < height && stop.lines.upperBound > 0
        }
        if acceptable.contains(where: { $0.selection == selection }) { return }
        let leftAbove: Bool
        if let current = stops.first(where: { $0.selection == selection }) {
            leftAbove = current.lines.lowerBound < 0
        } else {
            leftAbove = selection.day < position.day
        }
        let candidates = acceptable.isEmpty ? mostVisibleStops(stops) : acceptable
        if let chosen = leftAbove ? candidates.first : candidates.last {
            selection = chosen.selection
        }
    }

    /// A selectable thing on screen and the screen lines it covers (possibly beyond the screen).
    struct Stop {
        let selection: Selection
        let lines: Range<Int>
    }

    func visibleStops() -> [Stop] {
        screen.days.flatMap { visible -> [Stop] in
            let top = visible.screenLine - visible.firstLine
            let items: [Int?] = visible.layout.items.isEmpty ? [nil] : Array(visible.layout.items.indices)
            return items.map { item in
                let span = visible.layout.lines(of: item)
                return Stop(selection: Selection(day: visible.day, item: item),
                            lines: (top + span.lowerBound)..<(top + span.upperBound))
            }
        }
    }

    /// The stops showing the most lines, when none is wholly on screen.
    func mostVisibleStops(_ stops: [Stop]) -> [Stop] {
        func shown(_ stop: Stop) -> Int { stop.lines.clamped(to: 0..<height).count }
        let best = stops.map(shown).max() ?? 0
        return stops.filter { shown($0) == best }
    }
}
