import MealPlanCore
import MealPlanStore
import PlannerUI

/// The store's side of the planner's effects: each read or write as `Planner.update` asked for
/// it, and the input that reports its outcome.
public enum PlannerEffects {
    /// The answer to a store effect; `nil` for effects that are not the store's.
    public static func answer(_ effect: Effect, store: MealStore) -> Input? {
        switch effect {
        case .load(let request):
            do throws(StoreError) {
                return .loaded(request, try store.mealsByDay(in: request.days))
            } catch {
                return .loadFailed(request, message: error.reason)
            }
        case .save(let request):
            do throws(StoreError) {
                return .saved(request, stored: try store.apply(request.change.changes))
            } catch {
                return error.kind == .input
                    ? .saveRefused(request, message: error.reason) : .saveFailed(request, message: error.reason)
            }
        case .findMatch(let request):
            do throws(StoreError) {
                switch request.direction {
                case .forward: return .matchFound(request, try store.nextMeal(matching: request.text, after: request.from))
                case .backward: return .matchFound(request, try store.previousMeal(matching: request.text, before: request.from))
                }
            } catch {
                return .searchFailed(request, message: error.reason)
            }
        case .scheduleTick, .editNote, .suspend, .quit:
            return nil
        }
    }
}
