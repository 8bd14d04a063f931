import MealPlanCore
import TextHelpers

/// Why a meal writer could not hand its bytes to the output (disk full, closed pipe, …).
public struct OutputWriteError: UserFacingError, Equatable, Sendable, CustomStringConvertible {
    /// The name of the format being written ("CSV", "JSON", "ICS"), which the message names.
    public let format: String
    /// The system's text, e.g. "the disk is full" (`systemErrorText`).
    public let reason: String

    public init(format: String, reason: String) {
        self.format = format
        self.reason = reason
    }

    public var description: String { reason }
    public var userMessage: String { "cannot write the \(format) output: \(reason)" }
    public var exitStatus: ExitStatus { .ioError }
}

/// The byte buffer every streaming meal writer encodes into: it is handed to `write(2)` when
/// it fills, so exporting any number of meals takes constant memory and few system calls.
struct BufferedOutput {
    static let flushThreshold = 64 * 1024

    private let fileDescriptor: Int32
    /// The format's name for the error of a failed write.
    private let format: String
    /// `buffer[0..<used]` waits to be written; the buffer only grows for a record larger than it.
    private var buffer = [UInt8](repeating: 0, count: flushThreshold)
    private var used = 0
    /// Where a buffer in memory (`fileDescriptor` -1) keeps what it flushes.
    private(set) var collected: [UInt8] = []

    init(fileDescriptor: Int32, format: String) {
        self.fileDescriptor = fileDescriptor
        self.format = format
    }

    /// A buffer that keeps its bytes in `collected` instead of writing them: one sync item's file.
    init(inMemory format: String) {
        self.init(fileDescriptor: -1, format: format)
    }

    /// Makes room for `count` more bytes: flushes when they would pass the threshold, and grows
    /// the buffer for a record larger than all of it.
    @inline(__always)
    mutating func reserve(_ count: Int) throws(OutputWriteError) {
        guard used + count > Self.flushThreshold else { return }
        try makeRoom(count)
    }

    /// Flushes, and grows the buffer for a record larger than all of it.
    private mutating func makeRoom(_ count: Int) throws(OutputWriteError) {
        try flush()
        if count > buffer.count {
            // Everything was just flushed, so a new buffer loses nothing; appending zeros one
            // by one was slow for a huge note in a debug build.
            buffer = [UInt8](repeating: 0, count: count)
        }
    }

    /// Lets `encode` write at most the `count` bytes reserved before, starting at the index it
    /// is given and moving that index past what it wrote.
    mutating func encode(_ encode: (UnsafeMutableBufferPointer<UInt8>, inout Int) -> Void) {
        var end = used
        buffer.withUnsafeMutableBufferPointer { encode($0, &end) }
        used = end
    }

    /// Copies `source` in; the `source.count` bytes must be reserved.
    mutating func copy(_ source: UnsafeRawBufferPointer) {
        let start = used
        buffer.withUnsafeMutableBytes { UnsafeMutableRawBufferPointer(rebasing: $0[start...]).copyMemory(from: source) }
        used += source.count
    }

    /// Appends `bytes`, flushing first when they do not fit.
    mutating func append(_ bytes: some Collection<UInt8>) throws(OutputWriteError) {
        try reserve(bytes.count)
        buffer.replaceSubrange(used..<used + bytes.count, with: bytes)
        used += bytes.count
    }

    /// Hands every buffered byte to the file descriptor.
    mutating func flush() throws(OutputWriteError) {
        let pending = used
        if fileDescriptor < 0 {
            collected.append(contentsOf: buffer[..<pending])
            used = 0
            return
        }
        let failure = buffer.withUnsafeBytes { writeAll(UnsafeRawBufferPointer(rebasing: $0[..<pending]), to: fileDescriptor) }
        used = 0
        if let failure {
            throw OutputWriteError(format: format, reason: systemErrorText(failure))
        }
    }
}

/// Numbers and dates written as ASCII digits straight into an output buffer: formatting a
/// million dates through intermediate strings would cost a large share of an export's time.
enum DigitEncoding {
    /// The date as `YYYY-MM-DD` (`separator` "-"), or `YYYYMMDD` without a separator.
    static func date(
        _ date: CivilDate, separator: UInt8?, into bytes: UnsafeMutableBufferPointer<UInt8>, at end: inout Int
    ) {
        digits(date.year, count: 4, into: bytes, at: &end)
        if let separator { bytes[end] = separator; end += 1 }
        digits(date.month, count: 2, into: bytes, at: &end)
        if let separator { bytes[end] = separator; end += 1 }
        digits(date.day, count: 2, into: bytes, at: &end)
    }

    /// The last `count` decimal digits of `value`, zero-padded.
    static func digits<Value: BinaryInteger>(
        _ value: Value, count: Int, into bytes: UnsafeMutableBufferPointer<UInt8>, at end: inout Int
    ) {
        var rest = value
        for offset in (0..<count).reversed() {
            bytes[end + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        end += count
    }

    /// `value` in decimal without padding, a minus sign first when negative: at most 20 bytes.
    static func number(_ value: Int64, into bytes: UnsafeMutableBufferPointer<UInt8>, at end: inout Int) {
        if value < 0 {
            bytes[end] = UInt8(ascii: "-")
            end += 1
        }
        let magnitude = value.magnitude
        var count = 1
        var rest = magnitude / 10
        while rest > 0 { count += 1; rest /= 10 }
        digits(magnitude, count: count, into: bytes, at: &end)
    }
}
