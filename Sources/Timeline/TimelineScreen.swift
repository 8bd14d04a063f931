import MealPlanCore

/// One day as it appears on screen: which of its block's lines are shown, and where.
///
/// The first and last visible days are usually cut: `firstLine` and `lineCount` say which part of
/// the block to draw.
public struct VisibleDay<Content> {
    public let day: Day
    /// The day's content, or `nil` when it has not been loaded yet (draw a placeholder).
    public let content: Content?
    /// `true` while a load for this day is outstanding (the content, if any, is stale).
    public let isLoading: Bool
    public let layout: DayLayout
    /// The screen line where the shown part starts.
    public let screenLine: Int
    /// The block line shown at `screenLine`.
    public let firstLine: Int
    /// How many of the block's lines are shown.
    public let lineCount: Int

    /// The block lines on screen, `firstLine ..< firstLine + lineCount`.
    public var shownLines: Range<Int> { firstLine..<(firstLine + lineCount) }
}

extension VisibleDay: Sendable where Content: Sendable {}
extension VisibleDay: Equatable where Content: Equatable {}

/// Everything a renderer needs to draw the timeline: the days on screen and the selection.
public struct TimelineScreen<Content> {
    public let width: Int
    public let height: Int
    /// The days on screen, top to bottom, covering screen lines `0 ..< height` (fewer only past
    /// 9999-12-31, where the rest of the screen is blank).
    public let days: [VisibleDay<Content>]
    public let selection: Selection
    /// The screen lines the selection covers, clipped to the screen; `nil` when it is off screen.
    public let selectedLines: Range<Int>?

    /// The visible days as a range.
    public var dayRange: DayRange { DayRange(days.first!.day, days.last!.day) }
}

extension TimelineScreen: Sendable where Content: Sendable {}
extension TimelineScreen: Equatable where Content: Equatable {}

/// The result of `Timeline.jump(to:animated:)`.
public struct Jump<Content> {
    /// How the jump was carried out.
    public enum Kind: Hashable, Sendable {
        /// The destination was already loaded (with its padding): the view scrolls there and
        /// nothing is loaded.
        case smooth
        /// The destination was not loaded: the window is rebuilt around the target day, which is
        /// put at the top of the view, with exactly one load request.
        case recenter
    }

    public let kind: Kind
    /// Intermediate screens to show, in order, before the timeline's own screen, each for
    /// `frameInterval`; empty for a recenter or when motion is off.
    public let frames: [TimelineScreen<Content>]
    /// How long each frame (and then the final screen) stays up: all of them fit in 150 ms.
    public let frameInterval: Duration
}

extension Jump: Sendable where Content: Sendable {}
