/// The identity of a stored item (a meal, a repeat rule, a template) across every database and
/// program: a UUID made once when the item is made and never again, so that two households'
/// plans never name two meals alike, whereas row ids start at 1 in every plan. An item brought
/// back by undo is the same item and keeps it. mealplan makes time-ordered ones (RFC 9562
/// version 7, `Generator`); a UUID of any version read from a file is kept as it is.
///
/// It is kept as its 16 bytes (big-endian halves), stored as a 16-byte BLOB, and written as
/// the usual lowercase 8-4-4-4-12 hexadecimal text wherever people or other programs read it.
public struct ItemUID: Hashable, Sendable {
    /// Bytes 0–7 and 8–15, most significant first.
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// A UID made of 128 random bits, with its version (4) and variant (binary 10) bits set as
    /// RFC 9562 says, which leaves 122 random: what the schema's trigger gives a row another
    /// program inserts without one (`Schema.newUIDSQL`).
    public init(randomBits high: UInt64, _ low: UInt64) {
        self.high = high & ~0xF000 | 0x4000
        self.low = low & ~(0xC000 << 48) | 0x8000 << 48
    }

    /// The UID of 16 stored bytes; `nil` for any other length.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 16 else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        self.init(high: high, low: low)
    }

    /// The 16 bytes, as stored.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        append(to: &bytes)
        return bytes
    }

    /// Appends the 16 bytes to `bytes`.
    public func append(to bytes: inout [UInt8]) {
        withUnsafeBytes(of: high.bigEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: low.bigEndian) { bytes.append(contentsOf: $0) }
    }

    /// `0f8fad5b-d9cb-469f-a165-70867728950e`: lowercase, as RFC 9562 says UUIDs are written.
    public var text: String {
        String(unsafeUninitializedCapacity: Self.textLength) { buffer in
            var end = 0
            encodeText(into: buffer, at: &end)
            return end
        }
    }

    /// The length of `text`, in bytes.
    public static let textLength = 36

    /// Writes `text` into `bytes` at `end` (which must leave room for `textLength` bytes) and
    /// moves `end` past it: for writers that encode a million of them without a string each.
    public func encodeText(into bytes: UnsafeMutableBufferPointer<UInt8>, at end: inout Int) {
        for index in 0..<16 {
            if index == 4 || index == 6 || index == 8 || index == 10 {
                bytes[end] = UInt8(ascii: "-")
                end += 1
            }
            let byte = UInt8(truncatingIfNeeded: (index < 8 ? high : low) >> (8 * (7 - index % 8)))
            bytes[end] = Self.hexDigits[Int(byte >> 4)]
            bytes[end + 1] = Self.hexDigits[Int(byte & 0xF)]
            end += 2
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The UID written as `text` writes it, in either case; `nil` for any other text.
    public init?(text: some StringProtocol) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while index < 36 {
            if [8, 13, 18, 23].contains(index) {
                guard utf8[index] == UInt8(ascii: "-") else { return nil }
                index += 1
                continue
            }
            guard let high = Self.hexValue(utf8[index]), let low = Self.hexValue(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.init(bytes: bytes)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
