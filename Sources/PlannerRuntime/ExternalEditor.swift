import Foundation
import Glibc
import MealPlanCore
import TextHelpers

/// The user's text editor, run on a temporary file holding a text, for notes longer than a
/// prompt line, or on a recipe file. The command is a shell command line (`$VISUAL`, else `$EDITOR`, else `vi`), so
/// `EDITOR="code --wait"` works; the file's path is added as its last argument.
public struct ExternalEditor: Sendable {
    public let command: String

    public init(command: String) {
        self.command = command
    }

    /// The editor the environment names: `VISUAL`, else `EDITOR`, else `vi`; empty values
    /// count as unset.
    public init(environment: [String: String]) {
        let named = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty }
        self.init(command: named ?? "vi")
    }

    /// Why the text was not edited; `message` is one line for the status line.
    public struct Failure: Error, Equatable {
        public let message: String
    }

    /// Runs the editor on a temporary file holding `text` (and a line break) and waits for it;
    /// the text it saved, without the line break at the end. The file is removed afterwards. The
    /// editor gets the terminal and default signal handling (none of the planner's held
    /// signals stay blocked in it).
    public func edit(_ text: String) -> Result<String, Failure> {
        var template = Array((NSTemporaryDirectory() + "/mealplan-note-XXXXXX.txt").utf8CString)
        let descriptor = mkstemps(&template, 4)
        guard descriptor >= 0 else { return .failure(Failure(message: "cannot create a temporary file: \(systemErrorText(errno))")) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { unlink(path) }
        let written = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            // A text file's lines end with a line break, as editors expect.
            try written.write(contentsOf: Data((text + "\n").utf8))
            try written.close()
        } catch {
            return .failure(Failure(message: "cannot write the temporary file: \(error.localizedDescription)"))
        }
        if case .failure(let failure) = edit(file: path) { return .failure(failure) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(Failure(message: "cannot read the edited file back"))
        }
        var edited = String(decoding: data, as: UTF8.self)
        if edited.hasSuffix("\n") { edited.removeLast() }
        return .success(edited)
    }

    /// Runs the editor on the file at `path` and waits for it; a failure when it does not
    /// exit with status 0.
    public func edit(file path: String) -> Result<Void, Failure> {
        let end = run(["/bin/sh", "-c", command + " \"$1\"", "sh", path]).ofShellCommand
        guard end.succeeded else {
            return .failure(Failure(message: "the editor (\(command)) \(end.text)"))
        }
        return .success(())
    }

    /// Runs `arguments` (`runProcess`), then drops the keyboard signals typed for it.
    private func run(_ arguments: [String]) -> ProcessEnd {
        let end = runProcess(arguments)
        discardKeyboardSignals()
        return end
    }

    /// Ctrl-C or Ctrl-\\ typed in an editor that lets the terminal send them reaches the whole
    /// foreground process group, the planner included, which holds those signals back until
    /// its loop sees them and quits: they were meant for the editor, so they are taken back.
    private func discardKeyboardSignals() {
        var keyboard = sigset_t()
        sigemptyset(&keyboard)
        sigaddset(&keyboard, SIGINT)
        sigaddset(&keyboard, SIGQUIT)
        var noWait = timespec(tv_sec: 0, tv_nsec: 0)
        while sigtimedwait(&keyboard, nil, &noWait) > 0 {}
    }
}
