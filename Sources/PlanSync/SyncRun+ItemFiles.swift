import MealPlanCore
import MealPlanExchange
import MealPlanStore
import Recurrence
import TextHelpers
import TwoWaySync
import Vdir

/// How one item's file is read and written in a run: read once (its text and hash), parsed
/// once into what it holds, and the files to write gathered and written in one batch.
extension SyncRun {
    // MARK: Reading

    /// Reads `item`'s file once, for its hash and text; a file that cannot be read is named
    /// and its item left out.
    mutating func readFile(of item: inout Item) -> ReadFile? {
        guard var file = item.file else { return nil }
        if let read = file.read { return read }
        do {
            let (bytes, etag) = try folder.readBytes(item.fileName)
            file.etag = etag
            file.hash = SyncFingerprint.of(bytes: bytes)
            file.read = ReadFile(bytes: bytes, parsed: nil)
        } catch {
            let line = error.userMessage + "; left as it is"
            file.read = ReadFile(bytes: [], parsed: .failure(Problem(line: line)))
            item.file = file
            leave(item, line)
            return file.read
        }
        item.file = file
        return file.read
    }

    /// What `item`'s file holds, parsed once; nil (and the file named) when it is nothing
    /// mealplan can take.
    mutating func parsedFile(of item: inout Item) -> ParsedFile? {
        guard var read = readFile(of: &item) else { return nil }
        if read.parsed == nil {
            let parsed = parse(read.bytes, name: item.fileName)
            read.parsed = parsed
            item.file?.read = read
            if case .failure(let problem) = parsed { leave(item, problem.line) }
        }
        guard case .success(let parsed) = read.parsed else { return nil }
        return parsed
    }

    func parse(_ bytes: [UInt8], name: String) -> Result<ParsedFile, Problem> {
        let place = folder.path + "/" + name
        func problem(_ line: Int, _ message: String) -> Result<ParsedFile, Problem> {
            .failure(Problem(line: "\(place): line \(line): \(message); left as it is"))
        }
        do {
            let top = try ICalendarReader.read(bytes)
            guard let calendar = top.first(where: { $0.name == "VCALENDAR" }) else {
                return .failure(Problem(line: "\(place): no VCALENDAR; left as it is"))
            }
            if let second = top.dropFirst().first {
                return problem(second.line, "a second \(second.name), which mealplan cannot keep in a rewrite")
            }
            for event in calendar.components("VEVENT") {
                if let unkept = Self.unkeptProperty(of: event) { return problem(unkept.line, "\(unkept.name), which mealplan cannot keep in a rewrite") }
            }
            let events = try calendar.components("VEVENT").map { event throws(ICalendarError) in
                try CalendarMeal(event: event, slots: snapshot.slots, defaultSlot: defaultSlot, zone: settings.zone)
            }
            guard let main = events.first(where: { $0.replacing == nil }) ?? events.first else {
                return .failure(Problem(line: "\(place): no VEVENT; left as it is"))
            }
            for event in events {
                if event.uid != main.uid { return problem(event.line, "a second event with another UID") }
                guard snapshot.slots.contains(event.meal.slot) else {
                    return problem(event.line, "the slot '\(event.meal.slot.messageExcerpt)' is not one of the plan's")
                }
                if event.meal.servings != nil && event.meal.recipe == nil {
                    return problem(event.line, "servings without a recipe (\(CalendarMeal.Property.recipe)): they say how much of a recipe to make")
                }
                do throws(MealValidationError) {
                    _ = try Meal.validTitle(event.meal.title)
                    if let recipe = event.meal.recipe { _ = try Meal.validRecipeName(recipe) }
                } catch {
                    return problem(event.line, error.message)
                }
            }
            let replaced = events.compactMap(\.replacing)
            if let twice = replaced.indices.first(where: { replaced[..<$0].contains(replaced[$0]) }) {
                return problem(events.filter { $0.replacing != nil }[twice].line, "a second change of the same day of the repeat")
            }
            var notes: [String] = []
            if let days = main.days {
                notes.append("\(place): an all-day event of \(days) days; taken as one meal on its first day, \(main.meal.day.iso)")
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
                return .success(ParsedFile(calendar: calendar, uid: main.uid, version: .meal(meal, leftoversOf: source), notes: notes))
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
            var meal = main.meal
            meal.position = 0
            return .success(ParsedFile(calendar: calendar, uid: main.uid, version: .rule(SyncVersion.RuleVersion(
                rule: rule, meal: meal, skipped: Array(Set(main.skipped).subtracting(replaced)).sorted(), overrides: overrides, snapshot: nil)),
                notes: notes))
        } catch {
            return .failure(Problem(line: "\(place): \(error.description); left as it is"))
        }
    }

    /// The first property of `event` that says something mealplan cannot say again when it
    /// rewrites the file, so that it must leave the file as it is rather than drop it: a
    /// second `RRULE`, an `RDATE` or `EXRULE` (days a rule does not give), a `RECURRENCE-ID`
    /// that changes the days after it too (`RANGE=THISANDFUTURE`).
    static func unkeptProperty(of event: ICalendarComponent) -> ICalendarProperty? {
        if let second = event.properties("RRULE").dropFirst().first { return second }
        if let extra = event.properties.first(where: { $0.name == "RDATE" || $0.name == "EXRULE" }) { return extra }
        return event.properties("RECURRENCE-ID").first { $0.parameter("RANGE") != nil }
    }

    // MARK: Writing

    /// Writes `version` as `uid` into `item`'s file, and records it; `storing`: the item is new
    /// to the plan too. The item's calendar is built once and written once over the file there
    /// (`ICalendarItemFile`): what the file holds that mealplan does not write is kept, each
    /// event a revision made now.
    mutating func send(_ version: SyncVersion, uid: ItemUID, to item: Item, storing: Bool = false) throws(SyncError) {
        func counted() {
            report.sent += 1
            report.changedFolder = true
            if storing { report.received += 1 }
        }
        if settings.dryRun { return counted() }
        var item = item
        let decided = item.file?.hash
        let existing = item.file == nil ? nil : parsedFile(of: &item)?.calendar
        // A file there that mealplan cannot read is never written over (`parsedFile` named it),
        // nor one whose name leaves no room for the hidden file a write goes through.
        if item.file != nil && existing == nil { return }
        guard item.fileName.utf8.count <= VdirFolder.maximumWrittenName else {
            report.skipped.append("\(folder.path)/\(item.fileName.messageExcerpt): its name is too long for mealplan to write the file again; left as it is, and the change here not sent")
            return
        }
        if item.file?.hash != decided {
            // Read only now, and no longer what the decision saw.
            throw SyncError(VdirError.changedMeanwhile("\(folder.path)/\(item.fileName)"), meanwhile: true)
        }
        counted()
        let built = version.calendar(uid: uid, settings: settings)
        // When the item happens, as the file there says it (`keepingTimes`).
        let text = ICalendarItemFile.text(of: existing.map { built.keepingTimes(of: $0, zone: settings.zone) } ?? built, over: existing)
        let record = SyncItemRecord(
            uid: uid, kind: version.kind, fingerprint: version.fingerprint, fileName: item.fileName, etag: "",
            contentHash: SyncFingerprint.of(text: text))
        pending.append((VdirFolder.ItemWrite(text, to: item.fileName, expecting: item.file?.etag), record, storing ? version : nil))
    }

    /// Writes the files of `pending` in one batch (one trip to the disk for all), and adds
    /// the steps that record them, with their etags.
    mutating func writePending() throws(SyncError) {
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
}
