import Foundation
import MealPlanCore
@testable import PlannerUI
import TerminalKit
import Testing

@Suite struct KeyMapTests {
    /// The keys the planner promises, written out independently of the key map.
    static let required: [(Key, Command)] = [
        (.character("j"), .moveDown), (.down, .moveDown), (.character("k"), .moveUp), (.up, .moveUp),
        (.character("J"), .nextDay), (.character("K"), .previousDay),
        (.character("l"), .nextDay), (.right, .nextDay), (.character("h"), .previousDay), (.left, .previousDay),
        (.pageDown, .pageDown), (.character(" "), .pageDown), (.control("f"), .pageDown),
        (.pageUp, .pageUp), (.control("b"), .pageUp),
        (.control("e"), .scrollDown), (.control("y"), .scrollUp),
        (.character("]"), .weekForward), (.character("["), .weekBack),
        (.character("t"), .today), (.character("g"), .goToDate),
        (.character("a"), .addMeal), (.character("e"), .editMeal), (.enter, .editMeal),
        (.character("d"), .deleteMeal), (.character("u"), .undo), (.control("r"), .redo),
        (.character("y"), .copyMeal), (.character("p"), .pasteMeal), (.character("m"), .moveMeal),
        (.character("Y"), .copyDay), (.character("P"), .pasteDay), (.character("x"), .repeatMeal),
        (.character("c"), .cycleStatus), (.character("L"), .planLeftovers),
        (.character("v"), .markDays), (.character("T"), .saveTemplate), (.character("A"), .applyTemplate),
        (.character("/"), .search), (.character("n"), .nextMatch), (.character("N"), .previousMatch),
        (.character("o"), .readNote), (.character("E"), .editNoteInEditor),
        (.character("r"), .readRecipe), (.character("R"), .editRecipe), (.character("s"), .shoppingList), (.character("S"), .shoppingListForDays), (.character("F"), .nutrition), (.character("W"), .printDays),
        (.character("+"), .moreServings), (.character("-"), .fewerServings),
        (.character("C"), .sync), (.character("!"), .listConflicts), (.character("?"), .help), (.control("z"), .suspend), (.character("q"), .quit), (.control("c"), .quit),
        (.control("l"), .redraw),
    ]

    @Test(arguments: required.indices)
    func requiredKeyIsBound(index: Int) {
        let (key, command) = Self.required[index]
        #expect(KeyMap.standard.command(for: key) == command, "\(key)")
    }

    @Test func nothingElseIsBound() {
        let bound = KeyMap.standard.bindings.flatMap(\.keys)
        #expect(bound.count == Self.required.count)
    }

    /// The keys the prompts promise beside the line editor's, by section of the key reference
    /// (their tables are the prompts' own): Ctrl-P in a title, and the pantry list's keys.
    static let requiredInPrompts: [(section: String, keys: [String], text: String)] = [
        ("In a prompt", ["Ctrl-P"], "lists what the pantry can make"),
        ("In a prompt", ["?"], "shows the prompt's help"),
        ("What the pantry can make (Ctrl-P)", ["↓"], "next recipe"),
        ("What the pantry can make (Ctrl-P)", ["↑"], "previous recipe"),
        ("What the pantry can make (Ctrl-P)", ["PgDn"], "a page more"),
        ("What the pantry can make (Ctrl-P)", ["PgUp"], "a page back"),
        ("What the pantry can make (Ctrl-P)", ["Tab"], "expiring first, or most held first"),
    ]

    @Test(arguments: requiredInPrompts.indices)
    func requiredPromptKeyIsListed(index: Int) {
        let (section, keys, text) = Self.requiredInPrompts[index]
        let rows = KeyReference.sections().first { $0.heading == section }?.rows ?? []
        #expect(rows.contains { $0.keys == keys && $0.text == text }, "\(keys) in \(section)")
    }

    @Test func keysAreNamedAsTheHelpShowsThem() {
        #expect(KeyMap.standard.keyNames(for: .pageDown) == "PgDn Space Ctrl-F")
        #expect(KeyMap.standard.keyNames(for: .moveDown) == "j ↓")
        #expect(KeyMap.standard.keyNames(for: .editMeal) == "e Enter")
        #expect(Key.function(5).helpName == "F5")
    }
}

