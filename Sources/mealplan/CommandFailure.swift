import MealPlanCore
import MealPlanStore
import TerminalKit

/// A failed command: the one line to print and the exit status (sysexits.h values).
struct CommandFailure: Error {
    enum Status {
        static let usage: Int32 = 64
        static let badData: Int32 = 65
        static let noInput: Int32 = 66
        static let ioError: Int32 = 74
    }

    let message: String
    let status: Int32

    /// User text inside the message is made visible, so a title cannot smuggle escapes out.
    init(_ message: String, status: Int32) {
        self.message = message.terminalVisible
        self.status = status
    }

    static func usage(_ message: String) -> CommandFailure { CommandFailure(message, status: Status.usage) }

    /// The failure for an error of ours (store, date input), or nil for anything else.
    init?(_ error: any Error) {
        switch error {
        case let failure as CommandFailure:
            self = failure
        case let error as StoreError:
            self.init(error.message, status: error.kind == .database ? Status.ioError : Status.usage)
        case let error as DateInputError:
            self.init(error.message, status: Status.usage)
        default:
            return nil
        }
    }
}
