import TerminalKit

/// How the run loop keeps the screen alive while a save takes long (`LongSave`): how often it
/// looks at the clock and the keys between two changes, and when it draws how far the save is.
public struct LongSavePacing: Sendable {
    /// Changes made between two looks at the clock: a look costs far less than the changes.
    public let changesPerLook: Int
    /// The least time between two looks at the keys: Esc or Ctrl-C acts within it.
    public let keyInterval: Duration
    /// When how far the save is gets drawn: not before `delay`, at most once an `interval`.
    public var progress: ProgressDisplay

    /// Past a second, four times a second; the keys looked at 20 times a second.
    public static let standard = LongSavePacing(
        changesPerLook: 64, keyInterval: .milliseconds(50), progress: ProgressDisplay(threshold: 0, interval: 0.25, delay: 1))

    /// The keys and the progress after every change, whatever the clock says: a test's pace,
    /// where a save of a few changes plays a long one.
    public static let everyChange = LongSavePacing(
        changesPerLook: 1, keyInterval: .zero, progress: ProgressDisplay(threshold: 0, interval: 0, delay: 0))
}
