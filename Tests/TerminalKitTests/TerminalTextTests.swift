import Glibc
import Testing
@testable import TerminalKit

@Suite struct TerminalWidthTests {
    /// glibc's wcwidth, which Glibc's Swift module does not export.
    private typealias WidthFunction = @convention(c) (wchar_t) -> Int32

    @Test func widthTableMatchesGlibc() throws {
        let symbol = try #require(dlsym(dlopen(nil, RTLD_NOW), "wcwidth"))
        let wcwidth = unsafeBitCast(symbol, to: WidthFunction.self)
        // uselocale is per thread, so the test changes no other test's locale.
        let utf8 = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil))
        let previous = uselocale(utf8)
        defer {
            uselocale(previous)
            freelocale(utf8)
        }
        var mismatches: [String] = []
        for code in UInt32(0)..<0x110000 {
            guard let scalar = Unicode.Scalar(code) else { continue }
            let glibc = Int(wcwidth(wchar_t(bitPattern: code)))
            let table = scalar.glibcWidth ?? -1
            if glibc != table { mismatches.append("U+\(String(code, radix: 16)): glibc \(glibc), table \(table)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test(arguments: [
        ("abc", 3),
        ("", 0),
        ("日本", 4),
        ("한국어", 6),
        ("Ａ", 2),
        ("😀", 2),
        ("e\u{301}", 1),
        ("\u{200B}", 0),
        ("a\u{200D}b", 2),
        ("👨\u{200D}👩\u{200D}👧", 6),
        ("🇺🇸", 2),
        ("\u{1B}[31m", 5),
        ("\t", 1),
        ("x\u{202E}y", 2),
    ])
    func displayWidth(text: String, columns: Int) {
        #expect(text.terminalWidth == columns)
    }
}

@Suite struct VisibleTextTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a\u{1B}[31mb", "a␛[31mb"),
        ("\u{1B}]0;title\u{07}", "␛]0;title␇"),
        ("tab\there", "tab␉here"),
        ("line\nfeed\r", "line␊feed␍"),
        ("\u{0}", "␀"),
        ("\u{7F}", "␡"),
        ("\u{9B}31m", "\u{FFFD}31m"),
        ("\u{85}", "\u{FFFD}"),
        ("a\u{2028}b", "a\u{FFFD}b"),
        ("x\u{202E}y\u{2066}z\u{2069}\u{200F}", "xyz"),
        ("日本 e\u{301} 😀", "日本 e\u{301} 😀"),
    ])
    func madeVisible(text: String, shown: String) {
        #expect(text.terminalVisible == shown)
    }

    @Test func nothingATerminalInterpretsSurvives() {
        let bidiControls: Set<UInt32> = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                                         0x2066, 0x2067, 0x2068, 0x2069]
        var survivors: [UInt32] = []
        for code in UInt32(0)..<0x110000 {
            guard let scalar = Unicode.Scalar(code) else { continue }
            for shown in String(scalar).terminalVisible.unicodeScalars
            where shown.value < 0x20 || (0x7F...0x9F).contains(shown.value) || bidiControls.contains(shown.value)
                || shown.glibcWidth == nil {
                survivors.append(code)
            }
        }
        #expect(survivors.isEmpty)
    }

    @Test func makingVisibleTwiceChangesNothing() {
        let shown = "\u{1B}[2J\u{9B}\t\u{202E}日".terminalVisible
        #expect(shown.terminalVisible == shown)
    }
}

