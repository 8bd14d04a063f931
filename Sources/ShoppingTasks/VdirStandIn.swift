// A stand-in for the `Vdir` module's folder API, with its names, until that module is merged;
// this file goes then.
import Glibc
import MealPlanCore
import TextHelpers

public struct VdirEtag: Hashable, Sendable { public let text: String }
public struct VdirItem: Hashable, Sendable {
    public let name: String
    public let etag: VdirEtag
}
public struct VdirListing: Sendable {
    public var items: [VdirItem]
    public var skippedLinks: Int
}
public struct VdirError: UserFacingError {
    public let message: String
    public var exitStatus: ExitStatus = .ioError
    public var isChangedMeanwhile = false
    public var isMissing = false
    public var userMessage: String { message }
}

public struct VdirFolder: Sendable {
    public let path: String
    public static let maximumItemSize = 4 << 20
    public init(path: String) { self.path = path }

    public func create() throws(VdirError) {
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw VdirError(message: "\(path): \(systemErrorText(errno))") }
    }

    public func items() throws(VdirError) -> VdirListing {
        guard let directory = opendir(path) else {
            throw VdirError(message: "\(path): \(systemErrorText(errno))", isMissing: errno == ENOENT)
        }
        defer { closedir(directory) }
        var listing = VdirListing(items: [], skippedLinks: 0)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix("."), name.hasSuffix(".ics") else { continue }
            var info = stat()
            guard lstat(path + "/" + name, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFLNK { listing.skippedLinks += 1; continue }
            guard info.st_mode & S_IFMT == S_IFREG else { continue }
            listing.items.append(VdirItem(name: name, etag: Self.etag(info)))
        }
        listing.items.sort { $0.name < $1.name }
        return listing
    }

    public func read(_ name: String) throws(VdirError) -> (text: String, etag: VdirEtag) {
        let file = path + "/" + name
        let descriptor = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw VdirError(message: "\(file): \(systemErrorText(errno))", isMissing: errno == ENOENT) }
        defer { close(descriptor) }
        var info = stat()
        fstat(descriptor, &info)
        guard Int(info.st_size) <= Self.maximumItemSize else { throw VdirError(message: "\(file): larger than 4 MiB", exitStatus: .badData) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count == bytes.count else { throw VdirError(message: "\(file): could not be read") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw VdirError(message: "\(file): not UTF-8", exitStatus: .badData)
        }
        return (text, Self.etag(info))
    }

    @discardableResult
    public func write(_ text: String, to name: String, expecting: VdirEtag?) throws(VdirError) -> VdirEtag {
        let file = path + "/" + name
        try check(file, expecting: expecting)
        let temporary = temporaryPath(beside: file, kind: "tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw VdirError(message: "\(file): \(systemErrorText(errno))") }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        fsync(descriptor)
        close(descriptor)
        guard written == bytes.count, rename(temporary, file) == 0 else {
            unlink(temporary)
            throw VdirError(message: "\(file): could not be written")
        }
        var info = stat()
        lstat(file, &info)
        return Self.etag(info)
    }

    public func remove(_ name: String, expecting: VdirEtag) throws(VdirError) {
        let file = path + "/" + name
        var info = stat()
        guard lstat(file, &info) == 0 else { return }
        try check(file, expecting: expecting)
        unlink(file)
    }

    public static func fileName(forUID uid: String) -> String {
        uid.utf8.allSatisfy { $0 < 0x80 && (isalnum(Int32($0)) != 0 || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")) }
            ? uid + ".ics" : String(uid.hashValue, radix: 16) + ".ics"
    }

    private func check(_ file: String, expecting: VdirEtag?) throws(VdirError) {
        var info = stat()
        let exists = lstat(file, &info) == 0
        if exists ? Self.etag(info) != expecting : expecting != nil {
            throw VdirError(message: "\(file) was changed meanwhile", exitStatus: .failure, isChangedMeanwhile: true)
        }
    }

    private static func etag(_ info: stat) -> VdirEtag {
        VdirEtag(text: "\(Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec));\(info.st_ino);\(info.st_size)")
    }
}
