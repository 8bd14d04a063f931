import MealPlanCore
import MealPlanExchange
import MealPlanStore
import TextHelpers
import TwoWaySync
import Vdir

/// One run of `VdirSync`: the items of both sides paired, decided and applied.
struct SyncRun {
    /// A meal as both sides may hold it: the record of the last sync that agreed on it, the
    /// plan's meal and the folder's file, each absent where the side does not hold it.
    struct Item {
        var record: SyncItemRecord?
        var here: Meal?
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

    /// A file read: its text and, once parsed, its calendar and event.
    struct ReadFile {
        var text: String
        var parsed: Result<(calendar: ICalendarComponent, event: CalendarMeal), Problem>?
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
        guard !settings.dryRun, !steps.isEmpty else { return report }
        do {
            try store.commitSync(folder: folder.path, steps)
        } catch {
            throw SyncError(error, meanwhile: error.kind == .input)
        }
        return report
    }

    // MARK: Pairing

    /// Every item of the window: each record with its meal and file, each meal not synced
    /// before with the file its UID names, and each other file of the folder.
    private mutating func pairedItems() throws(SyncError) -> [Item] {
        var files: [String: VdirEtag] = [:]
        do {
            for item in try folder.items().items { files[item.name] = item.etag }
        } catch where error.isMissing {
            // A folder not made yet is an empty one; the first write makes it.
        } catch {
            throw SyncError(error)
        }
        var meals = Dictionary(snapshot.meals.compactMap { meal in meal.uid.map { ($0, meal) } }, uniquingKeysWith: { first, _ in first })
        var items: [Item] = []
        for record in snapshot.records where record.kind == .meal {
            let here = meals.removeValue(forKey: record.uid)
            let file = files.removeValue(forKey: record.fileName).map { etag in
                FileState(etag: etag, hash: etag.text == record.etag ? record.contentHash : 0, read: nil)
            }
            items.append(Item(record: record, here: here, fileName: record.fileName, file: file))
        }
        var unfiled: [ItemUID: Int] = [:]
        for meal in snapshot.meals where meal.day >= settings.from {
            guard let uid = meal.uid, meals.removeValue(forKey: uid) != nil else { continue }
            let name = VdirFolder.fileName(forUID: CalendarUID.text(uid))
            let file = files.removeValue(forKey: name).map { FileState(etag: $0, hash: 0, read: nil) }
            if file == nil { unfiled[uid] = items.count }
            items.append(Item(record: nil, here: meal, fileName: name, file: file))
        }
        for (name, etag) in files.sorted(by: { $0.key < $1.key }) {
            var item = Item(record: nil, here: nil, fileName: name, file: FileState(etag: etag, hash: 0, read: nil))
            guard let event = event(of: &item) else { continue }
            if case .item(let uid) = CalendarUID.reference(event.uid), let index = unfiled.removeValue(forKey: uid) {
                items[index].fileName = name
                items[index].file = item.file
            } else if event.meal.day >= settings.from {
                items.append(item)
            }
        }
        for index in items.indices where items[index].file != nil && items[index].record?.etag != items[index].file?.etag.text {
            loadHash(of: &items[index])
        }
        return items
    }

    /// Reads the file of `item` for its hash, unless it was read already; a file that cannot
    /// be read leaves the item out (its hash stays 0, read as "changed", and `event` says why).
    private mutating func loadHash(of item: inout Item) {
        guard item.file?.read == nil else { return }
        _ = readFile(of: &item)
    }

    private mutating func readFile(of item: inout Item) -> ReadFile? {
        guard var file = item.file else { return nil }
        if let read = file.read { return read }
        do {
            let (text, etag) = try folder.read(item.fileName)
            file.etag = etag
            file.hash = SyncFingerprint.of(text: text)
            file.read = ReadFile(text: text, parsed: nil)
        } catch {
            file.read = ReadFile(text: "", parsed: .failure(Problem(line: error.userMessage + "; left as it is")))
            report.skipped.append(error.userMessage + "; left as it is")
        }
        item.file = file
        return file.read
    }

    /// The event of `item`'s file, parsed once; nil (and the file reported) when it is not a
    /// meal mealplan can take.
    private mutating func event(of item: inout Item) -> CalendarMeal? {
        guard var read = readFile(of: &item) else { return nil }
        if read.parsed == nil {
            let parsed = parse(read.text, name: item.fileName)
            if case .failure(let problem) = parsed { report.skipped.append(problem.line) }
            read.parsed = parsed
            item.file?.read = read
        }
        guard case .success(let parsed) = read.parsed else { return nil }
        return parsed.event
    }

