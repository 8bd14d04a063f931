import MealPlanCore
import MealPlanExchange
import MealPlanStore
import Recurrence
import TextHelpers
import TwoWaySync
import Vdir

/// One run of `VdirSync`: the items of both sides paired, decided and applied.
struct SyncRun {
    /// An item as both sides may hold it: the record of the last sync that agreed on it, the
    /// plan's version and the folder's file, each absent where the side does not hold it.
    struct Item {
        var uid: ItemUID?
        var record: SyncItemRecord?
        var here: SyncVersion?
        var fileName: String
        var file: FileState?
    }

    /// A file as the folder holds it now: its etag, and its bytes' hash (the record's, when the
    /// etag is as recorded and the file was not read).
    struct FileState {
        var etag: VdirEtag
        var hash: UInt64
        var read: ReadFile?
    }

    /// A file read: its bytes (UTF-8 once unfolded, the reader checks) and, once parsed, what
    /// it holds.
    struct ReadFile {
        var bytes: [UInt8]
        var parsed: Result<ParsedFile, Problem>?
    }

    /// A file's calendar as read, its UID and the item it holds.
    struct ParsedFile {
        var calendar: ICalendarComponent
        var uid: String
        var version: SyncVersion
        /// What the run says of the file though it takes it (an event of several days).
        var notes: [String] = []
    }

    /// Why a file is left as it is: one line naming it.
    struct Problem: Error { var line: String }

    let store: MealStore
    let folder: VdirFolder
    let settings: VdirSync.Settings
    let snapshot: SyncSnapshot
    let defaultSlot: String
    var report = VdirSync.Report()
    /// The plan's side of the run, committed at its end.
    var steps: [SyncStep] = []
    /// The files to write, each with its record (its etag still to come) and, for an item new
    /// to the plan too, its version to store.
    var pending: [(write: VdirFolder.ItemWrite, record: SyncItemRecord, storing: SyncVersion?)] = []
    /// Leftovers stored whose source the plan did not hold when the run began, linked to it
    /// once every item is stored (it may come in the same run, or a later one).
    var links: [LeftoversLink] = []
    /// Whether a file was removed, so that the folder is flushed before the commit.
    var removedFiles = false
    /// The names of `Settings.keepOnly` that named a conflict.
    var namedConflicts: Set<ConflictName> = []
    /// Each entry of the folder left as it is in this run, by name: its mark and the line
    /// naming it (`leave`).
    var left: [String: (mark: String, line: String)] = [:]

    init(store: MealStore, folder: VdirFolder, settings: VdirSync.Settings) throws(SyncError) {
        self.store = store
        self.folder = folder
        self.settings = settings
        do {
            snapshot = try store.syncSnapshot(folder: folder.path, from: settings.from, through: settings.until)
        } catch {
            throw SyncError(error)
        }
        defaultSlot = settings.defaultSlot ?? snapshot.slots.last ?? "dinner"
    }

    mutating func sync() throws(SyncError) -> VdirSync.Report {
        for var item in try pairedItems() {
            try settle(&item)
        }
        report.unmatched = settings.keepOnly.filter { !namedConflicts.contains($0) }
        let naming = SyncNaming(seen: snapshot.namedEntries, now: left.mapValues(\.mark))
        report.skipped = left.sorted { $0.key < $1.key }.filter { naming.seen[$0.key] != $0.value.mark }.map(\.value.line) + report.skipped
        guard !settings.dryRun else { return report }
        try writePending()
        guard !steps.isEmpty || naming.now != naming.seen else { return report }
        do {
            // The removals reach the disk before the records that forget them (a batch of
            // writes flushed its own).
            if removedFiles { try folder.flush() }
        } catch {
            throw SyncError(error)
        }
        do {
            report.stored = try store.commitSync(
                folder: folder.path, steps + links.map(SyncStep.linkLeftovers), naming: naming.now == naming.seen ? nil : naming)
        } catch {
            throw SyncError(error, meanwhile: error.kind == .input || error.kind == .changedMeanwhile)
        }
        return report
    }

    // MARK: Pairing

    /// Whether an item not synced before is in the window: a meal on one of its days, a rule
    /// that starts by its end (the plan's rules are read for the window already).
    func isInWindow(_ version: SyncVersion) -> Bool {
        switch version {
        case .meal(let meal, _): settings.from <= meal.day && meal.day <= settings.until
        case .rule(let rule): rule.rule.firstOccurrence <= settings.until
        }
    }

