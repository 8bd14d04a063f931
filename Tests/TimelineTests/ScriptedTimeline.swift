import MealPlanCore
@testable import Timeline

/// A timeline whose days hold the lengths of their meal titles, chosen by each test, with
/// every load answered at once unless the test takes the requests itself.
struct ScriptedTimeline {
    var timeline: Timeline<[Int]>
    /// The meals of each day, as title lengths; days not listed have `defaultMeals`.
    var meals: [Day: [Int]] = [:]
    var defaultMeals: [Int]

    init(width: Int, height: Int, selecting day: Day, meals: [Day: [Int]] = [:], defaultMeals: [Int] = []) {
        timeline = Timeline(width: width, height: height, selecting: day) { _, titles, width in
            FakeDays.layout(titleLengths: titles, width: width)
        }
        self.meals = meals
        self.defaultMeals = defaultMeals
        answerAll()
    }

    /// Applies `operation`, answers every load it causes, and returns those loads.
    @discardableResult
    mutating func run(_ operation: (inout Timeline<[Int]>) -> Void) -> [LoadRequest] {
        operation(&timeline)
        return answerAll()
    }

    @discardableResult
    mutating func answerAll() -> [LoadRequest] {
        var answered: [LoadRequest] = []
        while case let requests = timeline.takeLoadRequests(), !requests.isEmpty {
            for request in requests {
                answer(request)
            }
            answered += requests
        }
        return answered
    }

    mutating func answer(_ request: LoadRequest) {
        let meals = self.meals
        let defaultMeals = self.defaultMeals
        timeline.didLoad(request) { meals[$0] ?? defaultMeals }
    }

    /// The screen as "day firstLine+lineCount@screenLine" rows, for readable expectations.
    var rows: [String] {
        timeline.screen.days.map { "\($0.day.iso) \($0.firstLine)+\($0.lineCount)@\($0.screenLine)" }
    }
}

extension Day {
    static let today = Day(year: 2026, month: 11, day: 21)!

    /// `days` after (negative: before) this day.
    static func + (day: Day, days: Int) -> Day { day.adding(days: days) }
}
