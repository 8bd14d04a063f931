/// When a progress line is drawn, and the exact text that draws it: nothing for small jobs
/// (too few rows, or over before `delay`), at most one redraw per `interval` for big ones, and a last line ended by a newline so that
/// whatever is printed next (a summary, an error) starts on a clean line. Time is passed in,
/// so throttling is tested without a clock.
public struct ProgressDisplay: Sendable {
    /// Jobs are silent until this many rows are done: a job of fewer rows ends before a bar
    /// would mean anything.
    public let threshold: Int
    /// The least time between two redraws.
    public let interval: Double
    /// Jobs are silent for this many seconds too: a job whose rows each take long (a template
    /// laid down a thousand times) is shown once it has run that long, whatever its count.
    public let delay: Double
    /// When the line was last drawn, if it was.
    private var lastDraw: Double?

    public init(threshold: Int = 50_000, interval: Double = 0.1, delay: Double = 0) {
        self.threshold = threshold
        self.interval = interval
        self.delay = delay
    }

    /// Whether anything was drawn, and so the job's end must be drawn too.
    public var isShown: Bool { lastDraw != nil }

    /// The text that redraws `line` in `width` columns (carriage return, the line, erase the
    /// rest of the old one), or `nil` when the job is still below the threshold or the last
    /// redraw is more recent than `interval`.
    public mutating func update(_ line: ProgressLine, width: Int) -> String? {
        guard isDue(done: line.done, elapsed: line.elapsed) else { return nil }
        return "\r" + line.rendered(width: width) + "\u{1B}[K"
    }

    /// Whether a job `elapsed` seconds in, `done` rows done, is drawn now (past the threshold
    /// and the delay, and `interval` after the last draw); if so it counts as drawn. For a
    /// progress shown elsewhere than a line of its own (the planner's status line).
    public mutating func isDue(done: Int, elapsed: Double) -> Bool {
        guard done >= threshold, elapsed >= delay else { return false }
        if let lastDraw, elapsed - lastDraw < interval { return false }
        lastDraw = elapsed
        return true
    }

    /// The last text of a job: its final line and a newline if the line was ever shown (or the
    /// finished job reached the threshold), else `nil`. Pass `line` with `finished` set for a
    /// job that succeeded; a failed job keeps the count it reached.
    public mutating func end(_ line: ProgressLine, width: Int) -> String? {
        guard isShown || (line.finished && line.done >= threshold && line.elapsed >= delay) else { return nil }
        lastDraw = nil
        return "\r" + line.rendered(width: width) + "\u{1B}[K\n"
    }

    /// `duration` in seconds, as a job's `elapsed` time is given.
    public static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The text that takes a shown line away (carriage return, erase the line), for a job whose
    /// work was undone: a count left on screen would read as done. `nil` if nothing was shown.
    public mutating func erase() -> String? {
        guard isShown else { return nil }
        lastDraw = nil
        return "\r\u{1B}[K"
    }
}
