import Glibc
import Settings
import TerminalKit

/// The progress line of a long import or export on standard error, only when standard error is
/// a terminal: pipes, files and CI logs get nothing. Callers report every few thousand rows;
/// the clock is read only then, and the line redrawn at most ten times a second.
struct ProgressReport {
    /// Rows between two reports: cheap enough to ignore, often enough for ten redraws a second.
    static let rowsPerReport = 4096

    private let verb: String
    private let total: Int?
    private let unicode: Bool
    private let start = ContinuousClock.now
    private var display: ProgressDisplay

    /// `nil` when standard error is not a terminal. `display` says when the line shows (by
    /// default past 50,000 rows).
    init?(verb: String, total: Int? = nil, environment: Environment, display: ProgressDisplay = ProgressDisplay()) {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        self.verb = verb
        self.total = total
        self.display = display
        unicode = environment.localeIsUTF8
    }

    /// Whether standard error is a terminal, so a progress line would be shown.
    static var isWanted: Bool { isatty(STDERR_FILENO) == 1 }

    /// Reports `done` rows and, when known, the part of the job done (bytes read of a file).
    mutating func update(done: Int, fraction: Double? = nil) {
        show(display.update(line(done: done, fraction: fraction, finished: false), width: Self.width()))
    }

    /// Ends the line: finished shows the total time, a failed job the count it reached.
    mutating func end(done: Int, finished: Bool) {
        show(display.end(line(done: done, fraction: finished ? 1 : nil, finished: finished), width: Self.width()))
    }

    /// Takes the line away, for a job whose work was rolled back.
    mutating func erase() {
        show(display.erase())
    }

    private func line(done: Int, fraction: Double?, finished: Bool) -> ProgressLine {
        ProgressLine(verb: verb, unit: "meals", done: done, total: total, fraction: fraction,
                     elapsed: ProgressDisplay.seconds(ContinuousClock.now - start), finished: finished, unicode: unicode)
    }

    /// Columns of the terminal on standard error (80 when it does not say).
    private static func width() -> Int { TerminalColumns.of(STDERR_FILENO) ?? 80 }

    private func show(_ text: String?) {
        guard var text else { return }
        text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
