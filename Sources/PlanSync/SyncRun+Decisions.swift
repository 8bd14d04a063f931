import MealPlanCore
import MealPlanExchange
import MealPlanStore
import Recurrence
import TextHelpers
import TwoWaySync
import Vdir

/// What a run decides for each item, and the plan's side of it: steps of the commit.
extension SyncRun {
    // MARK: Deciding and applying

    /// Decides `item` and does what the decision says: the folder's side at once, the plan's
    /// as steps of the commit.
    mutating func settle(_ item: inout Item) throws(SyncError) {
        let record = item.record
        var there: ParsedFile?
        if let file = item.file, record == nil || file.hash != record?.contentHash {
            // New or changed there: only an item mealplan can read takes part.
            guard let parsed = parsedFile(of: &item) else { return }
            if let kind = item.here?.kind ?? record?.kind, kind != parsed.version.kind {
                leave(item, "\(folder.path)/\(item.fileName): a \(kind == .meal ? "meal" : "repeat") here, a \(kind == .meal ? "repeat" : "meal") there now; left as it is")
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
    mutating func sendCopy(of version: SyncVersion) throws(SyncError) {
        let copy = ItemUID.fresh()
        let name = VdirFolder.fileName(forUID: CalendarUID.text(copy))
        try send(version, uid: copy, to: Item(uid: copy, record: nil, here: nil, fileName: name, file: nil), storing: true)
    }




    /// Takes the file's item into the plan: the version here changes, or a new item is stored
    /// under the UID the event names (`SyncVersion.itemUID(ofEvent:)`; a new one where the plan
    /// holds that UID already).
    mutating func receive(_ there: ParsedFile, into item: Item) {
        guard let file = item.file else { return }
        report.received += 1
        report.notes += there.notes
        let uid = item.uid ?? SyncVersion.itemUID(ofEvent: there.uid)
        let record = SyncItemRecord(
            uid: uid, kind: there.version.kind, fingerprint: there.version.fingerprint,
            fileName: item.fileName, etag: file.etag.text, contentHash: file.hash)
        steps.append(stored(there.version, uid: uid, replacing: item.here, record: record))
        // The version taken waits for its own cooks, not for the one it replaces.
        links.removeAll { $0.item == uid }
        linkLater(there.version, uid: uid)
    }

    /// Links the leftovers of `version` (the meal, or its changed occurrences), stored as
    /// `uid`, to their source at the end of the commit, when the plan did not hold the source
    /// as the run began.
    mutating func linkLater(_ version: SyncVersion, uid: ItemUID) {
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
    func stored(_ version: SyncVersion, uid: ItemUID?, replacing old: SyncVersion?, record: SyncItemRecord) -> SyncStep {
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
    mutating func keep(_ item: Item, fingerprint: UInt64) {
        guard let uid = item.uid, let file = item.file, let kind = item.here?.kind else { return }
        steps.append(.keep(SyncItemRecord(
            uid: uid, kind: kind, fingerprint: fingerprint, fileName: item.fileName, etag: file.etag.text, contentHash: file.hash)))
    }
}
