import ArgumentParser
import MealPlanCore

/// A word on the command line where a command's name belongs that names no command, as in
/// `mealplan lsit` or `mealplan slots ad`; ArgumentParser alone calls it an unexpected argument.
enum UnknownCommand {
    /// The unknown command in `arguments` (the words after `mealplan`), if there is one: walks
    /// the command tree along the words that are not options, up to the first that names no
    /// subcommand of a command that has subcommands. After an option, a word that names no
    /// subcommand of a command with a default one is taken for the option's value (`shop
    /// --pantry FILE` is `shop list --pantry FILE`): the default subcommand's parser judges it.
    static func find(in arguments: [String], root: any ParsableCommand.Type) -> NameLookupError? {
        var command = root
        var parents: [String] = []
        var words = arguments.makeIterator()
        var afterOption = false
        while let word = words.next(), word != "--" {
            if optionsTakingValues.contains(word) { _ = words.next() }
            if word.hasPrefix("-") {
                afterOption = true
                continue
            }
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return nil }
            guard let next = subcommands.first(where: { names(of: $0).contains(word) }) else {
                if parents.isEmpty && word == "help" { return nil }
                if afterOption && command.configuration.defaultSubcommand != nil { return nil }
                let suggestion = NameSuggestion.closest(to: word, among: subcommands.map { $0._commandName })
                return NameLookupError(
                    .command, typed: word, problem: .unknown(suggestion: suggestion),
                    suggestionPrefix: (["mealplan"] + parents).map { $0 + " " }.joined(),
                    help: "see '\((["mealplan", "help"] + parents).joined(separator: " "))'")
            }
            parents.append(next._commandName)
            command = next
            afterOption = false
        }
        return nil
    }

    /// The options that may come before a command's name and take a value.
    private static let optionsTakingValues: Set = ["--db"]

    private static func names(of command: any ParsableCommand.Type) -> [String] {
        [command._commandName] + command.configuration.aliases
    }
}
