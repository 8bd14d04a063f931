import MealPlanCore
import TestSupport
import Testing
@testable import MealPlanStore

/// Templates: some days' meals kept under a name and laid down again, all copies or none.
@Suite struct TemplateTests {
    /// A week from Monday 2026-03-02 with two dinners, a lunch with a recipe, nothing on its
    /// last three days: what a template must keep, trailing empty days included.
    static let week = DayRange(start: day("2026-03-02"), count: 7)
    static let planned = [
        Meal(day: day("2026-03-02"), slot: "dinner", title: "Lasagne", note: "double batch", recipe: "mains/Lasagne", servings: 6),
        Meal(day: day("2026-03-02"), slot: "dinner", title: "Salad"),
        Meal(day: day("2026-03-02"), slot: "breakfast", title: "Porridge"),
        Meal(day: day("2026-03-04"), slot: "lunch", title: "Soup", recipe: "Lentil soup"),
    ]

    /// A store with the week planned and saved as template "Week".
    func storeWithTemplate(_ kind: StoreKind = .memoryQueue, in folder: TemporaryFolder = TemporaryFolder()) throws -> MealStore {
        let store = try makeStore(kind, in: folder)
        try store.apply(Self.planned.map { .add($0) })
        try store.saveTemplate("Week", from: Self.week.first, days: 7)
        return store
    }

