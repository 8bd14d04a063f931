import ArgumentParser
import Glibc
import MealPlanCore
import Settings
import TerminalKit

/// The `mealplan` command. The root command is synchronous on purpose: the planner it runs
/// needs the main thread for ncurses.
@main
struct Mealplan: MealplanCommand {
    static let configuration = CommandConfiguration(
        commandName: "mealplan",
        abstract: "Plan meals from the terminal; the plan lives in one SQLite file.",
        discussion: """
            Without a subcommand, mealplan opens the interactive planner on the database (? in \
            the planner lists its keys); 'mealplan --demo' opens it on a temporary sample plan.

            Dates, any case, words joined by spaces or hyphens (next-fri):
            \(dateForms)

            Slots: breakfast, lunch, dinner, snack unless changed with 'mealplan slots'; a slot \
            may be typed in any case or shortened to a unique prefix ("din").

            Database: --db PATH, else $MEALPLAN_DB, else $XDG_DATA_HOME/mealplan/meals.sqlite, \
            else ~/.local/share/mealplan/meals.sqlite. MEALPLAN_TODAY=YYYY-MM-DD overrides today \
            (for tests and scripts).

            Exit status: \(ExitStatus.reference.map { "\($0.status) \($0.meaning)" }.joined(separator: "; ")).

            Shell completions: 'mealplan completions bash|zsh|fish'; manual page: 'mealplan manpage'.

            Examples:
              mealplan add fri dinner "Lasagna" --note "double batch"
              mealplan list
              mealplan list --from mon --days 14 --slot dinner
              mealplan export --output plan.csv
            """,
        version: "0.1.0",
        subcommands: [
            AddCommand.self, ListCommand.self, EditCommand.self, MoveCommand.self, CopyCommand.self, CopyDaysCommand.self, TemplateCommand.self,
            RemoveCommand.self, DoneCommand.self, SkippedCommand.self, PlannedCommand.self, LeftoversCommand.self, SlotsCommand.self, ImportCommand.self, ExportCommand.self, RecipesCommand.self,
            RecipeCommand.self, ShopCommand.self, NutritionCommand.self, PrintCommand.self, RepeatCommand.self, HistoryCommand.self, ForgottenCommand.self,
            SyncCommand.self, ConfigCommand.self, CompletionsCommand.self, ManpageCommand.self,
        ])

    /// The date grammar's own table of forms, one indented line each, so that this help
    /// cannot disagree with what the grammar reads.
    static let dateForms = DateInput.forms(weekStart: nil)
        .map { "  " + $0.example + ($0.meaning.isEmpty ? "" : ": " + $0.meaning) }
        .joined(separator: "\n")

    @OptionGroup var store: StoreOptions

    @OptionGroup var recipes: RecipeOptions
    @Flag(help: "Open the planner on a temporary copy of a sample plan around today; your database is not touched. Not for commands.")
    var demo = false

    /// `mealplan` alone opens the interactive planner.
    func run(in environment: Environment) throws {
        try PlannerSession.run(options: store, recipes: recipes, demo: demo, environment: environment)
    }

    /// `--demo` belongs to the planner: a command given with it would act on the real
    /// database (ArgumentParser takes a parent's options before a subcommand's name), so it is
    /// refused instead.
    private static func refuseDemo(for command: any ParsableCommand, arguments: [String]) throws(CommandFailure) {
        guard !(command is Mealplan), arguments.prefix(while: { $0 != "--" }).contains("--demo") else { return }
        let name = type(of: command)._commandName
        throw CommandFailure.usage("--demo opens the planner on a sample plan and cannot be used with '\(name)'; run 'mealplan --demo' alone")
    }

    /// Whether ArgumentParser made `error` (a validation failure, an exit code, `help`'s own
    /// request for help, whose type it keeps to itself): by the module that defines the type.
    private static func isArgumentParserError(_ error: any Error) -> Bool {
        String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
    }

    /// `message` with its first word in lower case, as mealplan's own messages begin
    /// ("missing expected argument …"), unless that word is an abbreviation ("ID").
    private static func startingInLowerCase(_ message: String) -> String {
        let words = message.split(separator: " ", maxSplits: 1)
        guard let first = words.first, first.dropFirst().allSatisfy(\.isLowercase) else { return message }
        return first.lowercased() + message.dropFirst(first.count)
    }

    /// Runs the command line with the environment read once, reporting every failure as one
    /// line on standard error: ours with their own exit status, ArgumentParser's as usage
    /// errors.
    static func main() {
        let environment = Environment.read()
        let arguments = CommandLineArguments.prepared(Array(CommandLine.arguments.dropFirst()))
        do {
            do {
                try UTF8Input.checkArguments()
                var command = try parseAsRoot(arguments)
                try refuseDemo(for: command, arguments: arguments)
                do {
                    if let command = command as? any MealplanCommand {
                        try command.run(in: environment)
                    } else {
                        try command.run()
                    }
                } catch let error where !(error is any UserFacingError) && !isArgumentParserError(error) {
                    // A running command's every failure is ours to word: one that is not is a
                    // mistake in mealplan, never a "usage error".
                    printError("internal error: \(type(of: error)): \(error)".terminalVisible)
                    Glibc.exit(ExitStatus.failure.rawValue)
                }
            } catch let error where exitCode(for: error) == .success {
                // --help and --version, which ArgumentParser throws as a clean exit.
                print(fullMessage(for: error))
            }
            try StandardOutput.flush()
        } catch let error as any UserFacingError {
            printError(error.userMessage.terminalVisible)
            Glibc.exit(error.exitStatus.rawValue)
        } catch {
            let status = exitCode(for: error)
            if let unknown = UnknownCommand.find(in: arguments, root: Mealplan.self) {
                printError(unknown.userMessage.terminalVisible)
                Glibc.exit(unknown.exitStatus.rawValue)
            }
            // ArgumentParser's own errors are usage errors (64); its usage text goes to --help.
            printError(startingInLowerCase(message(for: error)).terminalVisible + " (see 'mealplan help')")
            Glibc.exit(status == .failure ? ExitStatus.usage.rawValue : status.rawValue)
        }
    }
}
