import Testing
import TestSupport
import TwoWaySync

/// The decision for one item, every case written out by hand, and random histories of two
/// sides synced through it: they converge, and nothing is lost or decided silently.
@Suite struct SyncDecisionTests {
    typealias Record = SyncRecord<String>

    /// Each row: the record of the last sync (nil: never synced), the item here and there now
    /// (nil: absent), and what sync must do. "h0"/"t0" are the versions last synced.
    @Test(arguments: [
        (nil, nil, nil, SyncDecision.nothing),
        (nil, "h1", nil, .send),
        (nil, nil, "t1", .receive),
        (nil, "h1", "t1", .conflict(.madeOnBoth)),
        (Record(here: "h0", there: "t0"), "h0", "t0", .nothing),
        (Record(here: "h0", there: "t0"), "h1", "t0", .send),
        (Record(here: "h0", there: "t0"), "h0", "t1", .receive),
        (Record(here: "h0", there: "t0"), "h1", "t1", .conflict(.changedOnBoth)),
        (Record(here: "h0", there: "t0"), nil, "t0", .removeThere),
        (Record(here: "h0", there: "t0"), nil, "t1", .conflict(.removedHereChangedThere)),
        (Record(here: "h0", there: "t0"), "h0", nil, .removeHere),
        (Record(here: "h0", there: "t0"), "h1", nil, .conflict(.changedHereRemovedThere)),
        (Record(here: "h0", there: "t0"), nil, nil, .forget),
    ] as [(Record?, String?, String?, SyncDecision)])
    func eachCaseDecides(record: Record?, here: String?, there: String?, decision: SyncDecision) {
        #expect(SyncDecision(record: record, here: here, there: there) == decision)
    }

    /// `--keep mine`, `--keep theirs`, `--keep both` for every kind of conflict; a decision
    /// that is no conflict is left as it is.
    @Test(arguments: [
        (SyncConflict.madeOnBoth, SyncSide.here, SyncDecision.send),
        (.madeOnBoth, .there, .receive),
        (.madeOnBoth, .both, .keepBoth),
        (.changedOnBoth, .here, .send),
        (.changedOnBoth, .there, .receive),
        (.changedOnBoth, .both, .keepBoth),
        (.removedHereChangedThere, .here, .removeThere),
        (.removedHereChangedThere, .there, .receive),
        (.removedHereChangedThere, .both, .receive),
        (.changedHereRemovedThere, .here, .send),
        (.changedHereRemovedThere, .there, .removeHere),
        (.changedHereRemovedThere, .both, .send),
    ])
    func aConflictIsResolvedAsThePersonSays(conflict: SyncConflict, side: SyncSide, decision: SyncDecision) {
        #expect(SyncDecision.conflict(conflict).resolved(keeping: side) == decision)
    }