    /// Every item of the window: each record with the plan's version and its file, each meal
    /// and rule not synced before with the file its UID names, and each other file.
    mutating func pairedItems() throws(SyncError) -> [Item] {
        var files: [String: VdirEtag] = [:]
        var skipped: [String: VdirSkippedEntry] = [:]
        do {
            let listing = try folder.items()
            for item in listing.items { files[item.name] = item.etag }
            for entry in listing.skipped { skipped[entry.name] = entry }
            // What a sync killed while writing left behind goes now.
            if !settings.dryRun { folder.removeStalePartials(listing) }
        } catch where error.isMissing {
            // A folder not made yet is an empty one; the first write makes it.
        } catch {
            throw SyncError(error)
        }
        var here: [ItemUID: SyncVersion] = [:]
        var order: [ItemUID] = []
        for meal in snapshot.meals {
            let version = SyncVersion.meal(meal, leftoversOf: meal.leftoversOf.flatMap { snapshot.leftoversSources[$0] })
            if let uid = meal.uid, here.updateValue(version, forKey: uid) == nil { order.append(uid) }
        }
        for rule in snapshot.rules {
            let version = SyncVersion(rule, sources: snapshot.leftoversSources)
            if let uid = rule.rule.uid, here.updateValue(version, forKey: uid) == nil { order.append(uid) }
        }
        // Leftovers brought before their cook: the plan's version names the cook as the file
        // does (nothing to send for that), and they are linked once it has come.
        for waiting in snapshot.waitingLeftovers {
            guard let version = here[waiting.item]?.waiting(for: waiting) else { continue }
            here[waiting.item] = version
            links.append(waiting)
        }
        var items: [Item] = []
        for record in snapshot.records {
            var version = here.removeValue(forKey: record.uid)
            if version?.kind != record.kind { version = nil }
            if files[record.fileName] == nil, let entry = skipped.removeValue(forKey: record.fileName) {
                // Something else in the item's place says nothing of the item: both sides stay.
                let meal = version.map { " of \($0.shortText)" } ?? ""
                leave(entry, "\(folder.path)/\(entry.name): \(entry.kind.rawValue) in the place of the file\(meal); left as it is, and so is the plan's")
                continue
            }
            let file = files.removeValue(forKey: record.fileName).map { etag in
                FileState(etag: etag, hash: etag.text == record.etag ? record.contentHash : 0, read: nil)
            }
            items.append(Item(uid: record.uid, record: record, here: version, fileName: record.fileName, file: file))
        }
        for entry in skipped.values.sorted(by: { $0.name < $1.name }) {
            leave(entry, "\(folder.path)/\(entry.name): \(entry.kind.rawValue), not an item's file; skipped")
        }
        var unfiled: [ItemUID: Int] = [:]
        for uid in order {
            guard let version = here.removeValue(forKey: uid) else { continue }
            if !isInWindow(version) { continue }
            let name = VdirFolder.fileName(forUID: CalendarUID.text(uid))
            let file = files.removeValue(forKey: name).map { FileState(etag: $0, hash: 0, read: nil) }
            if file == nil { unfiled[uid] = items.count }
            items.append(Item(uid: uid, record: nil, here: version, fileName: name, file: file))
        }
        for (name, etag) in files.sorted(by: { $0.key < $1.key }) {
            var item = Item(uid: nil, record: nil, here: nil, fileName: name, file: FileState(etag: etag, hash: 0, read: nil))
            guard let parsed = parsedFile(of: &item) else { continue }
            if let index = unfiled.removeValue(forKey: SyncVersion.itemUID(ofEvent: parsed.uid)),
               items[index].here?.kind == parsed.version.kind {
                items[index].fileName = name
                items[index].file = item.file
            } else if !isInWindow(parsed.version) {
                continue
            } else {
                items.append(item)
            }
        }
        for index in items.indices where items[index].file != nil && items[index].record?.etag != items[index].file?.etag.text {
            _ = readFile(of: &items[index])
        }
        return items
    }

    // MARK: Naming once

    /// Leaves `item`'s file as it is, named by `line` unless the last sync named it as it is now.
    /// A file is the same while its etag is (its time to the nanosecond, inode and size): any
    /// rewrite, a touch included, names it again, and so does its coming back once gone.
    mutating func leave(_ item: Item, _ line: String) {
        left[item.fileName] = ("file;" + (item.file?.etag.text ?? ""), line)
    }

    /// Leaves `entry` (no item's file) as it is, named by `line` unless the last sync named it
    /// as it is now: the same kind of entry with the same etag (`lstat`'s, the entry itself).
    mutating func leave(_ entry: VdirSkippedEntry, _ line: String) {
        left[entry.name] = (entry.kind.rawValue + ";" + (entry.etag?.text ?? ""), line)
    }
}
