import MealPlanCore
import TextHelpers

/// Fuzzes the date grammar the command line and the planner's prompts share, and the strict ISO
/// reading that imports use: every input is either a day inside the calendar or a one-line
/// error naming the input.
///
/// The grammar reads each input against three "today"s: an ordinary day and both ends of the
/// calendar, where relative forms must be refused instead of leaving it, each with every week
/// start (a week that starts on Saturday leaves the calendar at its first day, a Monday).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDateInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    checkISO(text)
    for today in todays {
        for weekStart in Weekday.allCases { checkGrammar(text, today: today, weekStart: weekStart) }
    }
    return 0
}

private let todays = [Day(year: 2026, month: 11, day: 21)!, Day.first, Day.last]

private func checkISO(_ text: String) {
    do {
        let day = try Day(iso: text)
        requireInCalendar(day, text)
        FuzzCheck.require(day.iso == text, "an accepted ISO date round-trips to the same text", "input: \(text.debugDescription), got \(day.iso)")
    } catch {
        requireClearRefusal(error, text)
    }
}

private func checkGrammar(_ text: String, today: Day, weekStart: Weekday) {
    do {
        let day = try DateInput.parse(text, today: today, weekStart: weekStart)
        requireInCalendar(day, text)
        let trimmed = text.trimmingWhitespace()
        if let isoDay = try? Day(iso: trimmed) {
            FuzzCheck.require(isoDay == day, "the grammar reads an ISO date as Day(iso:) does", "input: \(text.debugDescription)")
        }
    } catch {
        requireClearRefusal(error, text)
    }
}

private func requireInCalendar(_ day: Day, _ text: String) {
    FuzzCheck.require(Day.validNumbers.contains(day.number), "a parsed day lies in 0001-01-01…9999-12-31", "input: \(text.debugDescription)")
    let date = day.date
    FuzzCheck.require(
        Day(year: date.year, month: date.month, day: date.day) == day, "a parsed day's civil date maps back to it",
        "input: \(text.debugDescription)")
}

/// One line naming the input (as typed, or trimmed and lowercased as the grammar reads it; a
/// long one cut to its message excerpt), then either the accepted forms or what is wrong with
/// an ISO-shaped date or a month and day (naming the month).
private func requireClearRefusal(_ error: DateInputError, _ text: String) {
    FuzzCheck.requireOneLine(error.message)
    let input = text.trimmingWhitespace().lowercased()
    // Quoted as typed: whole, without the blanks around it, or as the grammar compares it.
    let named = [text, text.trimmingWhitespace(), input].contains { error.message.contains("'\($0.messageExcerpt)'") }
    FuzzCheck.require(named, "a refusal names the input", "input: \(text.debugDescription), message: \(error.message)")
    let isoShaped = input.first.map { $0.isASCII && $0.isNumber } == true && input.contains("-")
    let explained = isoShaped || error.message.contains(DateInput.acceptedForms)
        || error.message.contains("falls outside the calendar, 0001-01-01 to 9999-12-31")
        || error.message.contains("is not a date in the form YYYY-MM-DD")
        || Day.monthNames.contains { error.message.contains("\($0) ") }
    FuzzCheck.require(
        explained, "a refusal lists the accepted forms, or says what is wrong with an ISO date", "message: \(error.message)")
}
