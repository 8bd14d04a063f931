import MealPlanCore

/// Walking over day blocks: every measurement here only touches the days it walks over.
extension Timeline {
    /// Where a day's block is relative to a view whose top is at some position.
    enum ScreenPlace: Equatable {
        /// Entirely above the view.
        case above
        /// Starts at this screen line (negative when its start is scrolled off the top).
        case at(Int)
        /// Starts at or below the view's bottom.
        case below
    }

    /// Where `day` is in `heldDays`; `nil` outside the window.
    func heldIndex(of day: Day) -> Int? {
        let index = windowStart.distance(to: day)
        return index >= 0 && index < heldDays.count ? index : nil
    }

    func blockHeight(of day: Day) -> Int {
        layout(of: day).height
    }

    /// The furthest the view can scroll: 9999-12-31 at the top, or, when that day is taller than
    /// the view, its last line at the bottom.
    var lastPosition: ScrollPosition {
        ScrollPosition(day: .last, line: max(0, blockHeight(of: .last) - height))
    }

    /// `position` with its line inside its day's block and not past `lastPosition`.
    func clamped(_ position: ScrollPosition) -> ScrollPosition {
        let line = min(max(position.line, 0), blockHeight(of: position.day) - 1)
        return min(ScrollPosition(day: position.day, line: line), lastPosition)
    }

    /// `position` moved `lines` down (negative: up), stopping at the calendar's ends.
    func moved(_ position: ScrollPosition, by lines: Int) -> ScrollPosition {
        var day = position.day
        var line = position.line
        var remaining = lines.magnitude
        if lines >= 0 {
            while true {
                let height = blockHeight(of: day)
                if UInt(line) + remaining < UInt(height) {
                    line += Int(remaining)
                    break
                }
                if day == .last {
                    line = height - 1
                    break
                }
                remaining -= UInt(height - line)
                line = 0
                day = day.adding(days: 1)
            }
        } else {
            while true {
                if remaining <= UInt(line) {
                    line -= Int(remaining)
                    break
                }
                if day == .first {
                    line = 0
                    break
                }
                remaining -= UInt(line + 1)
                day = day.adding(days: -1)
                line = blockHeight(of: day) - 1
            }
        }
        return clamped(ScrollPosition(day: day, line: line))
    }

    /// The days a view whose top is at `position` shows, wholly or in part.
    func visibleRange(at position: ScrollPosition) -> DayRange {
        var day = position.day
        var covered = blockHeight(of: day) - position.line
        while covered < height, day < .last {
            day = day.adding(days: 1)
            covered += blockHeight(of: day)
        }
        return DayRange(position.day, day)
    }

    /// The days that must be held while `visible` is on screen.
    func requiredDays(around visible: DayRange) -> DayRange {
        DayRange(visible.first.adding(days: -Timeline.padding), visible.last.adding(days: Timeline.padding))
    }

    /// The most days that may be held while `visible` is on screen.
    func allowedDays(around visible: DayRange) -> DayRange {
        let reach = Timeline.padding + Timeline.slack
        return DayRange(visible.first.adding(days: -reach), visible.last.adding(days: reach))
    }

    /// Where `day`'s block is in a view whose top is at `position`; walks at most a screenful.
    func screenPlace(of day: Day, at position: ScrollPosition) -> ScreenPlace {
        if day < position.day { return .above }
        var top = -position.line
        var current = position.day
        while current < day {
            top += blockHeight(of: current)
            if top >= height { return .below }
            current = current.adding(days: 1)
        }
        return .at(top)
    }

    /// The number of lines from `start` down to `end` (negative when `end` is above); walks the
    /// days between them.
    func lines(from start: ScrollPosition, to end: ScrollPosition) -> Int {
        if end < start { return -lines(from: end, to: start) }
        var total = end.line - start.line
        var day = start.day
        while day < end.day {
            total += blockHeight(of: day)
            day = day.adding(days: 1)
        }
        return total
    }

    /// The screen as seen from `position`.
    func screen(at position: ScrollPosition) -> TimelineScreen<Content> {
        var days: [VisibleDay<Content>] = []
        var screenLine = 0
        var day = position.day
        var firstLine = position.line
        var selectedLines: Range<Int>?
        while screenLine < height {
            let index = heldIndex(of: day)
            let layout = layout(of: day)
            let count = min(layout.height - firstLine, height - screenLine)
            days.append(VisibleDay(
                day: day,
                content: index.flatMap { heldDays[$0].content },
                isLoading: index.map { heldDays[$0].awaiting != nil } ?? true,
                layout: layout, screenLine: screenLine, firstLine: firstLine, lineCount: count))
            if day == selection.day {
                let span = layout.lines(of: selection.item)
                let top = screenLine - firstLine
                let onScreen = (top + span.lowerBound..<top + span.upperBound).clamped(to: 0..<height)
                selectedLines = onScreen.isEmpty ? nil : onScreen
            }
            screenLine += count
            firstLine = 0
            if day == .last { break }
            day = day.adding(days: 1)
        }
        return TimelineScreen(width: width, height: height, days: days, selection: selection,
                              selectedLines: selectedLines)
    }

    /// Positions between `start` and `end` for a smooth scroll, easing out; excludes both ends.
    func intermediatePositions(from start: ScrollPosition, to end: ScrollPosition) -> [ScrollPosition] {
        let distance = lines(from: start, to: end)
        let count = min(Timeline.maximumFrames, distance.magnitude > 1 ? Int(distance.magnitude) - 1 : 0)
        guard count > 0 else { return [] }
        var offsets: [Int] = []
        for step in 1...count {
            let remaining = 1 - Double(step) / Double(count + 1)
            let offset = Int((Double(distance) * (1 - remaining * remaining)).rounded())
            if offset != 0, offset != distance, offset != offsets.last {
                offsets.append(offset)
            }
        }
        return offsets.map { moved(start, by: $0) }
    }
}
