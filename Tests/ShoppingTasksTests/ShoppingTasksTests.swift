import MealPlanCore
import MealPlanExchange
@testable import ShoppingList
@testable import ShoppingTasks
import Testing
import TestSupport

/// The shopping list's lines as tasks, their UIDs by name and round, and done tasks as ticks.
@Suite struct ShoppingTasksTests {
    static let lasagna = ShoppingList.MealUse(id: 1, day: day("2026-03-02"), slot: "dinner", title: "Lasagna")
    /// Milk 1.25 l for the lasagna, in dairy; paper towels added by hand, in no aisle.
    static let planned = ShoppingList(items: [
        .init(name: "milk", aisle: "dairy", amounts: [Amount(quantity: 1.25, unit: "l")], meals: [lasagna]),
        .init(name: "paper towels", aisle: nil, amounts: [], meals: []),
    ], notes: [])

    @Test func aUIDIsTheNameByteByByteAndTheRound() {
        #expect(ShoppingTasks.uid(of: "olive oil", round: 0) == "mealplan-shop-olive_20oil-0")
        #expect(ShoppingTasks.uid(of: "Olive Oil", round: 2) == "mealplan-shop-olive_20oil-2")
        // "-" and "_" are written as bytes too, so no two names meet: 'olive-oil' is not 'olive oil'.
        #expect(ShoppingTasks.uid(of: "olive-oil", round: 0) == "mealplan-shop-olive_2doil-0")
        #expect(ShoppingTasks.uid(of: "a_20b", round: 0) == "mealplan-shop-a_5f20b-0")
        // "crème": c, r, then è as its UTF-8 bytes C3 A8, m, e.
        #expect(ShoppingTasks.uid(of: "crème", round: 1) == "mealplan-shop-cr_c3_a8me-1")
        #expect(ShoppingTasks.uid(of: "tab\t", round: 0) == "mealplan-shop-tab_09-0")
        #expect(ShoppingTasks.isShoppingTask("mealplan-shop-milk-0") && !ShoppingTasks.isShoppingTask("milk-0"))
    }

