import Foundation
import TestSupport
import Testing

/// A PDF that `mealplan print` made, as poppler-utils read it: `pdfinfo`'s pages and paper,
/// `pdftotext`'s words with their boxes, and a page's picture at 96 dpi (`pdftoppm`), in which
/// the grid's ruled lines are found. Nothing here knows how mealplan laid the page out: the
/// cells are where the rules are drawn, the words where the PDF puts them.
struct PrintedPDF {
    /// A box in pixels at 96 dpi, from the page's top left.
    struct Box: CustomStringConvertible {
        var minX, minY, maxX, maxY: Double
        var midX: Double { (minX + maxX) / 2 }
        var midY: Double { (minY + maxY) / 2 }
        var description: String { String(format: "(%.1f, %.1f)–(%.1f, %.1f)", minX, minY, maxX, maxY) }
    }

    struct Word {
        let text: String
        let box: Box

        /// `words` in reading order, as their text: lines top to bottom (words of one line,
        /// whatever their font, have their middles close), each left to right.
        static func reading(_ words: [Word]) -> [String] {
            var lines: [[Word]] = []
            for word in words.sorted(by: { $0.box.midY < $1.box.midY }) {
                if let first = lines.last?.first,
                   abs(word.box.midY - first.box.midY) < 0.4 * min(word.box.maxY - word.box.minY, first.box.maxY - first.box.minY) {
                    lines[lines.count - 1].append(word)
                } else {
                    lines.append([word])
                }
            }
            return lines.flatMap { $0.sorted { $0.box.minX < $1.box.minX }.map(\.text) }
        }
    }

    /// One ruled line: where its pixels start and end across it (a rule is a pixel or two wide).
    struct Rule {
        var from, to: Double
    }

    /// The rules of a page's grid, left to right and top to bottom.
    struct Grid {
        let columns: [Rule]
        let rows: [Rule]

        /// The cell (column, row, counted from 0) whose inside holds the middle of `box`.
        func cell(of box: Box) -> (column: Int, row: Int)? {
            guard let column = columns.indices.dropLast().first(where: { columns[$0].to <= box.midX && box.midX <= columns[$0 + 1].from }),
                  let row = rows.indices.dropLast().first(where: { rows[$0].to <= box.midY && box.midY <= rows[$0 + 1].from })
            else { return nil }
            return (column, row)
        }

        /// Whether `box` lies inside that cell, touching none of its rules (`slack` pixels
        /// allowed for the rounding of a font's box). Across, the whole box; down, its middle:
        /// `pdftotext` makes a word as tall as its font's ascent and descent, which for some
        /// fonts (WenQuanYi's, which draws Korean here) reach far above and below the line.
        func holds(_ box: Box, in cell: (column: Int, row: Int), slack: Double = 1) -> Bool {
            box.minX >= columns[cell.column].to - slack && box.maxX <= columns[cell.column + 1].from + slack
                && box.midY > rows[cell.row].to + 2 && box.midY < rows[cell.row + 1].from - 2
        }

        var outside: Box { Box(minX: columns.first!.from, minY: rows.first!.from, maxX: columns.last!.to, maxY: rows.last!.to) }
    }

    let path: String
    let pages: Int
    /// The paper in points, as `pdfinfo` gives it ("841.92 x 594.96 pts (A4)"), and its name.
    let paper: String
    /// Each page's words, and its size in pixels.
    let words: [[Word]]
    let pageSizes: [(width: Double, height: Double)]

