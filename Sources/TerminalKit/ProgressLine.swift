/// One line of progress for a long job, as text that fits a terminal's width: what is being
/// done, how far, how fast, and how long is left. A value without IO, so every width and state
/// is testable; `ProgressDisplay` decides when it is drawn.
public struct ProgressLine: Hashable, Sendable {
    /// "importing", "exporting".
    public var verb: String
    /// "meals".
    public var unit: String
    public var done: Int
    /// How many there are in all, when known beforehand.
    public var total: Int?
    /// The part done, 0…1, when known: `done / total`, or another measure such as bytes read
    /// of a file whose rows are not counted beforehand. `nil` shows count and rate only.
    public var fraction: Double?
    /// Seconds since the job began.
    public var elapsed: Double
    /// A finished job shows how long it took instead of how long is left.
    public var finished: Bool
    /// Whether the bar may use Unicode block elements (the terminal takes UTF-8), else ASCII.
    public var unicode: Bool

    public init(verb: String, unit: String, done: Int, total: Int? = nil, fraction: Double? = nil,
                elapsed: Double, finished: Bool = false, unicode: Bool = true) {
        self.verb = verb
        self.unit = unit
        self.done = done
        self.total = total
        self.fraction = fraction ?? total.map { $0 > 0 ? Double(done) / Double($0) : 1 }
        self.elapsed = elapsed
        self.finished = finished
        self.unicode = unicode
    }

    /// The widest the bar's inside grows on a wide terminal, and the narrowest worth showing.
    static let barWidths = 10...30

    /// The line in at most `width - 1` columns (the last column is left free so that no
    /// terminal wraps). Parts go, least useful first, until it fits: the bar, the rate, the
    /// time left, the verb, the total; then the percentage; then the count is cut with "…".
    public func rendered(width: Int) -> String {
        let room = width - 1
        let fraction = self.fraction.map { min(max($0, 0), 1) }
        var parts = Parts(
            verb: verb, count: "\(Self.grouped(done))", total: total.map { " / \(Self.grouped($0))" }, unit: unit,
            percent: fraction.map { "\(Int(($0 * 100).rounded(.down)))%" },
            rate: elapsed > 0 ? "\(Self.grouped(Int((Double(done) / elapsed).rounded())))/s" : nil,
            time: finished ? "in \(Self.duration(elapsed))"
                : fraction.flatMap { $0 > 0 && $0 < 1 && elapsed > 0 ? "ETA \(Self.duration(elapsed * (1 - $0) / $0))" : nil })
        if let fraction {
            let barRoom = room - parts.line(bar: nil).terminalWidth - "  []".count
            if barRoom >= Self.barWidths.lowerBound {
                return parts.line(bar: "[\(bar(fraction, width: min(barRoom, Self.barWidths.upperBound)))]")
            }
        }
        let shorteners: [(inout Parts) -> Void] = [
            { $0.rate = nil }, { $0.time = nil }, { $0.verb = nil }, { $0.total = nil }, { $0.percent = nil },
        ]
        for shorten in shorteners where parts.line(bar: nil).terminalWidth > room {
            shorten(&parts)
        }
        return parts.line(bar: nil).truncated(toWidth: room)
    }

    /// The texts a line is made of; `nil` ones are left out.
    private struct Parts {
        var verb: String?
        var count: String
        var total: String?
        var unit: String
        var percent, rate, time: String?

        func line(bar: String?) -> String {
            let head = "\(count)\(total ?? "") \(unit)"
            return [verb, head, percent, bar, rate, time].compactMap { $0 }.joined(separator: "  ")
        }
    }

    /// `fraction` of `width` cells filled, to an eighth of a cell with Unicode blocks.
    private func bar(_ fraction: Double, width: Int) -> String {
        guard unicode else {
            let filled = Int((fraction * Double(width)).rounded(.down))
            return String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        }
        let eighths = Int((fraction * Double(width * 8)).rounded(.down))
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        let full = eighths / 8
        return String(repeating: "█", count: full) + partial
            + String(repeating: " ", count: width - full - (partial.isEmpty ? 0 : 1))
    }

    /// 1234567 as "1,234,567".
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }

    /// Seconds as "0.4s", "7s", "3m05s", "2h03m"; anything beyond 99 hours as ">99h".
    static func duration(_ seconds: Double) -> String {
        if seconds < 0.95 { return "0.\(Int((seconds * 10).rounded()))s" }
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return "\(whole / 60)m\(twoDigits(whole % 60))s" }
        if whole < 100 * 3600 { return "\(whole / 3600)h\(twoDigits(whole % 3600 / 60))m" }
        return ">99h"
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }
}
