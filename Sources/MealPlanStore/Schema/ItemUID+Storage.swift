import Foundation
import GRDB
import GRDBSQLite
import MealPlanCore
import Synchronization

/// An `ItemUID` as the `uid` columns hold it: its 16 bytes as a BLOB (`Schema.addItemUIDs`).
extension ItemUID {
    /// A new UID, time-ordered (`ItemUID.Generator`, one for the process, so that every UID
    /// it makes sorts after the ones it made before), its random bits from SQLite's random
    /// generator (`sqlite3_randomness`, the one behind `randomblob` in the schema's triggers),
    /// which the system's random source seeds once per process: Swift's
    /// `SystemRandomNumberGenerator` asks the kernel for every 8 bytes, which would cost an
    /// import of a million meals a second of CPU (see Benchmarks/cli-vs-sqlite3.sh). Every item mealplan
    /// makes, in the store or in a sync, takes its UID from here.
    public static func fresh() -> ItemUID {
        var random: UInt64 = 0
        withUnsafeMutableBytes(of: &random) { sqlite3_randomness(8, $0.baseAddress) }
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        let now = UInt64(max(0, time.tv_sec)) * 1000 + UInt64(max(0, time.tv_nsec)) / 1_000_000
        return generator.withLock { $0.next(now: now, random: random) }
    }

    private static let generator = Mutex(ItemUID.Generator())

    /// The value to bind.
    var storedValue: Data { Data(bytes) }

    /// The UID in column `index` of `row`; `nil` for NULL or a blob of another length, which
    /// the schema refuses. Read as two words, in place: an export reads a million of them,
    /// and going through `init(bytes:)` byte by byte doubled its CPU time.
    static func stored(in row: Row, at index: Int) -> ItemUID? {
        let uid = try? row.withUnsafeData(atIndex: index) { data -> ItemUID? in
            data?.withUnsafeBytes { stored($0) }
        }
        return uid ?? nil
    }

    /// The UID of a `uid` column's bytes, as `stored(in:at:)`.
    static func stored(_ bytes: UnsafeRawBufferPointer?) -> ItemUID? {
        guard let bytes, bytes.count == 16 else { return nil }
        return ItemUID(high: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                       low: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    }

    /// The UID to store for an item put back (undo, redo): its own, unless it never had one
    /// or another item holds it now (only another program can have copied it), when it gets a
    /// new one. A new item always gets `fresh()`.
    static func restored(_ uid: ItemUID?, in table: String, _ db: Database) throws -> ItemUID {
        guard let uid else { return .fresh() }
        let taken = try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE uid = ?)"), arguments: [uid.storedValue]) ?? false
        return taken ? .fresh() : uid
    }
}
