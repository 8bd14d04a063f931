import MealPlanCore
import MealPlanExchange
import MealPlanStore
import TextHelpers
import TwoWaySync
import Vdir

/// A two-way sync of the plan's meals and repeat rules with a vdir (a folder of one `.ics` file per item, which
/// vdirsyncer keeps in step with a CalDAV server and khal reads): `mealplan sync`.
///
/// One run: the plan's side and the sync's records are read in one snapshot, the folder is
/// listed (a file whose etag is as recorded is not read), each item is decided by
/// `SyncDecision`, an item both sides hold alike is adopted whatever the decision said (so a
/// run cut short after writing files and before its commit converges on the next, nothing
/// doubled), the folder's files are written and removed (atomically, each only if it is still
/// as seen), and then the plan's changes and the records are committed in one transaction,
/// compare-and-set. A conflict touches neither side until `keep` says which to keep.
///
/// Only the window from `Settings.from` through `Settings.until` is synced (meals on those
/// days, rules that can happen on them): older meals and files stay as they are, except that an item synced before
/// is followed wherever it moves.
public struct VdirSync {
    public struct Settings: Sendable {
        /// The first day synced.
        public var from: Day
        /// The last day synced: a server refuses a request for more events than its limit
        /// (Radicale: 10,000), so the window ends too.
        public var until: Day
        /// The slot of an event that names none; nil: the plan's last slot (dinner, by default).
        public var defaultSlot: String?
        /// What the folder's files say of times, as `export --format ics` writes them.
        public var slotTimes: [String: TimeOfDay]
        public var duration: EventDuration
        /// Now, each written file's DTSTAMP.
        public var stamp: UTCTimestamp
        /// How conflicts are resolved; nil: they are reported and left.
        public var keep: SyncSide?
        /// The conflicts `keep` resolves, by the ids or days they print; none: all.
        public var keepOnly: [ConflictName]
        /// Decide and count, change nothing.
        public var dryRun: Bool
        /// The user's time zone, which says the day of a UTC or zoned time in a file.
        public var zone: LocalZone = .current

        public init(
            from: Day, until: Day = .last, defaultSlot: String? = nil, slotTimes: [String: TimeOfDay] = [:], duration: EventDuration = .standard,
            stamp: UTCTimestamp, keep: SyncSide? = nil, keepOnly: [ConflictName] = [], dryRun: Bool = false
        ) {
            self.keepOnly = keepOnly
            self.from = from
            self.until = until
            self.defaultSlot = defaultSlot
            self.slotTimes = slotTimes
            self.duration = duration
            self.stamp = stamp
            self.keep = keep
            self.dryRun = dryRun
        }
    }

    /// What a run did, or would do.
    public struct Report: Sendable, Equatable {
        /// Files written into the folder.
        public var sent = 0
        /// Meals added or changed in the plan.
        public var received = 0
        /// Items removed on either side.
        public var removed = 0
        /// Whether the run wrote or removed a file of the folder (or would, in a dry run):
        /// whether there is anything for the `[sync] command` after it to carry to a server.
        public var changedFolder = false
        /// Each conflict left, with what differs (`SyncConflictReport`).
        public var conflicts: [SyncConflictReport] = []
        /// The names of `Settings.keepOnly` that named no conflict.
        public var unmatched: [ConflictName] = []
        /// Each file left as it is because mealplan cannot take it, as one line naming it: only
        /// those no sync named before as they are now (`SyncRun.leave`), so each is said once.
        public var skipped: [String] = []
        /// Each file taken though not all of it is a meal (an all-day event of several days),
        /// as one line naming it and saying what was taken.
        public var notes: [String] = []
        /// What the sync changed in the plan, as made (`MealStore.commitSync`): for the
        /// planner's undo.
        public var stored: [MealChange] = []

        /// "3 sent, 1 received, 1 removed, 0 conflicts".
        public var summary: String {
            "\(sent) sent, \(received) received, \(removed) removed, \(conflicts.count) conflict\(conflicts.count == 1 ? "" : "s")"
        }
    }

    private let store: MealStore
    private let folder: VdirFolder
    private let settings: Settings

    public init(store: MealStore, folder: VdirFolder, settings: Settings) {
        self.store = store
        self.folder = folder
        self.settings = settings
    }

    /// Syncs once; see the type's description.
    public func run() throws(SyncError) -> Report {
        var run = try SyncRun(store: store, folder: folder, settings: settings)
        return try run.sync()
    }
}

/// Why a sync stopped: the folder or the plan could not be read or written, or another program
/// changed a file or a meal while it ran. What it wrote before is taken as it stands by the
/// next run.
public struct SyncError: UserFacingError {
    public let userMessage: String
    public let exitStatus: ExitStatus

    init(_ error: any UserFacingError, meanwhile: Bool = false) {
        userMessage = error.userMessage + (meanwhile ? "; run sync again" : "")
        exitStatus = error.exitStatus
    }

    init(message: String, status: ExitStatus = .failure) {
        userMessage = message
        exitStatus = status
    }
}
