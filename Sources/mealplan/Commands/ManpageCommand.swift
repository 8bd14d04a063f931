import ArgumentParser
import MealPlanCore
import PlannerUI
import Settings

struct ManpageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manpage",
        abstract: "Print the manual page of mealplan (roff), made from the commands' own help.",
        discussion: """
            Examples:
              mealplan manpage | man -l -
              mealplan manpage > ~/.local/share/man/man1/mealplan.1
            """)

    func run() {
        print(ManualPage.text(of: Mealplan.self), terminator: "")
    }
}

/// A manual page in roff built from a command tree: the root's abstract as its name line, then
/// the help screen of the root and of every command below it, as ArgumentParser prints them
/// (usage, arguments, options, discussion), so the page never disagrees with `--help`; then the
/// planner's keys, the date forms, the files, the environment and the exit statuses, each from
/// the table the code itself uses.
enum ManualPage {
    static let columns = 78

    static func text(of root: any ParsableCommand.Type) -> String {
        let name = root._commandName
        var page = """
            .TH \(name.uppercased()) 1
            .SH NAME
            \(escaped(name)) \\- \(escaped(root.configuration.abstract))
            .SH DESCRIPTION
            .nf
            \(escaped(root.helpMessage(includeHidden: false, columns: columns)))
            .fi
            .SH COMMANDS

            """
        for (path, command) in commands(below: root, path: name) {
            page += ".SS \"\(escaped(path))\"\n.nf\n\(escaped(root.helpMessage(for: command, columns: columns)))\n.fi\n"
        }
        page += ".SH KEYS\nThe planner's keys (also behind ? in the planner), mode by mode, and the marks its days show.\n"
        for section in KeyReference.sections() {
            page += ".SS \"\(escaped(section.heading))\"\n"
            page += section.rows.map { tagged($0.keys.joined(separator: " "), $0.text) }.joined()
        }
        page += ".SH DATES\nOne grammar, any case, for the command line and the planner's prompts; the words of a form "
            + "may be joined by spaces or hyphens (next-fri).\n"
        page += DateInput.forms(weekStart: nil).map { tagged($0.example, $0.meaning.isEmpty ? "as named" : $0.meaning) }.joined()
        page += ".SH FILES\n" + FileLocations.documented.map { tagged($0.path, $0.meaning) }.joined()
        page += ".SH ENVIRONMENT\n" + Environment.documented.map { tagged($0.name, $0.meaning) }.joined()
        page += ".SH \"EXIT STATUS\"\n" + ExitStatus.reference.map { tagged(String($0.status), $0.meaning) }.joined()
        return page
    }

    /// A tagged paragraph: `tag` in bold, `text` indented below it.
    private static func tagged(_ tag: String, _ text: String) -> String {
        ".TP\n\\fB\(escaped(tag))\\fR\n\(escaped(text))\n"
    }

    /// Every command under `command`, depth first, with the words that run it.
    private static func commands(below command: any ParsableCommand.Type, path: String) -> [(String, any ParsableCommand.Type)] {
        command.configuration.subcommands.flatMap { sub in
            let subPath = path + " " + sub._commandName
            return [(subPath, sub)] + commands(below: sub, path: subPath)
        }
    }

    /// `text` safe inside roff: backslashes written as `\e`, other characters than ASCII as
    /// `\[uXXXX]` (roff reads bytes, not UTF-8), and a line that starts with a dot or an
    /// apostrophe (a roff request) led by the zero-width `\&`.
    static func escaped(_ text: String) -> String {
        text.roffCharacters.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.first == "." || line.first == "'" ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }
}

private extension String {
    var roffCharacters: String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return result
    }
}
