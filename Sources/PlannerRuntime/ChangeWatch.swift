import MealPlanCore
import MealPlanStore
import PlannerUI

/// Another process's changes as the planner's inputs: after a change, the slots (added,
/// removed, renamed or reordered by `mealplan slots`), then a reload of the meals shown. A failed
/// check is reported once, not every quarter of a second, until a check succeeds again.
public struct ChangeWatch {
    private var isFailing = false

    public init() {}

    /// The inputs for one check, given the store's `hasChanges` and `slots`.
    public mutating func inputs(hasChanges: () throws(StoreError) -> Bool,
                          slots: () throws(StoreError) -> [MealSlot]) -> [Input] {
        let changed: Bool
        do throws(StoreError) {
            changed = try hasChanges()
        } catch {
            return failed(error)
        }
        guard changed else {
            isFailing = false
            return []
        }
        do throws(StoreError) {
            let slots = try slots()
            isFailing = false
            return [.slotsLoaded(slots), .externalChange]
        } catch {
            // The meals are reloaded all the same.
            return failed(error) + [.externalChange]
        }
    }

    private mutating func failed(_ error: StoreError) -> [Input] {
        defer { isFailing = true }
        return isFailing ? [] : [.changeCheckFailed(message: error.reason)]
    }
}
