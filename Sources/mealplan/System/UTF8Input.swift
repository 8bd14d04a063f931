import Glibc
import MealPlanCore
import Settings

/// Paths are bytes, but mealplan reads its arguments and environment as Swift strings, which
/// replace bytes that are not UTF-8 with U+FFFD: `--db lat\xE9.sqlite` would open another,
/// empty database. So mealplan takes UTF-8 only, and refuses anything else in one line
/// before it is used, showing the bytes it cannot read as `\xE9`.
enum UTF8Input {
    /// Refuses the first command-line argument that is not valid UTF-8.
    static func checkArguments() throws(CommandFailure) {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index], String(validatingCString: argument) == nil else { continue }
            throw .usage("the argument '\(Environment.shownBytes(argument))' is not valid UTF-8; mealplan takes text and paths in UTF-8 only")
        }
    }
}
