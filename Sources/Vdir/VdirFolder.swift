#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MealPlanCore
import TextHelpers

/// A vdir: a folder holding one `.ics` file per calendar item, the format vdirsyncer syncs with
/// a CalDAV server and khal and todoman read. Other programs write into it at any time, so every
/// change here is compare-and-set by the file's etag, every file is written whole under a hidden
/// name and renamed into place, and nothing in the folder is trusted: links are not followed,
/// only regular files up to `maximumItemSize` are read.
public struct VdirFolder: Sendable {
    public let path: String

    /// The largest item read: a meal with a long note, far below what a runaway file reaches.
    public static let maximumItemSize = 4 * 1_048_576
    /// The most entries looked at in one listing, so that no folder makes a listing endless.
    public static let maximumEntries = 2_000_000
    /// How old a hidden file of a write must be to be taken for one a killed write left: a
    /// write under way (a whole folder's takes seconds) is far younger.
    public static let stalePartialAge: Int = 3600

    /// The longest name of an item mealplan writes again: its hidden file beside it
    /// (`.NAME.PID-RANDOM.partial`, at most 31 bytes more) must fit in a file name of 255
    /// bytes, and a name another program chose may leave no room for it.
    public static let maximumWrittenName = 255 - 31

    public init(path: String) {
        self.path = path
    }

