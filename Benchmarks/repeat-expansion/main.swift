// Times expanding a repeating meal's rule into a 5-week window, for the same rule begun the day
// before the window and begun in the year 1 (or as early as its date allows): the two costs
// must be the same, since the expansion never walks from the first day.
//
//   swift run -c release repeat-expansion [EXPANSIONS]   (default 200000 per rule)
import MealPlanCore
import Recurrence

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
}

let expansions = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 200_000
let window = DayRange(start: Day(year: 2026, month: 12, day: 1)!, count: 35)
let yesterday = window.first.adding(days: -1)

/// Each rule as the command line gives it, with its recent and its ancient first day.
let cases: [(every: String, on: String?, count: Int?, recent: Day, ancient: Day)] = [
    ("day", nil, nil, yesterday, .first),
    ("2w", "mon,thu", nil, yesterday, .first),
    ("month", "31", 1_000_000, yesterday, .first),
    ("month", "last-fri", nil, yesterday, .first),
    ("month", "5fri", 1_000_000, yesterday, .first),
    // Counting fifth weekdays every 2nd month or more walks one 400-year cycle (see PeriodCount).
    ("2m", "5fri", 1_000_000, yesterday, .first),
    ("year", nil, 1_000_000, Day(year: 2024, month: 2, day: 29)!, Day(year: 4, month: 2, day: 29)!),
]

print(padded("rule (window: 35 days from \(window.first.iso))", 46) + padded("began \(yesterday.iso)", 17) + "began in year 1–4")
let clock = ContinuousClock()
var checksum = 0
for rule in cases {
    var perExpansion: [Double] = []
    for first in [rule.recent, rule.ancient] {
        let repeating = try RepeatRule(firstDay: first, every: rule.every, on: rule.on, count: rule.count)
        let elapsed = clock.measure {
            for _ in 0..<expansions { checksum &+= repeating.occurrences(in: window).count }
        }
        perExpansion.append(seconds(elapsed) / Double(expansions) * 1e9)
    }
    let name = try RepeatRule(firstDay: rule.recent, every: rule.every, on: rule.on, count: rule.count).description
    let figures = perExpansion.map { "\(Int($0.rounded())) ns" }
    print(padded(name, 46) + padded(figures[0], 17) + figures[1])
}
print("(checksum \(checksum))")
