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
        /// Each changed occurrence: the day it replaces, the meal it is now, and for leftovers
        /// their source's UID (the meal's `leftoversOf` is this plan's id of it).
        var overrides: [ICalendarMealWriter.ChangedOccurrence]
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

    /// The plan's version of a stored rule; `sources`: the UIDs of the meals leftovers come
    /// from, by id.
    init(_ synced: SyncedRule, sources: [Int64: ItemUID]) {
        let replaced = Set(synced.overrides.compactMap(\.occurrence?.day))
        self = .rule(RuleVersion(
            rule: synced.rule.rule, meal: synced.rule.meal, skipped: synced.rule.exceptions.filter { !replaced.contains($0) },
            overrides: synced.overrides.compactMap { meal in
                meal.occurrence.map { .init(replacing: $0.day, meal: meal, leftoversOf: meal.leftoversOf.flatMap { sources[$0] }) }
            },
            snapshot: synced.snapshot))
    }

    /// This version with the leftovers `link` names (the meal, or its changed occurrence on
    /// the link's day) coming from the link's cook, as the file says, while the plan has not
    /// linked them: nil when it has, or when the version holds no such leftovers.
    func waiting(for link: LeftoversLink) -> SyncVersion? {
        switch self {
        case .meal(let meal, nil) where link.occurrence == nil && meal.leftoversOf == nil:
            return .meal(meal, leftoversOf: link.source)
        case .rule(var rule):
            guard let index = rule.overrides.firstIndex(where: { $0.replacing == link.occurrence && $0.leftoversOf == nil }) else { return nil }
            rule.overrides[index].leftoversOf = link.source
            return .rule(rule)
        case .meal:
            return nil
        }
    }

    /// The UID of the changed occurrence on `day` of the repeating event `uid`, when its file
    /// names none (another program changed that day): made from both, so that every plan that
    /// takes the file gives that meal the same UID.
    static func occurrenceUID(of uid: String, replacing day: Day) -> ItemUID {
        derivedUID(Array(uid.utf8) + [0xFF] + Array(String(day.number).utf8))
    }

    /// The item's UID of an event whose UID is `uid`: the one it names when mealplan wrote it,
    /// else (another program made it: a phone's `…@phone`) one made from it, so that every
    /// plan that takes the event gives its meal the same UID, and leftovers linked to it and
    /// a later edit of it name the same meal on every side.
    static func itemUID(ofEvent uid: String) -> ItemUID {
        if case .item(let named) = CalendarUID.reference(uid) { return named }
        return derivedUID(Array(uid.utf8))
    }

    /// 128 bits of two `StableHash`es of `bytes`, marked as RFC 9562's version 8 (a UUID made
    /// its own way). A changed occurrence's bytes hold 0xFF, which no UID's UTF-8 does, so the
    /// two kinds never meet.
    private static func derivedUID(_ bytes: [UInt8]) -> ItemUID {
        func hash(seed: UInt64) -> UInt64 {
            var hash = StableHash(seed: seed)
            hash.add(bytes: bytes)
            return hash.value
        }
        let high = hash(seed: StableHash.offsetBasis), low = hash(seed: ~StableHash.offsetBasis)
        return ItemUID(high: high & ~0xF000 | 0x8000, low: low & ~(0xC000 << 48) | 0x8000 << 48)
    }

    /// What `SyncFingerprint` hashes: every field mealplan stores of the item.
    var fingerprint: UInt64 {
        switch self {
        case .meal(let meal, let source):
            return SyncFingerprint.of(meal, leftoversOf: source)
        case .rule(let rule):
            var fields = ["rule", rule.rule.rrule, String(rule.meal.day.number), String(SyncFingerprint.of(rule.meal))]
            fields += rule.skipped.sorted().map { String($0.number) }
            fields += rule.overrides.sorted { $0.replacing < $1.replacing }.map { "\($0.replacing.number) \(SyncFingerprint.of($0.meal, leftoversOf: $0.leftoversOf))" }
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

    /// The item's calendar as `export --format ics` encodes it, for `uid`, built in memory
    /// (`ICalendarItemFile`).
    func calendar(uid: ItemUID, settings: VdirSync.Settings) -> ICalendarComponent {
        var writerSettings = ICalendarMealWriter.Settings(stamp: settings.stamp, slotTimes: settings.slotTimes, duration: settings.duration)
        switch self {
        case .meal(var meal, let source):
            meal.uid = uid
            return ICalendarMealWriter.calendar(of: [meal], leftoversSource: source, settings: writerSettings)
        case .rule(let rule):
            writerSettings.repeating = [ICalendarMealWriter.RepeatingMeal(
                id: 0, uid: uid, meal: rule.meal, rrule: rule.rule.rrule, skipped: rule.skipped, overrides: rule.overrides)]
            return ICalendarMealWriter.calendar(of: [], settings: writerSettings)
        }
    }
}
