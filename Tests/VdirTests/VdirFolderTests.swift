import Foundation
import Testing
import TestSupport
import TextHelpers
import Vdir

/// The vdir folder as other programs share it: items listed with versions that change when any
/// program rewrites them, every change compare-and-set, nothing outside the folder reached.
@Suite struct VdirFolderTests {
    let folder = TemporaryFolder()
    var vdir: VdirFolder { VdirFolder(path: folder.path) }

    @Test func writesReadsAndListsItemsByName() throws {
        let first = try vdir.write("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", to: "b.ics", expecting: nil)
        try vdir.write("second", to: "a.ics", expecting: nil)
        let listing = try vdir.items()
        #expect(listing.items.map(\.name) == ["a.ics", "b.ics"])
        #expect(listing.items.last?.etag == first)
        let read = try vdir.read("b.ics")
        #expect(read.text == "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
        #expect(read.etag == first)
    }

    @Test func skipsWhatIsNotAnItemAndReportsLinks() throws {
        for name in ["notes.txt", ".hidden.ics", ".a.ics.1-x.partial", ".ics"] {
            #expect(FileManager.default.createFile(atPath: folder.file(name), contents: Data("x".utf8)))
        }
        try FileManager.default.createDirectory(atPath: folder.file("sub.ics"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.file("passwd.ics"), withDestinationPath: "/etc/passwd")
        let listing = try vdir.items()
        #expect(listing.items.isEmpty)
        #expect(listing.skippedLinks == ["passwd.ics"])
        let error = #expect(throws: VdirError.self) { try vdir.read("passwd.ics") }
        #expect(error?.userMessage == "'\(folder.file("passwd.ics"))' is a link, not an item")
        #expect(error?.exitStatus == .badData)
    }

    /// The hidden files a killed write left are listed once older than an hour, and only the
    /// names a write makes for an item: another program's hidden files are not ours.
    @Test func theHiddenFilesOfKilledWritesAreListedOnceStaleAndRemoved() throws {
        let old = Date(timeIntervalSinceNow: -Double(VdirFolder.stalePartialAge) - 60)
        let stale = ".a.ics.4242-k3x9.partial"
        let others = [
            ".b.ics.4242-k3x9.partial" /* young */, ".c.ics.partial", ".c.ics.42-K3.partial", ".c.ics.x-k3.partial",
            ".notes.txt.4242-k3x9.partial", ".c.ics.swp", ".c.ics.4242-k3x9.tmp", "..ics.1-a.partial",
        ]
        for name in [stale] + others {
            #expect(FileManager.default.createFile(atPath: folder.file(name), contents: Data("x".utf8)))
            if !name.hasPrefix(".b.") { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.file(name)) }
        }
        try FileManager.default.createDirectory(atPath: folder.file(".d.ics.1-a.partial"), withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.file(".d.ics.1-a.partial"))
        let listing = try vdir.items()
        #expect(listing.stalePartials == [stale])
        vdir.removeStalePartials(listing)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == (others + [".d.ics.1-a.partial"]).sorted())
        // The name the writer makes is the name the listing knows.
        let made = temporaryPath(beside: folder.file("e.ics"), kind: "partial")
        #expect(temporaryPathTarget(of: String(made.split(separator: "/").last!), kind: "partial") == "e.ics")
    }

    @Test func aWriteOverAnItemChangedMeanwhileIsRefused() throws {
        let etag = try vdir.write("mine", to: "x.ics", expecting: nil)
        // Another program rewrites the item the way vdirsyncer does: a new file renamed in.
        let other = folder.file("other")
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: other))
        #expect(rename(other, folder.file("x.ics")) == 0)
        let error = #expect(throws: VdirError.self) { try vdir.write("mine again", to: "x.ics", expecting: etag) }
        #expect(error?.isChangedMeanwhile == true)
        #expect(try vdir.read("x.ics").text == "theirs")
        // Made meanwhile by another program: a new item is refused too.
        #expect(throws: VdirError.self) { try vdir.write("new", to: "x.ics", expecting: nil) }
        // Seen as it is now, it is written.
        let now = try vdir.read("x.ics").etag
        let written = try vdir.write("mine again", to: "x.ics", expecting: now)
        #expect(written != now)
        #expect(try vdir.read("x.ics").text == "mine again")
    }

    @Test func removesOnlyTheVersionSeen() throws {
        let etag = try vdir.write("one", to: "x.ics", expecting: nil)
        let newer = try vdir.write("two", to: "x.ics", expecting: etag)
        #expect(throws: VdirError.self) { try vdir.remove("x.ics", expecting: etag) }
        try vdir.remove("x.ics", expecting: newer)
        #expect(try vdir.items().items.isEmpty)
        try vdir.remove("x.ics", expecting: newer)
    }

    @Test func leavesNoPartialFileBehind() throws {
        for index in 0..<20 { try vdir.write(String(repeating: "x", count: index * 1000), to: "x\(index).ics", expecting: nil) }
        try vdir.flush()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 20)
        #expect(names.allSatisfy { !$0.hasPrefix(".") })
    }

    @Test(arguments: ["../escape.ics", "a/b.ics", ".hidden.ics", "plain", "", "/etc/passwd.ics"])
    func refusesNamesOutsideTheFolder(name: String) {
        let error = #expect(throws: VdirError.self) { try vdir.write("x", to: name, expecting: nil) }
        #expect(error?.exitStatus == .usage)
        #expect(error?.userMessage.contains("\n") == false)
    }

    @Test func refusesAnItemOverTheBoundWithoutReadingIt() throws {
        let path = folder.file("big.ics")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, off_t(VdirFolder.maximumItemSize + 1)) == 0)
        let error = #expect(throws: VdirError.self) { try vdir.read("big.ics") }
        #expect(error?.userMessage == "'\(path)' is larger than 4 MB")
        #expect(error?.exitStatus == .badData)
    }

    @Test func namesNotUTF8ByLine() throws {
        try Data("BEGIN:VCALENDAR\nSUMMARY:\u{FF}".utf8 + [0xFF]).write(to: URL(fileURLWithPath: folder.file("bad.ics")))
        let error = #expect(throws: VdirError.self) { try vdir.read("bad.ics") }
        #expect(error?.userMessage == "'\(folder.file("bad.ics"))': line 2 is not UTF-8 text")
    }

    @Test func aMissingFolderIsMissing() {
        let error = #expect(throws: VdirError.self) { try VdirFolder(path: folder.file("none")).items() }
        #expect(error?.isMissing == true)
    }

    @Test(arguments: [
        ("0f8fad5b-d9cb-469f-a165-70867728950e", "0f8fad5b-d9cb-469f-a165-70867728950e.ics"),
        ("meal-1@mealplan", "meal-1@mealplan.ics"),
    ])
    func aSafeUIDNamesItsFile(uid: String, name: String) {
        #expect(VdirFolder.fileName(forUID: uid) == name)
    }

    @Test(arguments: ["../../etc/passwd", ".hidden", "a b", "ünïcode", String(repeating: "x", count: 300), "a/b"])
    func anyOtherUIDIsHashedToAPlainName(uid: String) throws {
        let name = VdirFolder.fileName(forUID: uid)
        #expect(name.hasSuffix(".ics") && name.count == 36)
        #expect(name.allSatisfy { $0.isHexDigit || $0 == "." || $0 == "i" || $0 == "c" || $0 == "s" })
        #expect(name != VdirFolder.fileName(forUID: uid + "x"))
        try vdir.write("x", to: name, expecting: nil)
    }
}
