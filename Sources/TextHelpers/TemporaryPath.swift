#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A hidden, unused name in the folder of `path` for a file that is made complete under it and
/// only then put at `path` (renamed or linked), so that no one ever sees a half-made file:
/// `.NAME.PID-RANDOM.KIND`, e.g. `.plan.csv.4242-k3x9.partial`. Being in the same folder, it is
/// on the same file system, where a rename or link is atomic.
public func temporaryPath(beside path: String, kind: String) -> String {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let unique = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    return "\(folder).\(name).\(getpid())-\(unique).\(kind)"
}
