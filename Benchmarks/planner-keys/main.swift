// Times the planner's `j` (move to the next meal) on a day of many meals: the key's update and
// the frame drawn after it, as the run loop does for every key, without a terminal or a store.
//
//   planner-keys [MEALS [PRESSES]]   MEALS meals on one day (default 20000), PRESSES presses of
//                                    `j` timed from that day's first meal (default 2000)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MealPlanCore
import PlannerUI
import TerminalKit

func count(_ index: Int, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard arguments.count > index else { return value }
    guard let number = Int(arguments[index]), number > 0 else {
        print("planner-keys: '\(arguments[index])' is not a positive number")
        exit(64)
    }
    return number
}

let mealCount = count(1, default: 20_000)
let presses = min(count(2, default: 2_000), mealCount - 1)
let today = Day(year: 2026, month: 11, day: 24)!
let slots = ["breakfast", "lunch", "dinner"].enumerated().map { MealSlot(name: $1, position: $0) }
let meals = (0..<mealCount).map { index in
    Meal(id: Int64(index + 1), day: today, slot: slots[index % 3].name, position: index,
         title: "Meal number \(index + 1) of a very long day, long enough to wrap at 80 columns sometimes",
         note: index.isMultiple(of: 7) ? "a note" : nil)
}

var state = PlannerState(today: today, weekStart: .monday, slots: slots, size: Size(width: 80, height: 24))
var loads = Planner.start(&state)
while let effect = loads.popLast() {
    guard case .load(let request) = effect else { continue }
    let answer = Dictionary(uniqueKeysWithValues: request.days.map { ($0, $0 == today ? meals : []) })
    loads += Planner.update(&state, .loaded(request, answer))
}
_ = Planner.render(state, colors: true)

let start = ContinuousClock.now
for _ in 0..<presses {
    _ = Planner.update(&state, .moveDown)
    _ = Planner.render(state, colors: true)
}
let elapsed = ContinuousClock.now - start
let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
guard state.selectedMeal?.id == Int64(presses + 1) else {
    print("planner-keys: the selection did not reach meal \(presses + 1)")
    exit(1)
}
let perPress = (milliseconds / Double(presses) * 1000).rounded() / 1000
print("\(mealCount) meals on one day, 80x24: \(perPress) ms per j"
      + " (update and render, mean of \(presses) presses)")
