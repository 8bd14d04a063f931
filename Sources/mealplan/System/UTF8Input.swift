import Glibc
import MealPlanCore

/// Paths are bytes, but mealplan reads its arguments and environment as Swift strings, which
/// replace bytes that are not UTF-8 with U+FFFD: `--db lat\xE9.sqlite` would open another,
/// empty database. So mealplan takes UTF-8 only, and refuses anything else in one line
/// before it is used, showing the bytes it cannot read as `\xE9`.
enum UTF8Input {
    /// Refuses the first command-line argument that is not valid UTF-8.
    static func checkArguments() throws(CommandFailure) {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index], String(validatingCString: argument) == nil else { continue }
            throw .usage("the argument '\(shown(argument))' is not valid UTF-8; mealplan takes text and paths in UTF-8 only")
        }
    }

    /// The message refusing the value of the environment variable `name`, when that value is
    /// not valid UTF-8.
    static func refusal(variable name: String, value: UnsafePointer<CChar>) -> String? {
        guard String(validatingCString: value) == nil else { return nil }
        return "\(name) '\(shown(value))' is not valid UTF-8; mealplan takes paths in UTF-8 only"
    }

    /// The bytes of `text` with printable ASCII as it is and every other byte as `\xHH`.
    static func shown(_ text: UnsafePointer<CChar>) -> String {
        UnsafeBufferPointer(start: text, count: strlen(text)).map { signed in
            let byte = UInt8(bitPattern: signed)
            guard (0x20..<0x7F).contains(byte), byte != UInt8(ascii: "\\") else {
                let hex = String(byte, radix: 16, uppercase: true)
                return "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
            return String(UnicodeScalar(byte))
        }.joined()
    }
}
