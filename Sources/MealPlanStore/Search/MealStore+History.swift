import GRDB
import MealPlanCore

/// One title as the plan remembers it: how often it was planned, the last time, and when.
public struct TitleHistory: Hashable, Sendable {
    public var title: String
    public var count: Int
    public var last: Day
    /// The most recent days it was planned, the most recent first: as many as were asked for.
    public var days: [Day]
}

extension MealStore {
    /// The titles containing `text` (any case or accents, as search) that single meals had on
    /// or before `today`, the most recently planned first, each with up to `dates` of its most
    /// recent days. Repeat rules are not counted here: they say themselves when they happen.
    /// What counts is what was eaten (`eaten`): the meals marked done, or in a plan that never
    /// marks any, every meal not skipped.
    ///
    /// Each distinct title (`mealTitle`) is matched once; a matching title's count, last day
    /// and days are ranges of `meal_by_title`, so a title planned 20,000 times costs a count
    /// over its index entries, not a read of its meals (see `Schema.indexMealTitles`).
    public func history(matching text: String, through today: Day, dates: Int) throws(StoreError) -> [TitleHistory] {
        try read { db in
            let eaten = try Self.eaten(db)
            let summaries = try Row.fetchAll(
                db,
                sql: "\(Self.titleSummaries(where: MealSearch.containsText("title"), eaten: eaten)) WHERE last IS NOT NULL ORDER BY last DESC, title",
                arguments: StatementArguments(MealSearch.arguments(for: text).merging(["today": today.number]) { $1 }))
            let recentDays = try db.cachedStatement(sql: Self.recentDays(eaten: eaten))
            return try summaries.map { row in
                let title: String = row["title"]
                let days = try Int.fetchAll(recentDays, arguments: ["title": title, "today": today.number, "dates": dates])
                return TitleHistory(title: title, count: row["count"], last: Day(clamping: row["last"]),
                                    days: days.map(Day.init(clamping:)))
            }
        }
    }

    /// The `:dates` most recent days of `:title` on or before `:today` that count (`eaten`), the
    /// most recent first.
    static func recentDays(eaten: String) -> String {
        "SELECT day FROM meal WHERE title = :title AND day <= :today AND \(eaten) ORDER BY day DESC LIMIT :dates"
    }

    /// The condition on a meal's status for the history to count it: done, once the plan marks
    /// meals done (`meal_by_status` answers that in one step), else anything not skipped. Both
    /// are read from `meal_by_title`, which holds the status.
    static func eaten(_ db: Database) throws -> String {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM meal WHERE status = 'done')") == true
            ? "status = 'done'" : "status IS NOT 'skipped'"
    }

    /// The titles of `mealTitle` that `condition` keeps, each with its last day on or before
    /// `:today` (`NULL` if none) and how many meals it had until then, both from
    /// `meal_by_title`. The count is an expression of the outer query, so that a caller's
    /// condition on `last` is judged before the count is taken.
    static func titleSummaries(where condition: String, eaten: String) -> String {
        """
        SELECT title, last, (SELECT COUNT(*) FROM meal WHERE meal.title = summary.title AND meal.day <= :today AND \(eaten)) AS count
        FROM (
            SELECT title, (SELECT MAX(day) FROM meal WHERE meal.title = mealTitle.title AND meal.day <= :today AND \(eaten)) AS last
            FROM mealTitle WHERE \(condition)) AS summary
        """
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

    /// Titles eaten at least `minimumCount` times up to `days` days before `today` (counted as
    /// `history` counts) but not planned since, nor for a day to come: ideas for next week,
    /// the most often eaten first.
    /// Each title's last day is one step into `meal_by_title`; only the titles not planned
    /// lately have their meals counted.
    public func forgotten(days: Int, before today: Day, minimumCount: Int = 2, limit: Int) throws(StoreError) -> [TitleHistory] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM (\(Self.titleSummaries(where: "TRUE", eaten: try Self.eaten(db)))) AS known
                    WHERE last < :cutoff AND NOT EXISTS (SELECT 1 FROM meal WHERE meal.title = known.title AND meal.day >= :cutoff)
                        AND count >= :minimum
                    ORDER BY count DESC, last DESC, title LIMIT :limit
                    """,
                arguments: [
                    "today": today.number, "cutoff": today.adding(days: -days).number, "minimum": minimumCount, "limit": limit,
                ]
            ).map { row in TitleHistory(title: row["title"], count: row["count"], last: Day(clamping: row["last"]), days: []) }
        }
    }
}
