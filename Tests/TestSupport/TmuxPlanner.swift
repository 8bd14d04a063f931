import Foundation
import Testing

/// The real `mealplan` binary running in a detached tmux session on a private tmux server and a
/// temporary database, driven by keys and read back with `capture-pane`.
///
/// tmux is started with `system()`, not `Foundation.Process`: the daemonized server would
/// inherit Process's pipes and waiting for it would hang. Everything waits by polling the pane
/// against a deadline, never by fixed sleeps. The server and the folder go away in `deinit`.
///
/// Tests that use it need tmux: `@Suite(.requires(.tmux))`.
public final class TmuxPlanner {
    /// The `mealplan` executable built with the tests.
    public static let binary = builtExecutable("mealplan").path

    /// How long any wait lasts before the test fails: generous, for loaded CI machines.
    public static let deadline: Duration = .seconds(15)

    private let temporary = TemporaryFolder()
    /// A folder for the planner's files and the test's, removed with the planner.
    public var folder: String { temporary.path }
    let socket: String
    public var database: String { folder + "/meals.sqlite" }
    public let today: String

    /// Starts `mealplan ARGUMENTS` at `width`×`height` with today pinned, through `launcher`
    /// (words put before the command, e.g. `setsid`) and under `wrapper` (a command the
    /// planner runs under, e.g. `faketime TIME`). The pane's shell prints a marker line first,
    /// and after the planner its exit status and whether the terminal reads lines and echoes
    /// again ("terminal modes: icanon echo", or "-icanon -echo" when left raw), so tests can
    /// see what the planner gives back.
    public init(width: Int = 80, height: Int = 24, today: String = "2026-03-04", arguments: [String] = [],
                environment: [String: String] = [:], launcher: [String] = [], wrapper: [String] = [],
                before: (TmuxPlanner) throws -> Void = { _ in }) throws {
        socket = "mealplan-e2e-\(UUID().uuidString)"
        self.today = today
        try before(self)
        var variables = ["LANG": "C.UTF-8", "TERM": "tmux-256color", "MEALPLAN_TODAY": today, "HOME": folder]
        variables.merge(environment) { $1 }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        // The runner's locale must not move the planner's week start (LANG is set above).
        let planner = (launcher + ["env", "-u", "NO_COLOR", "-u", "LC_ALL", "-u", "LC_TIME"] + assignments + wrapper + [Self.binary, "--db", database] + arguments)
            .map(shellQuoted).joined(separator: " ")
        let modes = "stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e -echo -e icanon -e -icanon | tr '\\n' ' '"
        let script = "printf 'shell before the planner\\n'; \(planner); echo \"planner exited with $?\"; "
            + "echo \"terminal modes: $(\(modes))\"; sleep 600"
        // system(), not popen(): the server that new-session starts would hold a pipe open.
        let start = ["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", script]
        let status = system(start.map(shellQuoted).joined(separator: " ") + " </dev/null >/dev/null 2>&1")
        guard status == 0 else { throw CommandError(command: start, status: status >> 8, standardError: "") }
    }

    /// Stops the tmux server; the folder goes after it.
    deinit {
        _ = system("tmux -L \(shellQuoted(socket)) kill-server >/dev/null 2>&1")
    }

    // MARK: - Driving

    /// Runs `tmux -L SOCKET ARGUMENTS…`, returning its standard output.
    @discardableResult
    public func tmux(_ arguments: String...) throws -> String {
        try tmux(arguments)
    }

    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String {
        try run(["tmux", "-L", socket] + arguments)
    }

