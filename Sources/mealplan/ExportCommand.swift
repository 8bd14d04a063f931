import ArgumentParser
import Glibc
import MealPlanCore
import MealPlanStore
import TerminalKit

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write meals as CSV (all of them unless --from/--to limit the days).",
        discussion: """
            RFC 4180 CSV in UTF-8 with CRLF line ends and the header date,slot,title,note, in \
            date and slot order; 'mealplan import' reads it back. Rows are streamed, so memory \
            stays small however many meals there are. With --output the file appears complete \
            or not at all (written under a temporary name in the same folder, then renamed).

            Examples:
              mealplan export > plan.csv
              mealplan export --from 2026-03-01 --to 2026-03-31 --output march.csv
            """)

    @OptionGroup var store: StoreOptions
    @Option(help: "The first day (default: the first meal).") var from: String?
    @Option(help: "The last day (default: the last meal).") var to: String?
    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file")) var output: String?

    func run() throws {
        let first = try from.map { try store.day($0) } ?? .first
        let last = try to.map { try store.day($0) } ?? .last
        guard last >= first else { throw CommandFailure.usage("--to \(last.iso) is before --from \(first.iso)") }
        let meals = try store.openStore(.read)
        guard let output else {
            try CSVOutput.write(to: STDOUT_FILENO) { write in try meals.forEachMeal(in: DayRange(first, last), write) }
            return
        }
        let file = try AtomicOutputFile(path: output)
        let count: Int
        do {
            count = try CSVOutput.write(to: file.descriptor) { write in
                try meals.forEachMeal(in: DayRange(first, last), write)
            }
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
        print("exported \(count) meal\(count == 1 ? "" : "s") to \(output.terminalVisible)")
    }
}

/// A file written under a temporary name beside its destination and renamed over it only when
/// complete, so a failed export never leaves a truncated file (or clobbers the old one).
struct AtomicOutputFile {
    let path: String
    let temporaryPath: String
    let descriptor: Int32

    init(path: String) throws {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        temporaryPath = "\(folder).\(name).\(getpid()).partial"
        descriptor = open(temporaryPath, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Self.failure(path, errno) }
    }

    func commit() throws {
        guard fsync(descriptor) == 0 else { throw Self.failure(path, errno) }
        guard close(descriptor) == 0 else { throw Self.failure(path, errno) }
        guard rename(temporaryPath, path) == 0 else { throw Self.failure(path, errno) }
    }

    func discard() {
        close(descriptor)
        unlink(temporaryPath)
    }

    private static func failure(_ path: String, _ code: Int32) -> CommandFailure {
        CommandFailure("cannot write '\(path)': \(String(cString: strerror(code)))", status: CommandFailure.Status.ioError)
    }
}