    @Test func eachLineIsATaskWithItsAmountAisleAndMeals() {
        let tasks = ShoppingTasks.tasks(of: Self.planned, log: CheckLog())
        #expect(tasks == [
            ICalendarTodo(uid: "mealplan-shop-milk-0", summary: "milk, 1.25 l", categories: ["dairy"],
                          description: "for Mon 2026-03-02 dinner 'Lasagna'", status: .open, bought: "1.25 l"),
            ICalendarTodo(uid: "mealplan-shop-paper_20towels-0", summary: "paper towels", categories: ["other"],
                          description: nil, status: .open),
        ])
    }

    /// Ticked at 1 l, needed 1.25 l: the ticked line is the task of round 0, done; the top-up
    /// of 250 ml is round 1, open. Ticked again, the top-up's task is done too; put back, round 2.
    @Test func aTickedLineIsDoneInItsRoundAndWhatFollowsIsTheNextRound() {
        var log = CheckLog(entries: [.init(name: "Milk", checked: true, bought: [Amount(quantity: 1, unit: "l")])])
        var tasks = ShoppingTasks.tasks(of: Self.planned, log: log)
        #expect(tasks.prefix(2).map(\.uid) == ["mealplan-shop-milk-0", "mealplan-shop-milk-1"])
        #expect(tasks.prefix(2).map(\.summary) == ["milk, 1 l", "milk, +250 ml"])
        #expect(tasks.prefix(2).map(\.status) == [.completed, .open])

        log = CheckLog(entries: log.entries + [Self.planned.tick("milk")])
        tasks = ShoppingTasks.tasks(of: Self.planned, log: log)
        #expect(tasks.first { $0.summary.hasPrefix("milk") }.map { [$0.uid, $0.summary] } == ["mealplan-shop-milk-1", "milk, 1.25 l"])
        #expect(tasks.first?.status == .completed)

        log = CheckLog(entries: log.entries + [.init(name: "milk", checked: false)])
        tasks = ShoppingTasks.tasks(of: Self.planned, log: log)
        #expect(tasks.first.map { [$0.uid, $0.summary] } == ["mealplan-shop-milk-2", "milk, 1.25 l"])
        #expect(tasks.first?.status == .open)
    }

    @Test func aDoneTaskOfAnOpenLineIsTheTickCheckWouldMake() {
        let none = CheckLog()
        #expect(ShoppingTasks.ticks(doneTasks: [Self.done("mealplan-shop-milk-0")], planned: Self.planned, log: none)
                == [CheckLog.Entry(name: "milk", checked: true, bought: [Amount(quantity: 1.25, unit: "l")])])
        // A done task of another round, or of a line already ticked, ticks nothing.
        #expect(ShoppingTasks.ticks(doneTasks: [Self.done("mealplan-shop-milk-1"), Self.done("other")], planned: Self.planned, log: none).isEmpty)
        let ticked = CheckLog(entries: [Self.planned.tick("milk")])
        #expect(ShoppingTasks.ticks(doneTasks: [Self.done("mealplan-shop-milk-0")], planned: Self.planned, log: ticked).isEmpty)
        // The top-up of round 1 done: milk ticked again, at the whole amount.
        let partly = CheckLog(entries: [.init(name: "milk", checked: true, bought: [Amount(quantity: 1, unit: "l")])])
        #expect(ShoppingTasks.ticks(doneTasks: [Self.done("mealplan-shop-milk-1")], planned: Self.planned, log: partly)
                == [Self.planned.tick("milk")])
    }

    /// A task of `uid` done on a phone, sent for `bought` (nil: a task that does not say).
    static func done(_ uid: String, bought: String? = nil) -> ICalendarTodo {
        ICalendarTodo(uid: uid, summary: "milk", status: .completed, bought: bought)
    }

    /// Sent at 1.25 l, then the plan grew to 2 l before the phone's tick was read back: the tick
    /// records the 1.25 l the task was for, and the 750 ml beyond it is an open line, so the task
    /// of the next round.
    @Test func aTickReadAfterThePlanGrewRecordsTheAmountTheTaskWasFor() throws {
        let sent = try #require(ShoppingTasks.tasks(of: Self.planned, log: CheckLog()).first)
        var grown = Self.planned
        grown.items[0].amounts = [Amount(quantity: 2, unit: "l")]
        let ticks = ShoppingTasks.ticks(doneTasks: [Self.done(sent.uid, bought: sent.bought)], planned: grown, log: CheckLog())
        #expect(ticks == [CheckLog.Entry(name: "milk", checked: true, bought: [Amount(quantity: 1.25, unit: "l")])])
        let tasks = ShoppingTasks.tasks(of: grown, log: CheckLog(entries: ticks))
        #expect(tasks.prefix(2).map(\.summary) == ["milk, 1.25 l", "milk, +750 ml"])
        #expect(tasks.prefix(2).map(\.status) == [.completed, .open])
        #expect(tasks[1].uid == ShoppingTasks.uid(of: "milk", round: 1) && tasks[1].uid != sent.uid)
        // The top-up's task is sent for the whole 2 l: done, milk is ticked at 2 l, nothing open.
        #expect(tasks[1].bought == "2 l")
        let again = ShoppingTasks.ticks(doneTasks: [Self.done(tasks[1].uid, bought: tasks[1].bought)], planned: grown,
                                        log: CheckLog(entries: ticks))
        #expect(again == [CheckLog.Entry(name: "milk", checked: true, bought: [Amount(quantity: 2, unit: "l")])])
        #expect(ShoppingTasks.tasks(of: grown, log: CheckLog(entries: ticks + again)).filter { $0.summary.hasPrefix("milk") }
            .map(\.status) == [.completed])
    }

    /// The plan shrank after the send: the tick records what the task was for, and nothing is open.
    @Test func aTickReadAfterThePlanShrankRecordsTheAmountTheTaskWasFor() throws {
        let sent = try #require(ShoppingTasks.tasks(of: Self.planned, log: CheckLog()).first)
        var shrunk = Self.planned
        shrunk.items[0].amounts = [Amount(quantity: 1, unit: "l")]
        let ticks = ShoppingTasks.ticks(doneTasks: [Self.done(sent.uid, bought: sent.bought)], planned: shrunk, log: CheckLog())
        #expect(ticks.first?.bought == [Amount(quantity: 1.25, unit: "l")])
        #expect(shrunk.ticked(by: CheckLog(entries: ticks)).items.filter { $0.name == "milk" }.map(\.checked) == [true])
    }
}