    /// Makes the folder (one level) if it is missing.
    public func create() throws(VdirError) {
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw VdirError("cannot make vdir '\(path)': \(systemErrorText(errno))", status: .ioError)
        }
    }

    /// Every item file: a regular file named `*.ics` whose name is not hidden. A link is not an
    /// item (it could lead anywhere): it is counted in `skippedLinks`, for the caller to report.
    /// The hidden files of writes killed before their rename, older than `stalePartialAge`,
    /// are in `stalePartials`.
    public func items() throws(VdirError) -> VdirListing {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            let code = errno
            throw VdirError("cannot read vdir '\(path)': \(systemErrorText(code))",
                            status: code == ENOENT ? .noInput : .ioError, isMissing: code == ENOENT)
        }
        guard let directory = fdopendir(folder) else {
            close(folder)
            throw VdirError("cannot read vdir '\(path)': \(systemErrorText(errno))", status: .ioError)
        }
        defer { closedir(directory) }
        var listing = VdirListing()
        var entries = 0
        let staleBefore = time(nil) - Self.stalePartialAge
        while let entry = readdir(directory) {
            entries += 1
            guard entries <= Self.maximumEntries else {
                throw VdirError("vdir '\(path)' has more than \(Self.maximumEntries) entries", status: .badData)
            }
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            var status = stat()
            guard let name = String(validating: bytes, as: UTF8.self) else {
                // Named by what it would be: an item's file, were its name UTF-8.
                let shown = String(decoding: bytes, as: UTF8.self)
                guard Self.isItemName(shown) else { continue }
                let found = (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { raw in
                    fstatat(folder, raw.baseAddress!, &status, AT_SYMLINK_NOFOLLOW) == 0
                }
                listing.skipped.append(VdirSkippedEntry(name: shown, kind: .nameNotUTF8, etag: found ? VdirEtag(status) : nil))
                continue
            }
            guard Self.isItemName(name) else {
                if let item = temporaryPathTarget(of: name, kind: Self.partialKind), Self.isItemName(String(item)),
                   fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG,
                   status.st_mtim.tv_sec < staleBefore {
                    listing.stalePartials.append(name)
                }
                continue
            }
            guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let etag = VdirEtag(status)
            switch status.st_mode & S_IFMT {
            case S_IFREG: listing.items.append(VdirItem(name: name, etag: etag))
            case S_IFLNK:
                listing.skippedLinks.append(name)
                listing.skipped.append(VdirSkippedEntry(name: name, kind: .link, etag: etag))
            case S_IFDIR: listing.skipped.append(VdirSkippedEntry(name: name, kind: .folder, etag: etag))
            case S_IFIFO: listing.skipped.append(VdirSkippedEntry(name: name, kind: .fifo, etag: etag))
            case S_IFSOCK: listing.skipped.append(VdirSkippedEntry(name: name, kind: .socket, etag: etag))
            default: listing.skipped.append(VdirSkippedEntry(name: name, kind: .device, etag: etag))
            }
        }
        listing.items.sort { $0.name < $1.name }
        return listing
    }

    /// The item's text and its etag as it was read.
    public func read(_ name: String) throws(VdirError) -> (text: String, etag: VdirEtag) {
        let itemPath = try self.itemPath(name)
        do {
            let contents = try BoundedFile.contents(of: itemPath, maximumSize: Self.maximumItemSize, followingLinks: false)
            return (contents.text, VdirEtag(contents.status))
        } catch {
            throw Self.readError(error, itemPath)
        }
    }

    /// The item's bytes, UTF-8 or not (an iCalendar reader unfolds before it decodes), and its
    /// etag as it was read.
    public func readBytes(_ name: String) throws(VdirError) -> (bytes: [UInt8], etag: VdirEtag) {
        let itemPath = try self.itemPath(name)
        do {
            let contents = try BoundedFile.bytes(of: itemPath, maximumSize: Self.maximumItemSize, followingLinks: false)
            return (contents.bytes, VdirEtag(contents.status))
        } catch {
            throw Self.readError(error, itemPath)
        }
    }

    private static func readError(_ error: BoundedFileError, _ itemPath: String) -> VdirError {
        if error.kind == .cannotOpen(ELOOP) { return VdirError("'\(itemPath)' is a link, not an item", status: .badData) }
        return VdirError(error.message, status: error.exitStatus, isMissing: error.isMissing)
    }

    /// Writes `text` as the item `name`, whole: under a hidden name beside it, flushed to disk,
    /// then renamed over it. `expecting` is the etag the caller last saw (nil: the item must not
    /// exist); when the item is otherwise now, nothing is written and the error says it changed
    /// meanwhile. Returns the etag of what was written.
    @discardableResult
    public func write(_ text: String, to name: String, expecting: VdirEtag?) throws(VdirError) -> VdirEtag {
        let itemPath = try self.itemPath(name)
        try check(itemPath, expecting: expecting)
        let partial = try writePartial(text, for: itemPath, flushing: true)
        guard rename(partial.path, itemPath) == 0 else {
            let failure = errno
            unlink(partial.path)
            throw VdirError("cannot write '\(itemPath)': \(systemErrorText(failure))", status: .ioError)
        }
        return partial.etag
    }

    /// Writes `text` whole into a new hidden file beside `itemPath` (flushed to disk with
    /// `flushing`; a batch flushes all its files at once), for the caller to rename over the
    /// item. Returns its path and the etag the item has once renamed; on failure none is left.
    func writePartial(_ text: String, for itemPath: String, flushing: Bool) throws(VdirError) -> (path: String, etag: VdirEtag) {
        let partial = temporaryPath(beside: itemPath, kind: Self.partialKind)
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw VdirError("cannot write '\(itemPath)': \(systemErrorText(errno))", status: .ioError) }
        var failure = writeAll(text, to: descriptor)
        var status = stat()
        if failure == nil && flushing && fsync(descriptor) != 0 { failure = errno }
        if failure == nil && fstat(descriptor, &status) != 0 { failure = errno }
        close(descriptor)
        if let failure {
            unlink(partial)
            throw VdirError("cannot write '\(itemPath)': \(systemErrorText(failure))", status: .ioError)
        }
        return (partial, VdirEtag(status))
    }

    /// Removes the item if its etag is still `expecting`; an item already gone is no error.
    public func remove(_ name: String, expecting: VdirEtag) throws(VdirError) {
        let itemPath = try self.itemPath(name)
        var status = stat()
        guard lstat(itemPath, &status) == 0 else { return }
        guard VdirEtag(status) == expecting else { throw VdirError.changedMeanwhile(itemPath) }
        if unlink(itemPath) != 0 && errno != ENOENT {
            throw VdirError("cannot remove '\(itemPath)': \(systemErrorText(errno))", status: .ioError)
        }
    }

    /// Flushes the folder itself, so that the renames and removals made so far survive a crash.
    public func flush() throws(VdirError) {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw VdirError("cannot flush vdir '\(path)': \(systemErrorText(errno))", status: .ioError) }
        defer { close(folder) }
        guard fsync(folder) == 0 else { throw VdirError("cannot flush vdir '\(path)': \(systemErrorText(errno))", status: .ioError) }
    }

    /// The file name for an item's UID: the UID itself with `.ics` when it is made of letters,
    /// digits and `-_.@` (a UUID is), else a hash of it, so that no UID can name a path
    /// elsewhere, a hidden file or a name too long for the file system. The file's contents,
    /// not its name, say which item it is.
    public static func fileName(forUID uid: String) -> String {
        let isSafe = !uid.isEmpty && uid.utf8.count <= 200 && uid.first != "." && uid.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                 UInt8(ascii: "."), UInt8(ascii: "@"): true
            default: false
            }
        }
        if isSafe { return uid + ".ics" }
        // Two stable hashes from different seeds: 128 bits.
        var first = StableHash(), second = StableHash(seed: StableHash.secondSeed)
        first.add(bytes: uid.utf8)
        second.add(bytes: uid.utf8)
        return first.hex + second.hex + ".ics"
    }

    /// The last part of the name of a write's hidden file (`temporaryPath`).
    static let partialKind = "partial"

    /// Removes the hidden files of killed writes that a listing found (`stalePartials`), by
    /// name (no write makes a name twice). Tidying, not the sync's work: a file that cannot be
    /// removed is left.
    public func removeStalePartials(_ listing: VdirListing) {
        for name in listing.stalePartials where !name.contains("/") {
            unlink(path + "/" + name)
        }
    }

    /// Whether a file of the folder is an item by its name: `*.ics`, not hidden.
    static func isItemName(_ name: String) -> Bool {
        name.utf8.count > 4 && name.first != "." && name.hasSuffix(".ics")
    }

    func itemPath(_ name: String) throws(VdirError) -> String {
        guard Self.isItemName(name), !name.contains("/") else {
            throw VdirError("'\(name.messageExcerpt)' is not an item of vdir '\(path)'", status: .usage)
        }
        return path + "/" + name
    }

    func check(_ itemPath: String, expecting: VdirEtag?) throws(VdirError) {
        var status = stat()
        let exists = lstat(itemPath, &status) == 0
        if !exists && errno != ENOENT {
            throw VdirError("cannot read '\(itemPath)': \(systemErrorText(errno))", status: .ioError)
        }
        guard exists ? expecting == VdirEtag(status) : expecting == nil else { throw VdirError.changedMeanwhile(itemPath) }
    }
}

