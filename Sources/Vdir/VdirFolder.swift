#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MealPlanCore
import TextHelpers

// A stand-in for the folder API that main brings (the `Vdir` module): the same names and
// behaviour in brief, replaced by main's at the merge.

public struct VdirEtag: Hashable, Sendable {
    public let text: String
    public init(text: String) { self.text = text }
}

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
    public var exitStatus: ExitStatus
    public var isChangedMeanwhile = false
    public var isMissing = false
    public var userMessage: String { message }
}

public struct VdirFolder: Sendable {
    public let path: String
    public static let maximumItemSize = 4 << 20

    public init(path: String) { self.path = path }

    private func itemPath(_ name: String) -> String { path + "/" + name }

    public func create() throws(VdirError) {
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw VdirError(message: "cannot make the folder '\(path)': \(systemErrorText(errno))", exitStatus: .ioError)
        }
    }

    public func items() throws(VdirError) -> VdirListing {
        guard let directory = opendir(path) else {
            throw VdirError(message: "cannot read the folder '\(path)': \(systemErrorText(errno))", exitStatus: .noInput, isMissing: errno == ENOENT)
        }
        defer { closedir(directory) }
        var listing = VdirListing(items: [], skippedLinks: 0)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix("."), name.hasSuffix(".ics") else { continue }
            var info = stat()
            guard lstat(itemPath(name), &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFLNK { listing.skippedLinks += 1; continue }
            guard info.st_mode & S_IFMT == S_IFREG else { continue }
            listing.items.append(VdirItem(name: name, etag: Self.etag(info)))
        }
        return listing
    }

    private static func etag(_ info: stat) -> VdirEtag {
        VdirEtag(text: "\(Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec));\(info.st_ino);\(info.st_size)")
    }

    private func currentEtag(_ name: String) throws(VdirError) -> VdirEtag? {
        var info = stat()
        guard lstat(itemPath(name), &info) == 0 else {
            if errno == ENOENT { return nil }
            throw VdirError(message: "cannot read '\(itemPath(name))': \(systemErrorText(errno))", exitStatus: .ioError)
        }
        return Self.etag(info)
    }

    public func read(_ name: String) throws(VdirError) -> (text: String, etag: VdirEtag) {
        let fd = open(itemPath(name), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            throw VdirError(message: "cannot read '\(itemPath(name))': \(systemErrorText(errno))", exitStatus: .noInput, isMissing: errno == ENOENT)
        }
        defer { close(fd) }
        var info = stat()
        fstat(fd, &info)
        guard Int(info.st_size) <= Self.maximumItemSize else {
            throw VdirError(message: "'\(itemPath(name))' is larger than \(Self.maximumItemSize >> 20) MiB", exitStatus: .badData)
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, $0.count - done) }
            if count <= 0 { break }
            done += count
        }
        bytes.removeLast(bytes.count - done)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw VdirError(message: "'\(itemPath(name))' is not UTF-8", exitStatus: .badData)
        }
        return (text, Self.etag(info))
    }

    @discardableResult
    public func write(_ text: String, to name: String, expecting: VdirEtag?) throws(VdirError) -> VdirEtag {
        guard try currentEtag(name) == expecting else {
            throw VdirError(message: "'\(itemPath(name))' was changed by another program meanwhile", exitStatus: .failure, isChangedMeanwhile: true)
        }
        let temporary = temporaryPath(beside: itemPath(name), kind: "partial")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw VdirError(message: "cannot write '\(itemPath(name))': \(systemErrorText(errno))", exitStatus: .ioError) }
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
            if count <= 0 { break }
            done += count
        }
        fsync(fd)
        close(fd)
        guard done == bytes.count, rename(temporary, itemPath(name)) == 0 else {
            unlink(temporary)
            throw VdirError(message: "cannot write '\(itemPath(name))': \(systemErrorText(errno))", exitStatus: .ioError)
        }
        guard let etag = try currentEtag(name) else {
            throw VdirError(message: "'\(itemPath(name))' vanished", exitStatus: .ioError)
        }
        return etag
    }

    public func remove(_ name: String, expecting: VdirEtag) throws(VdirError) {
        guard let current = try currentEtag(name) else { return }
        guard current == expecting else {
            throw VdirError(message: "'\(itemPath(name))' was changed by another program meanwhile", exitStatus: .failure, isChangedMeanwhile: true)
        }
        if unlink(itemPath(name)) != 0 && errno != ENOENT {
            throw VdirError(message: "cannot remove '\(itemPath(name))': \(systemErrorText(errno))", exitStatus: .ioError)
        }
    }

    public static func fileName(forUID uid: String) -> String {
        let safe = !uid.isEmpty && uid.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "@") || byte == UInt8(ascii: ".")
        } && !uid.hasPrefix(".")
        if safe { return uid + ".ics" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in uid.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16) + ".ics"
    }
}
