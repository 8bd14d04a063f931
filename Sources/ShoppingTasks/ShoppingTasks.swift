import MealPlanCore
import MealPlanExchange
import ShoppingList

/// The shopping list as tasks for a phone: each line of the list (as `shop` shows it, ticks
/// applied) is one task, a `VTODO`: `SUMMARY` the item and its amount, `CATEGORIES` its aisle,
/// `DESCRIPTION` the meals it is for (by day, slot and title: two people sending the same plan
/// from their own copies, where the meals have other ids, write the same tasks), done when the
/// line is ticked.
///
/// A task's UID is made from the item's name and how many times the log has ticked that name
/// (its round), never from the days or amounts: sending again finds the same task and updates
/// it while it is open. Once a line is ticked its task is done and never reopened; what the
/// plan needs beyond it later (the list's top-up line), or the item put back with `--uncheck`,
/// is an open line of the next round, so a new task. A tasks folder holds one shopping list,
/// as the recipes folder holds one tick log.
public enum ShoppingTasks {
    static let uidPrefix = "mealplan-shop-"

    /// `mealplan-shop-olive_20oil-0`: the name in lower case, its ASCII letters and digits as
    /// they are and every other byte as `_` and two hex digits (so no two names share a UID and
    /// a UID is a safe file name), then the round.
    public static func uid(of name: String, round: Int) -> String {
        var uid = uidPrefix
        for byte in name.lowercased().utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                uid.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                uid += "_" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
            }
        }
        return uid + "-" + String(round)
    }

    /// Whether `uid` names a task of the shopping list (made by `uid(of:round:)`).
    public static func isShoppingTask(_ uid: String) -> Bool {
        uid.hasPrefix(uidPrefix)
    }

    /// How many times `log` ticks each name (by the name in lower case).
    static func rounds(_ log: CheckLog) -> [String: Int] {
        var rounds: [String: Int] = [:]
        for entry in log.entries where entry.checked { rounds[entry.name.lowercased(), default: 0] += 1 }
        return rounds
    }

    /// Each line of `planned` as `log` ticks it, as its task. An open task carries what a tick
    /// of it records as bought (`ICalendarTodo.bought`): the whole amount the plan needs of
    /// the item as it is sent, a top-up line's too (what was bought before and its more).
    public static func tasks(of planned: ShoppingList, log: CheckLog) -> [ICalendarTodo] {
        let rounds = rounds(log)
        return planned.ticked(by: log).items.map { item in
            let amount = item.shownAmount
            let bought = item.checked ? [] : planned.tick(item.name).bought ?? []
            return ICalendarTodo(
                uid: uid(of: item, rounds: rounds),
                summary: amount.isEmpty ? item.name : item.name + ", " + amount,
                categories: [item.aisle ?? "other"],
                description: item.meals.isEmpty ? nil : "for " + item.mealPlacesText,
                status: item.checked ? .completed : .open,
                bought: bought.isEmpty ? nil : CheckLog.amountsText(bought))
        }
    }

    /// The UID of a line's task: an open line belongs to the round after the log's ticks of
    /// its name (`rounds`), a ticked line to the round its last tick ended.
    static func uid(of item: ShoppingList.Item, rounds: [String: Int]) -> String {
        let ticks = rounds[item.name.lowercased()] ?? 0
        return uid(of: item.name, round: item.checked ? max(0, ticks - 1) : ticks)
    }

    /// The ticks that tasks done elsewhere stand for: each open line of `planned` (ticked by
    /// `log`) whose task is among `done`, ticked as `--check` ticks it, at the amount the task
    /// was sent for (what the plan needs now, for a task that does not say): a plan that grew
    /// after the send keeps what it needs beyond that as an open line, so a new task.
    public static func ticks(doneTasks done: [ICalendarTodo], planned: ShoppingList, log: CheckLog) -> [CheckLog.Entry] {
        guard !done.isEmpty else { return [] }
        let byUID = Dictionary(done.map { ($0.uid, $0) }) { first, _ in first }
        let rounds = rounds(log)
        var ticks: [CheckLog.Entry] = []
        for item in planned.ticked(by: log).items where !item.checked {
            guard let task = byUID[uid(of: item, rounds: rounds)],
                  !ticks.contains(where: { $0.name.lowercased() == item.name.lowercased() }) else { continue }
            var tick = planned.tick(item.name)
            if let sent = task.bought.flatMap(CheckLog.parseAmounts) { tick.bought = sent }
            ticks.append(tick)
        }
        return ticks
    }
}