/// What `VdirFolder.items()` found.
public struct VdirListing: Sendable {
    /// The items, by name.
    public var items: [VdirItem] = []
    /// Names of `.ics` links, which are not read.
    public var skippedLinks: [String] = []
    /// Every entry named as an item (`*.ics`, not hidden) that is not a regular file, or whose
    /// name is not UTF-8: not read, for the caller to name.
    public var skipped: [VdirSkippedEntry] = []
    /// Hidden files of writes killed before their rename (`.NAME.ics.PID-RANDOM.partial`),
    /// older than `VdirFolder.stalePartialAge`.
    public var stalePartials: [String] = []
}

/// An entry of a vdir named as an item that is none: what it is, for a message.
public struct VdirSkippedEntry: Hashable, Sendable {
    public enum Kind: String, Sendable {
        case link = "a link", folder = "a folder", fifo = "a FIFO", socket = "a socket", device = "a device"
        case nameNotUTF8 = "a file whose name is not UTF-8"
    }

    /// Its name (a name that is not UTF-8 with U+FFFD for each byte that is not).
    public let name: String
    public let kind: Kind
    /// Its version as `lstat` saw it (the entry itself, never what a link leads to), so that
    /// a caller can tell the same entry from one made again; nil when it could not be read.
    public let etag: VdirEtag?

    public init(name: String, kind: Kind, etag: VdirEtag?) {
        self.name = name
        self.kind = kind
        self.etag = etag
    }
}

/// One item file of a vdir: its name and its version.
public struct VdirItem: Hashable, Sendable {
    public let name: String
    public let etag: VdirEtag

    public init(name: String, etag: VdirEtag) {
        self.name = name
        self.etag = etag
    }
}

/// A version of an item file, as vdirsyncer tells them apart: its modification time (to the
/// nanosecond), inode and size. A rewrite by any program gives a new one, since every writer
/// renames a new file into place or changes the time.
public struct VdirEtag: Hashable, Sendable {
    public let text: String

    public init(text: String) {
        self.text = text
    }

    init(_ status: stat) {
        text = "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec);\(status.st_ino);\(status.st_size)"
    }
}

/// Why a vdir could not be read or changed; `isChangedMeanwhile` when another program changed
/// the item between reading and writing, so that nothing was written.
public struct VdirError: UserFacingError, Equatable, CustomStringConvertible {
    public let userMessage: String
    public let exitStatus: ExitStatus
    public let isMissing: Bool
    public let isChangedMeanwhile: Bool

    public init(_ message: String, status: ExitStatus, isMissing: Bool = false, isChangedMeanwhile: Bool = false) {
        userMessage = message
        exitStatus = status
        self.isMissing = isMissing
        self.isChangedMeanwhile = isChangedMeanwhile
    }

    /// The item at `itemPath` changed by another program between reading and writing.
    public static func changedMeanwhile(_ itemPath: String) -> VdirError {
        VdirError("'\(itemPath)' was changed by another program meanwhile", status: .changedMeanwhile, isChangedMeanwhile: true)
    }

    public var description: String { userMessage }
}
