import MealPlanCore
import MealPlanExchange
import Recurrence

/// Fuzzes what a calendar server or another program can put in a synced folder: every input is
/// read into components or refused with one line naming a line of the file; components nest no
/// deeper than the reader's bound; and every RRULE value found, read as a repeat from any day,
/// is a rule or one refusal, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICalendar(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let lines = max(bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count, 1)
    do {
        let components = try ICalendarReader.read(bytes)
        check(components, depth: 1, lines: lines)
    } catch {
        FuzzCheck.requireOneLine(error.userMessage)
        FuzzCheck.require(error.line >= 1 && error.line <= lines, "an error names a line of the file", "line \(error.line) of \(lines)")
    }
    return 0
}

private func check(_ components: [ICalendarComponent], depth: Int, lines: Int) {
    for component in components {
        FuzzCheck.require(depth <= ICalendarReader.maximumDepth, "components nest within the bound", "depth \(depth)")
        for property in component.properties {
            FuzzCheck.require(property.line >= 1 && property.line <= lines, "a property names a line of the file", "line \(property.line)")
            _ = property.text
            _ = property.textList
            guard property.name == "RRULE" else { continue }
            for start in [Day.first, Day(year: 2026, month: 2, day: 28)!, Day.last] {
                do {
                    let rule = try RepeatRule(rrule: property.value, start: start)
                    _ = rule.rrule
                    _ = rule.occurrences(from: start, limit: 3)
                } catch {
                    FuzzCheck.requireOneLine(error.description)
                }
            }
        }
        check(component.components, depth: depth + 1, lines: lines)
    }
}
