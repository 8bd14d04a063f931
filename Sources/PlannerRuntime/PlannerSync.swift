import MealPlanCore
import MealPlanStore
import PlanSync
import PlannerUI
import Settings

/// What the planner's sync key runs: the round `mealplan sync` runs (`SyncRound`), on the
/// planner's own plan, as the config file sets it up when the key is pressed, the `[sync]
/// command`'s output kept off the screen; or why there is nothing to sync with.
public struct PlannerSync: Sendable {
    /// One sync of `store` on `today`: its status line and what it changed in the plan, as
    /// made; an error is said in one line.
    public typealias Run = @Sendable (_ store: MealStore, _ today: Day) throws -> (summary: String, stored: [MealChange], problem: String?)

    let run: Result<Run, PlannerSyncUnavailable>

    /// A sync of its own (tests).
    public init(_ run: @escaping Run) {
        self.run = .success(run)
    }

    /// The round of the config file that `environment` names, read afresh at each press, so
    /// that a `[sync]` table written while the planner runs is the one used.
    public init(environment: Environment, weekStart: Weekday) {
        run = .success { store, today in
            let config = try ConfigFile.load(in: environment)
            guard config.sync.vdir != nil else { throw PlannerSyncUnavailable.noVdir }
            let round = try SyncRound(config: config, request: SyncRound.Request(), today: today, weekStart: weekStart, commandOutput: .hidden)
            let outcome = try round.run(waiting: { _ in }) { store }
            return (Self.summary(of: outcome.report), outcome.report.stored, outcome.failedAfter?.userMessage)
        }
    }

    /// No sync at all; `reason` is the line the key shows.
    public init(unavailable reason: String) {
        run = .failure(PlannerSyncUnavailable(reason: reason))
    }

    /// What a planner without a sync set up (tests) answers.
    public static let none = PlannerSync(unavailable: PlannerSyncUnavailable.noVdir.reason)

    /// The status line of a round: the summary `mealplan sync` prints, and what the command
    /// line would print besides it: the conflicts pointed at, and the first file newly left
    /// (a file is named once, by whichever round meets it first, so this is its one naming).
    static func summary(of report: VdirSync.Report) -> String {
        var summary = report.summary
        if !report.conflicts.isEmpty { summary += "; mealplan sync shows them, sync --keep resolves them" }
        if let first = report.skipped.first {
            let more = report.skipped.count - 1
            summary += "; " + first + (more == 0 ? "" : " (and \(more) file\(more == 1 ? "" : "s") more)")
        }
        return summary
    }

    /// `.sync`'s answer.
    public func answer(_ store: MealStore, today: Day) -> Input {
        switch run {
        case .failure(let unavailable):
            return .syncFailed(message: unavailable.reason)
        case .success(let run):
            do {
                let (summary, stored, problem) = try run(store, today)
                return .synced(summary: summary, stored: stored, problem: problem)
            } catch let unavailable as PlannerSyncUnavailable {
                return .syncFailed(message: unavailable.reason)
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

    static let noVdir = PlannerSyncUnavailable(reason: "no vdir to sync with: set [sync] vdir in the config file")
}
