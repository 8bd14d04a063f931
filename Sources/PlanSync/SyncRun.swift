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

    /// A file read: its text and, once parsed, what it holds.
    struct ReadFile {
        var text: String
        var parsed: Result<ParsedFile, Problem>?
    }

    /// A file's calendar as read, its UID and the item it holds.
    struct ParsedFile {
        var calendar: ICalendarComponent
        var uid: String
        var version: SyncVersion
    }

    /// Why a file is left as it is: one line naming it.
    struct Problem: Error { var line: String }

    private let store: MealStore
    private let folder: VdirFolder
    private let settings: VdirSync.Settings
    private let snapshot: SyncSnapshot
    private let defaultSlot: String
    private var report = VdirSync.Report()
    /// The plan's side of the run, committed at its end.
    private var steps: [SyncStep] = []
    /// The files to write, each with its record (its etag still to come) and, for an item new
    /// to the plan too, its version to store.
    private var pending: [(write: VdirFolder.ItemWrite, record: SyncItemRecord, storing: SyncVersion?)] = []
    /// Leftovers stored whose source the plan did not hold when the run began, linked to it
    /// once every item is stored (it may come in the same run, or a later one).
    private var links: [LeftoversLink] = []
    /// Whether a file was removed, so that the folder is flushed before the commit.
    private var removedFiles = false
    /// The names of `Settings.keepOnly` that named a conflict.
    private var namedConflicts: Set<ConflictName> = []

    init(store: MealStore, folder: VdirFolder, settings: VdirSync.Settings) throws(SyncError) {
        self.store = store
        self.folder = folder
        self.settings = settings
        do {
            snapshot = try store.syncSnapshot(folder: folder.path, from: settings.from)
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
        guard !settings.dryRun else { return report }
        try writePending()
        guard !steps.isEmpty else { return report }
        do {
            // The removals reach the disk before the records that forget them (a batch of
            // writes flushed its own).
            if removedFiles { try folder.flush() }
        } catch {
            throw SyncError(error)
        }
        do {
            report.stored = try store.commitSync(folder: folder.path, steps + links.map(SyncStep.linkLeftovers))
        } catch {
            throw SyncError(error, meanwhile: error.kind == .input)
        }
        return report
    }

    // MARK: Pairing

    /// Every item of the window: each record with the plan's version and its file, each meal
    /// and rule not synced before with the file its UID names, and each other file.
    private mutating func pairedItems() throws(SyncError) -> [Item] {
        var files: [String: VdirEtag] = [:]
        do {
            let listing = try folder.items()
            for item in listing.items { files[item.name] = item.etag }
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
            let file = files.removeValue(forKey: record.fileName).map { etag in
                FileState(etag: etag, hash: etag.text == record.etag ? record.contentHash : 0, read: nil)
            }
            items.append(Item(uid: record.uid, record: record, here: version, fileName: record.fileName, file: file))
        }
        var unfiled: [ItemUID: Int] = [:]
        for uid in order {
            guard let version = here.removeValue(forKey: uid) else { continue }
            if case .meal(let meal, _) = version, meal.day < settings.from { continue }
            let name = VdirFolder.fileName(forUID: CalendarUID.text(uid))
            let file = files.removeValue(forKey: name).map { FileState(etag: $0, hash: 0, read: nil) }
            if file == nil { unfiled[uid] = items.count }
            items.append(Item(uid: uid, record: nil, here: version, fileName: name, file: file))
        }
        for (name, etag) in files.sorted(by: { $0.key < $1.key }) {
            var item = Item(uid: nil, record: nil, here: nil, fileName: name, file: FileState(etag: etag, hash: 0, read: nil))
            guard let parsed = parsedFile(of: &item) else { continue }
            if case .item(let uid) = CalendarUID.reference(parsed.uid), let index = unfiled.removeValue(forKey: uid),
               items[index].here?.kind == parsed.version.kind {
                items[index].fileName = name
                items[index].file = item.file
            } else if case .meal(let meal, _) = parsed.version, meal.day < settings.from {
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

    /// Reads `item`'s file once, for its hash and text; a file that cannot be read is named
    /// and its item left out.
    private mutating func readFile(of item: inout Item) -> ReadFile? {
        guard var file = item.file else { return nil }
        if let read = file.read { return read }
        do {
            let (text, etag) = try folder.read(item.fileName)
            file.etag = etag
            file.hash = SyncFingerprint.of(text: text)
            file.read = ReadFile(text: text, parsed: nil)
        } catch {
            let line = error.userMessage + "; left as it is"
            file.read = ReadFile(text: "", parsed: .failure(Problem(line: line)))
            report.skipped.append(line)
        }
        item.file = file
        return file.read
    }

    /// What `item`'s file holds, parsed once; nil (and the file named) when it is nothing
    /// mealplan can take.
    private mutating func parsedFile(of item: inout Item) -> ParsedFile? {
        guard var read = readFile(of: &item) else { return nil }
        if read.parsed == nil {
            let parsed = parse(read.text, name: item.fileName)
            if case .failure(let problem) = parsed { report.skipped.append(problem.line) }
            read.parsed = parsed
            item.file?.read = read
        }
        guard case .success(let parsed) = read.parsed else { return nil }
        return parsed
    }

    private func parse(_ text: String, name: String) -> Result<ParsedFile, Problem> {
        let place = folder.path + "/" + name
        func problem(_ line: Int, _ message: String) -> Result<ParsedFile, Problem> {
            .failure(Problem(line: "\(place): line \(line): \(message); left as it is"))
        }
        do {
            guard let calendar = try ICalendarReader.read(Array(text.utf8)).first(where: { $0.name == "VCALENDAR" }) else {
                return .failure(Problem(line: "\(place): no VCALENDAR; left as it is"))
            }
            let events = try calendar.components("VEVENT").map { event throws(ICalendarError) in
                try CalendarMeal(event: event, slots: snapshot.slots, defaultSlot: defaultSlot)
            }
            guard let main = events.first(where: { $0.replacing == nil }) ?? events.first else {
                return .failure(Problem(line: "\(place): no VEVENT; left as it is"))
            }
            for event in events {
                if event.uid != main.uid { return problem(event.line, "a second event with another UID") }
                guard snapshot.slots.contains(event.meal.slot) else {
                    return problem(event.line, "the slot '\(event.meal.slot.messageExcerpt)' is not one of the plan's")
                }
                do throws(MealValidationError) {
                    _ = try Meal.validTitle(event.meal.title)
                    if let recipe = event.meal.recipe { _ = try Meal.validRecipeName(recipe) }
                } catch {
                    return problem(event.line, error.message)
                }
            }
            guard let rrule = main.rrule else {
                if events.count > 1 { return problem(events[1].line, "a changed occurrence of an event that does not repeat") }
                var meal = main.meal
                // Leftovers of a meal the plan holds are linked to it; of one that comes in the
                // same run, once it is stored (`stored`).
                var source: ItemUID?
                if let named = main.leftoversOf, case .item(let uid) = CalendarUID.reference(named) {
                    source = uid
                    meal.leftoversOf = snapshot.mealID(of: uid)
                }
                return .success(ParsedFile(calendar: calendar, uid: main.uid, version: .meal(meal, leftoversOf: source)))
            }
            let rule: RepeatRule
            do {
                rule = try RepeatRule(rrule: rrule, start: main.meal.day)
            } catch {
                return problem(main.line, error.description)
            }
            let overrides = events.compactMap { event in
                event.replacing.map { day in
                    // Leftovers of a meal the plan holds are linked to it, as a single meal's.
                    let source = event.leftoversOf.flatMap { named in
                        if case .item(let uid) = CalendarUID.reference(named) { uid } else { nil }
                    }
                    var meal = event.meal
                    meal.leftoversOf = source.flatMap(snapshot.mealID)
                    meal.uid = meal.uid ?? SyncVersion.occurrenceUID(of: main.uid, replacing: day)
                    return ICalendarMealWriter.ChangedOccurrence(replacing: day, meal: meal, leftoversOf: source)
                }
            }
            let replaced = Set(overrides.map(\.replacing))
            var meal = main.meal
            meal.position = 0
            return .success(ParsedFile(calendar: calendar, uid: main.uid, version: .rule(SyncVersion.RuleVersion(
                rule: rule, meal: meal, skipped: Array(Set(main.skipped).subtracting(replaced)).sorted(), overrides: overrides, snapshot: nil))))
        } catch {
            return .failure(Problem(line: "\(place): \(error.description); left as it is"))
        }
    }

    // MARK: Deciding and applying

    /// Decides `item` and does what the decision says: the folder's side at once, the plan's
    /// as steps of the commit.
    private mutating func settle(_ item: inout Item) throws(SyncError) {
        let record = item.record
        var there: ParsedFile?
        if let file = item.file, record == nil || file.hash != record?.contentHash {
            // New or changed there: only an item mealplan can read takes part.
            guard let parsed = parsedFile(of: &item) else { return }
            if let kind = item.here?.kind ?? record?.kind, kind != parsed.version.kind {
                report.skipped.append("\(folder.path)/\(item.fileName): a \(kind == .meal ? "meal" : "repeat") here, a \(kind == .meal ? "repeat" : "meal") there now; left as it is")
                return
            }
            there = parsed
        }
        let hereFingerprint = item.here?.fingerprint
        var decision = SyncDecision(
            record: record.map { SyncRecord(here: $0.fingerprint, there: $0.contentHash) }, here: hereFingerprint, there: item.file?.hash)
        if case .conflict = decision, let hereFingerprint, let there, hereFingerprint == there.version.fingerprint {
            // Both sides hold it alike (a run cut short after writing the file, or the same
            // change made twice): agreed without asking.
            keep(item, fingerprint: hereFingerprint)
            return
        }
        var conflict: SyncConflictReport?
        if case .conflict = decision {
            let found = SyncConflictReport(here: item.here, there: there?.version)
            conflict = found
            let named = settings.keepOnly.filter(found.isNamed)
            namedConflicts.formUnion(named)
            if let side = settings.keep, settings.keepOnly.isEmpty || !named.isEmpty { decision = decision.resolved(keeping: side) }
        }
        switch decision {
        case .nothing:
            if let record, let hereFingerprint, let file = item.file, file.etag.text != record.etag { keep(item, fingerprint: hereFingerprint) }
        case .send:
            guard let here = item.here, let uid = item.uid else { return }
            try send(here, uid: uid, to: item)
        case .receive:
            guard let there else { return }
            receive(there, into: item)
        case .removeThere:
            guard let file = item.file else { return }
            report.removed += 1
            report.changedFolder = true
            if settings.dryRun { return }
            removedFiles = true
            do {
                try folder.remove(item.fileName, expecting: file.etag)
            } catch {
                throw SyncError(error, meanwhile: error.isChangedMeanwhile)
            }
            if let uid = record?.uid { steps.append(.forget(uid)) }
        case .removeHere:
            guard let here = item.here, let uid = item.uid else { return }
            report.removed += 1
            switch here {
            case .meal(let meal, _): steps.append(.apply(.remove(meal), record: nil))
            case .rule(let rule): steps.append(.replaceRule(old: rule.snapshot, oldOverrides: rule.overrides.map(\.meal), new: nil, record: nil))
            }
            steps.append(.forget(uid))
        case .forget:
            if let uid = record?.uid { steps.append(.forget(uid)) }
        case .keepBoth:
            guard let here = item.here, let uid = item.uid, let there else { return }
            guard case .rule(let mine) = here, case .rule(let theirs) = there.version else {
                try sendCopy(of: there.version)
                try send(here, uid: uid, to: item)
                return
            }
            // Both versions of a repeat's days: this plan's repeat, and each day the other
            // side's gives differently a meal beside it; a repeat that differs itself would
            // need a second repeat, which is never made.
            guard mine.differsOnlyInDays(from: theirs) else {
                conflict?.lines.append("  --keep both keeps the other version of a repeat's day as a meal beside it, never a second repeat; this repeat itself differs: keep mine or theirs")
                if let conflict { report.conflicts.append(conflict) }
                return
            }
            for day in mine.differingDays(from: theirs) {
                guard let other = theirs.given(on: day) else { continue }
                var meal = other.meal
                meal.id = nil
                meal.uid = nil
                meal.occurrence = nil
                try sendCopy(of: .meal(meal, leftoversOf: other.leftoversOf))
            }
            try send(here, uid: uid, to: item)
        case .conflict:
            if let conflict { report.conflicts.append(conflict) }
        }
    }

    /// Sends `version` as a new item, stored in the plan too: the other side's version of a
    /// conflict kept beside this plan's.
    private mutating func sendCopy(of version: SyncVersion) throws(SyncError) {
        let copy = ItemUID.fresh()
        let name = VdirFolder.fileName(forUID: CalendarUID.text(copy))
        try send(version, uid: copy, to: Item(uid: copy, record: nil, here: nil, fileName: name, file: nil), storing: true)
    }

    /// Writes `version` as `uid` into `item`'s file, and records it; `storing`: the item is new
    /// to the plan too. A file there is rewritten (`ICalendarComponent.written(over:)`): what
    /// it holds that mealplan does not write is kept, each event a revision made now; a new
    /// file is the writer's, revision 0.
    private mutating func send(_ version: SyncVersion, uid: ItemUID, to item: Item, storing: Bool = false) throws(SyncError) {
        report.sent += 1
        report.changedFolder = true
        if storing { report.received += 1 }
        if settings.dryRun { return }
        var item = item
        let decided = item.file?.hash
        let existing = item.file == nil ? nil : parsedFile(of: &item)?.calendar
        if item.file?.hash != decided {
            // Read only now, and no longer what the decision saw.
            throw SyncError(message: "'\(folder.path)/\(item.fileName)' was changed by another program meanwhile; run sync again")
        }
        let fresh = version.calendarText(uid: uid, settings: settings)
        var text = fresh
        if let existing, let written = try? ICalendarReader.read(Array(fresh.utf8)).first {
            text = written.written(over: existing).text
        }
        let record = SyncItemRecord(
            uid: uid, kind: version.kind, fingerprint: version.fingerprint, fileName: item.fileName, etag: "",
            contentHash: SyncFingerprint.of(text: text))
        pending.append((VdirFolder.ItemWrite(text, to: item.fileName, expecting: item.file?.etag), record, storing ? version : nil))
    }

    /// Writes the files of `pending` in one batch (one trip to the disk for all), and adds
    /// the steps that record them, with their etags.
    private mutating func writePending() throws(SyncError) {
        guard !pending.isEmpty else { return }
        let etags: [VdirEtag]
        do {
            try folder.create()
            etags = try folder.write(pending.map(\.write))
        } catch {
            throw SyncError(error, meanwhile: error.isChangedMeanwhile)
        }
        for ((_, var record, storing), etag) in zip(pending, etags) {
            record.etag = etag.text
            steps.append(storing.map { stored($0, uid: record.uid, replacing: nil, record: record) } ?? .keep(record))
            if let storing { linkLater(storing, uid: record.uid) }
        }
        pending = []
    }

    /// Takes the file's item into the plan: the version here changes, or a new item is stored
    /// under the event's UID when that is one of mealplan's (else under a new one).
    private mutating func receive(_ there: ParsedFile, into item: Item) {
        guard let file = item.file else { return }
        report.received += 1
        var uid = item.uid
        if uid == nil, case .item(let named) = CalendarUID.reference(there.uid) { uid = named }
        let record = SyncItemRecord(
            uid: uid ?? ItemUID(high: 0, low: 0), kind: there.version.kind, fingerprint: there.version.fingerprint,
            fileName: item.fileName, etag: file.etag.text, contentHash: file.hash)
        steps.append(stored(there.version, uid: uid, replacing: item.here, record: record))
        if let uid {
            // The version taken waits for its own cooks, not for the one it replaces.
            links.removeAll { $0.item == uid }
            linkLater(there.version, uid: uid)
        }
    }

    /// Links the leftovers of `version` (the meal, or its changed occurrences), stored as
    /// `uid`, to their source at the end of the commit, when the plan did not hold the source
    /// as the run began.
    private mutating func linkLater(_ version: SyncVersion, uid: ItemUID) {
        switch version {
        case .meal(let meal, let source?) where meal.leftoversOf == nil:
            links.append(LeftoversLink(item: uid, source: source))
        case .rule(let rule):
            for change in rule.overrides where change.meal.leftoversOf == nil {
                if let source = change.leftoversOf { links.append(LeftoversLink(item: uid, occurrence: change.replacing, source: source)) }
            }
        case .meal: break
        }
    }

    /// The step that stores `version` in the plan as `uid` (a new one when nil or taken), in
    /// place of `old`, and keeps `record`.
    private func stored(_ version: SyncVersion, uid: ItemUID?, replacing old: SyncVersion?, record: SyncItemRecord) -> SyncStep {
        switch version {
        case .meal(var meal, _):
            if case .meal(let here, _)? = old {
                var changed = here
                changed.day = meal.day
                changed.slot = meal.slot
                changed.title = meal.title
                changed.note = meal.note
                changed.recipe = meal.recipe
                changed.servings = meal.servings
                changed.status = meal.status
                changed.leftoversOf = meal.leftoversOf
                changed.eaters = meal.eaters
                return .apply(.update(from: here, to: changed, restoresPosition: false), record: record)
            }
            meal.id = nil
            meal.uid = uid
            return .apply(.restore(meal), record: record)
        case .rule(let rule):
            var oldSnapshot: RuleSnapshot?
            var oldOverrides: [Meal] = []
            if case .rule(let here)? = old {
                oldSnapshot = here.snapshot
                oldOverrides = here.overrides.map(\.meal)
            }
            let snapshot = RuleSnapshot(rule.rule, meal: rule.meal, uid: oldSnapshot?.uid ?? uid, exceptions: rule.skipped)
            let overrides = rule.overrides.map { change in
                let meal = change.meal
                // Its UID as the file names it: the same changed occurrence on every side.
                return Meal(uid: meal.uid, day: meal.day, slot: meal.slot, title: meal.title, note: meal.note, recipe: meal.recipe,
                            servings: meal.servings, occurrence: Occurrence(rule: 0, day: change.replacing), status: meal.status,
                            leftoversOf: meal.leftoversOf, eaters: meal.eaters)
            }
            return .replaceRule(old: oldSnapshot, oldOverrides: oldOverrides,
                                new: SyncedRuleVersion(snapshot: snapshot, overrides: overrides), record: record)
        }
    }

    /// Records the plan's version (`fingerprint`) and `item`'s file as agreeing, as they are.
    private mutating func keep(_ item: Item, fingerprint: UInt64) {
        guard let uid = item.uid, let file = item.file, let kind = item.here?.kind else { return }
        steps.append(.keep(SyncItemRecord(
            uid: uid, kind: kind, fingerprint: fingerprint, fileName: item.fileName, etag: file.etag.text, contentHash: file.hash)))
    }
}
