import MealPlanCore
import TextHelpers

/// Days of the week as a cook names them for a weekly repeat, in one grammar for the command
/// line (`--every`, `--on`) and the planner's repeat prompt: `weekdays` (Monday to Friday),
/// `weekends` (Saturday and Sunday), a range `mon-fri` that may wrap past Sunday (`fri-mon` is
/// Friday to Monday), a weekday in any spelling the date grammar reads (`thurs`), and lists of
/// these joined by commas (`mon,wed,fri`, `weekends,wed`).
public enum WeekdaySet {
    /// The forms, for a refusal and a hint.
    public static let forms = "weekdays, weekends, mon-fri or mon,wed,fri"

    /// The days `text` names, in the week's order from Monday, each once; `nil` if it is not
    /// in this grammar.
    public static func days(in text: String) -> [Weekday]? {
        let items = text.trimmingWhitespace().lowercased().split(separator: ",", omittingEmptySubsequences: false)
        var days = Set<Weekday>()
        for item in items {
            guard let named = itemDays(item.trimmingWhitespace()) else { return nil }
            days.formUnion(named)
        }
        return days.sorted { $0.rawValue < $1.rawValue }
    }

    /// One item of a list: a word for several days, a range, or a weekday.
    private static func itemDays(_ item: String) -> [Weekday]? {
        switch item {
        case "weekdays", "weekday": return [.monday, .tuesday, .wednesday, .thursday, .friday]
        case "weekends", "weekend": return [.saturday, .sunday]
        default: break
        }
        let ends = item.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        switch ends.count {
        case 1:
            return DateInput.weekdays[ends[0]].map { [$0] }
        case 2:
            guard let first = DateInput.weekdays[ends[0]], let last = DateInput.weekdays[ends[1]] else { return nil }
            // From the first through the last, past Sunday when the last comes earlier in the week.
            return (0...last.daysAfter(first)).map { Weekday(rawValue: (first.rawValue - 1 + $0) % 7 + 1)! }
        default:
            return nil
        }
    }
}