@Suite struct HelpTests {
    /// A row of the help box at 80×24, which is 57 columns wide (the widest row is the
    /// prompt's "deletes the word before the cursor" beside the key column): a heading, or keys
    /// and text.
    private func row(_ keys: String, _ text: String) -> String {
        let content = keys.isEmpty ? text : keys.padding(toLength: 19, withPad: " ", startingAt: 0) + text
        return "│ " + line(content, 53) + " │"
    }

    /// Columns 11 ..< 68 of each line: the box, without the timeline around it.
    private func box(_ lines: [String]) -> [String] {
        lines.map { String(Array($0)[11..<68]) }
    }

    @Test func helpOverlayIsGeneratedFromTheKeyMap() {
        var harness = Harness(today: saturday, size: Size(width: 80, height: 24), meals: sampleMeals)
        harness.press(.character("?"))
        let lines = box(harness.lines)
        #expect(lines[0] == "┌─ Keys " + String(repeating: "─", count: 48) + "┐")
        #expect(lines[1] == row("", "Move"))
        #expect(lines[2] == row("j ↓", "next meal"))
        #expect(lines[6] == row("PgDn Space Ctrl-F", "page down"))
        #expect(lines[13] == row("g", "go to a date"))
        #expect(lines[14] == row("", ""))
        #expect(lines[15] == row("", "Change"))
        #expect(lines[20] == row("y", "copy the selected meal"))
        // More lines below: the bottom border says how to see them.
        #expect(lines[22] == "└" + String(repeating: "─", count: 44) + " j ↓ more ─┘")
        // The timeline shows around the box, and the status line below it.
        #expect(harness.lines[0].hasPrefix("Fri 27 Feb ┌"))
        #expect(harness.lines[23].hasPrefix("Sat 28 Feb 2026"))
        let buffer = harness.render().buffer
        #expect(buffer[13, 2].style == Style(foreground: .yellow, bold: true))
        #expect(buffer[13, 1].style == Style(bold: true))
        #expect(harness.render(colors: false).buffer[13, 2].style == Style(bold: true))
    }

    /// The date forms name the household's week start, whichever day it is.
    @Test(arguments: Weekday.allCases)
    func theDateFormsNameTheWeekStart(weekStart: Weekday) throws {
        var harness = Harness(today: saturday, weekStart: weekStart, size: Size(width: 80, height: 24), meals: sampleMeals)
        harness.press(.character("?"))
        // The date forms are at the end.
        for _ in 0..<120 { harness.press(.character("j")) }
        let lines = box(harness.lines)
        let week = try #require(lines.firstIndex(of: row("", "this-week next-week last-week: its \(weekStart.name)")))
        #expect(lines[week - 1] == row("", "this/next/last fri: Friday of that week"))
    }

    @Test func helpScrollsToItsEndAndNoFurther() {
        var harness = Harness(today: saturday, size: Size(width: 80, height: 24), meals: sampleMeals)
        harness.press(.character("?"))
        for _ in 0..<200 { harness.press(.character("j")) }
        // The overlay ends with the marks the days show, then the date forms `g` and `m` take, one a
        // line, the note on `m`'s offsets, and the footer: 19 lines after the marks.
        let rowsAfterMarks = 1 + 1 + DateInput.forms(weekStart: .monday).count + 1 + 1 + 1
        #expect(rowsAfterMarks == 19)
        guard case .help(let scroll) = harness.state.mode else {
            Issue.record("help closed")
            return
        }
        let lines = box(harness.lines)
        // The last two marks fill the box's top, below its border, then the dates.
        #expect(Array(lines[1...2]) == [row("✗", "skipped, its title dim"), row(DayBlock.leftoversMark, "leftovers, from the meal named")])
        #expect(lines[3] == row("", ""))
        #expect(lines[4] == row("", "Dates (g, m)"))
        #expect(lines[5] == row("", "2027-03-15: that date"))
        #expect(lines[6] == row("", "today tomorrow yesterday"))
        #expect(Array(lines[7...18]) == DateInput.forms(weekStart: .monday).dropFirst(2).map { row("", "\($0.example): \($0.meaning)") })
        #expect(lines[19] == row("", "m counts +3, +2w, +1m, fri from the meal's day"))
        #expect(lines[20] == row("", ""))
        #expect(lines[21] == row("", "mouse wheel scrolls the days · Esc closes"))
        #expect(lines[22].hasPrefix("└") && !lines[22].contains("more"), "nothing hidden below")
        // One more line down changes nothing: the end is reached.
        harness.press(.character("j"))
        #expect(harness.state.mode == .help(scroll: scroll))
        // A page is the box's 21 lines; enough pages up reach the top and stop there.
        for _ in 0...(scroll / 21) { harness.press(.pageUp) }
        #expect(harness.state.mode == .help(scroll: 0))
    }

