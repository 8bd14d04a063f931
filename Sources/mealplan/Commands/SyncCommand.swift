import ArgumentParser
import Glibc
import MealPlanCore
import MealPlanExchange
import MealPlanStore
import PlanSync
import Settings
import TerminalKit
import TextHelpers
import TwoWaySync
import Vdir

struct SyncCommand: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync the plan's meals and repeats both ways with a vdir, a folder of .ics files that vdirsyncer keeps in step with a CalDAV server.",
        discussion: """
            Each meal is one file, UID.ics, as 'export --format ics' writes it (its slot, place, \
            recipe and servings in X-MEALPLAN- properties, the times of [slot-times]). A meal \
            added, changed or removed here since the last sync is written, changed or removed \
            there, and the other way round: an event made on a phone becomes a meal on its \
            DTSTART day, in the slot of X-MEALPLAN-SLOT, else a category or a "Dinner:" title \
            start that names a slot, else [sync] slot, else the plan's last slot. A file \
            mealplan rewrites keeps what it does not use (alarms, attendees, colours).

            A repeat is one file: its RRULE, an EXDATE for each skipped day, and an event \
            with a RECURRENCE-ID for each changed occurrence. A repeating event mealplan \
            cannot represent (hourly, every second Monday of the year…) is left as it is and \
            named on standard error.

            Meals and repeats from [sync] from through [sync] until are synced (default -90 to \
            +24m: ninety days ago to two years ahead, fewer events than a server such as \
            Radicale serves in one request); an item synced before is followed wherever it \
            moves.

            A meal changed on both sides (or changed on one and removed on the other) is a \
            conflict: its day, slot and id, the title each side holds, and a line for every \
            other field that differs, both sides on it (a repeat's: its pattern, its meal, each \
            day skipped or changed on one side only); neither side changes, and the exit \
            status is 1. --keep mine keeps this plan's version, --keep theirs the folder's, \
            --keep both the folder's as a second meal in the slot beside this plan's (for a \
            repeat whose days differ: this plan's repeat, and the folder's version of each such \
            day a meal beside it, never a second repeat). Conflicts named after --keep, by the \
            id they print (12, r3) or their day, are resolved and the others left.

            A file mealplan cannot read (not UTF-8, no UID, a broken line, over 4 MB) is \
            named with its line on standard error and left as it is; the rest is synced. The \
            plan changes in one transaction, and only if no other program changed the meals it \
            touches meanwhile; a sync cut short converges on the next, nothing doubled. Then \
            one line: "3 sent, 1 received, 1 removed, 0 conflicts".

            The config file's [sync] table: vdir = "~/.local/share/calendars/meals" (the folder \
            without --vdir), from = "-90", until = "+24m", slot = "dinner", command = "vdirsyncer sync meals" \
            (run before and after the sync through /bin/sh, its output on standard error; when \
            it fails before, nothing is synced; either failure exits with status 1), timeout = \
            120 (the seconds it may run each time before it is stopped with its children, a \
            failure). The command runs after the sync only when the sync wrote or removed a \
            file: with nothing to send there is nothing to carry. A failed command's message \
            quotes the last line it wrote. --dry-run runs no command: it predicts from the \
            folder as the command last fetched it, and says so.

            Examples:
              mealplan sync --vdir ~/.local/share/calendars/meals
              mealplan sync --dry-run
              mealplan sync --keep both
              mealplan sync --keep theirs 12 r3
            """)

    enum Keep: String, CaseInsensitiveChoice {
        case mine, theirs, both

        var side: SyncSide {
            switch self {
            case .mine: .here
            case .theirs: .there
            case .both: .both
            }
        }
    }

    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp("The vdir (default: the config file's [sync] vdir).", valueName: "dir")) var vdir: String?
    @Flag(help: "Say what would travel, predicted from the folder as the [sync] command last left it; change nothing, run no command.")
    var dryRun = false
    @Option(help: ArgumentHelp("Resolve conflicts: mine, theirs or both.", valueName: "side")) var keep: Keep?
    @Argument(help: ArgumentHelp(
        "With --keep, the conflicts it resolves (default: all), each by the id it prints (12 for meal 12, r3 for repeat 3) or its day.",
        valueName: "conflict")) var conflicts: [String] = []

    /// What a dry run's summary ends with: that nothing changed, and, with a `[sync] command`,
    /// that the folder was not fetched first (what the server holds since is not counted).
    static func dryRunNote(commandSet: Bool) -> String {
        commandSet ? " (dry run: nothing changed; predicted from the folder as last fetched, the [sync] command not run)"
            : " (dry run: nothing changed)"
    }

    func run(in environment: Environment) throws {
        guard conflicts.isEmpty || keep != nil else {
            throw CommandFailure.usage("'\(conflicts[0].messageExcerpt)' names a conflict to resolve: give --keep mine, theirs or both with it")
        }
        let names = try conflicts.map { text in
            try ConflictName(id: text) ?? .day(try store.day(text, in: environment))
        }
        let request = SyncRound.Request(vdir: vdir, keep: keep?.side, keepOnly: names, dryRun: dryRun)
        let round = try SyncRound(
            config: try ConfigFile.load(in: environment), request: request, today: try store.today(in: environment),
            weekStart: try store.weekStart(in: environment))
        let outcome = try round.run(waiting: { warn($0) }) {
            try store.openStore(dryRun ? .readExisting : .readWrite, in: environment)
        }
        let report = outcome.report
        for line in report.skipped + report.notes { warn(line) }
        for conflict in report.conflicts {
            for line in conflict.lines { print(line.terminalVisible) }
        }
        print(report.summary + (dryRun ? Self.dryRunNote(commandSet: round.config.sync.command != nil) : ""))
        try StandardOutput.flush()
        if let failure = outcome.failedAfter { throw failure }
        if let unmatched = report.unmatchedText { throw CommandFailure(unmatched, status: .failure) }
        if !report.conflicts.isEmpty {
            throw CommandFailure(
                "\(report.conflicts.count) conflict\(report.conflicts.count == 1 ? "" : "s") left unchanged on both sides: sync --keep mine, theirs or both resolves them",
                status: .failure)
        }
    }
}
