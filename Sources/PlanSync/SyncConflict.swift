import MealPlanCore
import MealPlanExchange
import Recurrence
import TextHelpers

/// A conflict a sync left, as a person reads it and names it: its first line says which item
/// and the version each side holds; one more line for every other field that differs (a
/// meal's note, servings, recipe, slot, day, status, eaters; a repeat's pattern, its meal's
/// fields, and each day it gives differently, skipped or changed), both sides on each.
///
///     Tue 1 Dec lunch, meal 12: 'Curry' here, 'Soup' there
///       servings: 4 here, 2 there
///       note: 'extra chili' here, none there
///
/// `sync --keep SIDE NAME…` resolves it by the meal's or the repeat's id it prints (`12`,
/// `r3`) or by its day.
public struct SyncConflictReport: Sendable, Equatable {
    /// The lines, the first naming the item.
    public var lines: [String]
    /// The plan's id of the item: a meal's, or a repeat's; nil when the plan no longer holds it.
    public var id: ConflictName?
    /// The day the first line names: the meal's, or the repeat's first.
    public var day: Day

    /// What names this conflict alone where it can: its id; else its day.
    public var name: ConflictName { id ?? .day(day) }

    /// Whether `name` (an id or a day, as `sync --keep` takes them) names this conflict.
    public func isNamed(by name: ConflictName) -> Bool {
        switch name {
        case .meal, .repeat: name == id
        case .day(let day): day == self.day
        }
    }

    /// The most lines of days a repeat's conflict shows; the rest are counted.
    static let maximumDayLines = 12

    init(here: SyncVersion?, there: SyncVersion?) {
        let anchor = (here ?? there)?.meal ?? Meal(day: .first, slot: "", title: "")
        day = anchor.day
        id = switch here {
        case .meal(let meal, _)?: meal.id.map(ConflictName.meal)
        case .rule(let rule)?: rule.snapshot.map { .repeat($0.id) }
        case nil: nil
        }
        let name = id.map { ", \($0)" } ?? ""
        func side(_ version: SyncVersion?) -> String { version?.shortTitle ?? "removed" }
        let titles = here?.meal.title == there?.meal.title && here != nil
            ? "\(side(here)) on both sides" : "\(side(here)) here, \(side(there)) there"
        lines = ["\(anchor.day.shortLabel) \(anchor.slot)\(name): \(titles)"]
        guard let here, let there else { return }
        switch (here, there) {
        case (.meal(let mine, let mySource), .meal(let theirs, let theirSource)):
            lines += Self.differences(mine, mySource, theirs, theirSource, title: false).map { "  " + $0 }
        case (.rule(let mine), .rule(let theirs)):
            lines += Self.differences(mine, theirs).map { "  " + $0 }
        default:
            lines.append("  a \(here.kindName) here, a \(there.kindName) there")
        }
    }

    /// "field: X here, Y there" for each field of a meal that differs; `title` too, or not
    /// (the first line shows it).
    static func differences(_ here: Meal, _ hereSource: ItemUID?, _ there: Meal, _ thereSource: ItemUID?, title: Bool = true) -> [String] {
        var lines: [String] = []
        func add(_ field: String, _ mine: String?, _ theirs: String?) {
            if mine != theirs { lines.append("\(field): \(mine ?? "none") here, \(theirs ?? "none") there") }
        }
        if title { add("title", quoted(here.title), quoted(there.title)) }
        add("day", here.day.shortLabel, there.day.shortLabel)
        add("slot", here.slot, there.slot)
        add("note", here.note.map(quoted), there.note.map(quoted))
        add("recipe", here.recipe.map(quoted), there.recipe.map(quoted))
        add("servings", here.servings.map(Meal.servingsText), there.servings.map(Meal.servingsText))
        add("status", here.status.rawValue, there.status.rawValue)
        add("eaters", here.eaters.map(Meal.servingsText), there.eaters.map(Meal.servingsText))
        add("leftovers of", hereSource?.text, thereSource?.text)
        return lines
    }

