import TextHelpers

/// A time of day to the minute: when a slot's meals start once they are exported as timed
/// calendar events instead of all-day ones.
public struct TimeOfDay: Hashable, Sendable {
    /// Minutes since midnight, 0…1439.
    public let minutes: Int

    public init?(minutes: Int) {
        guard (0..<24 * 60).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// `H:MM` or `HH:MM` on a 24-hour clock, 00:00…23:59; anything else is `nil`.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
        else { return nil }
        self.init(minutes: hour * 60 + minute)
    }
}
