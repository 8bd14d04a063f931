import MealPlanCore
import Testing

@Suite struct ItemUIDTests {
    /// RFC 9562's example of a version 4 UUID, its text and its bytes.
    let example = "919108f7-52d1-4320-9bac-f847db4148a8"
    let exampleBytes: [UInt8] = [0x91, 0x91, 0x08, 0xF7, 0x52, 0xD1, 0x43, 0x20, 0x9B, 0xAC, 0xF8, 0x47, 0xDB, 0x41, 0x48, 0xA8]

    @Test func textAndBytesAreTheUUIDsOwn() throws {
        let uid = try #require(ItemUID(text: example))
        #expect(uid.bytes == exampleBytes)
        #expect(uid.text == example)
        #expect(ItemUID(bytes: exampleBytes) == uid)
        #expect(ItemUID(text: example.uppercased()) == uid, "UUID text is read in either case")
        #expect(uid.text.utf8.count == ItemUID.textLength)
    }

    @Test(arguments: [
        "", "919108f7-52d1-4320-9bac-f847db4148a", "919108f7-52d1-4320-9bac-f847db4148a80",
        "919108f752d143209bacf847db4148a8", "919108f7_52d1-4320-9bac-f847db4148a8", "919108g7-52d1-4320-9bac-f847db4148a8",
        "{919108f7-52d1-4320-9bac-f847db4148a8}",
    ])
    func otherTextIsNoUID(text: String) {
        #expect(ItemUID(text: text) == nil)
    }

    @Test func otherLengthsAreNoUID() {
        #expect(ItemUID(bytes: exampleBytes.dropLast()) == nil)
        #expect(ItemUID(bytes: exampleBytes + [0]) == nil)
    }

    /// Version 4 in the high nibble of byte 6, variant binary 10 in the top bits of byte 8,
    /// every other bit random: across many UIDs each of those bits is seen both ways.
    @Test func randomBitsMakeAVersion4UUID() {
        var generator = SystemRandomNumberGenerator()
        let uids = (0..<256).map { _ in ItemUID(randomBits: generator.next(), generator.next()) }
        #expect(Set(uids).count == uids.count)
        var seenSet = [UInt8](repeating: 0, count: 16), seenClear = [UInt8](repeating: 0, count: 16)
        for uid in uids {
            let bytes = uid.bytes
            #expect(bytes[6] >> 4 == 4 && bytes[8] >> 6 == 0b10, "\(uid.text)")
            for index in 0..<16 {
                seenSet[index] |= bytes[index]
                seenClear[index] |= ~bytes[index]
            }
        }
        var fixedSet = [UInt8](repeating: 0, count: 16), fixedClear = [UInt8](repeating: 0, count: 16)
        fixedSet[6] = 0x40
        fixedClear[6] = 0xB0
        fixedSet[8] = 0x80
        fixedClear[8] = 0x40
        #expect(seenSet == (0..<16).map { ~fixedClear[$0] })
        #expect(seenClear == (0..<16).map { ~fixedSet[$0] })
    }
}
