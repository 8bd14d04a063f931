import Glibc
import MealPlanCore
import MealPlanStore
import NCursesTerminal
import PlannerRuntime

/// `mealplan` without a subcommand: the interactive planner on the user's database, or with
/// `--demo` on a throwaway copy of the sample plan.
///
/// Whatever ends the session — `q`, an error, SIGINT, SIGTERM or SIGHUP — the terminal is
/// restored and the demo database removed before the process exits.
enum PlannerSession {
    /// SQLite's page cache for the planner's connection. The planner reads a few weeks of days
    /// at a time by index, so SQLite's default 2,000 KiB only grew with scrolling (+1.4 MiB
    /// resident over 10,000 days of 1M meals) without saving reads the OS cache would not serve.
    static let pageCacheKiB = 256

    static func run(options: StoreOptions, demo: Bool) throws {
        // Before anything else (threads inherit the mask): these signals must end the loop,
        // not the process.
        let signals = InterruptSignals()
        let today = try options.today()
        let terminal: NCursesTerminal
        do {
            terminal = try NCursesTerminal(environment: terminalEnvironment())
        } catch {
            throw CommandFailure(error.message, status: 1)
        }
        // Runs before an error is reported, so the message lands on the restored screen.
        defer { terminal.close() }
        let demoDatabase = demo ? try DemoDatabase(today: today) : nil
        defer { demoDatabase?.remove() }
        let store = try demoDatabase?.store ?? options.openStore(.read, pageCacheKiB: pageCacheKiB)
        // Asked again on every change check, so that today follows the clock past midnight.
        let currentDay = { (try? options.today()) ?? today }
        var loop = PlannerLoop(terminal: terminal, store: store, today: currentDay, slots: try store.slots()) {
            signals.received != nil
        }
        loop.run()
        if let signal = signals.received {
            terminal.close()
            demoDatabase?.remove()
            exit(128 + signal)
        }
    }

    /// What the terminal needs to know from the environment.
    private static func terminalEnvironment() -> [String: String] {
        var found: [String: String] = [:]
        for name in ["TERM", "NO_COLOR"] {
            if let value = getenv(name) { found[name] = String(cString: value) }
        }
        return found
    }
}

/// SIGINT, SIGTERM and SIGHUP held back while the planner runs, so that they end the loop the
/// way `q` does instead of killing the process with the terminal in raw mode. The loop looks
/// at `received` on every turn (at least every 100 ms).
struct InterruptSignals {
    private static let signals = [SIGINT, SIGTERM, SIGHUP]

    init() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in Self.signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// The first of the signals that arrived, if any.
    var received: Int32? {
        var pending = sigset_t()
        sigpending(&pending)
        return Self.signals.first { sigismember(&pending, $0) == 1 }
    }
}
