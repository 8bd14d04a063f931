import Foundation
import RecipeLibrary
import Testing
import TestSupport

/// The one reader of recipes and settings files: the buffer is sized to the file, grows when
/// the file holds more than its size said, and stops one byte over the limit.
@Suite struct TextFileTests {
    @Test func filesUpToTheLimitAreReadWholeAndOneByteMoreIsRefused() throws {
        let folder = TemporaryFolder()
        for size in [0, 1, 4095, 4096, 10] {
            let path = folder.file("f\(size)")
            let text = String(repeating: "a", count: size)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(try TextFile.contents(of: path, maximumSize: 10_000) == text, "\(size) bytes")
        }
        let path = folder.file("limit")
        try Data(String(repeating: "b", count: 10).utf8).write(to: URL(fileURLWithPath: path))
        #expect(try TextFile.contents(of: path, maximumSize: 10) == String(repeating: "b", count: 10))
        try Data(String(repeating: "b", count: 11).utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: RecipeFolderError("'\(path)' is larger than 10 bytes", status: .badData)) {
            try TextFile.contents(of: path, maximumSize: 10)
        }
    }

    /// A regular file that says it is empty but holds text (as `/proc` files do, or a file
    /// written to after it was looked at) is read to its end, in a buffer that grows, and is
    /// still cut at the limit.
    @Test func aFileHoldingMoreThanItsSizeSaidIsReadWholeOrRefusedAtTheLimit() throws {
        let path = "/proc/self/status"
        let whole = try TextFile.contents(of: path)
        #expect(whole.hasPrefix("Name:") && whole.utf8.count > 100)
        #expect(throws: RecipeFolderError("'\(path)' is larger than 100 bytes", status: .badData)) {
            try TextFile.contents(of: path, maximumSize: 100)
        }
    }

    /// A file read without following links (a recipe the folder's walk found no link to) is
    /// refused when it has become a link since; followed otherwise.
    @Test func aLinkIsRefusedWhenLinksAreNotFollowed() throws {
        let folder = TemporaryFolder()
        let target = folder.file("target.cook"), link = folder.file("link.cook")
        try Data("@salt\n".utf8).write(to: URL(fileURLWithPath: target))
        #expect(symlink(target, link) == 0)
        #expect(try TextFile.contents(of: link) == "@salt\n")
        #expect(try TextFile.contents(of: target, followingLinks: false) == "@salt\n")
        #expect(throws: RecipeFolderError("cannot read '\(link)': Too many levels of symbolic links", status: .ioError)) {
            try TextFile.contents(of: link, followingLinks: false)
        }
    }
}
