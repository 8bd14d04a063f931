import Benchmark
import MealPlanCore
import Timeline

/// Scrolling, paging and jumping must cost the same however far the view is from where it
/// started, and memory must not grow with the distance scrolled: each operation is measured at
/// 2026-11-21 and 1,000,000 days later, and long scrolls report the largest window they held.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 200
    )

    let start = Day(year: 2026, month: 11, day: 21)!
    let steps: [(name: String, step: (inout Timeline<[String]>) -> Void)] = [
        ("Scroll 1 line", { $0.scroll(byLines: 1) }),
        ("Scroll 1 page", { $0.scroll(byPages: 1) }),
        ("Move selection 1 day", { $0.moveSelection(byDays: 1) }),
    ]
    for distance in [0, 1_000_000] {
        let origin = start.adding(days: distance)
        let label = "at +\(distance.formatted()) days"

        for (name, step) in steps {
            Benchmark("\(name) \(label)") { benchmark in
                var planner = SyntheticPlanner(at: origin)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    planner.run(step)
                }
            }
        }

        Benchmark("Far jump (500,000 days, recentre) \(label)") { benchmark in
            var planner = SyntheticPlanner(at: origin)
            let far = origin.adding(days: 500_000)
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                planner.run { _ = $0.jump(to: iteration.isMultiple(of: 2) ? far : origin) }
            }
        }
    }

    // Memory: the same scroll, 100 times longer, must need the same memory and window.
    for days in [1_000, 100_000] {
        Benchmark("Scroll \(days.formatted()) days one at a time",
                  configuration: .init(
                      metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal, windowDays, loadRequests],
                      scalingFactor: .one,
                      maxIterations: 5)) { benchmark in
            var planner = SyntheticPlanner(at: start)
            var largestWindow = 0
            for _ in 0..<days {
                planner.run { $0.scroll(byDays: 1) }
                largestWindow = max(largestWindow, planner.timeline.window.count)
            }
            benchmark.measurement(windowDays, largestWindow)
            benchmark.measurement(loadRequests, planner.requestsAnswered)
        }
    }
}

let windowDays = BenchmarkMetric.custom("largest window (days)", useScalingFactor: false)
let loadRequests = BenchmarkMetric.custom("load requests", useScalingFactor: false)

/// What the planner's run loop does, with an in-memory data source instead of SQLite: apply an
/// operation, answer its load requests at once, lay days out at 80 columns.
struct SyntheticPlanner {
    var timeline: Timeline<[String]>
    private(set) var requestsAnswered = 0

    init(at day: Day) {
        timeline = Timeline(width: 80, height: 24, selecting: day, layout: SyntheticPlanner.layout)
        answerRequests()
    }

    mutating func run(_ operation: (inout Timeline<[String]>) -> Void) {
        operation(&timeline)
        answerRequests()
    }

    private mutating func answerRequests() {
        for request in timeline.takeLoadRequests() {
            timeline.didLoad(request, content: SyntheticPlanner.meals)
            requestsAnswered += 1
        }
    }

    /// 0–6 meals a day with titles of 8–150 characters, the same for a day every time.
    static func meals(on day: Day) -> [String] {
        var seed = UInt64(bitPattern: Int64(day.number)) &* 0x9E37_79B9_7F4A_7C15
        seed ^= seed >> 29
        let count = Int(seed % 7)
        return (0..<count).map { index in titles[Int((seed >> (8 * UInt64(index))) % UInt64(titles.count))] }
    }

    static let titles = (0..<32).map { index in
        String(repeating: "Pasta al forno ", count: 1 + index % 10).prefix(8 + index * 9).description
    }

    /// A header line, then each title wrapped at the width; an empty or loading day shows one line.
    static let layout: Timeline<[String]>.Layout = { _, meals, width in
        guard let meals, !meals.isEmpty else { return DayLayout(height: 2) }
        var items: [Range<Int>] = []
        var line = 1
        for title in meals {
            let lines = max(1, (title.count + width - 1) / width)
            items.append(line..<(line + lines))
            line += lines
        }
        return DayLayout(height: line, items: items)
    }
}
