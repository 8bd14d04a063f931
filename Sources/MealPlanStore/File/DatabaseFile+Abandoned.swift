#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TextHelpers

extension DatabaseFile {
    /// The files SQLite keeps beside a database, by the suffix of their names.
    static let companionSuffixes = ["-wal", "-shm", "-journal"]

    /// Removes what a process killed while it made the database at `path` left beside it: each
    /// `NewFile` of that path (`.meals.sqlite.4242-k3x9.new`) and SQLite's files beside it whose
    /// process is gone. A `NewFile` is never linked after its process ended, so none of them can
    /// become the plan; one whose process still runs (an import under way) stays. Called before
    /// each new file is made, so that the next import, or any command that makes the file,
    /// clears what an earlier one left.
    static func removeAbandonedNewFiles(beside path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? "./"
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        var abandoned: [String] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard let entryName = String(validating: bytes, as: UTF8.self) else { continue }
            let suffix = companionSuffixes.first { entryName.hasSuffix($0) } ?? ""
            guard let parts = temporaryPathParts(of: String(entryName.dropLast(suffix.count)), kind: NewFile.kind),
                  parts.target == name, !isRunning(parts.process) else { continue }
            abandoned.append(entryName)
        }
        for entryName in abandoned { unlink(folder + entryName) }
    }

    /// Whether process `id` runs: a signal 0 reaches it, or would but for permission.
    private static func isRunning(_ id: Int32) -> Bool {
        id == getpid() || kill(id, 0) == 0 || errno == EPERM
    }
}
