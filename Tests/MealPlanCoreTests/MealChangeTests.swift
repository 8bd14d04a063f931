import MealPlanCore
import Testing
import TestSupport

@Suite struct MealChangeTests {
    let monday = day("2026-03-02")
    var soup: Meal { Meal(id: 3, day: monday, slot: "lunch", position: 1, title: "Soup") }
    var stew: Meal { Meal(id: 3, day: monday.adding(days: 2), slot: "dinner", position: 0, title: "Stew") }

    @Test func eachChangeIsUndoneByItsInverse() {
        #expect(MealChange.add(soup).inverse == .remove(soup))
        #expect(MealChange.restore(soup).inverse == .remove(soup))
        #expect(MealChange.remove(soup).inverse == .restore(soup))
        // Undoing an update puts the meal back where it was, even when the update did not.
        #expect(MealChange.update(from: soup, to: stew, restoresPosition: false).inverse
                == .update(from: stew, to: soup, restoresPosition: true))
    }

    @Test func theStoredMealReplacesTheOneAsked() {
        let asked = Meal(day: monday, slot: "lun", title: "Soup")
        #expect(MealChange.add(asked).stored(as: soup) == .add(soup))
        #expect(MealChange.restore(asked).stored(as: soup) == .restore(soup))
        #expect(MealChange.update(from: stew, to: asked, restoresPosition: false).stored(as: soup)
                == .update(from: stew, to: soup, restoresPosition: false))
        #expect(MealChange.remove(soup).stored(as: nil) == .remove(soup))
    }

    /// The note a change writes is the one it leads to: a removal writes none, and the note an
    /// update leaves behind does not count.
    @Test func theLongestNoteWrittenIsOfTheMealsChangesLeadTo() {
        var noted = soup
        noted.note = "café au lait"
        var longer = stew
        longer.note = String(repeating: "é", count: 40)
        #expect([MealChange]().longestNoteWritten == 0)
        #expect([MealChange.add(soup)].longestNoteWritten == 0)
        #expect([MealChange.remove(longer)].longestNoteWritten == 0)
        #expect([MealChange.update(from: longer, to: soup, restoresPosition: false)].longestNoteWritten == 0)
        #expect([MealChange.add(noted), .restore(longer), .remove(soup)].longestNoteWritten == 80)
        #expect([MealChange.update(from: soup, to: noted, restoresPosition: false)].longestNoteWritten == "café au lait".utf8.count)
    }

    @Test func daysAreThoseOfBothSidesInOrder() {
        #expect(MealChange.update(from: stew, to: soup, restoresPosition: false).days == [monday, monday.adding(days: 2)])
        #expect(MealChange.update(from: soup, to: soup, restoresPosition: false).days == [monday])
        #expect(MealChange.remove(stew).days == [monday.adding(days: 2)])
    }
}
