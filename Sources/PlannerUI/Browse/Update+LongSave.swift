import TerminalKit

/// A save that takes long (a template laid down many times, its undo) keeps the screen alive:
/// the run loop makes it while it draws, past a second, how far it is (`Input.saveProgress`),
/// and cancels it, nothing kept, when one of `LongSave.keys` arrives meanwhile
/// (`Input.saveCancelled`). Any other key waits until the save is over, as it would behind a
/// short one, or goes with a cancel.
public enum LongSave {
    /// What a key may do while a long save runs.
    public enum Command: Hashable, Sendable {
        case cancel
    }

    /// The keys that work while a long save runs.
    public static let keys = KeyTable<Command>([
        KeyBinding([.escape, .control("c")], .cancel, "cancel it: nothing is kept"),
    ])

    /// Whether `event` cancels a long save.
    public static func cancels(_ event: Event) -> Bool {
        guard case .key(let key) = event else { return false }
        return keys.command(for: key) == .cancel
    }
}

extension PlannerState {
    /// The loop says how far the save in flight is: the status line shows it (in place of the
    /// prompt that asked for it, a template's).
    mutating func saveProgressed(_ request: SaveRequest, done: Int, total: Int) {
        guard var pending = pendingSave, pending.request == request else { return }
        pending.progress = SaveProgress(done: done, total: total)
        pendingSave = pending
        if case .prompt = mode { mode = .browsing }
    }

    /// The save in flight was cancelled and rolled back: nothing changed, the history stays as
    /// it was (an undo cancelled can be tried again).
    mutating func saveCancelled(_ request: SaveRequest) {
        guard let pending = pendingSave, pending.request == request else { return }
        pendingSave = nil
        if case .prompt = mode { mode = .browsing }
        message = StatusMessage("Cancelled \(pending.origin.working.text): nothing was kept")
    }

    /// "Applying 'big': 1,200 of 20,000 meals… Esc or Ctrl-C cancels", while a long save runs.
    var longSaveStatus: String? {
        guard let pending = pendingSave, let progress = pending.progress else { return nil }
        let (text, unit) = pending.origin.working
        let keys = LongSave.keys[.cancel].shownKeys.map(\.helpName).joined(separator: " or ")
        return text.prefix(1).uppercased() + text.dropFirst()
            + ": \(ProgressLine.grouped(progress.done)) of \(ProgressLine.grouped(progress.total)) \(unit)… \(keys) cancels"
    }
}
