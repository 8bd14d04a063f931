import Glibc
import MealPlanCore

/// A file written under a temporary name beside its destination and renamed over it only when
/// complete, so a failed export never leaves a truncated file (or clobbers the old one).
struct AtomicOutputFile {
    let path: String
    let temporaryPath: String
    let descriptor: Int32

    init(path: String) throws(CommandFailure) {
        self.path = path
        temporaryPath = MealPlanCore.temporaryPath(beside: path, kind: "partial")
        descriptor = open(temporaryPath, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Self.failure(path, errno) }
    }

    func commit() throws(CommandFailure) {
        guard fsync(descriptor) == 0 else { throw Self.failure(path, errno) }
        guard close(descriptor) == 0 else { throw Self.failure(path, errno) }
        guard rename(temporaryPath, path) == 0 else { throw Self.failure(path, errno) }
    }

    func discard() {
        close(descriptor)
        unlink(temporaryPath)
    }

    private static func failure(_ path: String, _ code: Int32) -> CommandFailure {
        CommandFailure("cannot write '\(path)': \(systemErrorText(code))", status: .ioError)
    }
}
