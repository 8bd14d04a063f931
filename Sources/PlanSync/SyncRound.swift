#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MealPlanCore
import MealPlanExchange
import MealPlanStore
import Settings
import TextHelpers
import TwoWaySync
import Vdir

/// One sync round as the config file's `[sync]` table sets it up: the `[sync] command` before,
/// the sync of a plan with its vdir, the command after. `mealplan sync` and the planner's `C`
/// run this one round; the command parses its options and prints, the planner asks and shows.
public struct SyncRound: Sendable {
    /// What the person asked of this round, beyond the config file.
    public struct Request: Sendable {
        /// The vdir; nil: `[sync] vdir`.
        public var vdir: String?
        /// How conflicts are resolved; nil: they are reported and left.
        public var keep: SyncSide?
        /// The conflicts `keep` resolves; none: all.
        public var keepOnly: [ConflictName]
        /// Decide and count, change nothing, run no command.
        public var dryRun: Bool

        public init(vdir: String? = nil, keep: SyncSide? = nil, keepOnly: [ConflictName] = [], dryRun: Bool = false) {
            self.vdir = vdir
            self.keep = keep
            self.keepOnly = keepOnly
            self.dryRun = dryRun
        }
    }

    /// Where the `[sync] command`'s output goes.
    public enum CommandOutput: Sendable {
        /// To standard error, beside what the command line prints.
        case standardError
        /// Nowhere, and it reads nothing: the planner's screen is the terminal's.
        case hidden
    }

    public let folderPath: String
    public let config: ConfigFile
    public let from: Day
    public let until: Day
    public let request: Request
    public var commandOutput: CommandOutput

    /// The round for `request`, with `[sync] from` read in the date grammar relative to `today`
    /// (default: ninety days before it). Without a vdir, or with a mistake in `[sync]`, the
    /// error says what to set.
    public init(config: ConfigFile, request: Request, today: Day, weekStart: Weekday, commandOutput: CommandOutput = .standardError) throws {
        guard let folderPath = request.vdir ?? config.sync.vdir else {
            throw SyncError(message: "no vdir to sync with: give --vdir DIR or set [sync] vdir in the config file", status: .usage)
        }
        self.folderPath = folderPath
        self.config = config
        self.request = request
        self.commandOutput = commandOutput
        func day(_ key: String, _ setting: (text: String, line: Int)?, default text: String) throws -> Day {
            do {
                return try DateInput.parse(setting?.text ?? text, today: today, weekStart: weekStart)
            } catch {
                throw ConfigFileError(message: "config file '\(config.path ?? "")': line \(setting?.line ?? 0): [sync] \(key): \(error.message)")
            }
        }
        from = try day("from", config.sync.from, default: Self.defaultFrom)
        until = try day("until", config.sync.until, default: Self.defaultUntil)
        guard from <= until else {
            let line = config.sync.until?.line ?? config.sync.from?.line ?? 0
            throw ConfigFileError(message: "config file '\(config.path ?? "")': line \(line): [sync] until \(until.iso) is before from \(from.iso)")
        }
    }

    /// The window without `[sync] from` and `until`: ninety days back, two years ahead, about
    /// 820 days; even at ten meals a day, fewer events than Radicale serves in one request.
    public static let defaultFrom = "-90", defaultUntil = "+24m"

    /// What a round did: the sync's report, and why the `[sync] command` after it failed, if
    /// it did (the plan and the folder are synced then, the server may not be).
    public struct Outcome: Sendable {
        public var report: VdirSync.Report
        public var failedAfter: SyncError?
    }

    /// The whole round, one at a time per folder (`SyncLock`: a second waits, and `waiting` is
    /// told so): the command before, the sync of the plan that `open` opens once it has run,
    /// and the command after, only when the sync wrote or removed a file (with nothing sent,
    /// the server has nothing to take). A failure before is thrown: nothing was synced.
    public func run(waiting: (String) -> Void, open: () throws -> MealStore) throws -> Outcome {
        try SyncLock.holding(folderPath, within: lockWait, shared: request.dryRun, waiting: waiting) {
            try runCommand(.before)
            let report = try sync(try open())
            guard report.changedFolder else { return Outcome(report: report) }
            do throws(SyncError) {
                try runCommand(.after)
            } catch {
                return Outcome(report: report, failedAfter: error)
            }
            return Outcome(report: report)
        }
    }

    /// How long a round waits for another of the same folder: as long as one can take with its
    /// two commands at their time limit, and a minute for the sync itself.
    var lockWait: Duration { .seconds(2 * config.sync.timeLimit + 60) }

    /// Syncs `plan` with the folder once.
    func sync(_ plan: MealStore) throws -> VdirSync.Report {
        // Made first (as the first write would make it), so that its path is known for good.
        if !request.dryRun { try VdirFolder(path: folderPath).create() }
        let slots = try plan.slots()
        var defaultSlot: String?
        if let (text, line) = config.sync.slot {
            do {
                defaultSlot = try slots.resolve(text).name
            } catch {
                throw ConfigFileError(message: "config file '\(config.path ?? "")': line \(line): [sync] slot: \(error.message)")
            }
        }
        let settings = VdirSync.Settings(
            from: from, until: until, defaultSlot: defaultSlot, slotTimes: try config.slotTimes.times(of: slots),
            stamp: UTCTimestamp(secondsSince1970: Int64(time(nil))), keep: request.keep, keepOnly: request.keepOnly,
            dryRun: request.dryRun)
        let folder = VdirFolder(path: Self.canonical(folderPath))
        return try VdirSync(store: plan, folder: folder, settings: settings).run()
    }

    enum When: String { case before, after }

    /// Runs the `[sync] command` through `/bin/sh -c` (not in a dry run), stopped with its
    /// children after `[sync] timeout` seconds; a failure, a signal or a stop is the command's
    /// error, one line naming it.
    func runCommand(_ when: When) throws(SyncError) {
        guard !request.dryRun, let command = config.sync.command else { return }
        let seconds = config.sync.timeLimit
        let output: ProcessOutput = commandOutput == .hidden ? .discarded : .standardError
        let (ended, lastLine) = runProcessKeepingLastLine(["/bin/sh", "-c", command], output: output, timeLimit: .seconds(seconds))
        let end = ended.ofShellCommand
        guard !end.succeeded else { return }
        let what = switch end {
        case .exited(let status): "failed \(when.rawValue) the sync (exit status \(status))"
        case .killed: "\(end.text) \(when.rawValue) the sync"
        case .timedOut: "did not finish within \(seconds) s ([sync] timeout) and was stopped \(when.rawValue) the sync"
        }
        let consequence = when == .before ? "nothing was synced" : "the plan and the folder are synced, the server may not be"
        let saying = lastLine.map { ", saying '\(Self.reason($0))'" } ?? ""
        throw SyncError(message: "the [sync] command '\(command.messageExcerpt)' \(what)\(saying); \(consequence)")
    }

    /// The most of a command's last line a message quotes: a whole line of a server's error,
    /// not a megabyte of a program gone wrong.
    static let reasonLength = 400

    /// `line` as a message quotes it: at most `reasonLength` characters.
    static func reason(_ line: String) -> String {
        line.count <= reasonLength ? line : line.prefix(reasonLength - 1) + "…"
    }

    /// The folder's path without links or `..`, so that the sync's records name one folder
    /// however it is typed; made absolute while it does not exist yet (a dry run).
    private static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else {
            guard !path.hasPrefix("/"), let folder = getcwd(nil, 0) else { return path }
            defer { free(folder) }
            return String(cString: folder) + "/" + path
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
