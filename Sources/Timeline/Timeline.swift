import MealPlanCore

/// The endless list of days as a viewport over a small sliding window of loaded days.
///
/// **Why top day + line offset.** Days are blocks of different heights (their meals wrap at the
/// current width), so the line where day N starts is unknowable without measuring every day
/// before it. The view's position is therefore kept as "this day's block, from this line", and
/// every operation only measures the few days it walks over: scrolling, paging and jumping cost
/// the same at any distance from today, and 0001-01-01 … 9999-12-31 is just a very long list.
///
/// **Why a window.** Only the visible days plus a week of padding on each side (`padding`, and
/// at most `slack` more days each side before the far side is dropped) are held, each with its
/// content and its layout at the current width. Moving near an edge asks for the missing days as
/// one `LoadRequest`; jumping far rebuilds the window around the target with one request. Memory
/// is bounded by the screen, not by how far one has scrolled.
///
/// **Loading.** The timeline never loads anything itself: operations queue `LoadRequest`s, which
/// the caller takes with `takeLoadRequests()` and answers with `didLoad(_:content:)` now or later.
/// Until then a day is laid out as a placeholder (the layout function receives `nil`).
///
/// **Selection.** A meal of a day, or the day itself when it has none. Moving the selection
/// scrolls as little as needed to show it whole, with the day's header when it is the first
/// meal; an item taller than the view is entered from the side the selection comes from, and
/// further moves scroll through it before leaving it. Scrolling the view (`scroll`) does not aim
/// at the selection; instead the selection follows the view like vim's cursor: if it would leave
/// the screen it moves to the nearest item wholly on screen (or, in a view too small to show any
/// item whole, the one showing most), so that actions such as "add a meal" always apply to
/// something the user can see. A resize never changes the selection: it is a meal, not a screen
/// line, and the view scrolls as little as needed to keep it on screen. When loads change
/// heights, whichever the user moved last stays put: the selection after moves and resizes, the
/// selected day (whole, below its context) after jumps, the view after scrolls.
///
/// **Edges.** The view never starts before 0001-01-01 and can scroll until 9999-12-31 is the top
/// day (the rest of the screen is blank); moves past the ends stop there without error.
///
/// **Use.** Each key: apply an operation, answer the queued loads, draw `screen`:
///
///     timeline.moveSelection(byItems: 1)
///     for request in timeline.takeLoadRequests() {
///         let meals = try store.meals(in: request.days)     // grouped by day
///         timeline.didLoad(request) { meals[$0] ?? [] }
///     }
///     draw(timeline.screen)
public struct Timeline<Content: Sendable>: Sendable {
    /// Lays out `day` with its `content` (`nil`: not loaded yet, lay out a placeholder) for a
    /// view `width` columns wide.
    public typealias Layout = @Sendable (_ day: Day, _ content: Content?, _ width: Int) -> DayLayout

    /// Days kept loaded before the first and after the last visible day.
    public static var padding: Int { 7 }
    /// Extra days loaded beyond `padding` when the window slides, so that it slides once per few
    /// days rather than on every step; the far side is dropped beyond `padding + slack`.
    public static var slack: Int { 4 }
    /// The total time a smooth jump's frames take.
    public static var smoothScrollDuration: Duration { .milliseconds(150) }
    /// The most intermediate frames a smooth jump produces.
    static var maximumFrames: Int { 5 }

    /// One day held in the window.
    struct HeldDay: Sendable {
        var content: Content?
        /// The id of the outstanding request for this day, if any.
        var awaiting: Int?
        var layout: DayLayout
    }

    public internal(set) var width: Int
    public internal(set) var height: Int
    /// The top of the view.
    public internal(set) var position: ScrollPosition
    public internal(set) var selection: Selection
    var layoutFunction: Layout
    var windowStart: Day
    var heldDays: [HeldDay] = []
    var requests: [LoadRequest] = []
    var nextRequestID = 1
    /// What the user moved last, and so what stays put when loaded days change height.
    var anchor = Anchor.selection

    enum Anchor: Sendable {
        /// The selection stays whole on screen.
        case selection
        /// After a jump: the selected day stays whole on screen below up to `context` lines of
        /// the day before (see `dayPosition`).
        case day(context: Int)
        case view
    }

