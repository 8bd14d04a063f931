import Glibc
import TerminalKit

/// The properties the fuzz targets check beyond "no crash". A failed property aborts, which
/// libFuzzer reports like a crash and saves the input that caused it.
enum FuzzCheck {
    /// Stops the run with `property` and the offending detail when `holds` is false.
    static func require(_ holds: @autoclosure () -> Bool, _ property: String, _ detail: @autoclosure () -> String) {
        guard !holds() else { return }
        var report = "property violated: \(property)\n\(detail())\n"
        report.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
        abort()
    }

    /// An error message as the command line prints it (user text made visible) is non-empty
    /// and one line.
    static func requireOneLine(_ message: String) {
        let shown = message.terminalVisible
        require(!shown.isEmpty, "an error message is not empty", "message: \(shown)")
        require(!shown.contains(where: \.isNewline), "an error message is one line", "message: \(shown.debugDescription)")
    }
}
