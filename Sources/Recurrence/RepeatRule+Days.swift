import MealPlanCore

extension RepeatRule {
    /// The days the rule happens on from `first` through `last`, less the days in `skipped`
    /// (its exceptions), found a page at a time: the one walk over a rule's occurrences that
    /// `repeat show`, lists and exports share, in constant memory however far it runs.
    public func days(from first: Day, through last: Day, skipping skipped: Set<Day> = []) -> Days {
        Days(rule: self, skipped: skipped, searchFrom: first <= last ? first : nil, last: last)
    }

    /// See `days(from:through:skipping:)`.
    public struct Days: Sequence, IteratorProtocol, Sendable {
        /// The most occurrences fetched at once: enough to make the walk cheap, few enough
        /// that a week's load never computes a year.
        static let pageSize = 256

        let rule: RepeatRule
        let skipped: Set<Day>
        /// The day to look from for the next page; `nil` once there are no more.
        var searchFrom: Day?
        let last: Day
        /// Fetched occurrences, the next one last.
        var pending: [Day] = []

        public mutating func next() -> Day? {
            while true {
                if pending.isEmpty {
                    guard let from = searchFrom else { return nil }
                    // A page never longer than the days left: a daily rule in a week's load is 7 days.
                    let size = Swift.min(Self.pageSize, from.distance(to: last) + 1)
                    let page = rule.occurrences(from: from, limit: size).filter { $0 <= last }
                    guard let lastFound = page.last else {
                        searchFrom = nil
                        return nil
                    }
                    searchFrom = page.count == size && lastFound < last ? lastFound.adding(days: 1) : nil
                    pending = page.reversed()
                }
                let day = pending.removeLast()
                if !skipped.contains(day) { return day }
            }
        }
    }
}
