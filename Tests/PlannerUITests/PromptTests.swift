import MealPlanCore
import PlannerUI
import TerminalKit
import Testing
import TestSupport
import Timeline

@Suite struct PromptTests {
    @Test func addingAMealAsksSlotTitleAndNoteThenSelectsIt() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("a"))
        // Breakfast is taken and selected: the next free slot after it is proposed.
        #expect(harness.prompt?.editor.text == "lunch")
        #expect(harness.prompt?.isSuggestion == true)
        harness.press(.enter)
        harness.type("Leek soup")
        harness.press(.enter)
        harness.type("the one from Tuesday")
        harness.press(.enter)
        #expect(harness.state.mode == .browsing)
        let added = harness.meals.values.first { $0.title == "Leek soup" }
        #expect(added?.slot == "lunch" && added?.day == saturday && added?.note == "the one from Tuesday")
        #expect(harness.selectedTitle == "Leek soup")
        #expect(harness.state.message == StatusMessage("Added 'Leek soup' to Sat 28 Feb 2026; u undoes"))
        #expect(harness.lines[4] == line("  lunch     Leek soup", 39) + "✎")
        #expect(harness.state.undoStack.count == 1)
    }

    /// A title typed past the field's end scrolls it; a terminal made wide enough shows the
    /// title whole again, from its start, without a key pressed.
    @Test func aWiderTerminalShowsAScrolledFieldWhole() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("a"), .enter)
        let title = "A fairly long title for a meal that goes on and on"
        harness.type(title)
        // 40 columns less "Title: " leave 33, the cursor's among them: the last 32 characters.
        #expect(harness.lines[11] == line("Title: " + String(title.suffix(32))))
        harness.send(.event(.resize(width: 100, height: 12)))
        #expect(harness.lines[11] == line("Title: " + title, 100))
    }

    @Test func ctrlJBreaksTheNotesLineAndTheHintSaysSo() {
        var harness = Harness(today: saturday, size: Size(width: 120, height: 12), meals: sampleMeals)
        harness.press(.character("a"), .enter)
        harness.type("Leek soup")
        // Ctrl-J does nothing in the title, which is one line.
        harness.press(.control("j"), .enter)
        #expect(harness.lines[10] == line(
            "New meal on Sat 28 Feb 2026 · note, optional · Enter saves · Ctrl-J new line · ↑ title · Esc cancels", 120))
        harness.type("leeks")
        harness.press(.control("j"))
        harness.type("butter")
        harness.press(.enter)
        let added = harness.meals.values.first { $0.title == "Leek soup" }
        #expect(added?.note == "leeks\nbutter")
    }

    @Test func aPasteIsTextForTheOpenFieldAndNothingWhileBrowsing() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        let before = harness.meals
        harness.send(.event(.paste("dq\rjd")))
        #expect(harness.meals == before)
        #expect(harness.state.mode == .browsing && !harness.quitRequested)
        #expect(harness.state.message == StatusMessage("A paste goes into a prompt only (a adds a meal)"))
        harness.press(.character("a"))
        // A paste replaces the proposed slot, as typing does.
        harness.send(.event(.paste("sn")))
        #expect(harness.prompt?.editor.text == "sn" && harness.prompt?.isSuggestion == false)
        harness.press(.enter)
        harness.send(.event(.paste("Leek\r\nsoup\r")))
        #expect(harness.prompt?.editor.text == "Leek soup ")
        harness.press(.enter)
        harness.send(.event(.paste("two\rlines")))
        #expect(harness.formStep == .note)
        #expect(harness.lines[11] == line("Note: two␊lines"))
        harness.press(.enter)
        #expect(harness.meals.values.contains { $0.title == "Leek soup" && $0.note == "two\nlines" && $0.slot == "snack" })
    }

    /// Esc cancels the whole prompt in every field, the last included: adding, nothing is
    /// added; editing, nothing changes. Enter on an empty note adds the meal without one.
    @Test func escInAnyFieldCancelsWithNothingSaved() {
        for fields in 0...2 {
            var harness = Harness(today: saturday, size: Size(width: 100, height: 12), meals: sampleMeals)
            let before = harness.meals
            harness.press(.character("a"))
            for (index, text) in ["", "Leek soup", "half a note"].enumerated() where index < fields {
                harness.type(text)
                harness.press(.enter)
            }
            harness.type(fields == 2 ? "half a note" : "x")
            if fields == 2 { #expect(harness.formStep == .note && harness.lines[10].contains("Esc cancels")) }
            harness.press(.escape)
            #expect(harness.state.mode == .browsing)
            #expect(harness.meals == before, "Esc after \(fields) fields")
            #expect(harness.state.undoStack.isEmpty)
        }
        var harness = Harness(today: saturday, size: Size(width: 100, height: 12), meals: sampleMeals)
        harness.press(.character("a"), .enter)
        harness.type("Leek soup")
        harness.press(.enter, .enter)
        #expect(harness.meals.values.contains { $0.title == "Leek soup" && $0.note == nil })
        // Editing a meal, Esc in the note cancels: nothing changes.
        harness.press(.character("e"))
        harness.type("changed")
        harness.press(.escape)
        #expect(harness.meals.values.contains { $0.title == "Leek soup" && $0.note == nil })
        #expect(harness.state.undoStack.count == 1)
    }

    @Test func anAltChordLeavesThePromptOpen() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.alt("x"))
        #expect(harness.state.message == StatusMessage("Alt-x does nothing here; ? shows the keys"))
        harness.press(.character("g"))
        harness.type("to")
        harness.press(.alt("b"))
        harness.type("morrow")
        #expect(harness.prompt?.editor.text == "tomorrow")
    }

    @Test func typingReplacesTheProposedSlotAndAPrefixIsEnough() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("a"))
        harness.type("sn")
        #expect(harness.prompt?.editor.text == "sn")
        harness.press(.enter)
        #expect(harness.formStep == .title)
        harness.type("Apple")
        harness.press(.enter, .enter)
        #expect(harness.meals.values.contains { $0.title == "Apple" && $0.slot == "snack" && $0.note == nil })
    }

    @Test func tabCyclesThroughMatchingSlotsShiftTabBack() {
        var harness = Harness(today: saturday, extraSlots: ["supper"])
        harness.press(.character("a"))
        #expect(harness.prompt?.editor.text == "breakfast")
        harness.press(.tab)
        #expect(harness.prompt?.editor.text == "lunch")
        harness.press(.control("u"))
        harness.type("s")
        harness.press(.tab)
        #expect(harness.prompt?.editor.text == "snack")
        harness.press(.tab)
        #expect(harness.prompt?.editor.text == "supper")
        harness.press(.tab)
        #expect(harness.prompt?.editor.text == "snack")
        harness.press(.backTab)
        #expect(harness.prompt?.editor.text == "supper")
        harness.press(.control("u"))
        harness.type("x")
        harness.press(.tab)
        #expect(harness.prompt?.editor.text == "x")
        #expect(harness.prompt?.error == "No slot starts with 'x'; slots are breakfast, lunch, dinner, snack, supper")
    }

    @Test func refusedInputStaysWithTheErrorShownAboveIt() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("a"))
        harness.type("brunch")
        harness.press(.enter)
        #expect(harness.prompt?.editor.text == "brunch")
        #expect(harness.prompt?.error == "unknown slot 'brunch'; slots are breakfast, lunch, dinner, snack")
        #expect(harness.lines[10] == "unknown slot 'brunch'; slots are breakf…")
        #expect(harness.lines[11] == line("Slot: brunch"))
        // The next edit clears the error and brings the hint back.
        harness.press(.control("u"))
        #expect(harness.prompt?.error == nil)
        harness.type("din")
        harness.press(.enter, .enter)
        #expect(harness.prompt?.error == "the title is empty")
    }

    @Test func promptLineShowsLabelTextCursorAndCompletion() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("a"))
        harness.type("di")
        let frame = harness.render()
        #expect(frame.buffer.lines[10] == "New meal on Sat 28 Feb 2026 · Tab: brea…")
        #expect(frame.buffer.lines[11] == line("Slot: dinner"))
        #expect(frame.cursor == Position(x: 8, y: 11))
        // The completion is dim; the typed text plain; the label stands out.
        #expect(frame.buffer[8, 11].style == Style(dim: true))
        #expect(frame.buffer[7, 11].style == .plain)
        #expect(frame.buffer[0, 11].style == Style(foreground: .cyan, bold: true))
        #expect(frame.buffer[0, 10].style == Style(dim: true))
    }

    @Test func hintsLeaveOutTheKeysAnyoneGuessesBeforeCuttingWhatIsAsked() {
        var harness = Harness(today: saturday, size: Size(width: 80, height: 12), meals: sampleMeals)
        harness.press(.character("a"))
        // 83 columns in full: "Enter next" goes, the rest fits exactly.
        #expect(harness.lines[10] == "New meal on Sat 28 Feb 2026 · Tab: breakfast, lunch, dinner, snack · Esc cancels")
        harness.press(.enter)
        #expect(harness.lines[10] == line("New meal on Sat 28 Feb 2026, lunch · Enter next · ↑ slot · Esc cancels", 80))
        harness.press(.escape)
        harness.send(.event(.resize(width: 53, height: 12)))
        harness.press(.character("g"))
        #expect(harness.lines[10] == line("A date: tomorrow, fri, +2w, 2027-03-15 · Esc cancels", 53))
        harness.press(.escape, .character("/"))
        #expect(harness.lines[10] == line("Text in titles and notes · Esc cancels", 53))
    }

    @Test func longInputScrollsSidewaysInTheField() {
        var harness = Harness(today: saturday, size: Size(width: 20, height: 6), meals: sampleMeals)
        harness.press(.character("g"))
        harness.type("abcdefghijklmnopqrstuvwxyz")
        // "Go to: " takes 7 columns; the field's 13 show the last 12 letters and the cursor.
        let frame = harness.render()
        #expect(frame.buffer.lines[5] == "Go to: opqrstuvwxyz ")
        #expect(frame.cursor == Position(x: 19, y: 5))
        harness.press(.home)
        #expect(harness.render().buffer.lines[5] == "Go to: abcdefghijklm")
        #expect(harness.render().cursor == Position(x: 7, y: 5))
    }

    @Test func badDatesAreExplainedAndEscCancels() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("g"))
        harness.type("someday")
        harness.press(.enter)
        // The forms would not fit on the line: it points at the help, which lists them.
        #expect(harness.prompt?.error == "Not a date: Esc, ? lists the forms")
        #expect(harness.lines[10] == line("Not a date: Esc, ? lists the forms"))
        #expect(harness.prompt?.editor.text == "someday")
        // A date in a known form but impossible says what is wrong with it.
        harness.press(.control("u"))
        harness.type("Feb 30")
        harness.press(.enter)
        #expect(harness.prompt?.error == "'Feb 30': February has at most 29 days")
        harness.press(.escape)
        #expect(harness.state.mode == .browsing)
        #expect(harness.state.timeline.selection.day == saturday)
    }

    /// The error quotes what was typed, capitals included, not the lower-cased form the
    /// grammar compares.
    @Test func aBadDateIsQuotedAsTyped() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("g"))
        harness.type("2026-O3-O1")
        harness.press(.enter)
        #expect(harness.prompt?.error == "'2026-O3-O1' is not a date in the form YYYY-MM-DD")
    }

    @Test func editingChangesTitleAndNoteAndUpGoesBackToTheSlot() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("j"), .character("e"))
        #expect(harness.prompt?.editor.text == "Roast vegetables with a very long title that wraps")
        harness.press(.control("u"))
        harness.type("Roast roots")
        harness.press(.up)
        #expect(harness.prompt?.editor.text == "dinner")
        harness.press(.control("u"))
        harness.type("lu")
        harness.press(.enter)
        #expect(harness.prompt?.editor.text == "Roast roots")
        harness.press(.enter)
        #expect(harness.prompt?.editor.text == "oven at 200")
        harness.press(.control("u"), .enter)
        let edited = harness.meals.values.first { $0.title == "Roast roots" }
        #expect(edited?.slot == "lunch" && edited?.note == nil && edited?.id == 2)
        #expect(harness.selectedTitle == "Roast roots")
        guard case .update(let before, _, _)? = harness.state.undoStack.last?.changes.first else {
            Issue.record("the edit is not in the history as an update")
            return
        }
        #expect(before.title == "Roast vegetables with a very long title that wraps")
    }

    @Test func enterEditsAndEditingWithoutChangesSavesNothing() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.enter, .enter, .enter)
        #expect(harness.state.mode == .browsing)
        #expect(harness.state.message == StatusMessage("No changes"))
        #expect(!harness.effects.contains { if case .save = $0 { true } else { false } })
    }

    @Test func editOnADayWithoutMealsSaysSo() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("J"), .character("e"))
        #expect(harness.state.mode == .browsing)
        #expect(harness.state.message == StatusMessage("No meal selected here; a adds one", isError: true))
    }

    @Test func failedSaveKeepsThePromptAndWhatWasTyped() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("a"), .enter)
        harness.type("Leek soup")
        harness.press(.enter)
        harness.type("a note")
        harness.failNextSave = "attempt to write a readonly database"
        harness.press(.enter)
        #expect(harness.prompt?.editor.text == "a note")
        #expect(harness.prompt?.error == "Not saved: attempt to write a readonly database")
        #expect(harness.state.undoStack.isEmpty)
        #expect(!harness.state.isSaving)
        // Trying again once the problem is gone saves the whole meal.
        harness.press(.enter)
        #expect(harness.meals.values.contains { $0.title == "Leek soup" && $0.note == "a note" })
        #expect(harness.state.mode == .browsing)
    }

    @Test func movingAMealAsksForADateAndFollowsIt() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("m"))
        harness.type("mon")
        harness.press(.enter)
        harness.finishAnimation()
        let moved = harness.meals.values.first { $0.title == "Porridge" }
        #expect(moved?.day == day("2026-03-02") && moved?.id == 1)
        #expect(harness.state.timeline.selection.day == day("2026-03-02"))
        #expect(harness.selectedTitle == "Porridge")
        #expect(harness.state.message == StatusMessage("Moved 'Porridge' to Mon 2 Mar 2026; u undoes"))
    }

    @Test func movingToTheSameDayDoesNothing() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("m"))
        harness.type("today")
        harness.press(.enter)
        #expect(harness.state.mode == .browsing)
        #expect(harness.state.message == StatusMessage("'Porridge' is already on Sat 28 Feb 2026"))
        #expect(harness.state.undoStack.isEmpty)
    }

    @Test func anEmptyGoToGoesToToday() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        harness.press(.character("]"))
        harness.finishAnimation()
        #expect(harness.state.timeline.selection.day != saturday)
        harness.press(.character("g"), .character(" "), .enter)
        harness.finishAnimation()
        #expect(harness.state.mode == .browsing)
        #expect(harness.state.timeline.selection.day == saturday)
    }

    @Test func goToTakesTheNewDateForms() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        for (typed, expected) in [("next-week", "2026-03-02"), ("mar 15", "2026-03-15"), ("+1m", "2026-03-28"), ("last fri", "2026-02-20")] {
            harness.press(.character("g"))
            harness.type(typed)
            harness.press(.enter)
            harness.finishAnimation()
            #expect(harness.state.timeline.selection.day == day(expected), "\(typed)")
        }
    }

    @Test func aMoveCountsOffsetsFromTheMealsDayAndNamedDaysFromToday() {
        var harness = Harness(today: saturday, meals: sampleMeals)
        while harness.selectedTitle != "Soup", harness.state.timeline.selection.day < day("2026-03-03") {
            harness.press(.character("j"))
        }
        #expect(harness.selectedTitle == "Soup")
        harness.press(.character("m"))
        harness.type("+1w")
        harness.press(.enter)
        harness.finishAnimation()
        // Soup was on Monday 2 March: a week later, not a week after today (Saturday 28 February).
        #expect(harness.meals[3]?.day == day("2026-03-09"))
        harness.press(.character("m"))
        harness.type("-1m")
        harness.press(.enter)
        harness.finishAnimation()
        #expect(harness.meals[3]?.day == day("2026-02-09"))
        harness.press(.character("m"))
        harness.type("tomorrow")
        harness.press(.enter)
        harness.finishAnimation()
        #expect(harness.meals[3]?.day == day("2026-03-01"))
        // A lone weekday counts from the meal's day too: Sunday 1 March's soup to the Thursday
        // after it, then "next thu" is the Thursday of the week after today's.
        harness.press(.character("m"))
        harness.type("+2w")
        harness.press(.enter)
        harness.finishAnimation()
        harness.press(.character("m"))
        harness.type("thu")
        harness.press(.enter)
        harness.finishAnimation()
        #expect(harness.meals[3]?.day == day("2026-03-19"))
        harness.press(.character("m"))
        harness.type("next thu")
        harness.press(.enter)
        harness.finishAnimation()
        #expect(harness.meals[3]?.day == day("2026-03-05"))
    }
}

