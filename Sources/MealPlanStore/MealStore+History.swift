import GRDB
import MealPlanCore

/// One title as the plan remembers it: how often it was planned, the last time, and when.
public struct TitleHistory: Hashable, Sendable {
    public var title: String
    public var count: Int
    public var last: Day
    /// Every day it was planned, the most recent first.
    public var days: [Day]
}

extension MealStore {
    /// History groups its candidates without checking each, so it takes the index for more of
    /// them than a list does.
    static let historyCandidateLimit = 200_000

    /// The titles containing `text` (any case or accents, as search) that single meals had on
    /// or before `today`, the most recently planned first. Repeat rules are not counted here:
    /// they say themselves when they happen.
    public func history(matching text: String, through today: Day) throws(StoreError) -> [TitleHistory] {
        let query = MealQuery(text)
        return try read { db in
            // Titles are judged once each, after grouping: through the index, the candidates are
            // grouped as they are (every meal of a matching title holds its pieces), and a scan
            // matches titles alone.
            let plan = try MealSearch.plan(db, for: text, candidateLimit: Self.historyCandidateLimit)
            var arguments = plan.arguments
            arguments["today"] = today.number
            let condition = plan.candidates ?? "mealplan_matches(meal.title, NULL, :search)"
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT meal.title, COUNT(*) AS count, MAX(meal.day) AS last, group_concat(meal.day) AS days
                    FROM meal WHERE \(plan.dayColumn) <= :today AND \(condition)
                    GROUP BY meal.title ORDER BY last DESC, meal.title
                    """,
                arguments: StatementArguments(arguments))
            return rows.compactMap { row in
                let title: String = row["title"]
                guard query.matches(title: title, note: nil) else { return nil }
                let days = (row["days"] as String).split(separator: ",").compactMap { Int($0).map(Day.init(clamping:)) }
                return TitleHistory(title: title, count: row["count"], last: Day(clamping: row["last"]), days: days.sorted(by: >))
            }
        }
    }

    /// The titles planned in the two years before `today` and the year after, the most often
    /// planned first, then the most recently: what the title field offers on Tab. The days
    /// are a range of the day index, so this costs the same in a plan of any size.
    public func recentTitles(around today: Day, limit: Int = 1000) throws(StoreError) -> [String] {
        try read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT title FROM meal WHERE day BETWEEN :first AND :last
                    GROUP BY title ORDER BY COUNT(*) DESC, MAX(day) DESC, title LIMIT :limit
                    """,
                arguments: ["first": today.adding(days: -730).number, "last": today.adding(days: 365).number, "limit": limit])
        }
    }

    /// Titles planned at least `minimumCount` times up to `days` days before `today` but not
    /// since: ideas for next week, the most often planned first.
    public func forgotten(days: Int, before today: Day, minimumCount: Int = 2, limit: Int) throws(StoreError) -> [TitleHistory] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT title, COUNT(*) AS count, MAX(day) AS last FROM meal WHERE day <= :today
                    GROUP BY title HAVING last < :cutoff AND count >= :minimum
                    ORDER BY count DESC, last DESC, title LIMIT :limit
                    """,
                arguments: [
                    "today": today.number, "cutoff": today.adding(days: -days).number, "minimum": minimumCount, "limit": limit,
                ]
            ).map { row in TitleHistory(title: row["title"], count: row["count"], last: Day(clamping: row["last"]), days: []) }
        }
    }
}
