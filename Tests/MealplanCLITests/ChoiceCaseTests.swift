import ArgumentParser
import Foundation
import Testing
@testable import mealplan

/// Every choice among fixed names (`--format csv`, `completions zsh`), in every command, takes
/// its names in any case: the command tree is walked and each choice parsed in capitals.
@Suite struct ChoiceCaseTests {
    /// The part of ArgumentParser's description of a command (`_dumpHelp`) read here.
    struct Description: Decodable {
        struct Command: Decodable {
            let arguments: [Argument]?
        }
        struct Argument: Decodable {
            struct Name: Decodable {
                let kind: String
                let name: String
            }
            let kind: String
            let isOptional: Bool
            let preferredName: Name?
            let allValues: [String]?
        }
        let command: Command
    }

    /// Every command below `command`, with the names that reach it (`["repeat", "add"]`).
    static func commands(under command: any ParsableCommand.Type, path: [String] = []) -> [([String], any ParsableCommand.Type)] {
        [(path, command)] + command.configuration.subcommands.flatMap { commands(under: $0, path: path + [$0._commandName]) }
    }

    /// The command lines that give each choice of `command` each of its names as `typed`
    /// makes it: its other required arguments as "1", and the name typed.
    static func choices(of command: any ParsableCommand.Type, path: [String], typed: (String) -> String) throws -> [(String, [String])] {
        let arguments = try JSONDecoder().decode(Description.self, from: Data(command._dumpHelp().utf8)).command.arguments ?? []
        return arguments.indices.flatMap { chosen in
            (arguments[chosen].allValues ?? []).map { name in
                var line = path
                for (index, argument) in arguments.enumerated() where argument.kind == "positional" {
                    if index == chosen { line.append(typed(name)) } else if !argument.isOptional { line.append("1") }
                }
                if arguments[chosen].kind == "option", let option = arguments[chosen].preferredName {
                    line += [(option.kind == "long" ? "--" : "-") + option.name, typed(name)]
                }
                return (typed(name), line)
            }
        }
    }

    /// Why the command line was refused, if it was for `value`: ArgumentParser's message.
    static func refusal(of value: String, in line: [String]) -> String? {
        do {
            _ = try Mealplan.parseAsRoot(line)
            return nil
        } catch {
            let message = Mealplan.message(for: error)
            return message.contains("'\(value)'") ? message : nil
        }
    }

    @Test func everyChoiceTakesItsNamesInAnyCase() throws {
        var lines: [[String]] = []
        for (path, command) in Self.commands(under: Mealplan.self) {
            for (value, line) in try Self.choices(of: command, path: path, typed: { $0.uppercased() }) {
                #expect(Self.refusal(of: value, in: line) == nil, "\(line)")
                lines.append(line)
            }
            // The check can fail: a name that is no choice is refused for that name.
            for (value, line) in try Self.choices(of: command, path: path, typed: { _ in "NO-SUCH-CHOICE" }) {
                #expect(Self.refusal(of: value, in: line) != nil, "\(line)")
            }
        }
        let walked = Set(lines.map { $0.first ?? "" })
        #expect(walked.isSuperset(of: ["list", "export", "recipe", "shop", "completions"]), "\(walked)")
    }
}
