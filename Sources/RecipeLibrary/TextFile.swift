#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MealPlanCore

/// Small text files read whole: recipes and settings files.
public enum TextFile {
    /// The whole file at `path` as text (invalid UTF-8 repaired).
    public static func contents(of path: String) throws(RecipeFolderError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let error = errno
            throw RecipeFolderError("cannot read '\(path)': \(systemErrorText(error))",
                                    status: error == ENOENT ? .noInput : .ioError, isMissing: error == ENOENT)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw RecipeFolderError("cannot read '\(path)': \(systemErrorText(errno))", status: .ioError)
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `path` names a regular file (following links).
    public static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}
