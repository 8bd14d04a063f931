import Glibc

/// The width of the terminal a standard stream goes to.
enum TerminalColumns {
    /// Columns of the terminal on `fileDescriptor`; `nil` when it is not a terminal or does not
    /// say (a pipe, a file, a CI log).
    static func of(_ fileDescriptor: Int32) -> Int? {
        var size = winsize()
        guard isatty(fileDescriptor) == 1, ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0
        else { return nil }
        return Int(size.ws_col)
    }

    /// Columns of the terminal standard output goes to, if it goes to one.
    static var standardOutput: Int? { of(STDOUT_FILENO) }
}