    /// A timeline `width` × `height` (each raised to 1) with `day` selected and shown as `jump`
    /// places it: at the top of the view, or, with `context`, below up to that many lines of the
    /// day before. It starts with one load request for the window around `day`.
    public init(width: Int, height: Int, selecting day: Day, context: Int = 0, layout: @escaping Layout) {
        self.width = max(1, width)
        self.height = max(1, height)
        position = ScrollPosition(day: day)
        selection = Selection(day: day)
        layoutFunction = layout
        windowStart = day
        showSelectedDay(context: context)
        settle()
    }

    // MARK: - What the caller reads

    /// The days held: loaded, or awaiting their load. Always contiguous; covers the visible days
    /// ± `padding` (clamped at the calendar's ends).
    public var window: DayRange { DayRange(start: windowStart, count: heldDays.count) }

    /// Load requests not yet taken by the caller.
    public var pendingLoadRequests: [LoadRequest] { requests }

    /// Hands the queued load requests to the caller, who answers each with `didLoad`.
    public mutating func takeLoadRequests() -> [LoadRequest] {
        defer { requests = [] }
        return requests
    }

    /// The content of `day` if it is in the window and has been loaded (possibly stale while a
    /// reload is outstanding).
    public func content(of day: Day) -> Content? {
        heldIndex(of: day).flatMap { heldDays[$0].content }
    }

    /// Whether `day` is in the window with its content loaded and no reload outstanding.
    public func isLoaded(_ day: Day) -> Bool {
        guard let index = heldIndex(of: day) else { return false }
        return heldDays[index].content != nil && heldDays[index].awaiting == nil
    }

    /// The layout of `day` at the current width (a placeholder layout outside the window).
    public func layout(of day: Day) -> DayLayout {
        if let index = heldIndex(of: day) { return heldDays[index].layout }
        return layoutFunction(day, nil, width)
    }

    /// What to draw now.
    public var screen: TimelineScreen<Content> { screen(at: position) }

    // MARK: - Loading

    /// Stores the answer to `request`: `content(day)` for each of its days. Days that left the
    /// window or were requested again meanwhile ignore it.
    ///
    /// What stays put while heights change is what the user moved last: after moving the
    /// selection or resizing, the view scrolls to keep the selection whole; after a jump, to keep
    /// the selected day where the jump placed it; after scrolling, the view keeps its position
    /// and the selection follows it. The selected item stays one that exists: a selected day
    /// that gains items selects its first, one that loses items keeps an index no further than
    /// its last, one left without items is selected itself.
    public mutating func didLoad(_ request: LoadRequest, content: (Day) -> Content) {
        requests.removeAll { $0.id == request.id }
        guard let days = request.days.intersection(window) else { return }
        var changed = false
        for day in days {
            let index = heldIndex(of: day)!
            guard heldDays[index].awaiting == request.id else { continue }
            let loaded = content(day)
            heldDays[index] = HeldDay(content: loaded, awaiting: nil, layout: layoutFunction(day, loaded, width))
            changed = true
        }
        guard changed else { return }
        position = clamped(position)
        selection.item = layout(of: selection.day).validItem(selection.item)
        switch anchor {
        case .selection:
            showSelection()
            settle()
        case .day(let context):
            showSelectedDay(context: context)
            settle()
        case .view:
            settle()
            keepSelectionOnScreen()
        }
    }

    /// Marks `days` as changed: those in the window are requested again (one request); their
    /// current content stays on screen until the answer arrives. Days outside the window are
    /// loaded fresh anyway when they enter it.
    public mutating func invalidate(_ days: DayRange) {
        guard let held = days.intersection(window) else { return }
        let request = makeRequest(held)
        for day in held {
            heldDays[heldIndex(of: day)!].awaiting = request.id
        }
    }

    /// Marks one day as changed; see `invalidate(_:)` for a range.
    public mutating func invalidate(_ day: Day) {
        invalidate(DayRange(day, day))
    }

    // MARK: - Scrolling the view

    /// Scrolls the view `lines` down (negative: up); the selection follows if it leaves the view.
    public mutating func scroll(byLines lines: Int) {
        position = moved(position, by: lines)
        settle()
        followView()
    }

    /// Scrolls so that the day `days` after the top day (negative: before) starts at the top.
    public mutating func scroll(byDays days: Int) {
        position = clamped(ScrollPosition(day: position.day.adding(days: days)))
        settle()
        followView()
    }

    /// Scrolls by `pages` screens, each one line short of the view's height so that one line of
    /// context stays.
    public mutating func scroll(byPages pages: Int) {
        let (lines, overflow) = pages.multipliedReportingOverflow(by: max(1, height - 1))
        scroll(byLines: overflow ? (pages > 0 ? Int.max / 2 : Int.min / 2) : lines)
    }

