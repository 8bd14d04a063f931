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

/// The name that `name`, a file name `temporaryPath(beside:kind:)` made, stands beside
/// (`.plan.csv.4242-k3x9.partial`: `plan.csv`); nil for any other name, such as another
/// program's hidden file.
public func temporaryPathTarget(of name: String, kind: String) -> Substring? {
    temporaryPathParts(of: name, kind: kind)?.target
}

/// The name that `name`, a file name `temporaryPath(beside:kind:)` made, stands beside, and
/// the process that made it (`.plan.csv.4242-k3x9.partial`: `plan.csv` and 4242); nil for any
/// other name.
public func temporaryPathParts(of name: String, kind: String) -> (target: Substring, process: Int32)? {
    guard name.hasPrefix("."), name.hasSuffix("." + kind) else { return nil }
    let inner = name.dropFirst().dropLast(kind.count + 1)
    guard let dot = inner.lastIndex(of: ".") else { return nil }
    let tag = inner[inner.index(after: dot)...].split(separator: "-", omittingEmptySubsequences: false)
    guard tag.count == 2, !tag[0].isEmpty, tag[0].allSatisfy(\.isASCIIDigit), let process = Int32(tag[0]),
          !tag[1].isEmpty, tag[1].allSatisfy({ $0.isASCIIDigit || ("a"..."z").contains($0) }) else { return nil }
    return (inner[..<dot], process)
}
