import ArgumentParser
import Testing
@testable import mealplan

/// Every command's help text, walked through the command tree as `help` and the manual page
/// read it.
@Suite struct HelpTextTests {
    /// A line of a discussion ends in `\` only to join it to the next in Swift's source; a `\\`
    /// there prints a backslash in the middle of `help`'s sentence.
    @Test func noHelpTextShowsTheBackslashThatJoinsItsLines() {
        for (path, command) in ChoiceCaseTests.commands(under: Mealplan.self) {
            let text = command.configuration.abstract + "\n" + command.configuration.discussion
            #expect(!text.contains("\\\n") && !text.contains("\\ \n"), "mealplan \(path.joined(separator: " "))")
        }
    }
}
