import MealPlanCore
import TextHelpers

/// The `UID` of the iCalendar events mealplan writes, and the item a UID read back names: the
/// one place that knows both the form written now and the forms of earlier exports.
///
/// An event's UID is the item's `ItemUID` as bare lowercase UUID text, which RFC 7986
/// (section 5.3) recommends over the older `unique@host` form: unique in every calendar
/// without a host name, and safe as the file name a CalDAV server (Radicale) or `khal`
/// derives from it. Exports before items had UIDs wrote `meal-ID@mealplan` and
/// `repeat-ID@mealplan` from row ids, which start at 1 in every plan; they name the meal or
/// rule with that id in the plan that wrote them.
public enum CalendarUID {
    /// What a calendar UID names.
    public enum Reference: Hashable, Sendable {
        /// An item by its UID (what exports write now).
        case item(ItemUID)
        /// The meal with this row id (`meal-ID@mealplan`, written before UIDs).
        case mealID(Int64)
        /// The repeat rule with this row id (`repeat-ID@mealplan`, written before UIDs).
        case ruleID(Int64)
    }

    /// The UID of the event of the item `uid`.
    public static func text(_ uid: ItemUID) -> String {
        uid.text
    }

    /// The UID of `meal`'s event: its `ItemUID`, or, for a meal read from no store (it has
    /// none), the row-id form of earlier exports.
    static func text(of meal: Meal) -> String {
        meal.uid.map(text) ?? legacyMealPrefix + String(meal.id ?? 0) + legacySuffix
    }

    /// The UID of a repeat rule's event, whose occurrences are one event: as `text(of:)`.
    static func text(of rule: ICalendarMealWriter.RepeatingMeal) -> String {
        rule.uid.map(text) ?? legacyRulePrefix + String(rule.id) + legacySuffix
    }

    /// What `uid`, a UID read from a calendar, names; `nil` for a UID mealplan never wrote.
    public static func reference(_ uid: String) -> Reference? {
        if let item = ItemUID(text: uid) { return .item(item) }
        guard uid.hasSuffix(legacySuffix) else { return nil }
        let name = uid.dropLast(legacySuffix.count)
        for (prefix, reference) in [(legacyMealPrefix, Reference.mealID), (legacyRulePrefix, Reference.ruleID)]
        where name.hasPrefix(prefix) {
            let digits = name.dropFirst(prefix.count)
            guard digits.first != "0", digits.allSatisfy(\.isASCIIDigit), let id = Int64(digits), id > 0 else { return nil }
            return reference(id)
        }
        return nil
    }

    private static let legacyMealPrefix = "meal-"
    private static let legacyRulePrefix = "repeat-"
    private static let legacySuffix = "@mealplan"
}
