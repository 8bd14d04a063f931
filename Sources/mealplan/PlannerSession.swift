import Glibc
import MealPlanCore
import MealPlanStore
import NCursesTerminal
import PlannerRuntime
import RecipeLibrary
import ShoppingFiles
import Settings

/// `mealplan` without a subcommand: the interactive planner on the user's database, or with
/// `--demo` on a throwaway copy of the sample plan.
///
/// Whatever ends the session — `q`, an error, a terminating signal, the terminal hanging up —
/// the terminal is restored and the demo database removed before the process exits.
enum PlannerSession {
    /// SQLite's page cache for the planner's connection. The planner reads a few weeks of days
    /// at a time by index, so SQLite's default 2,000 KiB only grew with scrolling without saving
    /// reads the OS cache would not serve; 64 KiB (16 pages) holds what a key reads, and a
    /// larger cache made no key faster (docs/PERFORMANCE.md, "Memory").
    static let pageCacheKiB = 64

    static func run(options: StoreOptions, recipes recipeOptions: RecipeOptions, demo: Bool, environment: Environment) throws {
        // Before anything else (threads inherit the mask): these signals must end the loop,
        // not the process.
        let signals = InterruptSignals()
        let today = try options.today(in: environment)
        // A mistake in the config file's week-start is reported before the terminal is taken.
        let weekStart = try options.weekStart(in: environment)
        let terminal = try NCursesTerminal(environment: environment.variables)
        // Runs before an error is reported, so the message lands on the restored screen.
        defer { terminal.close() }
        let demoDatabase = demo ? try DemoDatabase(today: today, environment: environment) : nil
        defer { demoDatabase?.remove() }
        let store = try demoDatabase?.store ?? options.openStore(.read, pageCacheKiB: pageCacheKiB, in: environment)
        let editor = ExternalEditor(environment: environment.variables)
        // Asked again on every change check, so that today follows the clock past midnight.
        let currentDay = { (try? options.today(in: environment)) ?? today }
        let recipes = Self.recipes(options: recipeOptions, demoFolder: demoDatabase?.recipesFolder, environment: environment)
        let sync = demo ? PlannerSync(unavailable: "the demo plan is not synced") : PlannerSync(environment: environment, weekStart: weekStart)
        var loop = PlannerLoop(terminal: terminal, store: store, today: currentDay, weekStart: weekStart,
                               slots: try store.slots(), editor: editor, recipes: recipes, sync: sync, isDemo: demo) {
            signals.received != nil
        }
        let ending = loop.run()
        if let signal = signals.received {
            terminal.close()
            demoDatabase?.remove()
            exit(128 + signal)
        }
        if ending == .inputEnded {
            throw CommandFailure("the terminal went away", status: .ioError)
        }
    }
}

extension PlannerSession {
    /// What the recipe keys read: the recipes folder every command finds, with the aisle and
    /// pantry files `mealplan shop` uses without options; the demo's own sample recipes unless
    /// a folder is given (`--recipes`, `MEALPLAN_RECIPES`). Without a folder the planner still
    /// runs, and a recipe key says why there are no recipes. No recipe is read here.
    static func recipes(options: RecipeOptions, demoFolder: String?, environment: Environment) -> PlannerRecipes {
        let named = options.folder ?? environment["MEALPLAN_RECIPES"]
        do {
            if let demoFolder, named?.isEmpty ?? true {
                return PlannerRecipes(ShoppingSources(recipes: try RecipeFolder(root: demoFolder), aisles: nil, pantry: nil))
            }
            return PlannerRecipes(folder: try options.recipeFolder(in: environment), config: try ConfigFile.load(in: environment))
        } catch let error as any UserFacingError {
            return PlannerRecipes(unavailable: error.userMessage)
        } catch {
            return PlannerRecipes(unavailable: "\(error)")
        }
    }
}

/// The signals that would end the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1,
/// SIGALRM, …) held back while the planner runs, so that they end the loop the way `q` does
/// instead of killing the process with the terminal in raw mode. SIGQUIT among them also keeps
/// the Swift runtime's interactive backtracer off the user's terminal. The loop looks at
/// `received` on every turn (at least every 100 ms). Crash signals are the terminal's to handle.
/// A long command holds back only SIGINT (`InterruptSignals([SIGINT])`), to stop its work
/// between two steps with nothing kept, then `release` it.
struct InterruptSignals {
    static let endingTheProcess = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
        SIGXCPU, SIGXFSZ, SIGIO, SIGPWR, SIGSTKFLT,
    ]

    private let signals: [Int32]

    /// Holds `signals` back in this thread and the threads it starts from now on.
    init(_ signals: [Int32] = endingTheProcess) {
        self.signals = signals
        var set = Self.set(of: signals)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// The first of the signals that arrived, if any.
    var received: Int32? {
        var pending = sigset_t()
        sigpending(&pending)
        return signals.first { sigismember(&pending, $0) == 1 }
    }

    /// Lets the signals through again: one that arrived meanwhile now does what it would have
    /// done (SIGINT ends the process, and its parent sees it ended by SIGINT).
    func release() {
        var set = Self.set(of: signals)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// What a long command's look at `received` throws to stop its work, nothing kept.
    struct Interrupted: Error {}

    /// Throws `Interrupted` when one of the signals arrived.
    func stopIfReceived() throws(Interrupted) {
        if received != nil { throw Interrupted() }
    }

    /// After work stopped by `Interrupted` and rolled back: says so in one line naming what
    /// was not done, and lets the signal end the process as it ends it (the parent sees
    /// SIGINT).
    func endProcess(saying message: String) -> Never {
        printError("interrupted: \(message)")
        release()
        Glibc.exit(128 + SIGINT)
    }

    /// Forgets the signals that arrived meanwhile: the work they would have stopped is done.
    func discardReceived() {
        var set = Self.set(of: signals)
        var none = timespec()
        while received != nil, sigtimedwait(&set, nil, &none) > 0 {}
    }

    private static func set(of signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }
}
