import MealPlanCore
import Timeline

/// A stand-in for the planner's day content: meal titles whose count (0–12) and lengths are
/// derived from the day number and a per-day version, so tests can change a day's meals.
struct FakeDay: Hashable, Sendable {
    let titles: [String]
}

/// Generates deterministic fake days and lays them out like the planner will: a header line,
/// then each title wrapped at the width (one "no meals" line for an empty day).
struct FakeDays: Sendable {
    /// Added to a day's seed; bump it in a copy to simulate edited meals.
    var versions: [Day: Int] = [:]

    func content(of day: Day) -> FakeDay {
        var generator = SplitMix64(seed: UInt64(bitPattern: Int64(day.number)) &+ UInt64(versions[day] ?? 0) &* 7919)
        let count = Int(generator.next() % 13)
        let titles = (0..<count).map { index in
            let length = 1 + Int(generator.next() % 120)
            return String(repeating: Character(UnicodeScalar(UInt8(97 + index))), count: length)
        }
        return FakeDay(titles: titles)
    }

    /// The layout function: header, then each title wrapped to `width` columns.
    static let layout: Timeline<FakeDay>.Layout = { _, content, width in
        guard let content else { return DayLayout(height: 2) }
        guard !content.titles.isEmpty else { return DayLayout(height: 2) }
        var items: [Range<Int>] = []
        var line = 1
        for title in content.titles {
            let lines = (title.count + width - 1) / width
            items.append(line..<(line + lines))
            line += lines
        }
        return DayLayout(height: line, items: items)
    }
}

/// A small, fast, seedable random number generator (SplitMix64), so failures replay exactly.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
