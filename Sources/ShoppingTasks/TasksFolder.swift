import MealPlanCore
import MealPlanExchange
import RecipeLibrary
import ShoppingFiles
import ShoppingList
import Vdir

/// A tasks folder (a vdir: one `.ics` file per task, as vdirsyncer, todoman and khal keep it)
/// that the shopping list is sent to (`ShoppingTasks` says what each task is).
public struct TasksFolder: Sendable {
    public let folder: VdirFolder

    public init(path: String) {
        folder = VdirFolder(path: path)
    }

    /// What a send did.
    public struct Report: Equatable, Sendable {
        /// Tasks written for lines that had none.
        public var added = 0
        /// Open tasks written again: their amount, aisle or meals changed, or the line was ticked.
        public var changed = 0
        /// Open tasks of lines the list no longer has.
        public var removed = 0
        /// Items ticked in the log because their task was done in the folder.
        public var tickedThere: [String] = []
        /// Tasks another program changed between reading and writing them: left as they are
        /// now, for the next send.
        public var changedMeanwhile: [String] = []
        /// Links in the folder, which are no tasks (they could lead anywhere): left alone.
        public var skippedLinks: [String] = []
        /// Files that could not be read as tasks, each said with its name and why: left alone,
        /// so that one bad file never stops every later send.
        public var unreadable: [String] = []
        /// Tasks not written because a link or an unreadable file has their file's name, each
        /// said with the file.
        public var notSent: [String] = []
    }

    /// Sends `planned` (the list before ticks): first each open line whose task was done in
    /// the folder (by a phone, a CalDAV client, todoman) is ticked in `checks`, as `--check`
    /// ticks it; then every line of the list, ticks applied, is written as its task where the
    /// folder's differs, and the open tasks of lines no longer on the list are removed.
    ///
    /// A done (or cancelled) task is never written or removed: done is what someone in the
    /// shop said, and removing it would hide what was bought. An open task of a line no longer
    /// needed is removed, as `shop` no longer shows the line: left, it would send someone to
    /// buy what no meal needs. Every write and removal is compare-and-set against the file as
    /// it was read; the folder is made (one level) when missing. A file that cannot be read
    /// (or is no calendar) is named in the report and left alone, as a link is: the rest is
    /// sent, and a task whose file name it holds is not. The hidden files of a
    /// send killed while writing, an hour old, are removed first.
    public func send(_ planned: ShoppingList, checks: ShoppingChecks, stamp: UTCTimestamp) throws -> Report {
        try folder.create()
        let listing = try folder.items()
        // What a send killed while writing left behind goes now.
        folder.removeStalePartials(listing)
        var report = Report(skippedLinks: listing.skippedLinks)
        let (existing, unreadable) = tasks(listing.items)
        report.unreadable = unreadable.map(\.message)
        let occupied = Set(listing.skippedLinks + unreadable.map(\.name))
        let done = existing.values.map(\.task).filter { $0.status == .completed }
        var log = try checks.read()
        if !ShoppingTasks.ticks(doneTasks: done, planned: planned, log: log).isEmpty {
            // Worked out again from the log under its lock: a compare-and-set.
            log = try checks.append { log in
                let ticks = ShoppingTasks.ticks(doneTasks: done, planned: planned, log: log)
                report.tickedThere = ticks.map(\.name)
                return ticks
            }
        }
        let wanted = ShoppingTasks.tasks(of: planned, log: log)
        for task in wanted {
            let stored = existing[task.uid]
            if let stored, stored.task.status != .open || stored.task == task { continue }
            let name = stored?.name ?? VdirFolder.fileName(forUID: task.uid)
            if stored == nil && occupied.contains(name) {
                report.notSent.append("the task '\(task.summary)' was not sent: \(folder.path)/\(name) is in its place")
                continue
            }
            let text = task.file(over: stored?.calendar, stamp: stamp)
            if try changedMeanwhile({ () throws(VdirError) in try folder.write(text, to: name, expecting: stored?.etag) }) {
                report.changedMeanwhile.append(task.summary)
            } else if stored == nil {
                report.added += 1
            } else {
                report.changed += 1
            }
        }
        let kept = Set(wanted.map(\.uid))
        for stored in existing.values.sorted(by: { $0.name < $1.name }) where stored.task.status == .open && !kept.contains(stored.task.uid) {
            if try changedMeanwhile({ () throws(VdirError) in try folder.remove(stored.name, expecting: stored.etag) }) {
                report.changedMeanwhile.append(stored.task.summary)
            } else {
                report.removed += 1
            }
        }
        if report.added + report.changed + report.removed > 0 { try folder.flush() }
        return report
    }

    /// Runs `change`; whether it was refused because its file changed since it was read.
    private func changedMeanwhile(_ change: () throws(VdirError) -> Void) throws(VdirError) -> Bool {
        do {
            try change()
            return false
        } catch {
            if error.isChangedMeanwhile { return true }
            throw error
        }
    }

    /// A task of the shopping list as the folder holds it, and its file's calendar, which a
    /// rewrite keeps what mealplan does not write of.
    struct StoredTask {
        var name: String
        var etag: VdirEtag
        var task: ICalendarTodo
        var calendar: ICalendarComponent
    }

    /// The folder's shopping-list tasks by UID, and the files that could not be read, each
    /// with its message (naming the file, and its line when it is no calendar); other
    /// programs' items are read but left alone.
    func tasks(_ items: [VdirItem]) -> (tasks: [String: StoredTask], unreadable: [(name: String, message: String)]) {
        var tasks: [String: StoredTask] = [:]
        var unreadable: [(name: String, message: String)] = []
        for item in items {
            let todos: [(task: ICalendarTodo, calendar: ICalendarComponent)]
            let etag: VdirEtag
            do {
                let (text, read) = try folder.read(item.name)
                etag = read
                todos = try ICalendarTodo.todos(in: Array(text.utf8))
            } catch let error as VdirError {
                unreadable.append((item.name, error.userMessage))
                continue
            } catch {
                unreadable.append((item.name, "\(folder.path)/\(item.name): \(error)"))
                continue
            }
            for (todo, calendar) in todos where ShoppingTasks.isShoppingTask(todo.uid) && tasks[todo.uid] == nil {
                tasks[todo.uid] = StoredTask(name: item.name, etag: etag, task: todo, calendar: calendar)
            }
        }
        return (tasks, unreadable)
    }
}
