import MealPlanCore
import TerminalKit

/// A sync's conflicts in the planner: listed after the round that left them (`ConflictsPage`),
/// each resolved by a key that runs one more round keeping a side, as `sync --keep` does.
extension PlannerState {
    /// Lists `conflicts` after a round, with `status` (what it did) above them, keeping the
    /// selection of a list open; with none left, an open list gives way to the days.
    mutating func showConflicts(_ conflicts: [ListedConflict], status: String) {
        syncConflicts = conflicts
        let open: ConflictsPage? = if case .conflicts(let page) = mode { page } else { nil }
        guard !conflicts.isEmpty else {
            if open != nil { mode = .browsing }
            return
        }
        guard open != nil || mode == .browsing else { return }
        var page = open ?? ConflictsPage(conflicts: conflicts, status: status)
        page.conflicts = conflicts
        page.status = status
        mode = .conflicts(page.fitted(to: size))
    }

    /// `!`: the last sync's conflicts again, or that there are none.
    mutating func listConflicts() {
        guard !syncConflicts.isEmpty else {
            message = StatusMessage("No conflicts: the last sync left none (\(keyMap.keyNames(for: .sync)) syncs)")
            return
        }
        let count = syncConflicts.count
        let status = "\(count) conflict\(count == 1 ? "" : "s") left by the last sync"
        mode = .conflicts(ConflictsPage(conflicts: syncConflicts, status: status).fitted(to: size))
    }

    /// A key on the conflicts page: one that keeps a side runs the round (the page says so
    /// meanwhile); the others select or go back to the days. Any other key does nothing, so
    /// that a key pressed by mistake does not lose the list.
    mutating func conflictsKey(_ key: Key, page: ConflictsPage) -> [Effect] {
        guard let command = ConflictsPage.keys.command(for: key) else { return [] }
        var page = page
        switch command {
        case .next: page.selected += 1
        case .previous: page.selected -= 1
        case .close:
            mode = .browsing
            return []
        case .keepHere, .keepThere, .keepBoth, .keepAllHere, .keepAllThere, .keepAllBoth:
            guard let resolution = page.resolution(for: command) else { return [] }
            page.status = "Syncing…"
            mode = .conflicts(page.fitted(to: size))
            return [.resolveConflicts(resolution)]
        }
        mode = .conflicts(page.fitted(to: size))
        return []
    }

    /// A round that failed: said on the status line, and on the conflicts page when it is open.
    mutating func syncFailed(_ text: String) {
        message = StatusMessage("Not synced: \(text)", isError: true, showsWhole: true)
        if case .conflicts(var page) = mode {
            page.status = message?.text ?? ""
            mode = .conflicts(page.fitted(to: size))
        }
    }
}
