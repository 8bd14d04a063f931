import Foundation
import Glibc
import MealPlanCore
@testable import MealPlanExchange
import Testing

/// CSV written to a terminal shows every C0 and C1 control character of a field as its
/// stand-in (a Control Picture, U+FFFD for C1), so that a meal's text cannot move the cursor or
/// recolour the screen; written to a pipe it keeps the bytes as stored.
@Suite struct CSVTerminalTests {
    static let meal = Meal(day: try! Day(iso: "2026-03-02"), slot: "lunch", title: "esc\u{1B}[31m csi\u{9B}31m nel\u{85} tab\there",
                           note: "one\ntwo\rthree")
    static let header = "date,slot,title,note,recipe,servings,status,leftovers_of,eaters\r\n"

    /// What the writer wrote to `descriptor`, read back from `reader` once it finished.
    func written(to descriptor: Int32, readingFrom reader: Int32) throws -> [UInt8] {
        var writer = CSVMealWriter(fileDescriptor: descriptor)
        try writer.write(Self.meal)
        try writer.finish()
        close(descriptor)
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            // A terminal whose other side closed says EIO at its end.
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        close(reader)
        return bytes
    }

    @Test func toATerminalEveryControlCharacterIsShown() throws {
        // A pseudo-terminal as posix_openpt makes one, by the ioctls of Linux's pty driver
        // (TIOCSPTLCK to unlock its other side, TIOCGPTN for that side's number), which reach
        // Swift as numbers only.
        let terminal = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlocked: Int32 = 0, number: UInt32 = 0
        #expect(terminal >= 0 && ioctl(terminal, 0x4004_5431, &unlocked) == 0 && ioctl(terminal, 0x8004_5430, &number) == 0)
        let side = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        #expect(isatty(side) == 1)
        var settings = termios()
        tcgetattr(side, &settings)
        cfmakeraw(&settings)
        tcsetattr(side, TCSANOW, &settings)
        let shown = String(decoding: try written(to: side, readingFrom: terminal), as: UTF8.self)
        #expect(shown == Self.header + "2026-03-02,lunch,esc␛[31m csi\u{FFFD}31m nel\u{FFFD} tab␉here,one␊two␍three,,,,,\r\n")
    }

    @Test func toAPipeTheFieldsAreAsStored() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let bytes = try written(to: ends[1], readingFrom: ends[0])
        #expect(String(decoding: bytes, as: UTF8.self)
            == Self.header + "2026-03-02,lunch,esc\u{1B}[31m csi\u{9B}31m nel\u{85} tab\there,\"one\ntwo\rthree\",,,,,\r\n")
    }

    /// The shopping list's fields: shown when asked (standard output a terminal), else as stored.
    @Test func aFieldOfAnotherTableIsShownOnlyForATerminal() {
        #expect(CSVMealWriter.field("oil\u{1B}]0;x\u{7} \u{9B}", showingControls: true) == "oil␛]0;x␇ \u{FFFD}")
        #expect(CSVMealWriter.field("oil\u{1B}, salt", showingControls: false) == "\"oil\u{1B}, salt\"")
    }
}
