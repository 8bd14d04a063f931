extension ItemUID {
    /// Makes UIDs ordered by the time they are made: RFC 9562 version 7, with its "fixed
    /// bit-length dedicated counter" (section 6.2, method 1), so that the UIDs one generator
    /// makes sort in the order it made them even within a millisecond or when the clock steps
    /// back. The creation time in a UID is what the RFC intends version 7 for: the store's
    /// UID index then grows at its end instead of anywhere in it, and an import of a million
    /// meals keeps it row by row instead of sorting it after (see Benchmarks/cli-vs-sqlite3.sh).
    ///
    /// The layout, most significant bit first: 48 bits of Unix time in milliseconds, the
    /// version (0111), a 42-bit counter in the 12 bits of `rand_a` and the top 30 of `rand_b`
    /// beside the variant (10), and 32 random bits. The counter starts at random with its top
    /// bit clear in each new millisecond and steps by one within it; should it run out, the
    /// time moves on one millisecond ahead of the clock, as the RFC allows. Two generators (two
    /// processes) differ by 41 random bits a millisecond and 32 a UID.
    ///
    /// Pure: the time and the random bits are given, so one process keeps one generator
    /// (`ItemUID.fresh()` in the store) and a test can drive its clock.
    public struct Generator: Sendable {
        /// The millisecond of the last UID made, and its counter.
        private var millisecond: UInt64 = 0
        private var counter: UInt64 = 0

        static let counterBits = 42
        static let timeBits = 48

        public init() {}

        /// A generator whose last UID was made at `millisecond` with `counter`: for tests.
        init(millisecond: UInt64, counter: UInt64) {
            self.millisecond = millisecond
            self.counter = counter
        }

        /// The next UID at `now` (milliseconds since 1970-01-01 UTC), from 64 random bits:
        /// the low 32 for the UID, the high 41 to start a millisecond's counter.
        public mutating func next(now: UInt64, random: UInt64) -> ItemUID {
            let now = now & (1 << Self.timeBits - 1)
            let start = random >> (64 - (Self.counterBits - 1))
            if now > millisecond {
                millisecond = now
                counter = start
            } else {
                counter += 1
                if counter >> Self.counterBits != 0 {
                    millisecond += 1
                    counter = start
                }
            }
            let counterHigh = counter >> 30, counterLow = counter & (1 << 30 - 1)
            return ItemUID(high: millisecond << 16 | 0x7000 | counterHigh,
                           low: 0b10 << 62 | counterLow << 32 | random & 0xFFFF_FFFF)
        }
    }
}