    // MARK: - Moving the selection

    /// Moves the selection `count` items down (negative: up), crossing into neighbouring days; a
    /// day without items is one stop. An item taller than the view is first scrolled through.
    public mutating func moveSelection(byItems count: Int) {
        for _ in 0..<count.magnitude {
            let before = (selection, position)
            stepSelection(down: count > 0)
            if (selection, position) == before { break }   // at an end of the calendar
        }
        showSelection()
        settle()
    }

    /// Moves the selection `count` days down (negative: up), to that day's first item.
    public mutating func moveSelection(byDays count: Int) {
        let day = selection.day.adding(days: count)
        selection = Selection(day: day, item: layout(of: day).firstItem)
        showSelection()
        settle()
    }

    /// Selects `selection` (its item made valid for the day) and scrolls as little as needed to
    /// show it.
    public mutating func select(_ selection: Selection) {
        self.selection = Selection(day: selection.day, item: layout(of: selection.day).validItem(selection.item))
        showSelection()
        settle()
    }

    /// Selects `selection` (its item made valid for the day) and shows its day as `jump` does,
    /// unless it is already wholly on screen; then scrolls as little as needed to show the
    /// selection itself. For a day whose meals just changed, once they are loaded.
    public mutating func select(_ selection: Selection, showingDayWith context: Int) {
        self.selection = Selection(day: selection.day, item: layout(of: selection.day).validItem(selection.item))
        if !showsWhole(selection.day) {
            position = dayPosition(context, for: self.selection)
        }
        showSelection()
        settle()
    }

    // MARK: - Jumping

    /// Selects `day`'s first item and shows the whole day (as much as fits, from its top, when
    /// it is taller than the view), unless it is already wholly on screen.
    ///
    /// With `context`, the day is placed below up to that many of the last lines of the day
    /// before (fewer when that day is shorter or the day would no longer fit), so that the reader
    /// sees where the day sits in the stream; it stays so while loads change heights, until the
    /// next move.
    ///
    /// If the destination is already loaded together with its padding, the view scrolls there
    /// and, when `animated`, the returned frames show the way. Otherwise the window is rebuilt
    /// around `day` with one load request.
    @discardableResult
    public mutating func jump(to day: Day, animated: Bool = true, context: Int = 0) -> Jump<Content> {
        let target = Selection(day: day, item: layout(of: day).firstItem)
        let destination = showsWhole(day) ? position : dayPosition(context, for: target)
        guard requiredDays(around: visibleRange(at: destination)).isInside(window) else {
            selection = target
            position = clamped(ScrollPosition(day: day))
            showSelectedDay(context: context)
            settle()
            return Jump(kind: .recenter, frames: [], frameInterval: Timeline.smoothScrollDuration)
        }
        let start = position
        selection = target
        let frames = animated ? intermediatePositions(from: start, to: destination) : []
        let screens = frames.map { screen(at: $0) }
        position = destination
        anchor = destination == start ? .selection : .day(context: context)
        settle()
        return Jump(kind: .smooth, frames: screens,
                    frameInterval: Timeline.smoothScrollDuration / (screens.count + 1))
    }

    // MARK: - Resizing and laying out again

    /// Changes the view's size (each raised to 1). Every held day is laid out again at the new
    /// width; the selected meal stays selected and on screen, the view moving as little as
    /// needed from its top day.
    public mutating func resize(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        layOutAgain()
    }

    /// Replaces the layout function, for when something it captured changed (the planner's slot
    /// column after the slots changed). Every held day is laid out again, as for a resize.
    public mutating func replaceLayout(_ layout: @escaping Layout) {
        layoutFunction = layout
        layOutAgain()
    }

    /// Lays out every held day again after the size or the layout function changed. The
    /// selection is a meal, not a screen line: it stays selected, and the view, starting from
    /// its top day, scrolls as little as needed to show it.
    private mutating func layOutAgain() {
        var day = windowStart
        for index in heldDays.indices {
            heldDays[index].layout = layoutFunction(day, heldDays[index].content, self.width)
            day = day.adding(days: 1)
        }
        position = clamped(position)
        selection.item = layout(of: selection.day).validItem(selection.item)
        showSelection()
        settle()
    }
}

extension DayRange {
    /// Whether every day of this range lies in `other`.
    func isInside(_ other: DayRange) -> Bool {
        other.first <= first && last <= other.last
    }
}
