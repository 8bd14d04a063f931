import Foundation
import Testing
import TestSupport
import Vdir

/// `VdirFolder.write([ItemWrite])`: many items written with one trip to the disk, each still
/// whole and compare-and-set.
@Suite struct VdirBatchTests {
    let folder = TemporaryFolder()
    var vdir: VdirFolder { VdirFolder(path: folder.path) }

    private var hiddenFiles: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }) ?? []
    }

    @Test func writesEveryItemAndReturnsTheEtagsTheListingShows() throws {
        let old = try vdir.write("old", to: "b.ics", expecting: nil)
        let etags = try vdir.write([
            .init("first", to: "a.ics", expecting: nil), .init("second", to: "b.ics", expecting: old),
            .init("third", to: "c.ics", expecting: nil),
        ])
        let listing = try vdir.items()
        #expect(listing.items.map(\.name) == ["a.ics", "b.ics", "c.ics"])
        #expect(listing.items.map(\.etag) == etags)
        #expect(try ["a.ics", "b.ics", "c.ics"].map { try vdir.read($0).text } == ["first", "second", "third"])
        #expect(hiddenFiles.isEmpty)
        #expect(try vdir.write([]) == [])
    }

    @Test func anItemChangedMeanwhileStopsTheBatchAndLeavesNoHiddenFile() throws {
        let seen = try vdir.write("seen", to: "b.ics", expecting: nil)
        try vdir.write("changed by another program", to: "b.ics", expecting: seen)
        let error = #expect(throws: VdirError.self) {
            try vdir.write([.init("first", to: "a.ics", expecting: nil), .init("mine", to: "b.ics", expecting: seen),
                            .init("third", to: "c.ics", expecting: nil)])
        }
        #expect(error?.isChangedMeanwhile == true)
        #expect(try vdir.read("b.ics").text == "changed by another program")
        // The item before it is in, whole; the one after it is not written.
        #expect(try vdir.items().items.map(\.name) == ["a.ics", "b.ics"])
        #expect(try vdir.read("a.ics").text == "first")
        #expect(hiddenFiles.isEmpty)
        // An item that must not exist, but does, is refused alike.
        let exists = #expect(throws: VdirError.self) {
            try vdir.write([.init("x", to: "c.ics", expecting: nil), .init("y", to: "b.ics", expecting: nil)])
        }
        #expect(exists?.isChangedMeanwhile == true)
        #expect(try vdir.items().items.map(\.name) == ["a.ics", "b.ics", "c.ics"])
        #expect(try vdir.read("b.ics").text == "changed by another program")
        #expect(hiddenFiles.isEmpty)
    }
}