    /// Sends key names as tmux knows them (`Enter`, `Escape`, `C-r`, `q`).
    public func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "0"] + keys)
    }

    /// Types `text` literally.
    public func type(_ text: String) throws {
        try tmux("send-keys", "-t", "0", "-l", text)
    }

    /// Adds a meal on the selected day with `a`, typing the slot and the title and leaving the
    /// note empty; returns once the note step is answered (the outcome is the test's to wait for).
    public func addWithKeys(slot: String, title: String) throws {
        try press("a")
        try waitFor("Slot:")
        try type(slot)
        try press("Enter")
        try waitFor("Title:")
        try type(title)
        try press("Enter")
        try waitFor("Note:")
        try press("Enter")
    }

    /// Pastes `text` as a terminal does: tmux turns its line feeds into CRs and, when the
    /// planner asked for bracketed paste, sends it between the paste marks.
    public func paste(_ text: String) throws {
        try tmux("set-buffer", "-b", "e2e", "--", text)
        try tmux("paste-buffer", "-p", "-d", "-b", "e2e", "-t", "0")
    }

    public func resize(width: Int, height: Int) throws {
        try tmux("resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)")
    }

    /// The pane's lines as shown now, trailing blanks removed.
    public func screen() throws -> [String] {
        // One line per row, each ended by a newline.
        try tmux("capture-pane", "-p", "-t", "0").split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    public var paneTitle: String {
        get throws { try tmux("display-message", "-p", "-t", "0", "#{pane_title}").trimmingCharacters(in: .newlines) }
    }

    /// Polls the screen until `condition` holds; fails the test (and returns the last screen)
    /// when the deadline passes.
    ///
    /// tmux reads the planner's output in pieces, so a capture can show a frame drawn in part:
    /// one line new while others are still the frame before, in no fixed order. A test waits
    /// for the whole of what it checks, in one condition, rather than checking other lines of
    /// the screen a narrower wait returned; a wrong screen then times out, printed.
    @discardableResult
    public func waitForScreen(_ what: String, within deadline: Duration = deadline,
                              sourceLocation: SourceLocation = #_sourceLocation,
                              _ condition: ([String]) -> Bool) throws -> [String] {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: deadline)
        var lines = try screen()
        while !condition(lines) {
            guard clock.now < end else {
                Issue.record("timed out waiting for \(what); the screen:\n\(lines.joined(separator: "\n"))",
                             sourceLocation: sourceLocation)
                return lines
            }
            usleep(20_000)
            lines = try screen()
        }
        return lines
    }

    /// Waits until some line of the screen contains `text`. A key's answer gets the usual
    /// deadline; a batch job whose time grows with the machine's load passes a longer one,
    /// which bounds a hang, not its speed (that is a benchmark's job).
    @discardableResult
    public func waitFor(_ text: String, within deadline: Duration = deadline,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try waitForScreen("'\(text)'", within: deadline, sourceLocation: sourceLocation) { $0.shows(text) }
    }

    /// Waits until no line of the screen contains `text`.
    @discardableResult
    public func waitForAbsence(of text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try waitForScreen("'\(text)' to go", sourceLocation: sourceLocation) { !$0.shows(text) }
    }

    /// Adds a meal as `addWithKeys` does and waits for "Added"; returns that screen.
    @discardableResult
    public func addMeal(slot: String, title: String) throws -> [String] {
        try addWithKeys(slot: slot, title: title)
        return try waitFor("Added")
    }

    /// The process id of the running planner: the `mealplan` process under the pane's shell.
    public func plannerProcess() throws -> pid_t {
        let shell = try tmux("display-message", "-p", "-t", "0", "#{pane_pid}").trimmingCharacters(in: .whitespacesAndNewlines)
        var parents = [shell]
        while let parent = parents.popLast() {
            let children = (try? run(["pgrep", "-P", parent]))?.split(separator: "\n").map(String.init) ?? []
            for child in children {
                let name = (try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8)) ?? ""
                if name.trimmingCharacters(in: .newlines) == "mealplan", let pid = pid_t(child) { return pid }
                parents.append(child)
            }
        }
        throw CommandError(command: ["pgrep", "-P", shell], status: 1, standardError: "no mealplan process in the pane")
    }

    /// Runs the `mealplan` command line on the same database and today.
    @discardableResult
    public func mealplan(_ arguments: String...) throws -> String {
        try run(["env", "MEALPLAN_TODAY=\(today)", "LANG=C.UTF-8", Self.binary, "--db", database] + arguments)
    }

    /// Runs a command through the shell with standard input from /dev/null; its standard output,
    /// or an error carrying standard error when it fails.
    public func run(_ command: [String]) throws -> String {
        let errors = folder + "/stderr-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: errors) }
        let line = command.map(shellQuoted).joined(separator: " ") + " </dev/null 2>" + shellQuoted(errors)
        guard let pipe = popen(line, "r") else { throw CommandError(command: command, status: -1, standardError: "popen failed") }
        var output = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, pipe)
            if count == 0 { break }
            output += chunk[..<count]
        }
        let status = pclose(pipe)
        guard status == 0 else {
            let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            // pclose reports like wait(): the exit status is in the second byte.
            throw CommandError(command: command, status: status >> 8, standardError: message)
        }
        return String(decoding: output, as: UTF8.self)
    }
}

extension [String] {
    /// Whether some line of these screen lines contains `text`, as `waitFor` waits for.
    public func shows(_ text: String) -> Bool {
        contains { $0.contains(text) }
    }
}

/// A command that failed: its exit status and what it printed on standard error.
public struct CommandError: Error, CustomStringConvertible {
    public let command: [String]
    public let status: Int32
    public let standardError: String
    public var description: String { "\(command.joined(separator: " ")): status \(status): \(standardError)" }
}

/// `text` as one word for /bin/sh.
func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
