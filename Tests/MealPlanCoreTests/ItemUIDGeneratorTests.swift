@testable import MealPlanCore
import Testing

/// Time-ordered UIDs (RFC 9562 version 7) as `ItemUID.Generator` makes them, its clock driven.
@Suite struct ItemUIDGeneratorTests {
    /// 2026-11-27 16:00:00 UTC, in milliseconds since 1970.
    let now: UInt64 = 1_795_795_200_000

    /// The version in the high nibble of byte 6, the variant in the top bits of byte 8, and
    /// the 48-bit Unix time in milliseconds in bytes 0–5 (RFC 9562, section 5.7).
    private func expectVersion7(_ uid: ItemUID, at milliseconds: UInt64, sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = uid.bytes
        #expect(bytes[6] >> 4 == 7 && bytes[8] >> 6 == 0b10, "\(uid.text)", sourceLocation: sourceLocation)
        let time = bytes[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(time == milliseconds, "\(uid.text)", sourceLocation: sourceLocation)
    }

    /// UIDs compared as their bytes are, which is how SQLite orders the BLOBs of the UID index.
    private func ascending(_ uids: [ItemUID]) -> Bool {
        zip(uids, uids.dropFirst()).allSatisfy { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    }

    @Test func aMillionMadeInOneMillisecondSortInTheOrderMadeAndDiffer() {
        var generator = ItemUID.Generator()
        var random = SplitMix(seed: 7)
        var uids: [ItemUID] = []
        uids.reserveCapacity(1_000_000)
        for _ in 0..<1_000_000 { uids.append(generator.next(now: now, random: random.next())) }
        #expect(ascending(uids))
        #expect(Set(uids).count == uids.count)
        for uid in [uids[0], uids[500_000], uids[999_999]] { expectVersion7(uid, at: now) }
    }

    @Test func theTimeIsTheClocksAndTheCounterStartsAgainEachMillisecond() {
        var generator = ItemUID.Generator()
        var random = SplitMix(seed: 1)
        let uids = (0..<3000).map { generator.next(now: now + UInt64($0 / 3), random: random.next()) }
        #expect(ascending(uids))
        for (index, uid) in uids.enumerated() { expectVersion7(uid, at: now + UInt64(index / 3)) }
        // A new millisecond's counter is random, its top bit clear: the counter's top 12 bits
        // (byte 6's low nibble and byte 7) differ between milliseconds.
        let counterTops = Set(stride(from: 0, to: uids.count, by: 3).map { uids[$0].bytes[6] & 0x0F })
        #expect(counterTops.count > 1 && counterTops.allSatisfy { $0 < 0x08 })
    }

    @Test func aClockThatStepsBackStillGivesAscendingUIDs() {
        var generator = ItemUID.Generator()
        var random = SplitMix(seed: 2)
        let first = generator.next(now: now, random: random.next())
        let second = generator.next(now: now - 60_000, random: random.next())
        let third = generator.next(now: now + 1, random: random.next())
        #expect(ascending([first, second, third]))
        expectVersion7(second, at: now)
        expectVersion7(third, at: now + 1)
    }

    /// A counter that runs out moves the time on one millisecond, ahead of the clock, and
    /// starts again; the UIDs still ascend.
    @Test func aCounterThatRunsOutMovesTheTimeOn() {
        let last = UInt64(1) << ItemUID.Generator.counterBits - 1
        var generator = ItemUID.Generator(millisecond: now, counter: last - 1)
        let before = generator.next(now: now, random: 0)
        let after = generator.next(now: now, random: 0)
        let next = generator.next(now: now + 1, random: 0)
        #expect(ascending([before, after, next]))
        expectVersion7(before, at: now)
        #expect(before.high & 0xFFF == 0xFFF && before.low >> 32 & 0x3FFF_FFFF == 0x3FFF_FFFF, "\(before.text)")
        expectVersion7(after, at: now + 1)
        expectVersion7(next, at: now + 1)
    }
}

/// A small seeded generator of random bits, so that a failure repeats.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
