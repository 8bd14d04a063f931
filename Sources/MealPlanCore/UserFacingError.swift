import TextHelpers

/// An error the command line reports to the person who ran it: one line and the exit status
/// of the process. Every error of ours that can reach the command line adopts it, so that the
/// command line reports all of them with one cast and a new kind of error says its own status
/// instead of being taken for a usage error.
public protocol UserFacingError: Error {
    /// The line printed after "mealplan: "; user text in it is made visible when printed.
    var userMessage: String { get }
    var exitStatus: ExitStatus { get }
}

/// The exit statuses of the command line: the values of sysexits.h, and 1 for a failure none
/// of them describes.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case failure = 1
    /// Bad usage or input: an unknown meal or slot, a date that is not one.
    case usage = 64
    /// Bad data in an imported file.
    case badData = 65
    /// The input file is missing or cannot be opened.
    case noInput = 66
    /// A program mealplan needs is not installed (a browser to make a PDF).
    case unavailable = 69
    /// The database or a file cannot be read or written.
    case ioError = 74
    /// Another program changed what the command worked from meanwhile (a meal, a repeat, a
    /// template, a synced file), or held the plan locked past the store's wait: nothing was
    /// changed, and running the command again works from what is there now (sysexits'
    /// "temporary failure").
    case changedMeanwhile = 75
    /// A settings file (config.toml, aisle.conf, pantry.conf) has a mistake.
    case config = 78

    /// What the status says, for `--help` and the manual page.
    public var meaning: String {
        switch self {
        case .failure: "a failure none of the others describes"
        case .usage: "bad usage or input: an unknown meal, slot or name, a date that is not one"
        case .badData: "bad data in an imported file or a recipe"
        case .noInput: "an input file, or the database of a command that only reads, is missing"
        case .unavailable: "a program mealplan needs is not installed (a browser for print's PDF)"
        case .ioError: "the database or a file cannot be read or written (the disk is full, a file is damaged)"
        case .changedMeanwhile: "another program changed the plan or a synced file meanwhile, or held the plan locked past the wait; nothing was changed, run it again"
        case .config: "a mistake in a settings file (config.toml, aisle.conf, pantry.conf)"
        }
    }

    /// Every status a command ends with, 0 first, and what it says.
    public static let reference: [(status: Int32, meaning: String)] =
        [(0, "success")] + allCases.sorted { $0.rawValue < $1.rawValue }.map { ($0.rawValue, $0.meaning) }
}

extension DateInputError: UserFacingError {
    public var userMessage: String { message }
    public var exitStatus: ExitStatus { .usage }
}

extension MealQueryError: UserFacingError {
    public var userMessage: String { message }
    public var exitStatus: ExitStatus { .usage }
}

extension MealValidationError: UserFacingError {
    public var userMessage: String { message }
    public var exitStatus: ExitStatus { .usage }
}

extension BoundedFileError {
    /// The exit status of a command that could not read the file: a missing file is missing
    /// input, a file of the wrong kind, size or encoding bad data, anything else a failed read.
    public var exitStatus: ExitStatus {
        switch kind {
        case .cannotOpen: isMissing ? .noInput : .ioError
        case .cannotRead: .ioError
        case .notRegularFile, .tooLarge, .notUTF8: .badData
        }
    }
}
