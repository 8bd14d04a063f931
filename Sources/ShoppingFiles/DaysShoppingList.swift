import MealPlanCore
import RecipeLibrary
import Settings
import ShoppingList

/// The shopping list of some days, made from the files beside the recipes: what `shop`
/// prints, the planner's shopping page shows, `print --list` and the planner's `W` lay out.
/// Each asks here, so they never disagree on what to buy, what is ticked, how many meals the
/// list is for or what an empty list says.
public struct DaysShoppingList: Sendable {
    /// The days the list is for.
    public let days: DayRange
    /// The list before ticks (the meals' ingredients and the extra items): what a tick
    /// records as bought and what `--send` sends.
    public let planned: ShoppingList
    /// The tick log as it was read, or as it is after the ticks this list was made with.
    public let log: CheckLog
    /// `aisle.conf` as read for the list: its walking order and the other names an item goes by.
    public let aisles: AisleConfig
    /// How many of the days' meals are cooked from a recipe. A meal eaten from another's
    /// leftovers is bought with the meal that cooks it (`LeftoverShare`) and a skipped one is
    /// not cooked: neither counts, as neither adds to the list.
    public let cooked: Int

    /// The list as it is shown: ticks applied.
    public var ticked: ShoppingList { planned.ticked(by: log) }

    /// How many meals the recipes in `meals` are cooked for, as the list counts them.
    public static func cookedCount(of meals: [Meal]) -> Int {
        meals.filter { $0.recipe != nil && $0.isCooked }.count
    }
}

extension ShoppingSources {
    /// The list of `meals`, the meals of `days`, ticks applied: `aisle.conf`, `pantry.conf`,
    /// `.shopping-list` and `.shopping-checked` are each read once. A broken settings file is
    /// an error naming it; a recipe that cannot be used leaves its meal out, named in the list.
    public func list(of meals: [Meal], days: DayRange) throws(RecipeFolderError) -> DaysShoppingList {
        let (planned, aisles) = try plannedList(of: meals)
        return DaysShoppingList(days: days, planned: planned, log: try checks.read(), aisles: aisles,
                                cooked: DaysShoppingList.cookedCount(of: meals))
    }

    /// The same list after appending the entries `ticks` makes of it, worked out from the log
    /// as it is under the log's lock (a compare-and-set across processes). Nothing is written
    /// when `ticks` throws or gives none.
    public func list(
        of meals: [Meal], days: DayRange, ticking ticks: (DaysShoppingList) throws(UnknownItemError) -> [CheckLog.Entry]
    ) throws(RecipeFolderError) -> DaysShoppingList {
        let (planned, aisles) = try plannedList(of: meals)
        let cooked = DaysShoppingList.cookedCount(of: meals)
        let log = try checks.append { log throws(UnknownItemError) in
            try ticks(DaysShoppingList(days: days, planned: planned, log: log, aisles: aisles, cooked: cooked))
        }
        return DaysShoppingList(days: days, planned: planned, log: log, aisles: aisles, cooked: cooked)
    }

    /// The list of `meals` with the extra items, before ticks, and the aisles it was made with.
    private func plannedList(of meals: [Meal]) throws(RecipeFolderError) -> (ShoppingList, AisleConfig) {
        let aisles = try aisles()
        let list = try shoppingList(for: meals, aisles: aisles, pantry: try pantry())
        return (list.adding(try extras.read(), aisles: aisles), aisles)
    }
}
