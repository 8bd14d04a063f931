import MealPlanCore
@testable import PlannerUI
import Recurrence
import TerminalKit
import Testing
import TestSupport

/// `?` in a prompt shows that prompt's help over the days, its two lines and what was typed
/// kept; a date prompt's lists the date grammar's forms. Any key but the scrolling ones closes
/// it, the prompt as it was; a paste closes it and goes into the field.
@Suite struct PromptHelpTests {
    /// The text of the help box's rows: what lies between its side borders.
    func boxText(_ lines: [String]) -> [String] {
        lines.compactMap { line -> String? in
            guard let left = line.firstIndex(of: "│"), let right = line.lastIndex(of: "│"), left < right else { return nil }
            return line[line.index(after: left)..<right].trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func questionMarkInADatePromptListsTheDateForms() throws {
        var harness = Harness(today: saturday, size: Size(width: 100, height: 50), meals: sampleMeals)
        harness.press(.character("g"))
        harness.type("tom")
        harness.press(.character("?"))
        #expect(harness.prompt?.helpScroll == 0 && harness.prompt?.editor.text == "tom")
        let lines = harness.lines
        #expect(lines[0...].contains { $0.contains("┌─ Go to ") })
        let text = boxText(lines)
        let dates = DateInput.forms(weekStart: .monday).map { $0.meaning.isEmpty ? $0.example : "\($0.example): \($0.meaning)" }
        let start = try #require(text.firstIndex(of: "Dates"))
        #expect(Array(text[(start + 1)...].prefix(dates.count)) == dates)
        #expect(text.contains { $0.hasPrefix("Esc ") && $0.hasSuffix(" cancels the whole prompt, nothing saved") })
        #expect(text.last == "j k scroll · any other key: back to the prompt")
        // The prompt's two lines stay below the box.
        #expect(lines[49].hasPrefix("Go to: tom"))
        // Any other key closes the help and is not typed; the prompt goes on.
        harness.press(.character("x"))
        #expect(harness.prompt?.helpScroll == nil && harness.prompt?.editor.text == "tom")
        harness.type("orrow")
        harness.press(.enter)
        #expect(harness.state.mode == .browsing && harness.state.timeline.selection.day == saturday.adding(days: 1))
    }

    @Test func escClosesTheHelpAndThenCancelsThePrompt() {
        var harness = Harness(today: saturday, size: Size(width: 80, height: 50), meals: sampleMeals)
        harness.press(.character("m"), .character("?"))
        #expect(boxText(harness.lines).contains("+3, +2w, +1m, +1y, fri count from the meal's day"))
        harness.press(.escape)
        #expect(harness.prompt != nil && harness.prompt?.helpScroll == nil)
        harness.press(.escape)
        #expect(harness.state.mode == .browsing)
    }

    /// In a title `?` is text once something is typed; in an empty title it shows the help,
    /// which has no dates.
    @Test func aTitleTakesAQuestionMarkOnceTyped() {
        var harness = Harness(today: saturday, size: Size(width: 80, height: 24), meals: sampleMeals)
        harness.press(.character("a"), .enter, .character("?"))
        #expect(harness.prompt?.helpScroll == 0)
        #expect(!boxText(harness.lines).contains("Dates"))
        harness.press(.character("?"))
        harness.type("Tacos?")
        #expect(harness.prompt?.editor.text == "Tacos?" && harness.prompt?.helpScroll == nil)
    }

    /// Scrolling stays inside the help; a resize while it is open draws it within the new
    /// size, the prompt below; a paste closes it and goes into the field.
    @Test func theHelpScrollsFitsAResizeAndGivesWayToAPaste() {
        var harness = Harness(today: saturday, size: Size(width: 53, height: 17), meals: sampleMeals)
        harness.press(.character("g"), .character("?"))
        for _ in 0..<100 { harness.press(.character("j")) }
        let scrolled = harness.prompt?.helpScroll ?? 0
        #expect(scrolled > 0)
        #expect(boxText(harness.lines).last == "j k scroll · any other key: back to the prompt")
        harness.send(.event(.resize(width: 40, height: 10)))
        let lines = harness.lines
        #expect(lines.count == 10 && lines.allSatisfy { $0.terminalWidth == 40 })
        #expect(lines[9].hasPrefix("Go to:"))
        #expect(!lines[8].contains("│") && !lines[9].contains("│"))
        harness.send(.event(.paste("next month")))
        #expect(harness.prompt?.helpScroll == nil && harness.prompt?.editor.text == "next month")
        harness.press(.enter)
        #expect(harness.state.timeline.selection.day == Day(year: 2026, month: 3, day: 1)!)
    }

    /// A question answered by a key shows its answers.
    @Test func aQuestionShowsItsAnswers() throws {
        var harness = Harness(today: saturday, size: Size(width: 80, height: 24),
                              rules: [(try RepeatRule(firstDay: saturday, every: "day"), Meal(day: saturday, slot: "dinner", title: "Stew"))])
        harness.press(.character("d"))
        let answers = try #require(harness.prompt?.body.answers)
        harness.press(.character("?"))
        #expect(harness.prompt?.helpScroll == 0)
        let text = boxText(harness.lines)
        #expect(!text.contains("Keys"))
        harness.press(.character("q"))
        #expect(harness.prompt?.body.answers == answers)
    }
}
