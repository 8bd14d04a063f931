import Settings
import TextHelpers
/// cookcli's `.shopping-checked`: the log of what was ticked off the shopping list, which the
/// Cooklang apps and `cook server` keep in the recipes folder too. Each entry is a line, `+ name`
/// (ticked) or `- name` (unticked); the log is only ever appended to, the last entry for a name
/// wins, and names match in any case. Their reader trims each line and the name, skips blank
/// lines and every line that is not an entry.
///
/// The amount a name was ticked at goes in the same log, on a line of its own right after the
/// `+` entry and written with it in one append: `# mealplan bought: 4 tbsp`. The log's own
/// reader skips it (it is not an entry), so the file stays theirs; nothing else would do as
/// well. A sidecar file could disagree with the log after a crash or another program's
/// append, the database is not in the recipes folder that the log belongs to, and the entry
/// line cannot carry it (everything after `+ ` is the name). When cookcli compacts the log it
/// keeps entries only, so the amount is lost and the tick just stays a tick.
///
/// Where mealplan is stricter than their reader: a line that is neither blank, an entry, nor a
/// `#` comment is refused with its line number, instead of being skipped unseen.
public struct CheckLog: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var name: String
        public var checked: Bool
        /// What the list showed for the name when it was ticked; `nil`: not known (ticked by
        /// another program, or an untick).
        public var bought: [Amount]?

        public init(name: String, checked: Bool, bought: [Amount]? = nil) {
            self.name = name
            self.checked = checked
            self.bought = bought
        }
    }

    /// What a name's last entry says: ticked or not, and at what amount.
    public struct Tick: Equatable, Sendable {
        public var checked: Bool
        public var bought: [Amount]?
    }

    public private(set) var entries: [Entry] = []

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    static let boughtPrefix = "# mealplan bought:"

    /// The log in `text`; a line that is not one is an error naming it (`ConfigError`: a line
    /// of a small file that cannot be read).
    public static func parse(_ text: String) throws(ConfigError) -> CheckLog {
        var log = CheckLog()
        var lineNumber = 0
        // Lines end at "\n", as in their reader. A long log is split in its bytes rather than
        // its Characters, at a fraction of the cost: a line feed is never part of another Character
        // but "\r\n", whose "\r" the trimming removes.
        let bytes = Array(text.utf8)
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            lineNumber += 1
            let line = trimmedLine(bytes[start..<end])
            start = end + 1
            if line.isEmpty { continue }
            if line.hasPrefix(boughtPrefix) {
                guard let last = log.entries.indices.last, log.entries[last].checked, log.entries[last].bought == nil else {
                    throw ConfigError(line: lineNumber, "an amount bought that follows no '+ name' entry")
                }
                guard let amounts = parseAmounts(String(line.dropFirst(boughtPrefix.count)).trimmingWhitespace()) else {
                    throw ConfigError(line: lineNumber, "an amount bought that is not one")
                }
                log.entries[last].bought = amounts
                continue
            }
            if line.hasPrefix("#") { continue }
            let mark = line.first
            if line == "+" || line == "-" { throw ConfigError(line: lineNumber, "an entry without a name") }
            guard mark == "+" || mark == "-", line.dropFirst().first == " " else {
                throw ConfigError(line: lineNumber, "not a '+ name' or '- name' entry")
            }
            // What follows "+ ", trimmed (the end is already).
            let name = line.dropFirst(2).trimmingWhitespace()
            log.entries.append(Entry(name: name, checked: mark == "+"))
        }
        return log
    }

    /// The line in `bytes` without white space at either end: in ASCII, trimmed by byte (the
    /// ASCII white space, as Unicode's, is tab to carriage return and space); any other line as
    /// `trimmingWhitespace` trims it.
    private static func trimmedLine(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return String(decoding: bytes, as: UTF8.self).trimmingWhitespace() }
        let isWhite = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = bytes.firstIndex(where: { !isWhite($0) }), let last = bytes.lastIndex(where: { !isWhite($0) }) else {
            return ""
        }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    /// Each name's last entry, by the name in lower case.
    public var ticks: [String: Tick] {
        var ticks: [String: Tick] = [:]
        for entry in entries { ticks[entry.name.lowercased()] = Tick(checked: entry.checked, bought: entry.bought) }
        return ticks
    }

    /// Whether `name` (any case) is ticked.
    public func isChecked(_ name: String) -> Bool {
        entries.last { $0.name.lowercased() == name.lowercased() }?.checked ?? false
    }

    /// The text appended for `entry`, ending in a newline: its entry line, and for a tick with
    /// an amount the line that keeps it.
    public static func text(of entry: Entry) -> String {
        var text = (entry.checked ? "+ " : "- ") + entry.name + "\n"
        if entry.checked, let bought = entry.bought, !bought.isEmpty {
            text += boughtPrefix + " " + amountsText(bought) + "\n"
        }
        return text
    }

    /// A name the log can hold: one line, no space at either end (their reader trims it),
    /// not empty.
    public static func isWritable(_ name: String) -> Bool {
        !name.isEmpty && name == name.trimmingWhitespace() && !name.contains(where: \.isNewline)
    }

    /// "1.25 l + 2 tins": amounts as the log keeps them, which `parseAmounts` reads back.
    public static func amountsText(_ amounts: [Amount]) -> String {
        amounts.map(amountText).joined(separator: " + ")
    }

    /// "59.147 ml", "3", "a pinch": the number in full (what was bought is compared later, so
    /// it is not rounded), then the unit or the words.
    static func amountText(_ amount: Amount) -> String {
        [amount.quantity.map(numberText), amount.unit].compactMap { $0 }.joined(separator: " ")
    }

    /// `number` exactly, as `Double` reads it back, without the ".0" of a whole number: the
    /// log is read by people too (`450 g`, `0.125 cup`).
    static func numberText(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
    }

    /// `amountText`s joined by " + " read back; `nil` when one is not an amount.
    public static func parseAmounts(_ text: String) -> [Amount]? {
        var amounts: [Amount] = []
        for part in text.split(separator: " + ", omittingEmptySubsequences: false) {
            let part = String(part).trimmingWhitespace()
            guard !part.isEmpty else { return nil }
            let words = part.split(separator: " ", maxSplits: 1).map(String.init)
            if let number = Double(words[0]) {
                guard number.isFinite else { return nil }
                amounts.append(Amount(quantity: number, unit: words.count > 1 ? words[1] : nil))
            } else {
                amounts.append(Amount(quantity: nil, unit: part))
            }
        }
        return amounts
    }
}
