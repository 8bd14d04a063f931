import ArgumentParser
import Glibc
import MealPlanCore
import MealPlanExchange
import MealPlanStore
import TerminalKit
import TextHelpers

struct ImportCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add the meals of a CSV file (as 'mealplan export' writes it).",
        discussion: """
            Columns are found by their header name: date (YYYY-MM-DD), slot, title and, \
            optionally, note, recipe and servings (a number, only with a recipe); other \
            columns are ignored with a warning. All or nothing: the \
            first bad row (a bad date, an unknown slot, an empty title, an unbalanced quote) is \
            reported with its line number and nothing is imported (exit status 65); Ctrl-C \
            stops it with nothing imported, and a database it was to create is not left \
            behind. Imported meals go after the meals already planned in their day's slot.

            A file whose meals are already planned (the same day, slot and title), such as \
            one imported before, is refused as a whole (exit status 65) unless \
            --allow-duplicates is given.

            Examples:
              mealplan import plan.csv
              mealplan import --dry-run plan.csv
              mealplan export --db old.sqlite | mealplan import -
            """)

    @OptionGroup var store: StoreOptions

    @OptionGroup var recipes: RecipeOptions
    @Argument(help: ArgumentHelp("The CSV file, or - for standard input.", valueName: "file")) var file: String
    @Flag(help: "Check the file and report what would be added, changing nothing.") var dryRun = false
    @Flag(help: "Import meals even when the plan already has them (the same day, slot and title).")
    var allowDuplicates = false

    func run(in environment: Environment) throws {
        let input = try Self.openInput(file)
        defer { if input != STDIN_FILENO { close(input) } }
        // Held back from before the store starts its second thread, and looked at with the
        // progress: Ctrl-C ends the import with nothing kept (and no new database made for it).
        let interrupt = InterruptSignals([SIGINT])
        let meals = try openStore(in: environment)
        let size = Self.regularFileSize(input)
        let summary: ImportSummary
        do {
            // Reading and checking the file runs on a second thread while this one inserts.
            summary = try meals.importMealsPipelined(dryRun: dryRun, refusingDuplicates: !allowDuplicates) { feed in
                var progress = ProgressReport(verb: "importing", environment: environment)
                var rows = 0
                do {
                    try Self.read(input, into: &feed) {
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
        } catch is InterruptSignals.Interrupted {
            interrupt.endProcess(saying: "the import was rolled back, nothing was imported")
        } catch {
            interrupt.release()
            throw error
        }
        // A Ctrl-C after the last look came too late: the meals are there, say so.
        interrupt.discardReceived()
        interrupt.release()
        let count = summary.count
        let source = file == "-" ? "standard input" : file.terminalVisible
        let what = "\(count) meal\(count == 1 ? "" : "s")" + (summary.days.map { " (\($0.first.iso) … \($0.last.iso))" } ?? "")
        print(dryRun ? "would import \(what) from \(source); dry run, nothing changed" : "imported \(what) from \(source)")
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
            try feed.add(meal)
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