@Suite struct TruncationTests {
    @Test(arguments: [
        ("hello", 10, "hello"),
        ("hello", 5, "hello"),
        ("hello world", 8, "hello w…"),
        ("hello world", 7, "hello…"),
        ("a   b", 4, "a…"),
        ("abc", 0, ""),
        ("abc", 1, "…"),
        ("日本語テキスト", 7, "日本語…"),
        ("日本語テキスト", 6, "日本…"),
        ("e\u{301}e\u{301}e\u{301}x", 3, "e\u{301}e\u{301}…"),
        ("😀😀😀", 4, "😀…"),
        ("\u{1B}[1mbold", 4, "␛[1…"),
        // Text that fits is made visible whole: controls shown, bidi controls dropped.
        ("e\u{301}x", 2, "e\u{301}x"),
        ("a\u{200F}b\u{1B}", 3, "ab␛"),
        ("日本", 4, "日本"),
    ])
    func truncated(text: String, width: Int, expected: String) {
        let result = text.truncated(toWidth: width)
        #expect(result == expected)
        #expect(result.terminalWidth <= width)
    }

    /// `fits` agrees with the width of the whole text, which it measures only up to the edge.
    @Test(arguments: ["", "hello", "日本語", "e\u{301}x", "\u{1B}[1m", "a\u{200F}b", "😀😀"])
    func fitsAgreesWithTheWidth(text: String) {
        for width in 0...7 {
            #expect(text.fits(inWidth: width) == (text.terminalWidth <= width))
        }
    }

    @Test func aLongTextIsCutLikeItsStart() {
        let start = "leek 葱 soup with a long tail "
        let long = start + String(repeating: "x", count: 100_000)
        #expect(long.truncated(toWidth: 20) == (start + "x").truncated(toWidth: 20))
        #expect(long.truncated(toWidth: 40) == start + String(repeating: "x", count: 9) + "…")
    }

    @Test(arguments: [
        ("ab", 4, "ab  "),
        ("日本語", 6, "日本語"),
        ("日本語", 5, "日本…"),
        ("日本語", 4, "日… "),
        ("a\tb", 4, "a␉b "),
    ])
    func padded(text: String, width: Int, expected: String) {
        let result = text.padded(toWidth: width)
        #expect(result == expected)
        #expect(result.terminalWidth == width)
    }
}

@Suite struct WrappingTests {
    @Test(arguments: [
        ("the quick brown fox", 10, ["the quick", "brown fox"]),
        ("the quick brown fox", 9, ["the quick", "brown fox"]),
        ("the quick brown fox", 8, ["the", "quick", "brown", "fox"]),
        ("", 5, [""]),
        ("   ", 5, [""]),
        ("a   b", 10, ["a b"]),
        ("abcdefghij", 4, ["abcd", "efgh", "ij"]),
        ("see abcdefghij", 6, ["see", "abcdef", "ghij"]),
        ("日本語のテキスト", 5, ["日本", "語の", "テキ", "スト"]),
        ("a 日本語", 4, ["a", "日本", "語"]),
        ("😀😀 x", 3, ["😀", "😀", "x"]),
        ("e\u{301}e\u{301}e\u{301}", 2, ["e\u{301}e\u{301}", "e\u{301}"]),
        ("日x", 1, ["日", "x"]),
        ("one\ntwo three", 20, ["one", "two three"]),
        ("a\r\nb", 5, ["a", "b"]),
        ("a\n\nb", 5, ["a", "", "b"]),
        ("\u{1B}[2J boom", 10, ["␛[2J boom"]),
        ("a\tb", 5, ["a␉b"]),
        ("anything", 0, []),
    ])
    func wrapped(text: String, width: Int, expected: [String]) {
        #expect(text.wrapped(toWidth: width) == expected)
    }

    @Test func linesFitAndKeepEveryGrapheme() {
        let text = "Miso soup with 豆腐 and ネギ, then 😀 pancakes: e\u{301}clair—supercalifragilistic \u{1B}[0m"
        for width in 1...30 {
            let lines = text.wrapped(toWidth: width)
            for line in lines {
                #expect(line.terminalWidth <= width || line.count == 1, "width \(width): \(line)")
                #expect(!line.hasPrefix(" ") && !line.hasSuffix(" "))
            }
            let kept = lines.joined().filter { $0 != " " }
            #expect(kept == text.terminalVisible.filter { $0 != " " }, "width \(width)")
        }
    }
}
