import MealPlanCore
import TestSupport
import Testing
@testable import MealPlanStore

@Suite struct MealStoreTests {
    @Test(arguments: StoreKind.allCases)
    func addAppendsAtTheEndOfItsDayAndSlot(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let soup = try store.addMeal(day: day("2026-03-02"), slot: "Lunch", title: "  Soup ", note: "  ")
        let bread = try store.addMeal(day: day("2026-03-02"), slot: "lun", title: "Bread", note: "rye\nsliced")
        let other = try store.addMeal(day: day("2026-03-03"), slot: "lunch", title: "Salad")
        #expect(soup.id != nil && bread.id != nil && soup.id != bread.id)
        #expect(soup.uid != nil && soup == Meal(id: soup.id, uid: soup.uid, day: day("2026-03-02"), slot: "lunch", position: 0, title: "Soup", note: nil))
        #expect(bread.position == 1 && bread.note == "rye\nsliced")
        #expect(other.position == 0)
        #expect(try store.meal(id: bread.id!) == bread)
        #expect(try store.meal(id: 999) == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func addRefusesBadInputAndChangesNothing(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        #expect(throws: StoreError(.input, "the title is empty")) {
            try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: " \t")
        }
        #expect(throws: StoreError(.input, "unknown slot 'brunch'; slots are breakfast, lunch, dinner, snack")) {
            try store.addMeal(day: day("2026-03-02"), slot: "brunch", title: "Eggs")
        }
        #expect(try store.mealCount() == 0)
    }

    @Test(arguments: StoreKind.allCases)
    func mealsOfARangeComeInDisplayOrder(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        try store.addMeal(day: day("2026-03-03"), slot: "breakfast", title: "Porridge")
        try store.addMeal(day: day("2026-03-02"), slot: "dinner", title: "Lasagna")
        try store.addMeal(day: day("2026-03-02"), slot: "breakfast", title: "Toast")
        try store.addMeal(day: day("2026-03-02"), slot: "dinner", title: "Salad")
        try store.addMeal(day: day("2026-03-09"), slot: "lunch", title: "Outside the range")
        try store.addMeal(day: day("2026-03-01"), slot: "lunch", title: "Before the range")
        let range = DayRange(day("2026-03-02"), day("2026-03-08"))
        #expect(try store.meals(in: range).map(\.title) == ["Toast", "Lasagna", "Salad", "Porridge"])
        #expect(try store.meals(in: range, slot: "DIN").map(\.title) == ["Lasagna", "Salad"])
        #expect(throws: StoreError(.input, "unknown slot 'tea'; slots are breakfast, lunch, dinner, snack")) {
            try store.meals(in: range, slot: "tea")
        }
        var streamed: [String] = []
        try store.forEachMeal(in: .all) { streamed.append($0.title) }
        #expect(streamed == ["Before the range", "Toast", "Lasagna", "Salad", "Porridge", "Outside the range"])
        let byDay = try store.mealsByDay(in: range)
        #expect(byDay.keys.sorted() == [day("2026-03-02"), day("2026-03-03")])
        #expect(byDay[day("2026-03-02")]?.map(\.title) == ["Toast", "Lasagna", "Salad"])
    }

    @Test(arguments: StoreKind.allCases)
    func slotOrderDecidesDisplayOrder(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup")
        try store.addSlot("Brunch", after: "breakfast")
        try store.addMeal(day: day("2026-03-02"), slot: "brunch", title: "Eggs")
        #expect(try store.meals(in: .all).map(\.title) == ["Eggs", "Soup"])
    }

    @Test(arguments: StoreKind.allCases)
    func searchIsCaseInsensitiveOverTitleAndNote(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        try store.addMeal(day: day("2026-03-02"), slot: "dinner", title: "Crème brûlée")
        try store.addMeal(day: day("2026-03-03"), slot: "lunch", title: "Soup", note: "with CRÈME fraîche")
        try store.addMeal(day: day("2026-03-04"), slot: "lunch", title: "拉麺")
        try store.addMeal(day: day("2026-03-05"), slot: "lunch", title: "Bread")
        #expect(try store.meals(in: .all, search: "crème").map(\.title) == ["Crème brûlée", "Soup"])
        #expect(try store.meals(in: .all, search: "麺").map(\.title) == ["拉麺"])
        #expect(try store.meals(in: .all, search: "").count == 4)
        #expect(try store.meals(in: .all, search: "%").isEmpty, "LIKE wildcards are plain text")
    }

    @Test(arguments: StoreKind.allCases)
    func nextAndPreviousMatchSearchTheWholeDatabase(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        try store.addMeal(day: day("1900-01-01"), slot: "dinner", title: "Old pasta")
        try store.addMeal(day: day("2026-03-02"), slot: "dinner", title: "Pasta bake")
        try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Pasta salad")
        try store.addMeal(day: day("2026-03-02"), slot: "snack", title: "Apple")
        try store.addMeal(day: day("9000-05-05"), slot: "lunch", title: "Future PASTA")
        #expect(try store.nextMeal(matching: "pasta", after: day("1900-01-01"))?.title == "Pasta salad")
        #expect(try store.nextMeal(matching: "pasta", after: day("2026-03-02"))?.title == "Future PASTA")
        #expect(try store.nextMeal(matching: "pasta", after: day("9000-05-05")) == nil)
        #expect(try store.previousMeal(matching: "pasta", before: day("9000-05-05"))?.title == "Pasta bake")
        #expect(try store.previousMeal(matching: "pasta", before: day("2026-03-02"))?.title == "Old pasta")
        #expect(try store.previousMeal(matching: "pasta", before: day("1900-01-01")) == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func aMovedMealTakesTheNamedPositionOnlyWhenItIsFree(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let monday = day("2026-03-02"), tuesday = day("2026-03-03")
        let first = try store.addMeal(day: monday, slot: "lunch", title: "First")
        try store.addMeal(day: monday, slot: "lunch", title: "Second")
        /// `meal` changed by `body`, as stored after an update that restores its position.
        func restoring(_ meal: Meal, _ body: (inout Meal) -> Void) throws -> Meal {
            var changed = meal
            body(&changed)
            return try #require(try store.apply([.update(from: meal, to: changed, restoresPosition: true)])[0])
        }
        let away = try store.updateMeal(id: first.id!, day: tuesday)
        #expect(away.position == 0 && away.day == tuesday)

        // Back to its free place 0, ahead of "Second" (position 1), not behind it.
        let back = try restoring(away) { $0.day = monday; $0.position = 0 }
        #expect(back.position == 0)
        #expect(try store.meals(in: DayRange(start: monday, count: 1)).map(\.title) == ["First", "Second"])

        // A place taken meanwhile: the end of the slot instead.
        let awayAgain = try store.updateMeal(id: first.id!, day: tuesday)
        try store.addMeal(day: monday, slot: "lunch", title: "Third")
        let behind = try restoring(awayAgain) { $0.day = monday; $0.position = 1 }
        #expect(behind.position == 3, "Second holds 1 and Third 2")

        // A meal that stays in its day and slot keeps its position whatever is named.
        let renamed = try restoring(behind) { $0.title = "Renamed"; $0.position = 0 }
        #expect(renamed.position == 3)

        // Without `restoresPosition` a moved meal goes to the end of its slot.
        let moved = try store.apply([.update(from: renamed, to: back, restoresPosition: false)])[0]
        #expect(moved?.day == monday && moved?.position == 3)
    }

    @Test(arguments: StoreKind.allCases)
    func updateChangesFieldsAndAppendsWhenMoved(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let soup = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: "hot")
        let salad = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Salad")
        try store.addMeal(day: day("2026-03-05"), slot: "dinner", title: "Fish")

        let renamed = try store.updateMeal(id: salad.id!, title: " Green salad ", note: "crisp")
        #expect(renamed == Meal(id: salad.id, uid: salad.uid, day: salad.day, slot: "lunch", position: 1, title: "Green salad", note: "crisp"))

        let noteless = try store.updateMeal(id: soup.id!, note: " ")
        #expect(noteless.note == nil && noteless.position == 0)

        let moved = try store.updateMeal(id: soup.id!, slot: "din", day: day("2026-03-05"))
        #expect(moved.day == day("2026-03-05") && moved.slot == "dinner" && moved.position == 1)

        let sameSlot = try store.updateMeal(id: soup.id!, slot: "dinner")
        #expect(sameSlot.position == 1, "naming the slot it is already in does not move it")

        #expect(throws: StoreError(.input, "there is no meal 999 to edit")) { try store.updateMeal(id: 999, title: "x") }
        #expect(throws: StoreError(.input, "the title is empty")) { try store.updateMeal(id: soup.id!, title: "") }
        // The title is checked first, before the meal is looked for.
        #expect(throws: StoreError(.input, "the title is empty")) { try store.updateMeal(id: 999, title: "") }
        #expect(throws: StoreError.self) { try store.updateMeal(id: soup.id!, slot: "tea") }
        #expect(try store.meal(id: soup.id!) == sameSlot)
    }

    @Test(arguments: StoreKind.allCases)
    func restorePutsARemovedMealBackWithItsIdAndPlace(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let soup = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: "hot")
        let salad = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Salad")
        try store.removeMeals(ids: [soup.id!])
        #expect(try store.apply([.restore(soup)]) == [soup])
        #expect(try store.meals(in: .all).map(\.title) == ["Soup", "Salad"])

        // Meanwhile its place was taken, but never its id (ids are not reused): it comes back
        // under its id, at the end of the slot.
        try store.removeMeals(ids: [salad.id!])
        let bread = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Bread")
        #expect(bread.id! > salad.id! && bread.position == 1)
        let restored = try #require(try store.apply([.restore(salad)])[0])
        #expect(restored == Meal(id: salad.id, uid: salad.uid, day: salad.day, slot: "lunch", position: 2, title: "Salad", note: nil))

        #expect(throws: StoreError.self) { try store.apply([.restore(Meal(id: 50, day: salad.day, slot: "tea", title: "x"))]) }
        #expect(throws: StoreError(.input, "the title is empty")) {
            try store.apply([.restore(Meal(id: 50, day: salad.day, slot: "lunch", title: " "))])
        }
        #expect(try store.mealCount() == 3)
    }

    /// A redo puts many meals back in one batch, each at its place where that is free and at
    /// the end of its slot where it is not, in any order: both in one transaction.
    @Test(arguments: StoreKind.allCases)
    func aBatchOfRestoresPutsEachMealAtItsPlaceOrAtTheEndOfItsSlot(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let a = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "A")
        let b = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "B")
        let d = try store.addMeal(day: day("2026-03-02"), slot: "dinner", title: "D")
        let e = try store.addMeal(day: day("2026-03-02"), slot: "dinner", title: "E")
        try store.apply([.remove(a), .remove(b), .remove(d)])
        let x = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "X")
        #expect(x.position == a.position)

        let restored = try store.apply([.restore(a), .restore(d), .restore(b)])
        func moved(_ meal: Meal, to position: Int) -> Meal {
            var moved = meal
            moved.position = position
            return moved
        }
        // A's place is X's: A goes after X, and B, whose place A took, after A; D's is free.
        #expect(restored == [moved(a, to: x.position + 1), d, moved(b, to: x.position + 2)])
        #expect(try store.meals(in: .all).map(\.title) == ["X", "A", "B", "D", "E"])
        #expect(try store.meals(in: .all).last == e)
    }

    @Test(arguments: StoreKind.allCases)
    func copyAppendsACopyOnTheTargetDay(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let soup = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "Soup", note: "hot")
        try store.addMeal(day: day("2026-03-04"), slot: "lunch", title: "Bread")
        let copy = try store.copyMeal(id: soup.id!, to: day("2026-03-04"))
        #expect(copy.id != soup.id)
        #expect(copy.uid != soup.uid && copy == Meal(id: copy.id, uid: copy.uid, day: day("2026-03-04"), slot: "lunch", position: 1, title: "Soup", note: "hot"))
        let dinnerCopy = try store.copyMeal(id: soup.id!, to: day("2026-03-04"), slot: "dinner")
        #expect(dinnerCopy.slot == "dinner" && dinnerCopy.position == 0)
        #expect(try store.meal(id: soup.id!) == soup)
        #expect(throws: StoreError(.input, "there is no meal 42 to copy")) { try store.copyMeal(id: 42, to: day("2026-03-04")) }
    }

    @Test(arguments: StoreKind.allCases)
    func removeIsAllOrNothing(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        let a = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "A")
        let b = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "B")
        let c = try store.addMeal(day: day("2026-03-02"), slot: "lunch", title: "C")
        #expect(throws: StoreError(.input, "there is no meal 77 to remove")) { try store.removeMeals(ids: [a.id!, 77, b.id!]) }
        #expect(try store.mealCount() == 3)
        #expect(try store.removeMeals(ids: [b.id!, a.id!, b.id!]) == [b, a])
        #expect(try store.meals(in: .all) == [c])
    }

    @Test(arguments: StoreKind.allCases)
    func slotsCanBeAddedAndRemoved(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try makeStore(kind, in: folder)
        #expect(try store.addSlot(" Brunch ", after: "BREAK") == MealSlot(name: "Brunch", position: 1))
        #expect(try store.addSlot("Supper") == MealSlot(name: "Supper", position: 5))
        #expect(try store.slots().map(\.name) == ["breakfast", "Brunch", "lunch", "dinner", "snack", "Supper"])
        #expect(throws: StoreError(.input, "there is already a slot 'Brunch'")) { try store.addSlot("BRUNCH") }
        try store.addSlot("Frühstück")
        #expect(throws: StoreError(.input, "there is already a slot 'Frühstück'")) { try store.addSlot("FRÜHSTÜCK") }
        try store.removeSlot("Frühstück")
        #expect(throws: StoreError(.input, "the slot name is empty")) { try store.addSlot("  ") }
        #expect(throws: StoreError(.input, "'s' could mean snack, Supper; type more letters")) { try store.addSlot("Tea", after: "s") }

        try store.addMeal(day: day("2026-03-02"), slot: "brunch", title: "Eggs")
        try store.addMeal(day: day("2026-03-03"), slot: "brunch", title: "Pancakes")
        #expect(throws: StoreError(.input, "cannot remove slot 'Brunch': 2 meals use it; move or remove them first")) {
            try store.removeSlot("brunch")
        }
        #expect(try store.removeSlot("sup") == MealSlot(name: "Supper", position: 5))
        #expect(try store.slots().map(\.name) == ["breakfast", "Brunch", "lunch", "dinner", "snack"])
    }

    @Test func theLastSlotCannotBeRemoved() throws {
        let store = try MealStore.inMemory()
        for name in ["breakfast", "lunch", "dinner"] { try store.removeSlot(name) }
        #expect(throws: StoreError(.input, "cannot remove 'snack': it is the only slot")) { try store.removeSlot("snack") }
    }
}
