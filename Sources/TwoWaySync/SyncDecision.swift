/// What a two-way sync does with one item, decided from three facts alone: the item as both
/// sides held it after the last sync that agreed on it (`SyncRecord`), and how each side holds
/// it now. Pure, so that every case is a row of a table and no state can be half-decided.
///
/// An item is a meal, a repeat or a list entry, named by its UID; each side says how it holds it
/// as a `Fingerprint`: any value that changes when the item does (a hash of the fields mealplan
/// stores, a file's ETag or the hash of its bytes). Fingerprints of one side are only ever
/// compared with that side's, so the two sides need not agree on what a fingerprint is.
///
/// Nothing is decided silently: an item changed on both sides, or changed on one and removed
/// on the other, is a conflict, and neither side is touched until a resolution says which
/// wins (`resolved(keeping:)`). An item that both sides made or changed the same way may be
/// adopted by a caller that compares the contents; the decision alone cannot see that.
public enum SyncDecision: Hashable, Sendable {
    /// Both sides hold it as they did after the last sync, or neither holds it nor knew it.
    case nothing
    /// Here it is new or changed, there as last synced (or new here): write it there.
    case send
    /// There it is new or changed, here as last synced: take it here.
    case receive
    /// Removed here, there as last synced: remove it there.
    case removeThere
    /// Removed there, here as last synced: remove it here.
    case removeHere
    /// Gone from both sides: only the record of it is left to forget.
    case forget
    /// Both versions kept, as a person chose for a conflict: the other side's is taken here as
    /// a new item of its own (a second meal in the slot), and this side's is sent there.
    case keepBoth
    /// Both sides changed it since the last sync; nothing is written until resolved.
    case conflict(SyncConflict)

    /// The decision for an item last synced as `record` (nil: never synced) and held now as
    /// `here` and `there` (nil: not held, or removed).
    public init<Fingerprint: Equatable>(record: SyncRecord<Fingerprint>?, here: Fingerprint?, there: Fingerprint?) {
        guard let record else {
            switch (here, there) {
            case (nil, nil): self = .nothing
            case (_?, nil): self = .send
            case (nil, _?): self = .receive
            case (_?, _?): self = .conflict(.madeOnBoth)
            }
            return
        }
        let changedHere = here != record.here, changedThere = there != record.there
        switch (here, there) {
        case (nil, nil):
            self = .forget
        case (_?, _?):
            switch (changedHere, changedThere) {
            case (false, false): self = .nothing
            case (true, false): self = .send
            case (false, true): self = .receive
            case (true, true): self = .conflict(.changedOnBoth)
            }
        case (nil, _?):
            self = changedThere ? .conflict(.removedHereChangedThere) : .removeThere
        case (_?, nil):
            self = changedHere ? .conflict(.changedHereRemovedThere) : .removeHere
        }
    }

    /// What a conflict becomes when the person says which side to keep; any other decision
    /// stays as it is.
    public func resolved(keeping side: SyncSide) -> SyncDecision {
        guard case .conflict(let conflict) = self else { return self }
        switch (conflict, side) {
        case (.madeOnBoth, .here), (.changedOnBoth, .here), (.changedHereRemovedThere, .here), (.changedHereRemovedThere, .both):
            return .send
        case (.madeOnBoth, .there), (.changedOnBoth, .there), (.removedHereChangedThere, .there), (.removedHereChangedThere, .both):
            return .receive
        case (.removedHereChangedThere, .here):
            return .removeThere
        case (.changedHereRemovedThere, .there):
            return .removeHere
        case (.madeOnBoth, .both), (.changedOnBoth, .both):
            return .keepBoth
        }
    }
}

/// Why an item cannot be synced without asking.
public enum SyncConflict: Hashable, Sendable {
    /// Never synced, and now on both sides.
    case madeOnBoth
    /// Changed on both sides since the last sync.
    case changedOnBoth
    /// Removed here, changed there.
    case removedHereChangedThere
    /// Changed here, removed there.
    case changedHereRemovedThere
}

/// Which side a person keeps in a conflict: `sync --keep mine|theirs|both`.
public enum SyncSide: Hashable, Sendable, CaseIterable {
    case here, there, both
}

/// An item as both sides held it when a sync last agreed on it.
public struct SyncRecord<Fingerprint: Equatable>: Equatable {
    public var here: Fingerprint
    public var there: Fingerprint

    public init(here: Fingerprint, there: Fingerprint) {
        self.here = here
        self.there = there
    }
}

extension SyncRecord: Sendable where Fingerprint: Sendable {}
