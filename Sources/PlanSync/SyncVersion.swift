import MealPlanCore
import MealPlanExchange
import MealPlanStore
import Recurrence
import TextHelpers

/// One side's version of a synced item: a meal, or a repeat rule with the days it skips and
/// its changed occurrences, which travel as one file (`RRULE`, `EXDATE`, `RECURRENCE-ID`).
enum SyncVersion {
    /// A meal, and for leftovers their source's UID, which names it on both sides (the meal's
    /// `leftoversOf` is this plan's id of it, when the plan holds it).
    case meal(Meal, leftoversOf: ItemUID?)
    case rule(RuleVersion)

    /// A rule as both sides can say it.
    struct RuleVersion {
        var rule: RepeatRule
        /// The meal it gives, on its first day.
        var meal: Meal
        /// The days it skips, changed occurrences not among them.
        var skipped: [Day]
        /// Each changed occurrence: the day it replaces, and the meal it is now.
        var overrides: [(replacing: Day, meal: Meal)]
        /// The rule as stored (its compare-and-set snapshot), for the plan's version.
        var snapshot: RuleSnapshot?
    }

    var kind: SyncItemRecord.Kind {
        switch self {
        case .meal: .meal
        case .rule: .rule
        }
    }

    /// The meal a person recognises it by: the meal, or the rule's on its first day.
    var meal: Meal {
        switch self {
        case .meal(let meal, _): meal
        case .rule(let rule): rule.meal
        }
    }

    /// The plan's version of a stored rule.
    init(_ synced: SyncedRule) {
        let replaced = Set(synced.overrides.compactMap(\.occurrence?.day))
        self = .rule(RuleVersion(
            rule: synced.rule.rule, meal: synced.rule.meal, skipped: synced.rule.exceptions.filter { !replaced.contains($0) },
            overrides: synced.overrides.compactMap { meal in meal.occurrence.map { ($0.day, meal) } }, snapshot: synced.snapshot))
    }

    /// What `SyncFingerprint` hashes: every field mealplan stores of the item.
    var fingerprint: UInt64 {
        switch self {
        case .meal(let meal, let source):
            return SyncFingerprint.of(meal, leftoversOf: source)
        case .rule(let rule):
            var fields = ["rule", rule.rule.rrule, String(rule.meal.day.number), String(SyncFingerprint.of(rule.meal))]
            fields += rule.skipped.sorted().map { String($0.number) }
            fields += rule.overrides.sorted { $0.replacing < $1.replacing }.map { "\($0.replacing.number) \(SyncFingerprint.of($0.meal))" }
            return SyncFingerprint.of(text: fields.joined(separator: "\n"))
        }
    }

    /// "'Soup'", or "'Pizza' (every week on Fri)".
    var shortText: String {
        switch self {
        case .meal(let meal, _): "'\(meal.title.messageExcerpt)'"
        case .rule(let rule): "'\(rule.meal.title.messageExcerpt)' (\(rule.rule))"
        }
    }

    /// The item's file as `export --format ics` writes it, for `uid`.
    func calendarText(uid: ItemUID, settings: VdirSync.Settings) -> String {
        var writerSettings = ICalendarMealWriter.Settings(stamp: settings.stamp, slotTimes: settings.slotTimes, duration: settings.duration)
        switch self {
        case .meal(var meal, let source):
            meal.uid = uid
            return ICalendarMealWriter.text(of: [meal], leftoversSource: source, settings: writerSettings)
        case .rule(let rule):
            writerSettings.repeating = [ICalendarMealWriter.RepeatingMeal(
                id: 0, uid: uid, meal: rule.meal, rrule: rule.rule.rrule, skipped: rule.skipped, overrides: rule.overrides)]
            return ICalendarMealWriter.text(of: [], settings: writerSettings)
        }
    }
}
