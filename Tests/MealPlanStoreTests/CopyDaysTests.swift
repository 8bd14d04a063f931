import MealPlanCore
import TestSupport
import Testing
@testable import MealPlanStore

/// `copyDays` and `apply`: several meals written in one transaction, all or none.
@Suite struct CopyDaysTests {
    /// Monday 2026-11-16 … Sunday 2026-11-22, a meal in every slot of every day.
    static let week = DayRange(start: day("2026-11-16"), count: 7)

    /// Fills `days` with one meal per slot, titled "<slot> <ISO date>", dinners with a note.
    func plan(_ days: DayRange, in store: MealStore) throws {
        for day in days {
            for slot in MealSlot.defaults {
                try store.addMeal(day: day, slot: slot.name, title: "\(slot.name) \(day.iso)",
                                  note: slot.name == "dinner" ? "for \(day.weekday.name)" : nil)
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aWeekWithEverySlotPlannedIsCopiedForward(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        try plan(Self.week, in: store)
        // The target Tuesday already has a lunch: the copied lunch goes after it.
        let leftovers = try store.addMeal(day: day("2026-11-24"), slot: "lunch", title: "Leftovers")
        let originals = try store.meals(in: Self.week)

        let copies = try store.copyDays(from: day("2026-11-16"), count: 7, to: day("2026-11-23"))

        #expect(copies.count == 28)
        // Each copy is its original a week later, with a new id, at the end of its slot.
        for (original, copy) in zip(originals, copies) {
            #expect(copy.day == original.day.adding(days: 7))
            #expect(copy.slot == original.slot && copy.title == original.title && copy.note == original.note)
            #expect(copy.id != nil && !originals.contains { $0.id == copy.id })
            let expectedPosition = copy.day == leftovers.day && copy.slot == "lunch" ? 1 : 0
            #expect(copy.position == expectedPosition, "\(copy)")
            #expect(try store.meal(id: copy.id!) == copy)
        }
        #expect(copies.first?.title == "breakfast 2026-11-16" && copies.first?.day == day("2026-11-23"))
        #expect(copies.last?.title == "snack 2026-11-22" && copies.last?.day == day("2026-11-29"))
        #expect(copies.first { $0.title == "dinner 2026-11-18" }?.note == "for Wednesday")
        #expect(try store.meals(in: Self.week) == originals, "the originals are untouched")
        #expect(try store.meals(in: DayRange(start: day("2026-11-24"), count: 1), slot: "lunch").map(\.title)
            == ["Leftovers", "lunch 2026-11-17"])
        #expect(try store.mealCount() == 57)
    }

    @Test func daysWithoutMealsCopyNothingAndAMealOrderWithinASlotIsKept() throws {
        let store = try MealStore.inMemory()
        try store.addMeal(day: day("2026-11-17"), slot: "dinner", title: "Stew")
        try store.addMeal(day: day("2026-11-17"), slot: "dinner", title: "Bread")
        try store.addMeal(day: day("2026-11-17"), slot: "breakfast", title: "Eggs")
        #expect(try store.copyDays(from: day("2026-11-16"), count: 1, to: day("2026-12-01")).isEmpty)
        let copies = try store.copyDays(from: day("2026-11-16"), count: 3, to: day("2026-12-01"))
        #expect(copies.map(\.title) == ["Eggs", "Stew", "Bread"])
        #expect(copies.map(\.day) == Array(repeating: day("2026-12-02"), count: 3))
        #expect(copies.map(\.position) == [0, 0, 1])
    }

    /// Monday…Sunday copied onto Wednesday…Tuesday: Wednesday…Sunday are both copied and copied
    /// onto. Each day gets a copy of what its source day held before the copy started.
    @Test(arguments: [2, -2])
    func overlappingDaysAreCopiedAsTheyWereBefore(shift: Int) throws {
        let store = try MealStore.inMemory()
        for day in Self.week {
            try store.addMeal(day: day, slot: "dinner", title: "dinner \(day.iso)")
        }
        let target = Self.week.first.adding(days: shift)
        let copies = try store.copyDays(from: Self.week.first, count: 7, to: target)
        #expect(copies.count == 7)
        #expect(copies.map(\.title) == Self.week.map { "dinner \($0.iso)" })
        #expect(copies.map(\.day) == Array(DayRange(start: target, count: 7)))
        // The days in both runs hold their own dinner first, then the copy of the day `shift` before.
        let friday = day("2026-11-20")
        #expect(try store.meals(in: DayRange(start: friday, count: 1)).map(\.title)
            == ["dinner 2026-11-20", "dinner \(friday.adding(days: -shift).iso)"])
        #expect(try store.mealCount() == 14)
    }

    @Test(arguments: StoreKind.allCases)
    func refusedCopiesChangeNothing(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        try plan(Self.week, in: store)
        try plan(DayRange(start: day("9999-12-30"), count: 2), in: store)
        let before = try store.meals(in: .all)
        let monday = day("2026-11-16")
        let refusals: [(Day, Int, Day, String)] = [
            (monday, 0, day("2026-11-23"), "the number of days to copy must be at least 1, not 0"),
            (monday, -7, day("2026-11-23"), "the number of days to copy must be at least 1, not -7"),
            (monday, 7, monday,
             "cannot copy days onto themselves: the copies would start on 2026-11-16, the first day copied"),
            (monday, 1, monday, "cannot copy days onto themselves: the copies would start on 2026-11-16, the first day copied"),
            (monday, 7, day("9999-12-26"), "7 days from 9999-12-26 run past 9999-12-31, the last day there is"),
            (day("9999-12-30"), 3, monday, "3 days from 9999-12-30 run past 9999-12-31, the last day there is"),
            (monday, Int.max, day("2026-11-23"),
             "\(Int.max) days from 2026-11-16 run past 9999-12-31, the last day there is"),
        ]
        for (source, count, target, message) in refusals {
            #expect(throws: StoreError(.input, message)) { try store.copyDays(from: source, count: count, to: target) }
        }
        #expect(try store.meals(in: .all) == before)
        // Exactly up to the last day is fine.
        #expect(try store.copyDays(from: day("9999-12-30"), count: 2, to: day("9999-12-29")).count == 8)
    }

    @Test(arguments: StoreKind.allCases)
    func applyMakesEveryEditOrNone(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let soup = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        let stew = try store.addMeal(day: day("2026-03-02"), slot: "dinner", title: "Stew")

        var unknown = soup
        unknown.id = 99
        var untitled = stew
        untitled.title = " "
        let refused: [[MealChange]] = [
            [.add(Meal(day: day("2026-03-03"), slot: "lunch", title: "Bread")), .remove(unknown)],
            [.remove(soup), .add(Meal(day: day("2026-03-03"), slot: "tea", title: "Cake"))],
            [.remove(soup), .update(from: stew, to: untitled, restoresPosition: false)],
            [.remove(soup), .remove(Meal(day: day("2026-03-03"), slot: "lunch", title: "Never stored"))],
        ]
        for edits in refused {
            #expect(throws: StoreError.self) { try store.apply(edits) }
        }
        #expect(try store.meals(in: .all) == [soup, stew])

        var stewTomorrow = stew
        stewTomorrow.day = day("2026-03-03")
        let stored = try store.apply([
            .add(Meal(day: day("2026-03-03"), slot: "din", title: " Bread ", note: " ")),
            .remove(soup),
            .update(from: stew, to: stewTomorrow, restoresPosition: false),
            .restore(soup),
        ])
        let bread = try #require(stored[0])
        #expect(bread == Meal(id: bread.id, uid: bread.uid, day: day("2026-03-03"), slot: "dinner", position: 0, title: "Bread", note: nil))
        #expect(stored[1] == nil)
        #expect(stored[2] == Meal(id: stew.id, uid: stew.uid, day: day("2026-03-03"), slot: "dinner", position: 1, title: "Stew", note: nil))
        #expect(stored[3] == soup)
        #expect(try store.meals(in: .all).map(\.title) == ["Soup", "Bread", "Stew"])
    }

    /// Monday's chili dinner and Tuesday's lunch of its leftovers, and Tuesday's dinner of the
    /// leftovers of a roast cooked the Sunday before, which neither copy takes along.
    func cookOnce(in store: MealStore) throws -> (roast: Meal, chili: Meal, meals: [Meal]) {
        let roast = try store.apply([.add(Meal(day: day("2026-11-15"), slot: "dinner", title: "Roast", recipe: "roast", servings: 6))])[0]!
        let chili = try store.apply([.add(Meal(day: day("2026-11-16"), slot: "dinner", title: "Chili", recipe: "chili", servings: 6))])[0]!
        try store.apply([
            .add(Meal(day: day("2026-11-17"), slot: "lunch", title: "Chili", recipe: "chili", servings: 2, leftoversOf: chili.id)),
            .add(Meal(day: day("2026-11-17"), slot: "dinner", title: "Roast", recipe: "roast", servings: 2, leftoversOf: roast.id)),
        ])
        return (roast, chili, try store.meals(in: DayRange(start: day("2026-11-16"), count: 2)))
    }

    /// The one rule for copied leftovers, alike for `copyDays` and the planner's paste (`copy`):
    /// copied with the meal that cooks them they eat from its copy, without it from the same cook.
    @Test(arguments: [false, true])
    func copiedLeftoversEatFromTheCopyOfTheirCookWhenItIsCopiedToo(pasted: Bool) throws {
        let store = try MealStore.inMemory()
        let (roast, _, meals) = try cookOnce(in: store)
        let nextMonday = day("2026-11-23")
        let copies = pasted
            ? try store.copy(meals, of: DayRange(start: day("2026-11-16"), count: 2), to: nextMonday).compactMap(\.result)
            : try store.copyDays(from: day("2026-11-16"), count: 2, to: nextMonday)
        let stored = try store.meals(in: DayRange(start: nextMonday, count: 2))
        #expect(stored.map(\.title) == ["Chili", "Chili", "Roast"])
        let chiliCopy = stored[0]
        #expect(stored.map(\.leftoversOf) == [nil, chiliCopy.id, roast.id])
        #expect(Set(copies) == Set(stored))
    }

    /// What the planner's history keeps of a paste: the adds, cooks first, so that undo removes
    /// the leftovers before their cook and redo puts the cook back before its leftovers.
    @Test func aPasteIsOneStepThatUndoesAndRedoesWithItsLinks() throws {
        let store = try MealStore.inMemory()
        let (roast, _, meals) = try cookOnce(in: store)
        let days = DayRange(start: day("2026-11-16"), count: 2)
        let made = try store.copy(meals, of: days, to: day("2026-11-23"))
        let copies = made.compactMap(\.result)
        #expect(made == copies.map { .add($0) })
        #expect(copies.map(\.isLeftovers) == [false, true, true], "the cook first")
        #expect(copies[1].leftoversOf == copies[0].id && copies[2].leftoversOf == roast.id)

        let undone = try store.make(made.reversed().map(\.inverse))
        #expect(try store.meals(in: .all) == [roast] + meals, "undo leaves the plan as before")
        try store.make(undone.reversed().map(\.inverse))
        #expect(try store.meals(in: DayRange(start: day("2026-11-23"), count: 2)) == copies, "redo links them again")
    }

    /// The meals pasted are those copied, as they were (the roast's leftovers removed since
    /// are pasted all the same); the days may be pasted onto themselves.
    @Test func aPasteCopiesTheMealsAsCopiedEvenOntoTheirOwnDays() throws {
        let store = try MealStore.inMemory()
        let (roast, chili, meals) = try cookOnce(in: store)
        try store.apply([.remove(meals[2])])
        try store.copy(meals, of: DayRange(start: day("2026-11-16"), count: 2), to: day("2026-11-16"))
        let stored = try store.meals(in: DayRange(start: day("2026-11-16"), count: 2))
        #expect(stored.map { "\($0.slot) \($0.title)" }
            == ["dinner Chili", "dinner Chili", "lunch Chili", "lunch Chili", "dinner Roast"])
        #expect(stored.map(\.leftoversOf) == [nil, nil, chili.id, stored[1].id, roast.id])
    }

    /// A paste of leftovers whose cook another program removed since they were copied is
    /// refused whole, as an add of them is; so is one that runs past the last day.
    @Test func aPasteOfLeftoversWithoutTheirCookStoredIsRefusedWhole() throws {
        let store = try MealStore.inMemory()
        let (roast, _, meals) = try cookOnce(in: store)
        let days = DayRange(start: day("2026-11-16"), count: 2)
        try store.apply([.remove(roast)])
        let before = try store.meals(in: .all)
        #expect(throws: StoreError(.input, "there is no meal \(roast.id!) to plan leftovers of")) {
            try store.copy(meals, of: days, to: day("2026-11-23"))
        }
        #expect(throws: StoreError(.input, "2 days from 9999-12-31 run past 9999-12-31, the last day there is")) {
            try store.copy(Array(meals.prefix(2)), of: days, to: .last)
        }
        #expect(try store.meals(in: .all) == before)
        // Without those leftovers, the cook and its own leftovers are pasted.
        #expect(try store.copy(Array(meals.prefix(2)), of: days, to: day("2026-11-23")).count == 2)
    }
}
