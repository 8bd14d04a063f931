/// One form of the date grammar as the help screens and the guide show it: the planner's `?`
/// and `mealplan --help` take the short columns, the guide and the manual page the long one.
/// Every place that lists the forms reads this table, so none can miss a form the parser reads.
public struct DateForm: Sendable, Equatable {
    /// The examples and their meaning in a few words, for a help line at 53 columns.
    public let example: String
    public let meaning: String
    /// The same examples one by one, and the meaning in a sentence, for the guide's table.
    public let examples: [String]
    public let explanation: String
}

extension DateInput {
    /// The accepted forms in one sentence, for a refusal.
    public static let acceptedForms =
        "YYYY-MM-DD, today, tomorrow, yesterday, +N or -N days, +Nw or -Nw weeks, +Nm or -Nm months, +Ny or -Ny years, "
        + "a weekday (fri, next fri, last mon, this mon), this-week, next-week, last-week, next-month, last-month, "
        + "a month and day (dec 25, 25 dec 2027) or a month and year (jan 2100)"

    /// Each form with what it means, one per line of a help screen: the planner's `?` names
    /// the week start it uses; `nil` (a help text written before any config file is read)
    /// points to where it is set.
    public static func forms(weekStart: Weekday?) -> [DateForm] {
        let weekStartText = weekStart.map { "its \($0.name)" }
            ?? "its first day; see 'mealplan help config'"
        return [
            DateForm(example: "2027-03-15", meaning: "that date",
                     examples: ["2027-03-15"], explanation: "that date, 0001-01-01 to 9999-12-31"),
            DateForm(example: "today tomorrow yesterday", meaning: "",
                     examples: ["today", "tomorrow", "yesterday"], explanation: ""),
            DateForm(example: "fri friday tues thurs", meaning: "the next, or today",
                     examples: ["fri", "friday", "tues", "thurs"],
                     explanation: "the next Friday (Tuesday…) on or after today: `fri` on a Friday is today"),
            DateForm(example: "this/next/last fri", meaning: "Friday of that week",
                     examples: ["this fri", "next fri", "last fri"],
                     explanation: "Friday of this, next or last week; weeks start on the day of [Your week](#your-week), Monday unless set"),
            DateForm(example: "this-week next-week last-week", meaning: weekStartText,
                     examples: ["this-week", "next-week", "last-week"], explanation: "the first day of that week"),
            DateForm(example: "this-month next-month last-month", meaning: "its 1st",
                     examples: ["this-month", "next-month", "last-month"], explanation: "the first day of that month"),
            DateForm(example: "dec 25, 25 dec", meaning: "the next, or today",
                     examples: ["dec 25", "25 dec", "december 25"], explanation: "the next 25 December on or after today"),
            DateForm(example: "dec 25 2027, 25 december 2027", meaning: "that date",
                     examples: ["dec 25 2027", "25 dec 2027"], explanation: "that date"),
            DateForm(example: "jan 2100, january 2100", meaning: "its 1st",
                     examples: ["jan 2100", "january 2100"], explanation: "the first day of that month"),
            DateForm(example: "25/12/2027 12/25/2027", meaning: "if only one reading",
                     examples: ["25/12/2027", "12/25/2027", "1/1/2100"],
                     explanation: "that date, day and month in either order where only one reading exists (one above 12, "
                        + "or both the same); `3/4/2027`, 3 April or March 4 depending on the country, is refused"),
            DateForm(example: "+3 -2 +3d", meaning: "days from today",
                     examples: ["+3", "-2", "+3d"], explanation: "days after or before today"),
            DateForm(example: "+2w -1w", meaning: "weeks from today", examples: ["+2w", "-1w"], explanation: "weeks"),
            DateForm(example: "+1m -2m", meaning: "months; Jan 31 +1m: end of Feb", examples: ["+1m", "-2m"],
                     explanation: "months, on the same day of the month, or its last day (31 January `+1m` is the end of February)"),
            DateForm(example: "+1y -1y", meaning: "years; Feb 29 +1y: Feb 28", examples: ["+1y", "-1y"],
                     explanation: "years, on the same day, or 28 February for a 29 February in a common year"),
        ]
    }
}