    @Test func anyOtherKeyClosesHelpWithoutActing() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("?"), .character("d"))
        #expect(harness.state.mode == .browsing)
        #expect(harness.meals.count == 3)
        harness.press(.character("?"), .character("?"))
        #expect(harness.state.mode == .browsing)
    }

    @Test func at53ColumnsDescriptionsThatDoNotFitWrapInTheirColumn() {
        var harness = Harness(today: saturday, size: Size(width: 53, height: 17), meals: sampleMeals)
        harness.press(.character("?"))
        // The box takes the whole screen but the status line: 49 columns inside, 19 for the
        // keys, 30 for the descriptions; a longer one goes on below, in its column.
        func row(_ keys: String, _ text: String) -> String {
            "│ " + line(keys.padding(toLength: keys.isEmpty ? 0 : 19, withPad: " ", startingAt: 0) + text, 49) + " │"
        }
        func continued(_ text: String) -> String { "│ " + line(String(repeating: " ", count: 19) + text, 49) + " │" }
        let top = [
            "┌─ Keys " + String(repeating: "─", count: 44) + "┐",
            row("", "Move"),
            row("j ↓", "next meal"),
            row("k ↑", "previous meal"),
            row("J l →", "next day"),
            row("K h ←", "previous day"),
            row("PgDn Space Ctrl-F", "page down"),
            row("PgUp Ctrl-B", "page up"),
            row("Ctrl-E", "scroll down, keep the"),
            continued("selection"),
            row("Ctrl-Y", "scroll up, keep the selection"),
            row("]", "a week forward"),
            row("[", "a week back"),
            row("t", "today"),
            row("g", "go to a date"),
            "└" + String(repeating: "─", count: 40) + " j ↓ more ─┘",
            line("Sat 28 Feb 2026", 47) + "? help",
        ]
        #expect(harness.lines == top)
        // Scrolled by 10 rows: the Change section's heading is on row 6 (a blank row before it),
        // and `m`'s 32 columns go on below it.
        for _ in 0..<10 { harness.press(.character("j")) }
        #expect(harness.lines[6] == row("", "Change"))
        #expect(harness.lines[9] == row("d", "delete the selected meal"))
        #expect(harness.lines[10] == row("m", "move the selected meal to a"))
        #expect(harness.lines[11] == continued("date"))
        #expect(!harness.lines.contains { $0.contains("…") }, "nothing is cut")
    }

    @Test func at20By5EachBindingIsOneLineOrTwo() {
        var harness = Harness(today: saturday, size: Size(width: 20, height: 5), meals: sampleMeals)
        harness.press(.character("?"))
        // 16 columns inside: no room for the aligned key column; a description goes beside its
        // keys when both fit, else indented below them.
        #expect(harness.lines == [
            "┌─ Keys ───────────┐",
            "│ Move             │",
            "│ j ↓ next meal    │",
            "└─────── j ↓ more ─┘",
            "Sat 28 Feb 2026     ",
        ])
        harness.press(.character("j"), .character("j"))
        #expect(harness.lines[1...2] == ["│ k ↑              │", "│   previous meal  │"])
        for _ in 0..<5 { harness.press(.character("j")) }
        #expect(harness.lines[1...2] == ["│ PgDn Space Ctrl… │", "│   page down      │"])
        let buffer = harness.render().buffer
        #expect(buffer[2, 1].style == Style(foreground: .yellow, bold: true))
        #expect(buffer[4, 2].style == .plain)
    }
}
