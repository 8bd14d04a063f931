import ArgumentParser
import Glibc
import MealPlanCore
import MealPlanExchange
import MealPlanStore
import Settings
import TerminalKit
import TextHelpers

struct ExportCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write meals as CSV, iCalendar or JSON (all of them unless --from/--to limit the days).",
        discussion: """
            csv: RFC 4180 in UTF-8 with CRLF line ends and the header \
            date,slot,title,note,recipe,servings,status,leftovers_of,eaters (status empty while \
            planned; leftovers_of the day and slot of the meal leftovers come from, as in \
            "2026-11-23 dinner"), in date and slot order, one row per \
            occurrence of a repeat (a repeat that never ends gives rows up to 9999: give --to); \
            'mealplan import' reads it back, each row as a single meal. CSV is the flat \
            format: it leaves out the repeats themselves (their skipped days, which \
            occurrences were changed), the templates, the slots that no meal uses and their \
            order, ids and UIDs, and each meal's place in its slot beyond the rows' order; \
            --format json --everything keeps them all. With --output FILE.csv, a slot, \
            title or note starting with = + - @, a tab or CR (which a spreadsheet would run as a \
            formula) or with ' gets a ' before it, and the header's "date" is quoted to say so; \
            import removes exactly those apostrophes. --no-protect-formulas turns this off, \
            --protect-formulas turns it on for standard output.
            ics: an iCalendar file (RFC 5545) for calendar apps, one event per meal, titled \
            "Dinner: Lasagna", the note as its description, the slot as its category; the \
            slot as spelled, the meal's place in it, its recipe and servings in X-MEALPLAN-SLOT, \
            X-MEALPLAN-POSITION, X-MEALPLAN-RECIPE and X-MEALPLAN-SERVINGS; a skipped meal is \
            STATUS:CANCELLED, a done one X-MEALPLAN-STATUS:done, leftovers name their source's \
            UID in X-MEALPLAN-LEFTOVERS-OF, and X-MEALPLAN-EATERS says how many eat at a cooked \
            meal. Meals are all-day events; \
            --slot-time SLOT=HH:MM makes the meals of SLOT start at that time and last \
            --duration (default 1h), in floating local time: 19:00 stays 19:00 in any time \
            zone. Each meal's event UID is the meal's own UUID, kept across exports and \
            unlike any other plan's, so importing a newer export updates events instead of \
            adding them twice. A repeat is one event with its RRULE and an EXDATE per \
            skipped day.
            json: an array of {"id","uid","date","slot","position","title","note","recipe",\
            "servings","repeat","status","leftovers_of","eaters"} objects, the same shape as \
            'mealplan list --format json'; an occurrence of a repeat has "id" and "uid" null and \
            "repeat": its number; "status" is planned, done or skipped, "leftovers_of" the UID of \
            the meal leftovers come from.
            json --everything: the whole plan as one object that 'mealplan import' reads back \
            into an empty plan: {"format","version","slots","repeats","templates","meals"}: \
            the slots in order, each repeat with its pattern and skipped days, each template \
            with its meals (their "leftovers_of" the place of their cook in the template's \
            "meals", from 0), and every stored meal (not the occurrences of repeats) with its id \
            and UID, a changed occurrence with "repeat" and "replaces", the day it stands in \
            for (docs/GUIDE.md, "A whole plan").

            Without --format, the extension of the --output file (.csv, .ics, .json) chooses \
            the format, CSV otherwise; a --format that contradicts the extension is refused.

            Meals are streamed, so memory stays small however many there are. With --output \
            a regular file appears complete or not at all (written unnamed in the same folder, \
            then renamed over the old one, whose permissions it keeps); a FIFO, a device or \
            /dev/stdout is written in place; a SQLite database or a folder is refused.

            Examples:
              mealplan export > plan.csv
              mealplan export --from 2026-03-01 --to 2026-03-31 --output march.csv
              mealplan export --slot-time dinner=19:00 --output plan.ics
              mealplan export --format json --from today | jq '.[].title'
              mealplan export --format json --everything --output plan.json
            """)

    enum Format: String, CaseInsensitiveChoice {
        case csv, ics, json
    }

    @OptionGroup var store: StoreOptions

    @OptionGroup var recipes: RecipeOptions
    @Option(help: "The first day (default: the first meal).") var from: String?
    @Option(help: "The last day (default: the last meal).") var to: String?
    @Option(help: "csv, ics (iCalendar) or json (default: from the --output file's extension, else csv).")
    var format: Format?
    @Option(
        name: .customLong("slot-time"),
        help: ArgumentHelp("With --format ics: meals of this slot start at this time (24-hour clock); repeatable.",
                           valueName: "slot=HH:MM"))
    var slotTimes: [String] = []
    @Option(help: ArgumentHelp("How long a meal with a --slot-time lasts: 90, 90m, 1h or 1h30m (default 1h).", valueName: "duration"))
    var duration: String?
    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file")) var output: String?
    @Flag(help: "With --format json: the whole plan (slots, repeats, templates, meals with their ids and UIDs), for 'mealplan import' into an empty plan.")
    var everything = false
    @Flag(inversion: .prefixedNo,
          help: "With --format csv: put ' before fields a spreadsheet would run as formulas (default: on for --output *.csv).")
    var protectFormulas: Bool?

    /// Whether CSV fields that start like a formula are protected: by default for a file named
    /// *.csv, which a person is likely to open in a spreadsheet, and not on standard output,
    /// which usually feeds a program (`mealplan import -`, a script) that must get the text as
    /// it is.
    private var protectsFormulas: Bool {
        protectFormulas ?? output?.lowercased().hasSuffix(".csv") ?? false
    }

    /// The format asked for, else the one the --output file's extension names, else CSV.
    var chosenFormat: Format { format ?? outputExtensionFormat ?? .csv }

    /// The format whose name is the --output file's extension (any case), if any.
    private var outputExtensionFormat: Format? {
        guard let output, let dot = output.lastIndex(of: "."), !output[dot...].contains("/") else { return nil }
        return Format(rawValue: output[output.index(after: dot)...].lowercased())
    }

    func validate() throws {
        if everything {
            if chosenFormat != .json { throw ValidationError("--everything needs --format json") }
            if from != nil || to != nil { throw ValidationError("--everything writes the whole plan: leave out --from and --to") }
        }
        if let format, let output, let named = outputExtensionFormat, named != format {
            throw ValidationError("--format \(format.rawValue) does not match '\(output.terminalVisible)', a .\(named.rawValue) file name; leave --format out or change one of them")
        }
        if chosenFormat != .ics && !slotTimes.isEmpty { throw ValidationError("--slot-time needs --format ics") }
        if chosenFormat != .csv && protectFormulas != nil {
            throw ValidationError("--\(protectFormulas == true ? "" : "no-")protect-formulas needs --format csv")
        }
        if let duration {
            if chosenFormat != .ics { throw ValidationError("--duration needs --format ics") }
            if EventDuration(duration) == nil {
                throw ValidationError("--duration '\(duration)': use minutes or hours from 1m to 24h, as in 90, 45m, 1h or 1h30m")
            }
        }
        for text in slotTimes { _ = try Self.splitSlotTime(text) }
    }

    func run(in environment: Environment) throws {
        let first = try from.map { try store.day($0, in: environment) } ?? .first
        let last = try to.map { try store.day($0, in: environment) } ?? .last
        guard last >= first else { throw CommandFailure.usage("--to \(last.iso) is before --from \(first.iso)") }
        // Before the database is opened: a refused destination leaves every file untouched.
        let file = try output.map { try OutputFile(path: $0) }
        let count: Int
        do {
            count = try export(DayRange(first, last), to: file?.descriptor ?? STDOUT_FILENO,
                               named: file.map { "'\($0.path)'" } ?? StandardOutput.name, in: environment)
        } catch {
            file?.discard()
            throw error
        }
        guard let file else { return }
        try file.commit()
        print("exported \(count) meal\(count == 1 ? "" : "s") to \(file.path.terminalVisible)")
    }

    /// Writes the meals of `range` to `descriptor`, which messages call `destination`; returns
    /// how many there were.
    private func export(_ range: DayRange, to descriptor: Int32, named destination: String, in environment: Environment) throws -> Int {
        let meals = try store.openStore(.readExisting, in: environment)
        if everything { return try exportWholePlan(of: meals, to: descriptor, named: destination, in: environment) }
        let configured = chosenFormat == .ics ? try ConfigFile.load(in: environment) : ConfigFile()
        let slotTimes = try resolvedSlotTimes(
            configured: configured, slots: slotTimes.isEmpty && configured.slotTimes.entries.isEmpty ? [] : try meals.slots())
        if duration != nil && slotTimes.isEmpty {
            throw CommandFailure.usage("--duration needs --slot-time (or slot times in the config file)")
        }
        // Meals written to the terminal itself would mix with a progress line.
        let showsProgress = ProgressReport.isWanted && (output != nil || isatty(STDOUT_FILENO) == 0)
        let total = showsProgress ? try meals.mealCount(in: range) : nil
        var progress = showsProgress ? ProgressReport(verb: "exporting", total: total, environment: environment) : nil
        var done = 0
        do {
            // iCalendar keeps each repeat rule as one event with its RRULE, not its occurrences.
            let repeating = chosenFormat == .ics ? try meals.rules(in: range).map(\.iCalendarEvent) : []
            let writer = makeWriter(descriptor, slotTimes: slotTimes, repeating: repeating)
            let count = try MealOutput.write(with: writer, to: destination) { writeRow, writeMeal in
                func counted() {
                    done += 1
                    if done % ProgressReport.rowsPerReport == 0 { progress?.update(done: done) }
                }
                try meals.forEachMealRow(
                    in: range, occurrencesThrough: chosenFormat != .ics ? .last : nil, identities: chosenFormat != .csv,
                    stored: { try writeRow($0); counted() }, occurrence: { try writeMeal($0); counted() })
            }
            progress?.end(done: count, finished: true)
            return count
        } catch {
            progress?.end(done: done, finished: false)
            throw error
        }
    }

    /// Writes the whole plan of `meals` (`JSONPlanWriter`), from one snapshot; returns how many
    /// meals there were.
    private func exportWholePlan(of meals: MealStore, to descriptor: Int32, named destination: String, in environment: Environment) throws -> Int {
        let showsProgress = ProgressReport.isWanted && (output != nil || isatty(STDOUT_FILENO) == 0)
        var progress = showsProgress ? ProgressReport(verb: "exporting", total: try meals.mealCount(), environment: environment) : nil
        var count = 0
        do {
            try meals.readWholePlan { structure, forEachMeal in
                do {
                    var writer = try JSONPlanWriter(fileDescriptor: descriptor, structure: structure)
                    try forEachMeal { meal in
                        try writer.write(meal)
                        count += 1
                        if count % ProgressReport.rowsPerReport == 0 { progress?.update(done: count) }
                    }
                    try writer.finish()
                } catch let error as OutputWriteError {
                    throw StandardOutput.failure(of: destination, reason: error.reason)
                }
            }
            progress?.end(done: count, finished: true)
            return count
        } catch {
            progress?.end(done: count, finished: false)
            throw error
        }
    }

    private func makeWriter(
        _ descriptor: Int32, slotTimes: [String: TimeOfDay], repeating: [ICalendarMealWriter.RepeatingMeal]
    ) -> any MealStreamWriter {
        switch chosenFormat {
        case .csv:
            return CSVMealWriter(fileDescriptor: descriptor, protectsFormulas: protectsFormulas)
        case .json:
            return JSONMealWriter(fileDescriptor: descriptor)
        case .ics:
            let settings = ICalendarMealWriter.Settings(
                stamp: UTCTimestamp(secondsSince1970: Int64(time(nil))), slotTimes: slotTimes,
                duration: duration.flatMap(EventDuration.init) ?? .standard, repeating: repeating)
            return ICalendarMealWriter(fileDescriptor: descriptor, settings: settings)
        }
    }

    /// The start time of each slot named by --slot-time or the config file's `[slot-times]`,
    /// by the slot's exact name; --slot-time wins.
    private func resolvedSlotTimes(configured: ConfigFile, slots: [MealSlot]) throws -> [String: TimeOfDay] {
        var times = try configured.slotTimes.times(of: slots)
        var given: Set<String> = []
        for text in slotTimes {
            let (slotText, time) = try Self.splitSlotTime(text)
            let slot: MealSlot
            do {
                slot = try slots.resolve(slotText)
            } catch {
                throw CommandFailure.usage("--slot-time '\(text)': \(error.message)")
            }
            guard given.insert(slot.name).inserted else {
                throw CommandFailure.usage("--slot-time gives a time for \(slot.name) twice")
            }
            times[slot.name] = time
        }
        return times
    }

    /// `SLOT=HH:MM` split into the slot as typed and the time.
    private static func splitSlotTime(_ text: String) throws(ValidationError) -> (slot: String, time: TimeOfDay) {
        guard let equals = text.firstIndex(of: "="), !String(text[..<equals]).trimmingWhitespace().isEmpty else {
            throw ValidationError("--slot-time '\(text)': use SLOT=HH:MM, as in dinner=19:00")
        }
        let timeText = String(text[text.index(after: equals)...])
        guard let time = TimeOfDay(timeText) else {
            throw ValidationError("--slot-time '\(text)': '\(timeText)' is not a time of day; use HH:MM from 00:00 to 23:59")
        }
        return (String(text[..<equals]), time)
    }
}

extension StoredRule {
    /// The rule as one iCalendar event: its meal on the first occurrence (RFC 5545 counts
    /// DTSTART as one), its RRULE, and the days it skips.
    var iCalendarEvent: ICalendarMealWriter.RepeatingMeal {
        ICalendarMealWriter.RepeatingMeal(
            id: id, uid: uid, meal: occurrence(on: rule.firstOccurrence), rrule: rule.rrule, skipped: exceptions)
    }
}