    init(_ path: String) throws {
        self.path = path
        let info = try Self.run("pdfinfo", [path])
        pages = Int(Self.field("Pages", in: info) ?? "") ?? 0
        paper = Self.field("Page size", in: info) ?? ""
        let layout = try Self.run("pdftotext", ["-bbox-layout", path, "-"])
        var words: [[Word]] = [], sizes: [(Double, Double)] = []
        let pixels = 96.0 / 72
        for page in layout.components(separatedBy: "<page ").dropFirst() {
            let size = Self.numbers(in: page.prefix { $0 != ">" }, ["width", "height"])
            sizes.append((size[0] * pixels, size[1] * pixels))
            words.append(page.components(separatedBy: "<word ").dropFirst().map { element in
                let box = Self.numbers(in: element.prefix { $0 != ">" }, ["xMin", "yMin", "xMax", "yMax"]).map { $0 * pixels }
                let text = element.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }
                return Word(text: Self.unescaped(String(text)), box: Box(minX: box[0], minY: box[1], maxX: box[2], maxY: box[3]))
            })
        }
        self.words = words
        pageSizes = sizes
    }

    /// The text of `page` (from 1; every page when nil), as `pdftotext` reads it.
    func text(page: Int? = nil) throws -> String {
        try Self.run("pdftotext", (page.map { ["-f", "\($0)", "-l", "\($0)"] } ?? []) + [path, "-"])
    }

    /// The ruled lines of `page` (from 1) in its picture at 96 dpi: columns of pixels with a
    /// dark run down a quarter of the page or more, and rows of them across a quarter of it.
    func grid(page: Int) throws -> Grid {
        let base = FileManager.default.temporaryDirectory.path + "/mealplan-test-\(UUID().uuidString)"
        _ = try Self.run("pdftoppm", ["-gray", "-r", "96", "-f", "\(page)", "-l", "\(page)", "-singlefile", path, base])
        defer { try? FileManager.default.removeItem(atPath: base + ".pgm") }
        let image = try GrayImage(Data(contentsOf: URL(fileURLWithPath: base + ".pgm")))
        let columns = Self.rules((0..<image.width).map { x in image.longestDarkRun(alongColumn: x) }, atLeast: image.height / 4)
        let rows = Self.rules((0..<image.height).map { y in image.longestDarkRun(alongRow: y) }, atLeast: image.width / 4)
        return Grid(columns: columns, rows: rows)
    }

    /// Runs of neighbouring positions whose longest dark run is at least `length`, as rules.
    private static func rules(_ runs: [Int], atLeast length: Int) -> [Rule] {
        var rules: [Rule] = []
        for (position, run) in runs.enumerated() where run >= length {
            if let last = rules.last, last.to + 1 >= Double(position) {
                rules[rules.count - 1].to = Double(position + 1)
            } else {
                rules.append(Rule(from: Double(position), to: Double(position + 1)))
            }
        }
        return rules
    }

    private static func field(_ name: String, in info: String) -> String? {
        info.split(separator: "\n").first { $0.hasPrefix(name + ":") }
            .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
    }

    private static func numbers(in attributes: Substring, _ names: [String]) -> [Double] {
        names.map { name in
            guard let range = attributes.range(of: " \(name)=\"") ?? attributes.range(of: "\(name)=\"") else { return .nan }
            return Double(attributes[range.upperBound...].prefix { $0 != "\"" }) ?? .nan
        }
    }

    private static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// What a poppler tool prints; a failure stops the test.
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let folder = NSTemporaryDirectory()
        let result = try BoundedRun([tool] + arguments, environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], in: folder, within: 120)
        return try result.succeeded()
    }
}

/// A binary PGM (P5, 8 bits), as `pdftoppm -gray` writes it.
private struct GrayImage {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    /// Darker than this is ink: a rule's pixels, drawn in black and smoothed, are well below it.
    static let dark: UInt8 = 160

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        var fields: [Int] = [], index = 2
        while fields.count < 3 {
            while bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
            var number = 0
            while bytes[index] >= 0x30 && bytes[index] <= 0x39 { number = number * 10 + Int(bytes[index] - 0x30); index += 1 }
            fields.append(number)
        }
        try #require(bytes.starts(with: Array("P5".utf8)) && fields[2] == 255, "not an 8-bit PGM")
        (width, height) = (fields[0], fields[1])
        pixels = Array(bytes[(index + 1)...])
        try #require(pixels.count == width * height)
    }

    func longestDarkRun(alongColumn x: Int) -> Int {
        longestRun(count: height) { pixels[$0 * width + x] < Self.dark }
    }

    func longestDarkRun(alongRow y: Int) -> Int {
        longestRun(count: width) { pixels[y * width + $0] < Self.dark }
    }

    private func longestRun(count: Int, isDark: (Int) -> Bool) -> Int {
        var longest = 0, current = 0
        for index in 0..<count {
            current = isDark(index) ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}
