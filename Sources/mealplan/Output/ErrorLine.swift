import Glibc

/// Writes "mealplan: `message`" to standard error as exactly one line.
func printError(_ message: String) {
    let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    var text = "mealplan: \(line)\n"
    text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
