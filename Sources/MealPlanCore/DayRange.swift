/// A closed, non-empty run of consecutive days, such as the days a query or a window covers.
public struct DayRange: Hashable, Sendable, Sequence, CustomStringConvertible {
    public let first: Day
    public let last: Day

    /// The days from `first` through `last`; the bounds are swapped if given in reverse.
    public init(_ first: Day, _ last: Day) {
        self.first = Swift.min(first, last)
        self.last = Swift.max(first, last)
    }

    /// `count` days starting at `start`, cut short at 9999-12-31.
    public init(start: Day, count: Int) {
        self.init(start, start.adding(days: Swift.max(count, 1) - 1))
    }

    /// The whole calendar, 0001-01-01 … 9999-12-31.
    public static let all = DayRange(.first, .last)

    public var count: Int { first.distance(to: last) + 1 }

    public func contains(_ day: Day) -> Bool {
        first <= day && day <= last
    }

    /// The days both ranges cover, or `nil` if they do not meet.
    public func intersection(_ other: DayRange) -> DayRange? {
        let lower = Swift.max(first, other.first)
        let upper = Swift.min(last, other.last)
        return lower <= upper ? DayRange(lower, upper) : nil
    }

    public func makeIterator() -> Iterator {
        Iterator(upcoming: first, last: last)
    }

    /// Walks the days in order; stops after `last` without stepping past 9999-12-31.
    public struct Iterator: IteratorProtocol {
        var upcoming: Day?
        let last: Day

        public mutating func next() -> Day? {
            guard let day = upcoming else { return nil }
            upcoming = day < last ? day.adding(days: 1) : nil
            return day
        }
    }

    public var description: String { "\(first.iso) … \(last.iso)" }
}

extension DayRange {
    /// The most days one shopping list covers: a year, leap day included. A list from year 1
    /// to 9999 of a daily rule would gather millions of meals for a shop nobody makes.
    public static let longestShoppingList = 366
}
