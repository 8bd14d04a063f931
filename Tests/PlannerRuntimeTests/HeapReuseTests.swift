import Glibc
import MealPlanCore
import Testing
import TestSupport
@testable import PlannerRuntime

/// The allocator's limits a long note's save sets (`HeapReuse`): that note's buffers then come
/// from the heap, so that the session's first save reuses memory as later saves do; a save of
/// short notes leaves glibc's own limits alone.
@Suite struct HeapReuseTests {
    /// Whether glibc made the block at `pointer` a mapping of its own: the IS_MMAPPED bit (2)
    /// of the chunk's size word, which glibc keeps just before the block it returns.
    static func isMapped(_ pointer: UnsafeMutableRawPointer) -> Bool {
        (pointer - MemoryLayout<Int>.size).load(as: Int.self) & 2 != 0
    }

    /// Whether a block of `size` bytes is given a mapping of its own.
    static func mapsBlock(of size: Int) throws -> Bool {
        let block = try #require(malloc(size))
        defer { free(block) }
        return isMapped(block)
    }

    static func noteChange(bytes: Int) -> MealChange {
        let before = Meal(day: day("2026-03-02"), slot: "dinner", title: "Soup")
        var after = before
        after.note = String(repeating: "a", count: bytes)
        return .update(from: before, to: after, restoresPosition: false)
    }

    @Test func aShortNoteLeavesTheLimitsAlone() {
        #expect(!HeapReuse.prepare(forSaving: [Self.noteChange(bytes: HeapReuse.longNote - 1)]))
        #expect(!HeapReuse.prepare(forSaving: []))
    }

    /// Only blocks up to the limit are checked. Whether a larger block is mapped depends on the
    /// free memory other tests running in this process left in the heap: glibc serves any block
    /// from free heap memory that fits, and maps only when the heap has no room.
    @Test func aLongNoteGetsItsBlocksFromTheHeap() throws {
        #expect(HeapReuse.prepare(forSaving: [Self.noteChange(bytes: HeapReuse.longNote)]))
        // A megabyte note in UTF-16 and SQLite's copy of a row holding it are about 2 MB.
        #expect(try !Self.mapsBlock(of: 2_000_000))
        #expect(try !Self.mapsBlock(of: HeapReuse.mappedAbove - 4096))
    }
}
