import MealPlanCore
import MealPlanStore
import PlanSync
import PlannerUI
import Settings

/// What the planner's sync key runs: the round `mealplan sync` runs (`SyncRound`), on the
/// planner's own plan, as the config file sets it up when the key is pressed, the `[sync]
/// command`'s output kept off the screen; or why there is nothing to sync with.
public struct PlannerSync: Sendable {
    /// What one round did, as the planner shows it: its status line, what it changed in the
    /// plan (as made), why the command after it failed, and the conflicts it left.
    public struct Outcome: Sendable {
        public var summary: String
        public var stored: [MealChange]
        public var problem: String?
        public var conflicts: [ListedConflict]

        public init(summary: String, stored: [MealChange], problem: String? = nil, conflicts: [ListedConflict] = []) {
            self.summary = summary
            self.stored = stored
            self.problem = problem
            self.conflicts = conflicts
        }
    }

    /// One sync of `store` on `today`, keeping a side of conflicts as `resolution` says (nil:
    /// they are left); an error is said in one line.
    public typealias Run = @Sendable (_ store: MealStore, _ today: Day, _ resolution: ConflictResolution?) throws -> Outcome

    let run: Result<Run, PlannerSyncUnavailable>

    /// A sync of its own (tests).
    public init(_ run: @escaping Run) {
        self.run = .success(run)
    }

    /// The round of the config file that `environment` names, read afresh at each press, so
    /// that a `[sync]` table written while the planner runs is the one used.
    public init(environment: Environment, weekStart: Weekday) {
        run = .success { store, today, resolution in
            let config = try ConfigFile.load(in: environment)
            guard config.sync.vdir != nil else { throw PlannerSyncUnavailable.noVdir }
            let request = SyncRound.Request(keep: resolution?.keep, keepOnly: resolution?.only.map { [$0] } ?? [])
            let round = try SyncRound(config: config, request: request, today: today, weekStart: weekStart, commandOutput: .hidden)
            let outcome = try round.run(waiting: { _ in }) { store }
            let report = outcome.report
            return Outcome(summary: Self.summary(of: report), stored: report.stored, problem: outcome.failedAfter?.userMessage,
                           conflicts: report.conflicts.map { ListedConflict(lines: $0.lines, name: $0.name) })
        }
    }

    /// No sync at all; `reason` is the line the key shows.
    public init(unavailable reason: String) {
        run = .failure(PlannerSyncUnavailable(reason: reason))
    }

    /// What a planner without a sync set up (tests) answers.
    public static let none = PlannerSync(unavailable: PlannerSyncUnavailable.noVdir.reason)

    /// The status line of a round: the summary `mealplan sync` prints, a conflict named to
    /// keep that was gone, and the first file newly left (a file is named once, by whichever
    /// round meets it first, so this is its one naming); the conflicts are listed on a page of
    /// their own.
    static func summary(of report: VdirSync.Report) -> String {
        var summary = report.summary
        if let unmatched = report.unmatchedText { summary += "; " + unmatched }
        if let first = report.skipped.first {
            let more = report.skipped.count - 1
            summary += "; " + first + (more == 0 ? "" : " (and \(more) file\(more == 1 ? "" : "s") more)")
        }
        return summary
    }

    /// `.sync`'s answer, and `.resolveConflicts(resolution)`'s.
    public func answer(_ store: MealStore, today: Day, resolving resolution: ConflictResolution? = nil) -> Input {
        switch run {
        case .failure(let unavailable):
            return .syncFailed(message: unavailable.reason)
        case .success(let run):
            do {
                let outcome = try run(store, today, resolution)
                return .synced(summary: outcome.summary, stored: outcome.stored, problem: outcome.problem, conflicts: outcome.conflicts)
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
