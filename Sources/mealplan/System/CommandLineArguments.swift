/// The command line as ArgumentParser is given it.
///
/// ArgumentParser reads every word that starts with `-` as an option, so a negative date
/// offset (`-2`, `-1w`, documented by the date grammar) became an unknown option or left an
/// option without its value. A word that starts with a dash and a digit gets a leading space,
/// which makes it a value for ArgumentParser, and the date grammar ignores the space (so a
/// mistyped `-2x` is reported as a bad date). No option of mealplan is a dash and a digit, so
/// nothing else is affected; words after `--` are values already. The text options (`--title`,
/// `--note`, `--search`) take the next word whatever it starts with (`parsing: .unconditional`),
/// so that a note such as "-spicy" is a note.
enum CommandLineArguments {
    static func prepared(_ arguments: [String]) -> [String] {
        var afterTerminator = false
        return arguments.map { argument in
            if argument == "--" { afterTerminator = true }
            return !afterTerminator && startsWithNegativeNumber(argument) ? " " + argument : argument
        }
    }

    private static func startsWithNegativeNumber(_ argument: String) -> Bool {
        let bytes = argument.utf8.prefix(2)
        return bytes.count == 2 && bytes.first == UInt8(ascii: "-") && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes.last!)
    }
}
