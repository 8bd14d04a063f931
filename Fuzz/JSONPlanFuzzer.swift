import MealPlanCore
import MealPlanExchange

/// Fuzzes a whole plan's file as `mealplan import` reads it: every input is read into a plan
/// or refused with one line naming a line of the file, whatever its nesting or length; what
/// is read keeps the plan's rules (slots named once, meals in those slots, a changed
/// occurrence linked to a repeat of the file).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONPlan(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
    var reader = JSONPlanReader(bytes: bytes)
    do {
        let plan = try reader.readStructure()
        let slots = Set(plan.slots.map(\.name))
        FuzzCheck.require(slots.count == plan.slots.count && !slots.isEmpty, "slots are named once", "\(plan.slots)")
        let rules = Set(plan.rules.map(\.id))
        while let (meal, line, _) = try reader.nextMeal() {
            FuzzCheck.require(line >= 1 && line <= lines, "a meal names a line of the file", "line \(line) of \(lines)")
            FuzzCheck.require(slots.contains(meal.slot), "a meal is in a slot of the file", meal.slot)
            FuzzCheck.require(meal.occurrence.map { rules.contains($0.rule) } ?? true, "a changed occurrence is of a repeat of the file",
                              "\(meal.occurrence!)")
        }
    } catch {
        FuzzCheck.requireOneLine(error.userMessage)
        FuzzCheck.require(error.line >= 1 && error.line <= lines, "an error names a line of the file", "line \(error.line) of \(lines)")
    }
    return 0
}
