import MealPlanCore

/// How one day's block looks at the current width: how many lines it takes and where its
/// selectable items (meals) sit inside it.
///
/// The engine cannot measure text itself (it knows no terminal), so the caller's layout function
/// produces these; heights therefore follow the caller's wrapping exactly.
public struct DayLayout: Hashable, Sendable {
    /// Lines the block takes; at least 1.
    public let height: Int
    /// The lines of each selectable item inside the block, top to bottom, relative to the block's
    /// first line. Empty for a day with nothing to select (the day itself is then the selection).
    public let items: [Range<Int>]

    /// A layout of `height` lines (raised to 1) whose `items` are clipped to the block; items
    /// that fall entirely outside it are dropped. Items must be given top to bottom.
    public init(height: Int, items: [Range<Int>] = []) {
        let height = max(1, height)
        self.height = height
        self.items = items.compactMap { item in
            let clipped = item.clamped(to: 0..<height)
            return clipped.isEmpty ? nil : clipped
        }
    }

    /// The lines the selection `item` covers: the item's lines, or the whole block when the
    /// selection is the day itself.
    public func lines(of item: Int?) -> Range<Int> {
        guard let item, items.indices.contains(item) else { return 0..<height }
        return items[item]
    }

    /// The indices of the items covering any of `lines`, found by bisection: a day of
    /// thousands of meals costs no more to draw or search on screen than a short one.
    public func items(overlapping lines: Range<Int>) -> Range<Int> {
        let start = firstItem { $0.upperBound > lines.lowerBound }
        let end = firstItem { $0.lowerBound >= lines.upperBound }
        return start..<max(start, end)
    }

    /// The index of the first item for which `isPast` holds (`items.count` if none), given that
    /// it holds for every item after it.
    private func firstItem(where isPast: (Range<Int>) -> Bool) -> Int {
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(items[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The item to select when arriving at this day: its first one, or the day itself.
    var firstItem: Int? { items.isEmpty ? nil : 0 }

    /// The item to select when arriving at this day from below.
    var lastItem: Int? { items.isEmpty ? nil : items.count - 1 }

    /// `item` made valid for this layout: `nil` exactly when there are no items.
    func validItem(_ item: Int?) -> Int? {
        guard !items.isEmpty else { return nil }
        return min(max(item ?? 0, 0), items.count - 1)
    }
}

/// A place in the endless list: a day and a line inside that day's block.
///
/// Never an absolute line number: the lines before a day are unknowable without measuring every
/// earlier day, so positions are always relative to a day.
public struct ScrollPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var day: Day
    /// The block's line shown at the top of the view; `0 ..< layout.height`.
    public var line: Int

    public init(day: Day, line: Int = 0) {
        self.day = day
        self.line = line
    }

    public static func < (lhs: ScrollPosition, rhs: ScrollPosition) -> Bool {
        (lhs.day, lhs.line) < (rhs.day, rhs.line)
    }

    public var description: String { "\(day.iso)+\(line)" }
}

/// What the user has selected: an item (meal) of a day, or the day itself when it has none.
public struct Selection: Hashable, Sendable, CustomStringConvertible {
    public var day: Day
    /// Index into the day's `DayLayout.items`; `nil` selects the day itself.
    public var item: Int?

    public init(day: Day, item: Int? = nil) {
        self.day = day
        self.item = item
    }

    public var description: String { item.map { "\(day.iso)#\($0)" } ?? day.iso }
}

/// A request for the contents of a run of days, to be answered with `Timeline.didLoad`.
///
/// The `id` lets the timeline ignore an answer that was overtaken (the days left the window, or
/// were invalidated again, before it arrived).
public struct LoadRequest: Hashable, Sendable, CustomStringConvertible {
    public let id: Int
    public let days: DayRange

    public init(id: Int, days: DayRange) {
        self.id = id
        self.days = days
    }

    public var description: String { "load #\(id) \(days)" }
}
