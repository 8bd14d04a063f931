/// A 64-bit FNV-1a hash: the same in every process and on every machine, where Swift's `Hasher`
/// is seeded anew in each process. For values that are stored or written down (a sync's
/// fingerprints) or name files (a vdir item whose UID cannot be its name).
public struct StableHash {
    /// FNV-1a's offset basis; another seed gives another, independent-looking hash.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x100_0000_01b3

    /// A second seed: two hashes of the same bytes from both seeds are 128 bits, enough that
    /// two values of one folder or one item's history do not meet by chance.
    public static let secondSeed: UInt64 = 0x6c62_272e_07bb_0142

    public private(set) var value: UInt64

    /// `value` as 16 lowercase hexadecimal digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public init(seed: UInt64 = offsetBasis) {
        value = seed
    }

    public mutating func add(bytes: some Sequence<UInt8>) {
        // Called from other modules unspecialized, where each byte of a generic sequence costs
        // a call: contiguous bytes (a native string's UTF-8, an array) are walked directly.
        let contiguous: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            for byte in buffer { value = (value ^ UInt64(byte)) &* Self.prime }
        }
        guard contiguous == nil else { return }
        for byte in bytes { value = (value ^ UInt64(byte)) &* Self.prime }
    }
}
