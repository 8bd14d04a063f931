import MealPlanCore
import PlannerUI
import TerminalKit
import Testing

/// Notes are read whole with `o` and edited in the user's editor with `E`.
@Suite struct NoteTests {
    static let note = "Marinate the night before with garlic and rosemary.\n\nRoast slowly for four hours, covered."
    let stew = Meal(day: saturday, slot: "dinner", title: "Stew", note: note)

    /// A planner on Saturday with the stew as its only meal, selected.
    func planner(width: Int = 40, height: Int = 12) -> Harness {
        Harness(today: saturday, size: Size(width: width, height: height), meals: [stew])
    }

    /// The note view's lines at `width`×`height`, derived from its parts: the heading, the
    /// note wrapped with a column of margin (the lines from `first` on), blank rows, the keys.
    func expectedLines(width: Int, height: Int, first: Int = 0, footer: String) -> [String] {
        let wrapped = Self.note.wrapped(toWidth: width - 2)
        let body = wrapped.dropFirst(first).prefix(height - 2).map { " " + $0 }
        let rows = ["Sat 28 Feb 2026 · dinner · Stew"] + body
            + Array(repeating: "", count: height - 2 - body.count) + [footer]
        return rows.map { $0.padded(toWidth: width) }
    }

    @Test func oShowsTheWholeNoteWrappedAndEscClosesIt() {
        var harness = planner()
        harness.press(.character("o"))
        #expect(harness.lines == expectedLines(width: 40, height: 12, footer: "j ↓ more · k ↑ back · Esc closes"))
        harness.press(.escape)
        #expect(harness.state.mode == .browsing)
    }

    @Test func aLongNoteScrollsToItsEndAndNoFurther() {
        var harness = planner(width: 30, height: 6)
        harness.press(.character("o"))
        let count = Self.note.wrapped(toWidth: 28).count
        for _ in 0..<20 { harness.press(.character("j")) }
        let last = count - 4
        #expect(harness.state.mode == .note(stew.stored(id: 1, in: harness), scroll: last))
        #expect(harness.lines == expectedLines(width: 30, height: 6, first: last,
                                               footer: "lines \(last + 1)–\(count) of \(count) · j ↓ more · k ↑ back · Esc closes"
                                                   .truncated(toWidth: 30)))
        harness.press(.pageUp)
        #expect(harness.state.mode == .note(stew.stored(id: 1, in: harness), scroll: 0))
    }

    @Test func onAWideScreenTheNoteKeepsAReadableWidth() {
        let long = String(repeating: "simmer gently ", count: 20)
        var harness = Harness(today: saturday, size: Size(width: 120, height: 12),
                              meals: [Meal(day: saturday, slot: "dinner", title: "Stew", note: long)])
        harness.press(.character("o"))
        let body = harness.lines[1...].prefix { !$0.allSatisfy { $0 == " " } }
        #expect(body.map { $0.trimmingTrailingSpaces } == long.wrapped(toWidth: 76).map { " " + $0 })
    }

    @Test func aMealWithoutANoteSaysHowToWriteOne() {
        var harness = Harness(today: saturday, meals: [Meal(day: saturday, slot: "lunch", title: "Soup")])
        harness.press(.character("o"))
        #expect(harness.state.mode == .browsing)
        #expect(harness.state.message == StatusMessage("'Soup' has no note; E writes one in your editor"))
    }

    @Test func eAsksTheLoopForTheEditorAndItsTextIsSavedAndUndoable() {
        var harness = planner()
        harness.press(.character("E"))
        let stored = stew.stored(id: 1, in: harness)
        #expect(harness.effects.last == .editNote(stored))
        harness.send(.noteEdited(stored, text: "Two hours will do.\nServe with bread.\n"))
        #expect(harness.meals[1]?.note == "Two hours will do.\nServe with bread.")
        #expect(harness.state.message == StatusMessage("Saved the note of 'Stew'; u undoes"))
        harness.press(.character("u"))
        #expect(harness.meals[1]?.note == Self.note)
    }

    @Test func anUnchangedOrFailedEditSavesNothing() {
        var harness = planner()
        let stored = stew.stored(id: 1, in: harness)
        harness.send(.noteEdited(stored, text: Self.note + "\n"))
        #expect(harness.state.message == StatusMessage("No changes"))
        harness.send(.noteEditFailed(stored, message: "the editor (false) exited with status 1"))
        #expect(harness.state.message == StatusMessage("Note not changed: the editor (false) exited with status 1", isError: true))
        #expect(!harness.effects.contains { if case .save = $0 { true } else { false } })
    }

    @Test func ctrlZAsksTheLoopToSuspend() {
        var harness = planner()
        harness.press(.control("z"))
        #expect(harness.effects.last == .suspend)
    }
}

extension Meal {
    /// The meal as the store holds it under `id`, first in its slot.
    /// The meal as the store keeps it under `id`, with the UID it got there.
    func stored(id: Int64, in harness: Harness) -> Meal {
        var meal = self
        meal.id = id
        meal.uid = harness.meals[id]?.uid
        meal.position = 0
        return meal
    }
}

extension String {
    var trimmingTrailingSpaces: String { String(reversed().drop { $0 == " " }.reversed()) }
}