    /// A repeat's differences: its pattern, its meal's fields, then each day it gives
    /// differently ("Fri 27 Mar: 'Pizza' here, skipped there"), at most `maximumDayLines`.
    static func differences(_ here: SyncVersion.RuleVersion, _ there: SyncVersion.RuleVersion) -> [String] {
        var lines: [String] = []
        if here.rule.rrule != there.rule.rrule { lines.append("repeats: \(here.rule) here, \(there.rule) there") }
        if here.meal.day != there.meal.day { lines.append("from: \(here.meal.day.shortLabel) here, \(there.meal.day.shortLabel) there") }
        lines += differences(here.meal, nil, there.meal, nil, title: false).filter { !$0.hasPrefix("day:") }
        let days = here.differingDays(from: there)
        for day in days.prefix(maximumDayLines) {
            let mine = here.given(on: day), theirs = there.given(on: day)
            let what: String
            switch (mine, theirs) {
            case (let mine?, let theirs?):
                what = differences(mine.meal, mine.leftoversOf, theirs.meal, theirs.leftoversOf).joined(separator: "; ")
            default:
                what = "\(mine.map { quoted($0.meal.title) } ?? "skipped") here, \(theirs.map { quoted($0.meal.title) } ?? "skipped") there"
            }
            lines.append("\(day.shortLabel): \(what)")
        }
        if days.count > maximumDayLines { lines.append("and \(days.count - maximumDayLines) more days") }
        return lines
    }

    private static func quoted(_ text: String) -> String { "'\(text.messageExcerpt)'" }
}

extension VdirSync.Report {
    /// "no conflict is meal 99, repeat 4: nothing kept for them": the names of `keepOnly`
    /// that named no conflict; nil when each named one.
    public var unmatchedText: String? {
        guard !unmatched.isEmpty else { return nil }
        return "no conflict is \(unmatched.map(\.description).joined(separator: ", ")): nothing kept for \(unmatched.count == 1 ? "it" : "them")"
    }
}

extension SyncVersion {
    /// "'Soup'": the meal's title, or the repeat's meal's.
    var shortTitle: String { "'\(meal.title.messageExcerpt)'" }

    var kindName: String {
        switch self {
        case .meal: "meal"
        case .rule: "repeat"
        }
    }
}

extension SyncVersion.RuleVersion {
    /// The changed occurrence on `day`, or the rule's own meal there; nil where it skips it
    /// (or does not happen on it: only days one of two versions skips or changes are asked).
    func given(on day: Day) -> ICalendarMealWriter.ChangedOccurrence? {
        if let change = overrides.first(where: { $0.replacing == day }) { return change }
        guard !skipped.contains(day) else { return nil }
        var meal = meal
        meal.day = day
        return ICalendarMealWriter.ChangedOccurrence(replacing: day, meal: meal)
    }

    /// The days this version and `other` give differently, each skipped or changed on one of
    /// them: earliest first.
    func differingDays(from other: Self) -> [Day] {
        let days = Set(skipped + overrides.map(\.replacing) + other.skipped + other.overrides.map(\.replacing))
        return days.sorted().filter { day in
            let mine = given(on: day), theirs = other.given(on: day)
            switch (mine, theirs) {
            case (nil, nil): return false
            case (let mine?, let theirs?):
                return SyncFingerprint.of(mine.meal, leftoversOf: mine.leftoversOf) != SyncFingerprint.of(theirs.meal, leftoversOf: theirs.leftoversOf)
            default: return true
            }
        }
    }

    /// Whether this version and `other` are the same repeat but for the days they give
    /// differently: the same pattern from the same day, giving the same meal.
    func differsOnlyInDays(from other: Self) -> Bool {
        rule.rrule == other.rule.rrule && meal.day == other.meal.day && SyncFingerprint.of(meal) == SyncFingerprint.of(other.meal)
    }
}