    @Test func otherDecisionsAreNotResolvedAway() {
        for decision in [SyncDecision.nothing, .send, .receive, .removeHere, .removeThere, .forget, .keepBoth] {
            for side in SyncSide.allCases { #expect(decision.resolved(keeping: side) == decision) }
        }
    }

    // MARK: - Random histories

    /// Two sides (UID → content) and the records of the last sync, synced by the decisions.
    struct Replicas {
        var here: [String: String] = [:]
        var there: [String: String] = [:]
        var records: [String: Record] = [:]
        var nextUID = 0

        /// One sync: every item decided; conflicts resolved by `keep`, or left untouched when
        /// it is nil. Returns the conflicts left.
        mutating func sync(keep: SyncSide?) -> Set<String> {
            var left: Set<String> = []
            for uid in Set(here.keys).union(there.keys).union(records.keys).sorted() {
                var decision = SyncDecision(record: records[uid], here: here[uid], there: there[uid])
                if let keep { decision = decision.resolved(keeping: keep) }
                switch decision {
                case .nothing: break
                case .send: there[uid] = here[uid]
                case .receive: here[uid] = there[uid]
                case .removeThere: there[uid] = nil
                case .removeHere: here[uid] = nil
                case .forget: break
                case .keepBoth:
                    let copy = newUID()
                    here[copy] = there[uid]
                    there[copy] = there[uid]
                    records[copy] = Record(here: there[uid]!, there: there[uid]!)
                    there[uid] = here[uid]
                case .conflict:
                    left.insert(uid)
                    continue
                }
                if let mine = here[uid], let theirs = there[uid] {
                    records[uid] = Record(here: mine, there: theirs)
                } else {
                    records[uid] = nil
                }
            }
            return left
        }

        mutating func newUID() -> String {
            nextUID += 1
            return "uid-\(nextUID)"
        }
    }

    @Test func randomHistoriesConvergeAndLoseNothingSilently() {
        var generator = SeededGenerator(seed: 6578)
        var conflictsSeen = 0, syncs = 0
        for _ in 0..<300 {
            var replicas = Replicas()
            for _ in 0..<40 {
                // A few changes on either side: add, change or remove an item.
                for _ in 0..<Int.random(in: 0...4, using: &generator) {
                    let onHere = Bool.random(using: &generator)
                    let side = onHere ? replicas.here : replicas.there
                    let content = "v\(Int.random(in: 0...1_000_000, using: &generator))"
                    switch (Int.random(in: 0..<3, using: &generator), side.keys.sorted().randomElement(using: &generator)) {
                    case (0, _), (_, nil):
                        let uid = replicas.newUID()
                        if onHere { replicas.here[uid] = content } else { replicas.there[uid] = content }
                    case (1, let uid?):
                        if onHere { replicas.here[uid] = content } else { replicas.there[uid] = content }
                    case (_, let uid?):
                        if onHere { replicas.here[uid] = nil } else { replicas.there[uid] = nil }
                    }
                }
                guard Int.random(in: 0..<3, using: &generator) == 0 else { continue }
                syncs += 1
                let before = replicas
                let keep: SyncSide? = Bool.random(using: &generator) ? nil : SyncSide.allCases.randomElement(using: &generator)
                let conflicts = replicas.sync(keep: keep)
                conflictsSeen += conflicts.count
                // A conflict left is left on both sides exactly as it was.
                for uid in conflicts {
                    #expect(replicas.here[uid] == before.here[uid] && replicas.there[uid] == before.there[uid])
                }
                // Everything else now agrees, and a second sync finds nothing to do.
                let agreed = Set(replicas.here.keys).union(replicas.there.keys).subtracting(conflicts)
                for uid in agreed { #expect(replicas.here[uid] == replicas.there[uid], "\(uid)") }
                var again = replicas
                #expect(again.sync(keep: nil) == conflicts)
                #expect(again.here == replicas.here && again.there == replicas.there)
                // Nothing silently lost: a version that was on either side and is gone now was
                // removed by the other side's removal (a removal synced), or replaced by a change.
                for (uid, content) in before.here where replicas.here[uid] == nil && replicas.there[uid] == nil {
                    #expect(before.there[uid] == nil && before.records[uid] != nil, "\(uid) \(content) was removed there")
                }
                for (uid, content) in before.there where replicas.here[uid] == nil && replicas.there[uid] == nil {
                    #expect(before.here[uid] == nil && before.records[uid] != nil, "\(uid) \(content) was removed here")
                }
                if keep == nil {
                    // Unasked, no edit a person made since the last sync is lost: each version
                    // that differs from the one last synced on its side is still held.
                    for (uid, record) in before.records {
                        for edit in [before.here[uid], before.there[uid]].compactMap({ $0 })
                        where edit != record.here && edit != record.there {
                            #expect(replicas.here[uid] == edit || replicas.there[uid] == edit, "\(uid): \(edit)")
                        }
                    }
                }
                if keep == .both {
                    // With both kept, both versions of an item changed on both sides survive.
                    for (uid, mine) in before.here {
                        guard let theirs = before.there[uid],
                              case .conflict = SyncDecision(record: before.records[uid], here: mine, there: theirs) else { continue }
                        let contents = Set(replicas.here.values)
                        #expect(contents.contains(mine) && contents.contains(theirs))
                    }
                }
            }
        }
        #expect(conflictsSeen > 100 && syncs > 3000, "not vacuous: \(conflictsSeen) conflicts in \(syncs) syncs")
    }
}
