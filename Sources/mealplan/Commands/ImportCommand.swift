import ArgumentParser
import Glibc
import MealPlanCore
import MealPlanExchange
import MealPlanStore
import Settings
import TerminalKit
import TextHelpers

struct ImportCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add the meals of a CSV file, or put back a whole plan (as 'mealplan export' writes them).",
        discussion: """
            Columns are found by their header name: date (YYYY-MM-DD), slot, title and, \
            optionally, note, recipe, servings (a number, only with a recipe), status \
            (planned, done or skipped), leftovers_of (the day and slot of the meal leftovers \
            come from, as in "2026-11-23 dinner": the meal there of the same recipe, else \
            title, else the first, in the file or the plan; one that names no meal is \
            imported plain with a warning) and eaters (how many eat at a cooked meal); other \
            columns are ignored with a warning. All or nothing: the \
            first bad row (a bad date, an unknown slot, an empty title, an unbalanced quote) is \
            reported with its line number and nothing is imported (exit status 65); Ctrl-C \
            stops it with nothing imported, and a database it was to create is not left \
            behind. Imported meals go after the meals already planned in their day's slot.

            A file whose meals are already planned (the same day, slot and title), such as \
            one imported before, is refused as a whole (exit status 65) unless \
            --allow-duplicates is given.

            A whole plan ('mealplan export --format json --everything'; --format json, a \
            .json file or a file starting with '{') goes into an empty plan only (no meal, \
            repeat or template; a new --db file is one): its slots replace the plan's, and \
            every meal, repeat and template keeps its id and UID, so the plan lists, repeats \
            and exports as it did. Into a plan that has any, such as the one it was just \
            imported into, it is refused as a whole (exit status 64): merging two plans' \
            slots, repeats and ids has no one right answer, and a second import of one file \
            would only double it. The first mistake is reported with its line and JSON path \
            (meals[12].date), and nothing is imported (exit status 65).

            Examples:
              mealplan import plan.csv
              mealplan import --dry-run plan.csv
              mealplan export --db old.sqlite | mealplan import -
              mealplan import --db new.sqlite plan.json
            """)

    enum Format: String, CaseInsensitiveChoice {
        case csv, json
    }

    @OptionGroup var store: StoreOptions

    @OptionGroup var recipes: RecipeOptions
    @Argument(help: ArgumentHelp("The CSV or JSON file, or - for standard input.", valueName: "file")) var file: String
    @Option(help: "csv, or json for a whole plan (default: from the file's extension, else from its first character, else csv).")
    var format: Format?
    @Flag(help: "Check the file and report what would be added, changing nothing.") var dryRun = false
    @Flag(help: "Import meals even when the plan already has them (the same day, slot and title).")
    var allowDuplicates = false

    func run(in environment: Environment) throws {
        let input = try Self.openInput(file)
        defer { if input != STDIN_FILENO { close(input) } }
        // Held back from before the store starts its second thread, and looked at with the
        // progress: Ctrl-C ends the import with nothing kept (and no new database made for it).
        let interrupt = InterruptSignals([SIGINT])
        let what: String
        do {
            if (format ?? Self.detectedFormat(of: file, input)) == .json {
                if allowDuplicates { throw CommandFailure.usage("--allow-duplicates is for CSV files: a whole plan goes into an empty one") }
                what = try importWholePlan(from: input, interrupt: interrupt, in: environment)
            } else {
                let meals = try openStore(in: environment)
                // Reading and checking the file runs on a second thread while this one inserts.
                let summary = try meals.importMealsPipelined(dryRun: dryRun, refusingDuplicates: !allowDuplicates) { feed in
                    try Self.reportingProgress(of: input, interrupt: interrupt, in: environment) { counted in
                        try Self.read(input, into: &feed, counted: counted)
                    }
                }
                warn(unlinked: summary.unlinkedLeftovers)
                let count = summary.count
                what = "\(count) meal\(count == 1 ? "" : "s")" + (summary.days.map { " (\($0.first.iso) … \($0.last.iso))" } ?? "")
            }
        } catch is InterruptSignals.Interrupted {
            interrupt.endProcess(saying: "the import was rolled back, nothing was imported")
        } catch {
            interrupt.release()
            throw error
        }
        // A Ctrl-C after the last look came too late: the meals are there, say so.
        interrupt.discardReceived()
        interrupt.release()
        report(what)
    }

    private func report(_ what: String) {
        let source = file == "-" ? "standard input" : file.terminalVisible
        print(dryRun ? "would import \(what) from \(source); dry run, nothing changed" : "imported \(what) from \(source)")
    }

    /// Runs `read`, which calls `counted` after each meal, with a progress report of `input`;
    /// a Ctrl-C held back by `interrupt` stops it at the next report, the report erased.
    private static func reportingProgress(
        of input: Int32, interrupt: InterruptSignals, in environment: Environment, _ read: (_ counted: () throws -> Void) throws -> Void
    ) throws {
        let size = regularFileSize(input)
        var progress = ProgressReport(verb: "importing", environment: environment)
        var rows = 0
        do {
            try read {
                rows += 1
                if rows % ProgressReport.rowsPerReport == 0 {
                    try interrupt.stopIfReceived()
                    progress?.update(done: rows, fraction: size.map { Double(lseek(input, 0, SEEK_CUR)) / Double($0) })
                }
            }
        } catch is InterruptSignals.Interrupted {
            progress?.erase()
            throw InterruptSignals.Interrupted()
        } catch {
            progress?.end(done: rows, finished: false)
            throw error
        }
        progress?.end(done: rows, finished: true)
    }

    /// Puts back the whole plan of `input` (`JSONPlanReader`) into the empty plan of the
    /// database; the meals are read on a second thread while this one inserts.
    private func importWholePlan(from input: Int32, interrupt: InterruptSignals, in environment: Environment) throws -> String {
        var reader = JSONPlanReader(fileDescriptor: input)
        let structure = try reader.readStructure()
        let meals = try openStore(in: environment)
        let summary: ImportSummary
        do {
            summary = try meals.importPlan(structure, dryRun: dryRun) { [reader] feed in
                var reader = reader
                try Self.reportingProgress(of: input, interrupt: interrupt, in: environment) { counted in
                    while let (meal, line, source) = try reader.nextMeal() {
                        try feed.add(meal, line: line, leftoversOf: source)
                        try counted()
                    }
                }
            }
        } catch let shared as SharedUIDError {
            throw Self.located(shared, in: input)
        }
        let count = summary.count
        let parts = [(count, "meal"), (structure.rules.count, "repeat"), (structure.templates.count, "template")]
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
        let slots = structure.slots.map(\.name.terminalVisible).joined(separator: ", ")
        return "the whole plan: \(parts) (slots \(slots))"
    }

    /// The error of two meals sharing a UID, named by the lines of both (in the file's order)
    /// when the file can be read again from its start; else by the meals' ids.
    private static func located(_ shared: SharedUIDError, in input: Int32) -> any Error {
        let unlocated = CommandFailure(
            "meals: meals \(shared.ids.first) and \(shared.ids.second) of the file have one uid, \(shared.uid.text)", status: .badData)
        guard regularFileSize(input) != nil, lseek(input, 0, SEEK_SET) == 0 else { return unlocated }
        var reader = JSONPlanReader(fileDescriptor: input)
        guard (try? reader.readStructure()) != nil else { return unlocated }
        var index = 0, first: (index: Int, line: Int)?
        while let (meal, line, _) = (try? reader.nextMeal()) ?? nil {
            if meal.uid == shared.uid {
                if let first {
                    return PlanImportError(line: line, path: "meals[\(index)].uid",
                                           message: "meals[\(first.index)] on line \(first.line) has this uid too", isReadFailure: false)
                }
                first = (index, line)
            }
            index += 1
        }
        return unlocated
    }

    /// The format of `file` when no --format says: its extension's, else, for a regular file,
    /// JSON when its first character after whitespace is '{' (read in place, so the import
    /// still reads it all), else CSV.
    private static func detectedFormat(of file: String, _ input: Int32) -> Format {
        if let dot = file.lastIndex(of: "."), !file[dot...].contains("/"),
           let named = Format(rawValue: file[file.index(after: dot)...].lowercased()) {
            return named
        }
        guard regularFileSize(input) != nil else { return .csv }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { pread(input, $0.baseAddress, $0.count, 0) }
        let first = bytes.prefix(max(count, 0)).first { ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains($0) }
        return first == UInt8(ascii: "{") ? .json : .csv
    }

    /// The database to import into. A dry run changes nothing, not even by creating the
    /// database: without one, the file is checked against an empty plan.
    /// The plan to import into. A dry run rolls its changes back, so it needs no database:
    /// a missing one is an empty plan in memory, and on a file SQLite may only read (where it
    /// refuses to begin changes at all) it runs on a copy.
    private func openStore(in environment: Environment) throws -> MealStore {
        guard dryRun else { return try store.openStore(.readWrite, in: environment) }
        do {
            let opened = try store.openStore(.readExisting, in: environment)
            return opened.isReadOnly ? try opened.inMemoryCopy() : opened
        } catch where error.kind == .missing {
            return try MealStore.inMemory()
        }
    }

    /// Reads the meals of `input` into `feed` through the one import pipeline, `CSVMealImport`,
    /// calling `counted` after each meal.
    private static func read(_ input: Int32, into feed: inout ImportFeed, counted: () throws -> Void) throws {
        var meals = CSVMealImport(CSVMealReader(fileDescriptor: input), slots: feed.slots, onFirstRow: Self.warn(ignoring:))
        while let meal = try meals.next() {
            try feed.add(meal, line: meals.line, leftoversOf: meals.leftoversSource)
            try counted()
        }
    }

    /// The size of `descriptor`'s file when it is a regular file (not a pipe or terminal), the
    /// measure of an import's progress.
    private static func regularFileSize(_ descriptor: Int32) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 else { return nil }
        return Int(status.st_size)
    }

    private static func openInput(_ file: String) throws(CommandFailure) -> Int32 {
        if file == "-" { return STDIN_FILENO }
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CommandFailure("cannot read '\(file)': \(systemErrorText(errno))", status: .noInput)
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw CommandFailure("cannot read '\(file)': it is a folder", status: .noInput)
        }
        return descriptor
    }

    /// One warning per leftovers meal imported plain, its source not found (the first ten, then
    /// how many more): the meal is kept, and a person can link it by hand.
    private func warn(unlinked: [UnlinkedLeftovers]) {
        let shown = 10
        let source = file == "-" ? "standard input" : file.terminalVisible
        for leftovers in unlinked.prefix(shown) {
            printError("warning: line \(leftovers.line) of \(source): leftovers_of '\(leftovers.source.text.terminalVisible)' "
                + "names no meal; imported as a plain meal")
        }
        if unlinked.count > shown { printError("warning: and \(unlinked.count - shown) more leftovers imported as plain meals") }
    }

    /// One warning naming the extra columns of the header, if any: the first ten, each cut
    /// short, so a header of 100,000 columns still gives a line a person can read.
    private static func warn(ignoring columns: [String]) {
        guard !columns.isEmpty else { return }
        let shown = 10
        var names = columns.prefix(shown).map { "'\($0.messageExcerpt.terminalVisible)'" }.joined(separator: ", ")
        if columns.count > shown { names += " and \(columns.count - shown) more" }
        printError("warning: ignoring column\(columns.count == 1 ? "" : "s") \(names)")
    }
}

/// An import of meals the plan already has, refused as a whole: bad data (65), like a bad row.
extension DuplicateMealsError: UserFacingError {
    public var userMessage: String {
        let meals = count == 1 ? "1 meal of the file is" : "\(count) meals of the file are"
        return "\(meals) already planned (the first: \(first.day.label), \(first.slot): \(first.title.messageExcerpt)); "
            + "nothing imported; --allow-duplicates imports them anyway"
    }

    public var exitStatus: ExitStatus { .badData }
}
