import MealPlanCore
import Testing
@testable import Timeline

@Test func startsWithOneRequestAroundTheSelectedDay() {
    let today = Day(year: 2026, month: 11, day: 21)!
    var timeline = Timeline<FakeDay>(width: 40, height: 10, selecting: today, layout: FakeDays.layout)
    let requests = timeline.takeLoadRequests()
    #expect(requests.count == 1)
    #expect(requests.first?.days == timeline.window)
    #expect(timeline.window.contains(today.adding(days: -7)))
    #expect(timeline.position == ScrollPosition(day: today))
}