    private func parse(_ text: String, name: String) -> Result<(calendar: ICalendarComponent, event: CalendarMeal), Problem> {
        let place = folder.path + "/" + name
        do {
            guard let calendar = try ICalendarReader.read(Array(text.utf8)).first(where: { $0.name == "VCALENDAR" }),
                  let event = calendar.components("VEVENT").first
            else { return .failure(Problem(line: "\(place): no VCALENDAR with a VEVENT; left as it is")) }
            let meal = try CalendarMeal(event: event, slots: snapshot.slots, defaultSlot: defaultSlot)
            if meal.rrule != nil || meal.replacing != nil || calendar.components("VEVENT").count > 1 {
                return .failure(Problem(line: "\(place): line \(event.line): a repeating event; repeats are not synced, left as it is"))
            }
            guard snapshot.slots.contains(meal.meal.slot) else {
                return .failure(Problem(line: "\(place): line \(event.line): the slot '\(meal.meal.slot.messageExcerpt)' is not one of the plan's; left as it is"))
            }
            do throws(MealValidationError) {
                _ = try Meal.validTitle(meal.meal.title)
                if let recipe = meal.meal.recipe { _ = try Meal.validRecipeName(recipe) }
                if let servings = meal.meal.servings { _ = try Meal.validServings(servings) }
            } catch {
                return .failure(Problem(line: "\(place): line \(event.line): \(error.message); left as it is"))
            }
            return .success((calendar, meal))
        } catch {
            return .failure(Problem(line: "\(place): \(error.description); left as it is"))
        }
    }

    // MARK: Deciding and applying

    /// Decides `item` and does what the decision says: the folder's side at once, the plan's
    /// as steps of the commit.
    private mutating func settle(_ item: inout Item) throws(SyncError) {
        let record = item.record
        var there: CalendarMeal?
        if let file = item.file, record == nil || file.hash != record?.contentHash {
            // New or changed there: only a meal mealplan can read takes part.
            guard let event = event(of: &item) else { return }
            there = event
        }
        var decision = SyncDecision(
            record: record.map { SyncRecord(here: $0.fingerprint, there: $0.contentHash) },
            here: item.here.map(SyncFingerprint.of), there: item.file?.hash)
        if case .conflict = decision, let here = item.here, let there, SyncFingerprint.of(here) == SyncFingerprint.of(there.meal) {
            // Both sides hold it alike (a run cut short after writing the file, or the same
            // change made twice): agreed without asking.
            keep(item, here)
            return
        }
        if let side = settings.keep { decision = decision.resolved(keeping: side) }
        switch decision {
        case .nothing:
            if let record, let here = item.here, let file = item.file, file.etag.text != record.etag { keep(item, here) }
        case .send:
            guard let here = item.here else { return }
            try send(here, to: item)
        case .receive:
            guard let there else { return }
            receive(there, into: item)
        case .removeThere:
            guard let file = item.file else { return }
            report.removed += 1
            if settings.dryRun { return }
            do {
                try folder.remove(item.fileName, expecting: file.etag)
            } catch {
                throw SyncError(error, meanwhile: error.isChangedMeanwhile)
            }
            if let uid = record?.uid { steps.append(.forget(uid)) }
        case .removeHere:
            guard let here = item.here, let uid = here.uid else { return }
            report.removed += 1
            steps.append(.apply(.remove(here), record: nil))
            steps.append(.forget(uid))
        case .forget:
            if let uid = record?.uid { steps.append(.forget(uid)) }
        case .keepBoth:
            guard let here = item.here, let there else { return }
            var theirs = there.meal
            theirs.uid = ItemUID(randomBits: .random(in: .min ... .max), .random(in: .min ... .max))
            try send(theirs, to: Item(record: nil, here: theirs, fileName: VdirFolder.fileName(forUID: CalendarUID.text(theirs.uid!)), file: nil), storing: true)
            try send(here, to: item)
        case .conflict:
            report.conflicts.append(Self.conflictLine(here: item.here, there: there?.meal))
        }
    }

