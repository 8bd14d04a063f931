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
        guard line.done >= threshold, line.elapsed >= delay else { return nil }
        if let lastDraw, line.elapsed - lastDraw < interval { return nil }
        lastDraw = line.elapsed
        return "\r" + line.rendered(width: width) + "\u{1B}[K"
    }

    /// The last text of a job: its final line and a newline if the line was ever shown (or the
    /// finished job reached the threshold), else `nil`. Pass `line` with `finished` set for a
    /// job that succeeded; a failed job keeps the count it reached.
    public mutating func end(_ line: ProgressLine, width: Int) -> String? {
        guard isShown || (line.finished && line.done >= threshold && line.elapsed >= delay) else { return nil }
        lastDraw = nil
        return "\r" + line.rendered(width: width) + "\u{1B}[K\n"
    }

    /// The text that takes a shown line away (carriage return, erase the line), for a job whose
    /// work was undone: a count left on screen would read as done. `nil` if nothing was shown.
    public mutating func erase() -> String? {
        guard isShown else { return nil }
        lastDraw = nil
        return "\r\u{1B}[K"
    }
}
