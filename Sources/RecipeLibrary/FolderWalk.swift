#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MealPlanCore
import TextHelpers

/// One walk of the recipes folder collecting the `.cook` files' names, bounded whatever the
/// folder holds: each folder is entered once (by device and inode, so a link to `.` or a loop
/// of links adds nothing), links leading out of the folder are not followed, folders nest at
/// most `RecipeFolder.maximumDepth` deep and at most `RecipeFolder.maximumEntries` entries are
/// looked at. It uses no recursion, so no folder can exhaust the stack.
///
/// Each entry's kind comes from the folder listing itself (`d_type`) where the file system
/// gives it: a plain file costs no system call of its own, and only links are resolved. The
/// names reached through no link at all (`unlinked`) need no `realpath` when read: nothing on
/// their path can lead elsewhere.
struct FolderWalk {
    private struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    let root: String
    private(set) var names: [String] = []
    /// The names in `names` whose path holds no link: their file is inside the folder as the
    /// walk found it.
    private(set) var unlinked: Set<String> = []
    private var visited: Set<FileID> = []
    private var entries = 0
    private var realRoot: String?

    init(root: String) {
        self.root = root
    }

    mutating func run(warn: (String) -> Void) throws(RecipeFolderError) {
        var rootStatus = stat()
        guard stat(root, &rootStatus) == 0, let top = opendir(root) else {
            throw RecipeFolderError("cannot read folder '\(root)': \(systemErrorText(errno))", status: .ioError)
        }
        closedir(top)
        visited.insert(FileID(device: UInt64(rootStatus.st_dev), inode: UInt64(rootStatus.st_ino)))
        var pending: [(relative: String, depth: Int, throughLink: Bool)] = [("", 0, false)]
        while let (relative, depth, folderThroughLink) = pending.popLast() {
            let folder = relative.isEmpty ? root : root + "/" + relative
            guard let directory = opendir(folder) else {
                warn("skipped folder '\(folder)': \(systemErrorText(errno))")
                continue
            }
            var children: [(name: String, type: UInt8)] = []
            var cutShort = false
            while let entry = readdir(directory) {
                entries += 1
                if entries > RecipeFolder.maximumEntries {
                    cutShort = true
                    break
                }
                let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                guard bytes.first != UInt8(ascii: ".") else { continue }
                guard let name = String(validating: bytes, as: UTF8.self) else {
                    warn("skipped a file whose name is not UTF-8 in '\(folder)'")
                    continue
                }
                children.append((name, entry.pointee.d_type))
            }
            closedir(directory)
            if cutShort {
                warn("stopped after \(RecipeFolder.maximumEntries) entries in '\(root)': some recipes are not listed")
                return
            }
            for (name, type) in children {
                let isRecipe = name.utf8.count > 5 && name.hasSuffix(".cook")
                // Anything but a plain file or folder is looked at closely (a link, a FIFO, or
                // a kind the listing does not tell); a plain file only when it is a recipe.
                if type == UInt8(DT_REG) && !isRecipe { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                if type == UInt8(DT_REG) {
                    record(String(path.dropLast(5)), throughLink: folderThroughLink)
                    continue
                }
                let full = root + "/" + path
                var status = stat()
                guard lstat(full, &status) == 0 else { continue }
                let isLink = status.st_mode & S_IFMT == S_IFLNK
                if isLink {
                    guard leadsInside(full), stat(full, &status) == 0 else { continue }
                }
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    guard visited.insert(FileID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))).inserted else { continue }
                    guard depth < RecipeFolder.maximumDepth else {
                        warn("skipped folder '\(full)': folders nest deeper than \(RecipeFolder.maximumDepth) levels")
                        continue
                    }
                    pending.append((path, depth + 1, folderThroughLink || isLink))
                case S_IFREG where isRecipe:
                    record(String(path.dropLast(5)), throughLink: folderThroughLink || isLink)
                default:
                    continue
                }
            }
        }
    }

    private mutating func record(_ name: String, throughLink: Bool) {
        names.append(name)
        if !throughLink { unlinked.insert(name) }
    }

    /// Whether the link at `path` resolves to something inside the folder.
    private mutating func leadsInside(_ path: String) -> Bool {
        if realRoot == nil { realRoot = RecipeFolder.realPath(root) }
        guard let realRoot, let real = RecipeFolder.realPath(path) else { return false }
        return real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
    }
}