/// A note of a megabyte (what import accepts) is edited like a short one: the field shows the
/// part around the cursor and the text is saved whole.
@Suite struct LongNoteTests {
    /// One megabyte of words, with a wide character in each so columns and graphemes differ.
    static let note = String(repeating: "leek 葱 soup ", count: 1_000_000 / 14) + "END"

    @Test func aMegabyteNoteIsShownAroundTheCursorAndSavedWhole() {
        let width = 40
        var harness = Harness(today: saturday, size: Size(width: width, height: 12),
                              meals: [Meal(day: saturday, slot: "dinner", title: "Soup", note: Self.note)])
        harness.press(.character("e"), .enter)
        #expect(harness.formStep == .note)
        let field = width - "Note: ".count
        // At the end: the field ends with the note's last columns and the cursor after them.
        #expect(harness.lines[11] == "Note: " + Self.tail(of: Self.note, columns: field - 1))
        #expect(harness.render().cursor == Position(x: width - 1, y: 11))
        harness.press(.home)
        #expect(harness.lines[11] == "Note: " + Self.note.truncatedWithoutMark(columns: field))
        #expect(harness.render().cursor == Position(x: "Note: ".count, y: 11))
        harness.type("Hot ")
        harness.press(.end)
        harness.type("!")
        #expect(harness.lines[11] == "Note: " + Self.tail(of: Self.note + "!", columns: field - 1))
        harness.press(.enter)
        #expect(harness.state.mode == .browsing)
        #expect(harness.meals[1]?.note == "Hot " + Self.note + "!")
        // Once the message is gone, the status line shows the note's start, cut to the screen.
        harness.press(.escape)
        #expect(harness.lines[11].hasPrefix("Sat 28 Feb 2026  ✎ Hot leek 葱 soup"))
    }

    /// The last whole graphemes of `text` that fit in `columns`, padded on the left to them
    /// when a wide character does not fit.
    static func tail(of text: String, columns: Int) -> String {
        var kept = ""
        var used = 0
        for character in text.reversed() {
            let width = String(character).terminalWidth
            guard used + width <= columns else { break }
            kept.insert(character, at: kept.startIndex)
            used += width
        }
        return kept + String(repeating: " ", count: columns + 1 - used)
    }
}

extension String {
    /// The first whole graphemes that fit in `columns`, padded with spaces to them.
    fileprivate func truncatedWithoutMark(columns: Int) -> String {
        var kept = ""
        var used = 0
        for character in self {
            let width = String(character).terminalWidth
            guard used + width <= columns else { break }
            kept.append(character)
            used += width
        }
        return kept + String(repeating: " ", count: columns - used)
    }
}
