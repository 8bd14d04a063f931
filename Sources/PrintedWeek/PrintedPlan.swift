import MealPlanCore
import ShoppingList

/// A plan on paper: the meals of some days as sheets of a week each (the household's weeks,
/// from its week start), and their shopping list on a sheet of its own, as one HTML page for a
/// browser to print. Pure: the meals come as `list` reads them, the list as `shop` makes it,
/// and the page is text; the command line and the planner do the reading and the writing.
///
/// The page has no script and loads nothing (its Content-Security-Policy forbids both); every
/// text of the plan is written as text (`HTMLText`); it is black on white, its marks words or
/// symbols that need no colour. Each week's sheet is laid out for a landscape page of A4 or US
/// Letter (the paper named, or else a box that fits both), its font size chosen so that the
/// week fits one sheet (`WeekSheet.Layout`); a week too full for that even in small print
/// runs over more sheets, row by row, rather than cutting anything.
public struct PrintedPlan: Sendable {
    /// The days printed.
    public var days: DayRange
    /// The household's week start: each sheet is one of its weeks, or the part of one in `days`.
    public var weekStart: Weekday
    /// The plan's slots in their order: the rows of every week, those without meals too (room
    /// to write on).
    public var slots: [String]
    /// The meals of `days` in display order, as `MealStore.meals(in:)` gives them.
    public var meals: [Meal]
    /// The shopping list of `days`, printed on a sheet of its own after the weeks; `nil` for none.
    public var list: PrintedList?
    /// The paper the page is made for; `nil`: whichever the browser prints on.
    public var paper: Paper?
    /// The day it is printed, said at the foot of each sheet.
    public var printedOn: Day

    public init(
        days: DayRange, weekStart: Weekday, slots: [String], meals: [Meal], list: PrintedList? = nil, paper: Paper? = nil,
        printedOn: Day
    ) {
        self.days = days
        self.weekStart = weekStart
        self.slots = slots
        self.meals = meals
        self.list = list
        self.paper = paper
        self.printedOn = printedOn
    }

    /// The household weeks `days` falls in, each cut to the days of `days`.
    public var weeks: [DayRange] {
        var weeks: [DayRange] = []
        var first = days.first
        while true {
            let last = min(first.weekEnd(weekStart), days.last)
            weeks.append(DayRange(first, last))
            guard last < days.last else { return weeks }
            first = last.adding(days: 1)
        }
    }
}

/// A shopping list as the list's sheet prints it: the list with its ticks, as `shop` shows it,
/// and how many meals with a recipe it is for.
public struct PrintedList: Sendable {
    public var list: ShoppingList
    /// How many of the days' meals have a recipe (the heading's "9 meals with recipes").
    public var cooked: Int

    public init(_ list: ShoppingList, cooked: Int) {
        self.list = list
        self.cooked = cooked
    }
}
