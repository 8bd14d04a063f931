import MealPlanCore
import MealPlanStore
import PlannerUI

/// What the planner's sync key runs: `mealplan sync` as the config file sets it up, on the
/// planner's own plan, or why there is nothing to sync with, said when the key is pressed.
public struct PlannerSync: Sendable {
    /// One sync of `store`: its one-line summary and what it changed in the plan, as made; an
    /// error is said in one line.
    public typealias Run = @Sendable (MealStore) throws -> (summary: String, stored: [MealChange])

    let run: Result<Run, PlannerSyncUnavailable>

    public init(_ run: @escaping Run) {
        self.run = .success(run)
    }

    /// No vdir to sync with; `reason` is the line the key shows.
    public init(unavailable reason: String) {
        run = .failure(PlannerSyncUnavailable(reason: reason))
    }

    /// What a planner without a sync set up (tests) answers.
    public static let none = PlannerSync(unavailable: "no vdir to sync with: set [sync] vdir in the config file")

    /// `.sync`'s answer.
    public func answer(_ store: MealStore) -> Input {
        switch run {
        case .failure(let unavailable):
            return .syncFailed(message: unavailable.reason)
        case .success(let run):
            do {
                let (summary, stored) = try run(store)
                return .synced(summary: summary, stored: stored)
            } catch let error as any UserFacingError {
                return .syncFailed(message: error.userMessage)
            } catch {
                return .syncFailed(message: "\(error)")
            }
        }
    }
}

/// Why the planner has no sync: the one line its key shows.
struct PlannerSyncUnavailable: Error {
    let reason: String
}
