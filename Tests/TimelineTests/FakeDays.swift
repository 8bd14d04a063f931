import MealPlanCore
import Timeline
import TestSupport

/// A stand-in for the planner's day content: the lengths of a day's meal titles (0–12 meals,
/// titles up to 300 characters), derived from the day and its edit count, which it carries so
/// that tests can tell cheaply which version of which day is shown.
struct FakeDay: Hashable, Sendable {
    let day: Day
    let edits: UInt64
    let titleLengths: [Int]
}

/// The fake data source: deterministic per day, with an edit count per day so that tests can
/// change a day's meals and check that the timeline shows the new ones.
struct FakeDays: Sendable {
    private var edits: [Day: UInt64] = [:]

    func content(of day: Day) -> FakeDay {
        let edits = edits(of: day)
        var generator = SeededGenerator(seed: UInt64(bitPattern: Int64(day.number)) &* 31 &+ edits)
        let count = Int(generator.next() % 13)
        return FakeDay(day: day, edits: edits, titleLengths: (0..<count).map { _ in
            // Mostly short titles, some very long ones.
            generator.next() % 4 == 0 ? 1 + Int(generator.next() % 300) : 1 + Int(generator.next() % 40)
        })
    }

    /// How often `day` was edited: which version of it is current.
    func edits(of day: Day) -> UInt64 {
        edits[day] ?? 0
    }

    /// Changes the meals of `day`.
    mutating func edit(_ day: Day) {
        edits[day, default: 0] += 1
    }

    /// Lays out a day like the planner does: a header line, then each title wrapped at `width`
    /// columns; an empty day shows one "no meals" line, a day not loaded yet one "loading" line.
    static let layout: Timeline<FakeDay>.Layout = { _, content, width in
        layout(titleLengths: content?.titleLengths, width: width)
    }

    /// The block of a day whose titles have these lengths (`nil`: not loaded yet).
    static func layout(titleLengths: [Int]?, width: Int) -> DayLayout {
        guard let titleLengths, !titleLengths.isEmpty else { return DayLayout(height: 2) }
        var items: [Range<Int>] = []
        var line = 1
        for length in titleLengths {
            let lines = (length + width - 1) / width
            items.append(line..<(line + lines))
            line += lines
        }
        return DayLayout(height: line, items: items)
    }
}