    /// What a template keeps of a meal: everything but its id and its day, which becomes an
    /// offset; the place in the slot is compared through the order of the list.
    func kept(_ meals: [Meal], from start: Day) -> [[String]] {
        meals.map { meal in
            ["\(start.distance(to: meal.day))", meal.slot, meal.title, meal.note ?? "-", meal.recipe ?? "-",
             meal.servings.map { "\($0)" } ?? "-"]
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aSavedWeekIsLaidDownAgainAtTheEndOfEachSlot(kind: StoreKind) throws {
        let folder = TemporaryFolder()
        let store = try storeWithTemplate(kind, in: folder)
        let template = try store.template(named: "week")
        #expect(template.name == "Week" && template.days == 7)
        let originals = try store.meals(in: Self.week)
        #expect(kept(template.meals, from: .first) == kept(originals, from: Self.week.first))

        // A lunch already on the Wednesday of the target week stays first in its slot.
        let leftovers = try store.addMeal(day: day("2026-03-11"), slot: "lunch", title: "Leftovers")
        let applied = try store.applyTemplate("WEEK", to: day("2026-03-09"))
        #expect(applied.template == template)
        let target = DayRange(start: day("2026-03-09"), count: 7)
        #expect(kept(applied.meals, from: target.first) == kept(originals, from: Self.week.first))
        let stored = try store.meals(in: target)
        #expect(stored.filter { $0.id != leftovers.id } == applied.meals)
        #expect(stored.filter { $0.slot == "lunch" }.map(\.title) == ["Leftovers", "Soup"])
    }

    @Test func copiesFollowOneAnotherTheTemplatesLengthApart() throws {
        let store = try storeWithTemplate()
        let start = day("2026-04-06")
        let applied = try store.applyTemplate("Week", to: start, times: 3)
        #expect(applied.meals.count == 3 * Self.planned.count)
        let originals = try store.meals(in: Self.week)
        let expected = (0..<3).flatMap { copy in kept(originals, from: Self.week.first.adding(days: -7 * copy)) }
        #expect(kept(applied.meals, from: start) == expected)
        #expect(try store.meals(in: DayRange(start: start, count: 21)) == applied.meals)
    }

    /// A template laid down into `MealStore.bigBatch` meals or more runs with a big write's page
    /// cache; the planner's connection has its own small cache again afterwards, whether the
    /// apply is made or cancelled.
    @Test func aLongApplyLeavesThePlannersPageCacheAsItWas() throws {
        let folder = TemporaryFolder()
        let path = folder.file("meals.sqlite")
        let planner = try MealStore.open(path: path, access: .readWrite, concurrentReads: true, pageCacheKiB: 64)
        try planner.apply(Self.planned.map { .add($0) })
        try planner.saveTemplate("Week", from: Self.week.first, days: 7)
        func cacheSize() throws -> Int? { try planner.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") } }
        let times = (MealStore.bigBatch + Self.planned.count - 1) / Self.planned.count
        struct Cancelled: Error {}
        #expect(throws: StoreError.self) {
            try planner.applyTemplate("Week", to: day("2026-03-09"), times: times) { done, total in
                if done == total / 2 { throw Cancelled() }
            }
        }
        #expect(try planner.mealCount() == Self.planned.count)
        #expect(try cacheSize() == -64)
        let applied = try planner.applyTemplate("Week", to: day("2026-03-09"), times: times)
        #expect(applied.meals.count == times * Self.planned.count)
        #expect(try cacheSize() == -64)
    }

    @Test func aDryRunAddsNothingAndShowsWhatApplyingAdds() throws {
        let store = try storeWithTemplate()
        let preview = try store.applyTemplate("Week", to: day("2026-03-16"), times: 2, dryRun: true)
        #expect(try store.mealCount() == Self.planned.count)
        #expect(preview.meals.allSatisfy { $0.id == nil })
        let applied = try store.applyTemplate("Week", to: day("2026-03-16"), times: 2)
        #expect(kept(preview.meals, from: .first) == kept(applied.meals, from: .first))
    }

    /// What the planner's history keeps of an apply (`changes`): undone as one step (every
    /// change's inverse, the last first) it removes every meal laid, leftovers planned before
    /// their cook too, and redone it puts them back linked to their own copy's cook.
    @Test func anApplysChangesUndoAsOneStepAndRedoLinked() throws {
        let store = try makeStore(.memoryQueue, in: TemporaryFolder())
        let monday = Self.week.first, tuesday = Self.week.first.adding(days: 1)
        let cooked = try store.apply([
            .add(Meal(day: monday, slot: "dinner", title: "Chili", recipe: "Chili", servings: 6)),
            .add(Meal(day: tuesday, slot: "dinner", title: "Curry", recipe: "Curry", servings: 4)),
        ])
        try store.apply([
            .add(Meal(day: tuesday, slot: "lunch", title: "Chili", recipe: "Chili", servings: 2, leftoversOf: cooked[0]!.id)),
            // Before its cook: the same day's lunch.
            .add(Meal(day: tuesday, slot: "lunch", title: "Curry", recipe: "Curry", servings: 2, leftoversOf: cooked[1]!.id)),
        ])
        try store.saveTemplate("Two days", from: monday, days: 2)
        let start = day("2026-03-16")
        let applied = try store.applyTemplate("Two days", to: start, times: 2)
        #expect(applied.meals.map(\.title) == ["Chili", "Chili", "Curry", "Curry", "Chili", "Chili", "Curry", "Curry"])
        // Every leftover's source is the cook of its title in its own copy.
        func linkedWithinTheirCopy(_ meals: [Meal]) -> Bool {
            meals.filter(\.isLeftovers).count == 4 && meals.filter(\.isLeftovers).allSatisfy { leftover in
                meals.contains { cook in
                    cook.id == leftover.leftoversOf && !cook.isLeftovers && cook.title == leftover.title
                        && start.distance(to: cook.day) / 2 == start.distance(to: leftover.day) / 2
                }
            }
        }
        #expect(linkedWithinTheirCopy(applied.meals))
        // Cooks first, then their leftovers; each change adds a meal as stored.
        #expect(applied.changes.map(\.result?.isLeftovers) == [false, false, false, false, true, true, true, true])
        #expect(Set(applied.changes.compactMap(\.result)) == Set(applied.meals))

        let target = DayRange(start: start, count: 4)
        let undone = try store.make(applied.changes.reversed().map(\.inverse))
        #expect(try store.meals(in: target).isEmpty)
        #expect(undone.allSatisfy { if case .remove = $0 { true } else { false } }, "no leftovers unlinked on the way")
        try store.make(undone.reversed().map(\.inverse))
        let redone = try store.meals(in: target)
        #expect(redone == applied.meals, "the same meals, ids and links")
        #expect(linkedWithinTheirCopy(redone))
    }

    @Test func namesMatchInAnyCaseOrByAUniquePrefix() throws {
        let store = try storeWithTemplate()
        try store.saveTemplate("  Weekend  ", from: day("2026-03-02"), days: 2)
        #expect(try store.templates() == [
            MealTemplateSummary(name: "Week", days: 7, mealCount: 4),
            MealTemplateSummary(name: "Weekend", days: 2, mealCount: 3),
        ])
        #expect(try store.template(named: "week").name == "Week", "an exact name wins over a longer one")
        #expect(try store.template(named: "WEEKE").name == "Weekend")
        #expect(throws: StoreError(.input, "'we' could mean Week, Weekend; type more letters")) {
            try store.template(named: "we")
        }
        #expect(throws: StoreError(.input, "unknown template 'Weak'; did you mean Week? templates are Week, Weekend")) {
            try store.applyTemplate("Weak", to: day("2026-03-09"))
        }
        #expect(throws: StoreError(.input, "unknown template 'summer'; templates are Week, Weekend")) {
            try store.removeTemplate(named: "summer")
        }
        #expect(throws: StoreError(.input, "unknown template 'Week'; there are no templates yet")) {
            try MealStore.inMemory().template(named: "Week")
        }
    }

    @Test func replacingPutsTheNewDaysUnderTheName() throws {
        let store = try storeWithTemplate()
        let replaced = try store.saveTemplate("WEEK", from: day("2026-03-04"), days: 1, replacing: true)
        #expect(replaced.name == "WEEK" && replaced.days == 1 && replaced.meals.map(\.title) == ["Soup"])
        #expect(try store.templates() == [MealTemplateSummary(name: "WEEK", days: 1, mealCount: 1)])
        #expect(try store.fetchStrings("SELECT count(*) FROM templateMeal") == ["1"], "the old meals went with the old days")
    }

    @Test func theTemplateANameWouldReplaceIsFoundInAnyCaseButNotByPrefix() throws {
        let store = try storeWithTemplate()
        let week = MealTemplateSummary(name: "Week", days: 7, mealCount: 4)
        #expect(try store.templateNamed(exactly: "week") == week)
        #expect(try store.templateNamed(exactly: " WEEK ") == week)
        #expect(try store.templateNamed(exactly: "We") == nil, "a prefix is another name")
        #expect(throws: StoreError.input("the template name is empty")) { try store.templateNamed(exactly: " ") }
    }

    @Test func removingATemplateRemovesItsMealsAndLeavesThePlan() throws {
        let store = try storeWithTemplate()
        let removed = try store.removeTemplate(named: "wee")
        #expect(removed.name == "Week" && removed.meals.count == 4)
        #expect(try store.templates().isEmpty)
        #expect(try store.fetchStrings("SELECT count(*) FROM templateMeal") == ["0"])
        #expect(try store.mealCount() == Self.planned.count)
    }

    /// Each refusal leaves the plan and the templates as they were.
    @Test func badRequestsChangeNothing() throws {
        let refusals: [((MealStore) throws -> Void, String)] = [
            ({ try $0.saveTemplate("Week", from: day("2026-03-09"), days: 7) },
             "there is already a template 'Week'; --replace replaces it"),
            ({ try $0.saveTemplate("week", from: day("2026-03-09"), days: 7, replacing: true) },
             "nothing to keep: no meals from 2026-03-09 to 2026-03-15"),
            ({ try $0.saveTemplate("Empty", from: day("2026-03-05"), days: 1) }, "nothing to keep: no meals on 2026-03-05"),
            ({ try $0.saveTemplate("Nothing", from: day("2026-03-02"), days: 0) },
             "the number of days to keep must be at least 1, not 0"),
            ({ try $0.saveTemplate("Late", from: day("9999-12-30"), days: 3) },
             "3 days from 9999-12-30 run past 9999-12-31, the last day there is"),
            ({ try $0.saveTemplate("  ", from: day("2026-03-02"), days: 7) }, "the template name is empty"),
            ({ try $0.saveTemplate("Two\nlines", from: day("2026-03-02"), days: 7) },
             "the template name must be one line without control characters"),
            ({ try $0.saveTemplate(String(repeating: "w", count: 101), from: day("2026-03-02"), days: 7) },
             "the template name is longer than 100 characters"),
            // The planner's apply prompt reads "week x2" as 'week' twice.
            ({ try $0.saveTemplate("Winter week x2", from: day("2026-03-02"), days: 7) },
             "template name 'Winter week x2' ends like a number of copies (as in 'week x4'); name it otherwise"),
            ({ try $0.saveTemplate("Week ×10", from: day("2026-03-02"), days: 7, replacing: true) },
             "template name 'Week ×10' ends like a number of copies (as in 'week x4'); name it otherwise"),
            ({ _ = try $0.applyTemplate("", to: day("2026-03-09")) }, "the template name is empty"),
            ({ _ = try $0.applyTemplate("Week", to: day("2026-03-09"), times: 0) }, "a template is applied 1 to 1000 times, not 0"),
            ({ _ = try $0.applyTemplate("Week", to: day("2026-03-09"), times: 1001) }, "a template is applied 1 to 1000 times, not 1001"),
            ({ _ = try $0.applyTemplate("Week", to: day("9999-12-26")) },
             "template 'Week' has 7 days: from 9999-12-26 it runs past 9999-12-31, the last day there is"),
            // 9999-12-11 + 3 × 7 days ends on 9999-12-31 exactly; a fourth copy would not fit.
            ({ _ = try $0.applyTemplate("Week", to: day("9999-12-11"), times: 4) },
             "copy 4 of 4 of template 'Week' (7 days each, from 9999-12-11) would run past 9999-12-31, the last day there is"),
            ({ _ = try $0.applyTemplate("Week", to: day("9999-12-11"), times: 1000, dryRun: true) },
             "copy 4 of 1000 of template 'Week' (7 days each, from 9999-12-11) would run past 9999-12-31, the last day there is"),
            ({ try $0.removeTemplate(named: "Month") }, "unknown template 'Month'; templates are Week"),
        ]
        for (request, message) in refusals {
            let store = try storeWithTemplate()
            let before = try store.template(named: "Week")
            #expect(throws: StoreError(.input, message)) { try request(store) }
            #expect(try store.template(named: "Week") == before, "\(message)")
            #expect(try store.templates().count == 1, "\(message)")
            #expect(try store.mealCount() == Self.planned.count, "\(message)")
        }
    }

    @Test func theLastCopyThatFitsEndsOnTheLastDay() throws {
        let store = try storeWithTemplate()
        let applied = try store.applyTemplate("Week", to: day("9999-12-11"), times: 3)
        #expect(applied.meals.last?.day == day("9999-12-27"))
        #expect(applied.meals.count == 12)
    }

    /// A failure at the last copy (here a trigger refusing its first meal) takes back the copies
    /// before it: one transaction.
    @Test func aCopyThatFailsTakesTheOthersBack() throws {
        let store = try storeWithTemplate()
        let third = day("2026-03-23")
        try store.execute("""
            CREATE TRIGGER refuse BEFORE INSERT ON meal WHEN NEW.day = \(third.number)
            BEGIN SELECT RAISE(ABORT, 'refused'); END
            """)
        #expect(throws: StoreError.self) { try store.applyTemplate("Week", to: day("2026-03-09"), times: 3) }
        #expect(try store.mealCount() == Self.planned.count)
    }

    /// Two connections on one file stand for two processes: the template as one read it (the
    /// planner's dry run) is laid down only while it is what is stored. Another program's edit,
    /// rename or removal in between is refused in the words a meal's change is, nothing laid;
    /// read again, the template as it is now goes down.
    @Test func aTemplateChangedSinceItWasReadIsNotLaidDown() throws {
        let changes: [((MealStore) throws -> Void, String)] = [
            ({ try $0.saveTemplate("Week", from: day("2026-03-04"), days: 7, replacing: true) },
             "template 'Week' was changed by another program meanwhile (its meals changed)"),
            ({ try $0.saveTemplate("Week", from: day("2026-03-02"), days: 2, replacing: true) },
             "template 'Week' was changed by another program meanwhile (it has 2 days now, its meals changed)"),
            ({ try $0.saveTemplate("WEEK", from: day("2026-03-02"), days: 7, replacing: true) },
             "template 'Week' was changed by another program meanwhile (its name is now 'WEEK')"),
            ({ try $0.execute("UPDATE template SET name = 'Winter week'") },
             "template 'Week' was changed by another program meanwhile (its name is now 'Winter week')"),
            ({ try $0.execute("UPDATE templateMeal SET title = 'Rice' WHERE title = 'Soup'") },
             "template 'Week' was changed by another program meanwhile (its meals changed)"),
            ({ try $0.removeTemplate(named: "Week") }, "template 'Week' was removed by another program meanwhile"),
            ({ try $0.removeTemplate(named: "Week"); try $0.saveTemplate("Week", from: day("2026-03-02"), days: 7) },
             "template 'Week' was removed by another program meanwhile"),
        ]
        for (change, message) in changes {
            let folder = TemporaryFolder()
            let planner = try storeWithTemplate(.filePool, in: folder)
            let other = try MealStore.open(path: folder.file("meals.sqlite"), access: .readWrite)
            let start = day("2026-03-16")
            let seen = try planner.applyTemplate("Week", to: start, times: 2, dryRun: true).template
            try change(other)
            let before = try other.meals(in: .all)
            #expect(throws: StoreError(.changedMeanwhile, message)) { try planner.applyTemplate(seen, to: start, times: 2) }
            #expect(try other.meals(in: .all) == before, "nothing laid down: \(message)")

            guard let now = try planner.templates().first else { continue }
            let read = try planner.applyTemplate(now.name, to: start, dryRun: true)
            let laid = try planner.applyTemplate(read.template, to: start)
            #expect(kept(laid.meals, from: start) == kept(read.meals, from: start), "\(message)")
            #expect(try other.meals(in: .all).count == before.count + read.meals.count, "\(message)")
        }
    }

    /// Unchanged, the template as read goes down as the one its name gives; another program's
    /// change to the plan's meals meanwhile is no change to the template.
    @Test func aTemplateUnchangedSinceItWasReadIsLaidDownAsItsNameLaysIt() throws {
        let folder = TemporaryFolder()
        let planner = try storeWithTemplate(.filePool, in: folder)
        let other = try MealStore.open(path: folder.file("meals.sqlite"), access: .readWrite)
        let start = day("2026-03-16")
        let read = try planner.applyTemplate("week", to: start, times: 2, dryRun: true)
        try other.addMeal(day: Self.week.first, slot: "lunch", title: "Bread")
        let laid = try planner.applyTemplate(read.template, to: start, times: 2)
        #expect(laid.template == read.template)
        #expect(kept(laid.meals, from: start) == kept(read.meals, from: start))
        #expect(try other.meals(in: DayRange(start: start, count: 14)) == laid.meals)
    }

    @Test func aSlotATemplateUsesStaysUntilTheTemplateGoes() throws {
        let store = try storeWithTemplate()
        try store.addSlot("Brunch")
        try store.addMeal(day: day("2026-03-08"), slot: "brunch", title: "Eggs")
        try store.saveTemplate("Sunday", from: day("2026-03-08"), days: 1)
        try store.saveTemplate("Sundays", from: day("2026-03-08"), days: 1)
        #expect(throws: StoreError(.input, "cannot remove slot 'Brunch': 1 meal and templates 'Sunday', 'Sundays' use it; move or remove them first")) {
            try store.removeSlot("brunch")
        }
        try store.removeMeals(ids: [try #require(try store.meals(in: DayRange(start: day("2026-03-08"), count: 1)).first?.id)])
        try store.removeTemplate(named: "Sundays")
        #expect(throws: StoreError(.input, "cannot remove slot 'Brunch': template 'Sunday' uses it; remove the template first")) {
            try store.removeSlot("brunch")
        }
        try store.removeTemplate(named: "Sunday")
        #expect(try store.removeSlot("brunch").name == "Brunch")
    }

    /// The schema itself refuses what the store never writes, as it does for meals.
    @Test(arguments: [
        "INSERT INTO template(name, days) VALUES (' Week', 7)",
        "INSERT INTO template(name, days) VALUES ('', 7)",
        "INSERT INTO template(name, days) VALUES ('Days', 0)",
        "INSERT INTO template(name, days) VALUES ('WEEK', 7)",
        "INSERT INTO templateMeal(templateId, dayOffset, slotId, position, title) VALUES (1, -1, 1, 0, 'Soup')",
        "INSERT INTO templateMeal(templateId, dayOffset, slotId, position, title) VALUES (1, 0, 1, 0, 'Soup ')",
        "INSERT INTO templateMeal(templateId, dayOffset, slotId, position, title, servings) VALUES (1, 0, 1, 9, 'Soup', 4)",
        "INSERT INTO templateMeal(templateId, dayOffset, slotId, position, title, note) VALUES (1, 0, 1, 9, 'Soup', '')",
        "INSERT INTO templateMeal(templateId, dayOffset, slotId, position, title) VALUES (99, 0, 1, 9, 'Soup')",
        "INSERT INTO templateMeal(templateId, dayOffset, slotId, position, title) VALUES (1, 0, 99, 9, 'Soup')",
        "INSERT INTO templateMeal(templateId, dayOffset, slotId, position, title) VALUES (1, 0, 1, 'first', 'Soup')",
        "DELETE FROM meal; DELETE FROM slot WHERE name = 'dinner'",
    ])
    func theSchemaRefusesBadTemplateRows(sql: String) throws {
        let store = try storeWithTemplate()
        #expect(throws: (any Error).self) { try store.execute(sql) }
    }
}
