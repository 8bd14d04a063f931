import MealPlanCore
import NCursesTerminal

/// A failure the commands find themselves (a file that cannot be opened, --to before --from):
/// the one line to print and the exit status.
struct CommandFailure: UserFacingError {
    let userMessage: String
    let exitStatus: ExitStatus

    init(_ message: String, status: ExitStatus) {
        userMessage = message
        exitStatus = status
    }

    static func usage(_ message: String) -> CommandFailure { CommandFailure(message, status: .usage) }
}

/// A terminal the planner cannot run on ends mealplan with status 1.
extension TerminalError: UserFacingError {
    public var userMessage: String { message }
    public var exitStatus: ExitStatus { .failure }
}
