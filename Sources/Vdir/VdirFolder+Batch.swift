#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MealPlanCore
import TextHelpers

extension VdirFolder {
    /// One item to write in a batch: its text, its name, and the etag the caller last saw
    /// (nil: the item must not exist).
    public struct ItemWrite: Sendable {
        public var text: String
        public var name: String
        public var expecting: VdirEtag?

        public init(_ text: String, to name: String, expecting: VdirEtag?) {
            self.text = text
            self.name = name
            self.expecting = expecting
        }
    }

    /// Writes many items as `write` writes one, with one trip to the disk for all of them
    /// instead of one each (a first sync writes thousands): each text whole under its hidden
    /// name, the file system synced once (`syncfs`), then each renamed over its item if that is
    /// still as expected, and the folder flushed. Returns the new etags, in order. An item
    /// changed meanwhile stops the batch there: the items renamed before it stay, each whole,
    /// and no hidden file is left of the others.
    public func write(_ writes: [ItemWrite]) throws(VdirError) -> [VdirEtag] {
        guard !writes.isEmpty else { return [] }
        var made: [(partial: String, item: String, etag: VdirEtag)] = []
        defer { for entry in made { unlink(entry.partial) } }
        for write in writes {
            // Checked once, just before its rename: a look before writing too cost a first
            // sync of thousands of files a second of system time on a busy disk.
            let itemPath = try itemPath(write.name)
            let partial = try writePartial(write.text, for: itemPath, flushing: false)
            made.append((partial.path, itemPath, partial.etag))
        }
        try syncFileSystem()
        var etags: [VdirEtag] = []
        for (index, write) in writes.enumerated() {
            let entry = made[index]
            try check(entry.item, expecting: write.expecting)
            guard rename(entry.partial, entry.item) == 0 else {
                throw VdirError("cannot write '\(entry.item)': \(systemErrorText(errno))", status: .ioError)
            }
            etags.append(entry.etag)
        }
        made.removeAll()
        try flush()
        return etags
    }

    /// Flushes every file written on the folder's file system: one `syncfs` for a batch.
    private func syncFileSystem() throws(VdirError) {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw VdirError("cannot flush vdir '\(path)': \(systemErrorText(errno))", status: .ioError) }
        defer { close(folder) }
        guard Self.syncfs(folder) == 0 else { throw VdirError("cannot flush vdir '\(path)': \(systemErrorText(errno))", status: .ioError) }
    }

    /// Linux's `syncfs(2)`, which the C library declares only for `_GNU_SOURCE`, so Swift does
    /// not see it: looked up once by name; where there is none, `sync(2)` does the same work
    /// for every file system.
    private static let syncfs: @Sendable (Int32) -> Int32 = {
        typealias SyncFileSystem = @convention(c) (Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else {
            return { _ in sync(); return 0 }
        }
        let function = unsafeBitCast(symbol, to: SyncFileSystem.self)
        return { function($0) }
    }()
}
