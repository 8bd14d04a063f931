import MealPlanCore
import Timeline

/// The lines of the days the last frame drew, kept to be drawn again: a key that only moves the
/// selection (`J`, `j`) redraws the same days, and wrapping their titles again was a tenth of
/// what such a key cost (see Benchmarks/repeat-rules.sh).
/// A day's lines are reused only for the same block (day, meals, today, slot column, sources of
/// leftovers), width and shown lines; every other day is laid out as before.
public struct DrawnDays: Sendable {
    struct Entry: Sendable {
        let block: DayBlock
        let width: Int
        let shown: Range<Int>
        let lines: (first: Int, lines: [DayBlock.Line])
    }

    private var entries: [Day: Entry] = [:]
    private var drawing: [Day: Entry] = [:]
    /// How many days the frame being drawn took from the last one.
    private(set) var reused = 0

    public init() {}

    /// `block`'s lines in `shown` at `width`, from the last frame when it drew them alike.
    mutating func lines(of block: DayBlock, _ shown: Range<Int>, width: Int, layout: DayLayout) -> (first: Int, lines: [DayBlock.Line]) {
        if let entry = entries[block.day], entry.width == width, entry.shown == shown, entry.block == block {
            drawing[block.day] = entry
            reused += 1
            return entry.lines
        }
        let lines = block.lines(shown, width: width, layout: layout)
        drawing[block.day] = Entry(block: block, width: width, shown: shown, lines: lines)
        return lines
    }

    /// Ends a frame: only the days it drew are kept for the next.
    mutating func frameDrawn() {
        entries = drawing
        drawing = [:]
    }

    /// Starts a frame.
    mutating func frameStarted() {
        reused = 0
    }
}
