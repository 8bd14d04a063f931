import MealPlanCore
import Testing
@testable import Timeline

/// Drives a timeline the way the planner's loop does (apply an operation, take the load
/// requests, answer them now or later) and checks the timeline's invariants after every step.
struct Driver {
    /// How strictly the selection must be on screen after an operation.
    enum SelectionRule {
        /// Wholly on screen whenever it fits in the view.
        case whenItFits
        /// As above, except when no selectable item at all is wholly on screen after the view
        /// moved by itself: then it must at least show in part.
        case followsView
    }

    var timeline: Timeline<FakeDay>
    var source = FakeDays()
    /// Requests taken from the timeline, each with the data as it was when it was taken, so that
    /// a late answer carries stale meals.
    var outstanding: [(request: LoadRequest, data: FakeDays)] = []
    /// Where failures say they happened.
    var context: String
    /// The rule of the last operation the user made: loads and invalidations keep it.
    private var userRule = SelectionRule.whenItFits

    init(width: Int, height: Int, selecting day: Day, context: String) {
        timeline = Timeline(width: width, height: height, selecting: day, layout: FakeDays.layout)
        self.context = context
        _ = takeRequests(before: nil, invalidated: nil)
    }

    /// Applies `operation`, takes its load requests and checks everything; returns the new
    /// requests. `rule` is `nil` for what the user did not do (loads, invalidations): they keep
    /// the rule of the user's last operation. `invalidated` is the range an invalidation asked for
    /// (those days may be requested while loaded).
    @discardableResult
    mutating func apply(_ name: String, rule: SelectionRule?, invalidated: DayRange? = nil,
                        _ operation: (inout Timeline<FakeDay>) -> Void) -> [LoadRequest] {
        context += " → " + name
        if let rule { userRule = rule }
        let before = timeline
        operation(&timeline)
        let requests = takeRequests(before: before, invalidated: invalidated)
        checkInvariants(rule: userRule)
        return requests
    }

    /// Answers outstanding request number `index` (0 = oldest).
    mutating func answer(_ index: Int) {
        let (request, data) = outstanding.remove(at: index)
        apply("answer \(request)", rule: nil) { timeline in
            timeline.didLoad(request) { data.content(of: $0) }
        }
    }

    /// Answers every request, including those the answers cause, as the planner's loop does.
    mutating func answerAll() {
        var rounds = 0
        while !outstanding.isEmpty {
            answer(0)
            rounds += 1
            if rounds > 20 {
                Issue.record("loads never settle: \(context)")
                return
            }
        }
    }

    /// Takes the timeline's requests, checking them against the timeline as it was `before` the
    /// operation.
    private mutating func takeRequests(before: Timeline<FakeDay>?, invalidated: DayRange?) -> [LoadRequest] {
        let requests = timeline.takeLoadRequests()
        #expect(requests.count <= 1, "more than one request for one step: \(requests) \(context)")
        for request in requests {
            if let invalidated {
                #expect(request.days == invalidated.intersection(timeline.window),
                        "invalidation asked for \(request.days) \(context)")
            } else if let before {
                let reloaded = request.days.first { before.isLoaded($0) }
                #expect(reloaded == nil, "requested loaded day \(reloaded!) \(context)")
            }
            #expect(request.days.isInside(timeline.window), "request outside the window \(context)")
            outstanding.append((request, source))
        }
        return requests
    }

    func checkInvariants(rule: SelectionRule) {
        let timeline = self.timeline
        let screen = timeline.screen
        let position = timeline.position

        // The position is inside its day and the screen is drawn from it, line after line.
        #expect((0..<timeline.layout(of: position.day).height).contains(position.line), "line \(context)")
        #expect(position <= timeline.lastPosition, "past the end \(context)")
        #expect(screen.days.first?.day == position.day && screen.days.first?.firstLine == position.line,
                "screen does not start at the position \(context)")
        var line = 0
        var drawnInOrder = true
        for visible in screen.days {
            drawnInOrder = drawnInOrder && visible.screenLine == line && visible.lineCount > 0
                && visible.shownLines.upperBound <= visible.layout.height
            line += visible.lineCount
        }
        #expect(drawnInOrder, "screen lines out of order \(context)")
        #expect(line == screen.height || screen.days.last?.day == .last, "screen not filled \(context)")

        // The window covers the visible days ± 7 and stays bounded.
        let visible = screen.dayRange
        let required = DayRange(visible.first.adding(days: -7), visible.last.adding(days: 7))
        #expect(required.isInside(timeline.window), "window \(timeline.window) misses \(required) \(context)")
        let bound = visible.count + 14 + 2 * Timeline<FakeDay>.slack
        #expect(timeline.window.count <= bound, "window of \(timeline.window.count) days > \(bound) \(context)")
        #expect(timeline.heldDays.count == timeline.window.count, "window storage \(context)")
        #expect(timeline.pendingLoadRequests.allSatisfy { $0.days.isInside(timeline.window) },
                "stale pending request \(context)")

        // Loaded days show their own, current meals (late answers for edited days were ignored).
        let wrong = timeline.heldDays.indices.first { index in
            let held = timeline.heldDays[index]
            guard held.awaiting == nil, let content = held.content else { return false }
            let day = timeline.window.first.adding(days: index)
            return content.day != day || content.edits != source.edits(of: day)
        }
        #expect(wrong == nil, "day \(wrong!) of the window shows other meals \(context)")

        // The selection names a real item and is on screen.
        let selection = timeline.selection
        let layout = timeline.layout(of: selection.day)
        #expect(selection.item == layout.validItem(selection.item), "selection item \(selection) \(context)")
        #expect(isSelectionVisible(screen, rule: rule), "selection \(selection) off screen \(context)")
    }

    private func isSelectionVisible(_ screen: TimelineScreen<FakeDay>, rule: SelectionRule) -> Bool {
        let height = screen.height
        let stops = screen.days.flatMap { visible in
            let top = visible.screenLine - visible.firstLine
            let items = visible.layout.items.isEmpty ? [0..<visible.layout.height] : visible.layout.items
            return items.map { (day: visible.day, lines: (top + $0.lowerBound)..<(top + $0.upperBound)) }
        }
        func overlaps(_ lines: Range<Int>) -> Bool { lines.lowerBound < height && lines.upperBound > 0 }
        func asItShould(_ lines: Range<Int>) -> Bool {
            lines.count > height ? overlaps(lines) : lines.lowerBound >= 0 && lines.upperBound <= height
        }
        guard let visible = screen.days.first(where: { $0.day == screen.selection.day }) else {
            return false
        }
        let span = visible.layout.lines(of: screen.selection.item)
        let top = visible.screenLine - visible.firstLine
        let lines = (top + span.lowerBound)..<(top + span.upperBound)
        if asItShould(lines) { return true }
        guard rule == .followsView, !stops.contains(where: { asItShould($0.lines) }) else { return false }
        // No stop is on screen as it should be: the selection shows in part, or, when nothing
        // selectable shows at all (only a header is on screen), is in a day on screen.
        return overlaps(lines) || !stops.contains(where: { overlaps($0.lines) })
    }
}
