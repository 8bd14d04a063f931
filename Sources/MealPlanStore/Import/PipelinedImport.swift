import Dispatch
import MealPlanCore
import Synchronization

extension MealStore {
    /// Imports like `importMeals(dryRun:refusingDuplicates:_:)`, on two threads: `produce` runs on a second thread
    /// and adds meals to the feed, where they are checked and gathered into batches, while this
    /// thread inserts the batches before them. Reading and checking a file costs about as much
    /// as SQLite's inserting, so a second core nearly halves an import.
    ///
    /// Errors come out as they would on one thread: the rows before a bad row are inserted
    /// first (so an earlier database error wins), then the error of `produce` is thrown here and
    /// nothing is kept. When inserting fails, the feed's next `add` throws to stop `produce`,
    /// which is awaited: it never outlives this call.
    @discardableResult
    public func importMealsPipelined(
        dryRun: Bool = false, refusingDuplicates: Bool = false,
        _ produce: @escaping @Sendable (inout ImportFeed) throws -> Void
    ) throws -> ImportSummary {
        try inImportTransaction(dryRun: dryRun, refusingDuplicates: refusingDuplicates) { importer in
            try Self.pipeline(into: importer, produce)
        }
    }

    /// Runs `produce` on a second thread, feeding `importer`, which inserts on this one.
    static func pipeline(into importer: MealImporter, _ produce: @escaping @Sendable (inout ImportFeed) throws -> Void) throws {
        let handoff = BatchHandoff()
        let checker = importer.checker
        DispatchQueue.global().async {
            var feed = ImportFeed(checker: checker, handoff: handoff)
            do {
                try produce(&feed)
                try feed.send()
                handoff.finish(throwing: nil)
            } catch {
                handoff.finish(throwing: error)
            }
        }
        try handoff.receiveAll { batch in try importer.insert(&batch) }
    }
}

/// Where the producing thread of a pipelined import adds meals.
public struct ImportFeed {
    /// Meals per batch handed over: large enough that handing over costs nothing per meal,
    /// small enough that the inserting thread starts at once (about 200 KB per batch).
    static let batchSize = 64 * MealImporter.rowsPerInsert

    private var checker: MealChecker
    private var batch = MealBatch(capacity: batchSize)
    private let handoff: BatchHandoff

    init(checker: MealChecker, handoff: BatchHandoff) {
        self.checker = checker
        self.handoff = handoff
    }

    /// The slots of the plan, read when the import began: meals added name one of them.
    public var slots: [MealSlot] { checker.slots }

    /// Checks one meal and queues it for the end of its day's slot, like `MealImporter.add`
    /// (a whole plan's meal for its own place); `line`, where it is in its file, names it if the
    /// database refuses it. Leftovers of `source` are linked to it once every meal is in. After
    /// the inserting thread failed, it throws so that the caller stops.
    public mutating func add(_ meal: Meal, line: Int = 0, leftoversOf source: LeftoversSource? = nil) throws(StoreError) {
        try checker.append(meal, to: &batch, line: line, leftoversOf: source)
        if batch.count == Self.batchSize { try send() }
    }

    /// Hands the gathered meals over to the inserting thread.
    mutating func send() throws(StoreError) {
        guard batch.count > 0 else { return }
        guard handoff.send(batch) else { throw .database("the import stopped") }
        batch = MealBatch(capacity: Self.batchSize)
    }
}

/// The batches on their way from the producing thread to the inserting one. At most
/// `capacity` wait, so memory stays bounded when reading outruns SQLite.
final class BatchHandoff: Sendable {
    private enum Item: Sendable {
        case batch(MealBatch)
        /// The producing thread is done, with its error if it failed.
        case end((any Error)?)
    }

    private struct State {
        var items: [Item] = []
        /// Set by the inserting thread when it failed: batches are no longer wanted.
        var stopped = false
    }

    private let state = Mutex(State())
    private let waiting = DispatchSemaphore(value: 0)
    private let room: DispatchSemaphore

    init(capacity: Int = 4) {
        room = DispatchSemaphore(value: capacity)
    }

    /// Producing thread: waits for room and queues `batch`; `false` once the inserting thread
    /// stopped.
    func send(_ batch: MealBatch) -> Bool {
        room.wait()
        let wanted = state.withLock { state in
            if !state.stopped { state.items.append(.batch(batch)) }
            return !state.stopped
        }
        if wanted {
            waiting.signal()
        } else {
            room.signal()
        }
        return wanted
    }

    /// Producing thread, last call.
    func finish(throwing error: (any Error)?) {
        room.wait()
        state.withLock { $0.items.append(.end(error)) }
        waiting.signal()
    }

    /// Inserting thread: gives each batch to `insert` until the producing thread finishes, then
    /// throws its error if it had one. If `insert` throws, stops the producing thread, waits for
    /// its end, and throws the error of `insert`.
    func receiveAll(_ insert: (inout MealBatch) throws -> Void) throws {
        while true {
            switch receive() {
            case .batch(var batch):
                do {
                    try insert(&batch)
                } catch {
                    state.withLock { $0.stopped = true }
                    while case .batch = receive() {}
                    throw error
                }
            case .end(let error):
                if let error { throw error }
                return
            }
        }
    }

    private func receive() -> Item {
        waiting.wait()
        let item = state.withLock { $0.items.removeFirst() }
        room.signal()
        return item
    }
}
