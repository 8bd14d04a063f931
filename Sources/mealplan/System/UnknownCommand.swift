import ArgumentParser
import Foundation
import MealPlanCore

/// A word on the command line where a command's name belongs that names no command, as in
/// `mealplan lsit` or `mealplan slots ad`; ArgumentParser alone calls it an unexpected argument.
enum UnknownCommand {
    /// The unknown command in `arguments` (the words after `mealplan`), if there is one: walks
    /// the command tree along the words that are not options, up to the first that names no
    /// subcommand of a command that has subcommands. After an option, a word that names no
    /// subcommand of a command with a default one is taken for the option's value (`shop
    /// --pantry FILE` is `shop list --pantry FILE`): the default subcommand's parser judges it.
    /// The value of an option the command itself declares (`--recipes DIR`) is skipped.
    static func find(in arguments: [String], root: any ParsableCommand.Type) -> NameLookupError? {
        var command = root
        var parents: [String] = []
        var words = arguments.makeIterator()
        var afterOption = false
        // Read only once an option is met: describing a command with many subcommands takes a while.
        var takingValues: Set<String>?
        while let word = words.next(), word != "--" {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return nil }
            if word.hasPrefix("-") {
                takingValues = takingValues ?? optionsTakingValues(of: command)
                if takingValues?.contains(word) == true { _ = words.next() }
                afterOption = true
                continue
            }
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
            takingValues = nil
            afterOption = false
        }
        return nil
    }

    /// The names of the options of `command` that take a value (`--db`, `--recipes`), as its
    /// declarations give them to ArgumentParser's description of a command (the JSON of
    /// `--experimental-dump-help`), so that no list here can miss one.
    static func optionsTakingValues(of command: any ParsableCommand.Type) -> Set<String> {
        guard let description = try? JSONDecoder().decode(DumpedHelp.self, from: Data(command._dumpHelp().utf8)) else { return [] }
        let options = (description.command.arguments ?? []).filter { $0.kind == "option" }
        return Set(options.flatMap { $0.names ?? [] }.map(\.spelled))
    }

    /// The part of ArgumentParser's description of a command read here.
    private struct DumpedHelp: Decodable {
        struct Command: Decodable {
            let arguments: [Argument]?
        }
        struct Argument: Decodable {
            let kind: String
            let names: [Name]?
        }
        struct Name: Decodable {
            let kind: String
            let name: String
            /// As typed: `--db`, `-d`, `-db`.
            var spelled: String { (kind == "long" ? "--" : "-") + name }
        }
        let command: Command
    }

    private static func names(of command: any ParsableCommand.Type) -> [String] {
        [command._commandName] + command.configuration.aliases
    }
}
