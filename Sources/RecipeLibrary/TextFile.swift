#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MealPlanCore
import TextHelpers

/// Small text files read whole: recipes and settings files. Such a file lives in a folder that
/// other programs share and sync, so only a regular file of UTF-8 text up to `maximumSize` is
/// read: a link to `/dev/zero`, a FIFO or a runaway file is refused, never read without end.
public enum TextFile {
    /// The largest recipe or settings file read: far above any real one, small enough to read
    /// at once.
    public static let maximumSize = 1_048_576

    /// The whole file at `path` as text; a leading byte-order mark is dropped. Refused: what is
    /// not a regular file, a file over `maximumSize`, bytes that are not UTF-8 (named by line);
    /// without `followingLinks`, a link (`O_NOFOLLOW`).
    public static func contents(
        of path: String, maximumSize: Int = maximumSize, followingLinks: Bool = true
    ) throws(RecipeFolderError) -> String {
        do {
            return try BoundedFile.contents(of: path, maximumSize: maximumSize, followingLinks: followingLinks).text
        } catch {
            throw RecipeFolderError(error.message, status: error.exitStatus, isMissing: error.isMissing)
        }
    }

    /// Whether `path` names a regular file (following links).
    public static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}
