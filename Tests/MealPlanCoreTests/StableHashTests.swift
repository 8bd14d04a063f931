import Testing
import TextHelpers

/// `StableHash` is FNV-1a, 64 bits: the published test vectors, which any other implementation
/// gives too, and a seed that gives another hash of the same bytes.
@Suite struct StableHashTests {
    @Test(arguments: [
        ("", 0xcbf2_9ce4_8422_2325), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8),
    ] as [(String, UInt64)])
    func theFNV1aVectors(text: String, value: UInt64) {
        var hash = StableHash(), array = StableHash(), walked = StableHash()
        hash.add(bytes: text.utf8)
        // Contiguous or not, the bytes hash alike.
        array.add(bytes: Array(text.utf8))
        walked.add(bytes: text.utf8.lazy.map { $0 })
        #expect(hash.value == value && array.value == value && walked.value == value)
    }

    @Test func bytesAddedInPartsHashAsAWholeAndASeedGivesAnotherHash() {
        var whole = StableHash(), parts = StableHash(), seeded = StableHash(seed: 0x6c62_272e_07bb_0142)
        whole.add(bytes: "拉麺 soup".utf8)
        parts.add(bytes: "拉麺".utf8)
        parts.add(bytes: " soup".utf8)
        seeded.add(bytes: "拉麺 soup".utf8)
        #expect(whole.value == parts.value)
        #expect(seeded.value != whole.value)
    }
}