    /// Writes `meal` into `item`'s file (keeping what the file holds that mealplan does not
    /// write), and records it; `storing`: the meal is new to the plan too.
    private mutating func send(_ meal: Meal, to item: Item, storing: Bool = false) throws(SyncError) {
        guard let uid = meal.uid else { return }
        report.sent += 1
        if storing { report.received += 1 }
        if settings.dryRun { return }
        var item = item
        let decided = item.file?.hash
        var existing: ICalendarComponent?
        if item.file != nil, event(of: &item) != nil, case .success(let parsed)? = item.file?.read?.parsed {
            existing = parsed.calendar
        }
        if item.file?.hash != decided {
            // Read only now, and no longer what the decision saw.
            throw SyncError(message: "'\(folder.path)/\(item.fileName)' was changed by another program meanwhile; run sync again")
        }
        let text = render(meal, over: existing)
        let etag: VdirEtag
        do {
            if item.file == nil { try folder.create() }
            etag = try folder.write(text, to: item.fileName, expecting: item.file?.etag)
        } catch {
            throw SyncError(error, meanwhile: error.isChangedMeanwhile)
        }
        let record = SyncItemRecord(
            uid: uid, kind: .meal, fingerprint: SyncFingerprint.of(meal), fileName: item.fileName, etag: etag.text,
            contentHash: SyncFingerprint.of(text: text))
        steps.append(storing ? .apply(.restore(meal), record: record) : .keep(record))
    }

    /// Takes the file's meal into the plan: the meal it was changes, or a new one is stored
    /// under the event's UID when that is one of mealplan's (else under a new one).
    private mutating func receive(_ there: CalendarMeal, into item: Item) {
        guard let file = item.file else { return }
        report.received += 1
        var record = SyncItemRecord(
            uid: item.here?.uid ?? ItemUID(high: 0, low: 0), kind: .meal, fingerprint: SyncFingerprint.of(there.meal),
            fileName: item.fileName, etag: file.etag.text, contentHash: file.hash)
        if let here = item.here {
            var changed = here
            changed.day = there.meal.day
            changed.slot = there.meal.slot
            changed.title = there.meal.title
            changed.note = there.meal.note
            changed.recipe = there.meal.recipe
            changed.servings = there.meal.servings
            steps.append(.apply(.update(from: here, to: changed, restoresPosition: false), record: record))
        } else {
            var meal = there.meal
            if case .item(let uid) = CalendarUID.reference(there.uid) { meal.uid = uid }
            record.uid = meal.uid ?? record.uid
            steps.append(.apply(.restore(meal), record: record))
        }
    }

    /// Records `here` and `item`'s file as agreeing, as they are now.
    private mutating func keep(_ item: Item, _ here: Meal) {
        guard let uid = here.uid, let file = item.file else { return }
        steps.append(.keep(SyncItemRecord(
            uid: uid, kind: .meal, fingerprint: SyncFingerprint.of(here), fileName: item.fileName, etag: file.etag.text,
            contentHash: file.hash)))
    }

    /// The file of `meal` as `export --format ics` writes it; over a file read before, that
    /// file with mealplan's properties replaced and every other kept.
    private func render(_ meal: Meal, over calendar: ICalendarComponent?) -> String {
        let fresh = ICalendarMealWriter.text(
            of: [meal], settings: .init(stamp: settings.stamp, slotTimes: settings.slotTimes, duration: settings.duration))
        guard let calendar, let written = try? ICalendarReader.read(Array(fresh.utf8)).first else { return fresh }
        return calendar.rewritten(with: written).text
    }

    /// "Tue 24 Nov lunch: 'Soup' here, 'Curry' there": both versions of a conflict, each with
    /// its day and slot when they differ from the first's, and its note when nothing else does.
    static func conflictLine(here: Meal?, there: Meal?) -> String {
        guard let anchor = here ?? there else { return "" }
        let onlyNotes = here?.title == there?.title && here?.day == there?.day && here?.slot == there?.slot
        func side(_ meal: Meal?) -> String {
            guard let meal else { return "removed" }
            var text = "'\(meal.title.messageExcerpt)'"
            if meal.day != anchor.day || meal.slot != anchor.slot { text += " on \(meal.day.shortLabel) \(meal.slot)" }
            if onlyNotes { text += meal.note.map { " (note '\($0.messageExcerpt)')" } ?? " (no note)" }
            return text
        }
        return "\(anchor.day.shortLabel) \(anchor.slot): \(side(here)) here, \(side(there)) there"
    }
}
