import CMalloc
import MealPlanCore

/// How the planner's allocator keeps the memory a save of a long note needs.
///
/// Saving a note of up to a megabyte (what import accepts) makes a few buffers of one or two
/// megabytes (the note bound to statements, SQLite's copy of the row, the fold). glibc's
/// allocator starts by mapping every block over 128 KiB of its own and giving freed memory at
/// the heap's top back to the kernel, and raises both limits only once it has freed such a
/// mapped block: so the session's first save of a long note mapped, faulted in and unmapped
/// those buffers where later ones reused the heap, and was the slowest save of a session
/// (docs/PERFORMANCE.md, "Editing in the planner"). Setting the limits before that save gives
/// it what glibc gives the later ones. Set at the planner's start instead, they kept memory
/// freed by other keys and raised the session's peak, so only a long note's save sets them.
enum HeapReuse {
    /// Blocks up to this size come from the heap rather than a mapping of their own: above a
    /// megabyte note's largest buffer.
    static let mappedAbove = 4 << 20
    /// Free memory at the heap's top up to this size is kept for the next save, as glibc keeps
    /// twice the mapping limit once it raises that limit itself.
    static let keptAtTop = 2 * mappedAbove
    /// A note this long (in UTF-8) has buffers over glibc's first mapping limit, 128 KiB, once
    /// Swift or SQLite hold it in UTF-16.
    static let longNote = 64 << 10

    /// Sets both limits (fixed from then on: glibc no longer moves them once set) when one of
    /// `changes` writes a long note. Returns whether the allocator took them.
    @discardableResult
    static func prepare(forSaving changes: [MealChange]) -> Bool {
        guard changes.longestNoteWritten >= longNote else { return false }
        return mallopt(M_MMAP_THRESHOLD, Int32(mappedAbove)) == 1 && mallopt(M_TRIM_THRESHOLD, Int32(keptAtTop)) == 1
    }
}
