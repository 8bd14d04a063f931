import TextHelpers

/// What a sync's conflict is named by: the id its report prints, or its day. `sync --keep
/// SIDE NAME…` and the planner's conflict keys resolve one by it; here, beside the plan's
/// values, so that the planner's pure state can hold it.
public enum ConflictName: Hashable, Sendable, CustomStringConvertible {
    case meal(Int64)
    case `repeat`(Int64)
    case day(Day)

    /// "meal 12", "repeat 3", "Tue 1 Dec".
    public var description: String {
        switch self {
        case .meal(let id): "meal \(id)"
        case .repeat(let id): "repeat \(id)"
        case .day(let day): day.shortLabel
        }
    }

    /// `12` for meal 12, `r3` for repeat 3; nil for anything else (a day, for the caller).
    public init?(id text: String) {
        let repeats = text.first == "r" || text.first == "R"
        let digits = repeats ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let id = Int64(digits) else { return nil }
        self = repeats ? .repeat(id) : .meal(id)
    }
}
