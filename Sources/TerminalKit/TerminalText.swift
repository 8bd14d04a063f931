// Text as a terminal shows it: what may reach the screen, and how many columns it takes.
//
// Widths are glibc's wcwidth under C.UTF-8 (see TerminalWidthTable.swift), because ncursesw
// measures with exactly that function; any other source would let columns drift. Every
// function here first makes its text visible, so widths are always those of what is drawn.

extension Unicode.Scalar {
    /// Columns glibc's wcwidth gives this scalar (0, 1 or 2), or nil when it is not printable.
    var glibcWidth: Int? {
        let code = value
        if code >= 0x20 && code < 0x7F { return 1 }
        var low = 0
        var high = terminalWidthRuns.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if terminalWidthRuns[middle] >> 2 <= code { low = middle } else { high = middle - 1 }
        }
        let widthClass = Int(terminalWidthRuns[low] & 3)
        return widthClass == 3 ? nil : widthClass
    }

    /// What a terminal is given in place of this scalar: itself, a visible stand-in, or
    /// nothing. C0 controls and DEL become their Control Pictures (ESC → ␛, tab → ␉, line
    /// feed → ␊), C1 controls and other non-printable scalars become U+FFFD, and the bidi
    /// formatting controls (embeddings, overrides, isolates, LRM/RLM/ALM) are dropped so no
    /// terminal that implements bidi can reorder the screen; they take no columns anyway.
    var terminalVisible: Unicode.Scalar? {
        switch value {
        case 0x20..<0x7F: return self
        case 0x00..<0x20: return Unicode.Scalar(0x2400 + value)
        case 0x7F: return "\u{2421}"
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return nil
        default: return glibcWidth == nil ? "\u{FFFD}" : self
        }
    }

    /// Columns this scalar takes once made visible.
    var shownWidth: Int { terminalVisible?.glibcWidth ?? 0 }
}

extension Character {
    /// Columns this grapheme takes once visible: the sum of its scalars' widths, as ncurses
    /// places each spacing scalar in its own cell and attaches zero-width ones to it.
    public var terminalWidth: Int {
        unicodeScalars.reduce(0) { $0 + $1.shownWidth }
    }
}

extension String {
    /// This text with every control character shown as a symbol and bidi controls removed,
    /// so nothing in it can be interpreted by a terminal (escape sequences appear as ␛[…).
    public var terminalVisible: String {
        // Printable ASCII, most text, is shown as it is: no scalar of it changes.
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return self }
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if let shown = scalar.terminalVisible { scalars.append(shown) }
        }
        return String(scalars)
    }

    /// Columns this text takes on a terminal once made visible (wide CJK and emoji count 2,
    /// combining marks and zero-width characters 0), exactly as ncursesw will place it.
    public var terminalWidth: Int {
        unicodeScalars.reduce(0) { $0 + $1.shownWidth }
    }

    /// Whether the visible text takes at most `width` columns; only the part up to the edge is
    /// measured.
    public func fits(inWidth width: Int) -> Bool {
        var used = 0
        for scalar in unicodeScalars {
            used += scalar.shownWidth
            if used > width { return false }
        }
        return true
    }

    /// The visible text, cut to at most `width` columns with "…" at the end when it does not
    /// fit (spaces before the "…" are left out: "very…", not "very …"). Never splits a
    /// grapheme; the result may be a column short when a wide character would straddle the edge.
    public func truncated(toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        // Text that fits, a column of a table, is only made visible: measured by scalar, not
        // broken into graphemes (a grapheme's width is its scalars').
        if fits(inWidth: width) { return terminalVisible }
        // Only the graphemes up to the first one past the edge can show: a megabyte of note
        // costs no more than a line of it.
        var used = 0
        let end = firstIndex { character in
            used += character.terminalWidth
            return used > width
        }
        let shown = (end.map { String(self[...$0]) } ?? self).terminalVisible
        if shown.terminalWidth <= width { return shown }
        var kept = shown.prefix(columns: width - 1).text
        while kept.last == " " { kept.removeLast() }
        return String(kept) + "…"
    }

    /// The visible text truncated to `width` columns and padded with spaces to exactly that
    /// width, for aligned columns.
    public func padded(toWidth width: Int) -> String {
        let fitted = truncated(toWidth: width)
        return fitted + String(repeating: " ", count: max(0, width - fitted.terminalWidth))
    }

    /// The visible text wrapped to lines of at most `width` columns: line feeds (and CR LF)
    /// start a new line, lines break at spaces (a run of spaces counts as one and disappears
    /// at a break), and a word wider than a line is broken between graphemes. A single
    /// grapheme wider than `width` gets a line of its own. Every paragraph gives at least
    /// one line, possibly empty; a width below 1 gives no lines.
    public func wrapped(toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var line = ""
            var lineWidth = 0
            var lineHasWord = false
            for word in String(paragraph).terminalVisible.split(separator: " ") {
                let wordWidth = String(word).terminalWidth
                if lineHasWord && lineWidth + 1 + wordWidth <= width {
                    line += " "
                    line += word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineHasWord { lines.append(line) }
                var rest = Substring(word)
                var restWidth = wordWidth
                while restWidth > width {
                    let (head, headWidth) = rest.prefix(columns: width)
                    let taken = head.isEmpty ? rest.prefix(1) : head
                    let takenWidth = head.isEmpty ? String(taken).terminalWidth : headWidth
                    lines.append(String(taken))
                    rest = rest.dropFirst(taken.count)
                    restWidth -= takenWidth
                }
                line = String(rest)
                lineWidth = restWidth
                lineHasWord = !rest.isEmpty
            }
            lines.append(line)
        }
        return lines
    }
}

extension StringProtocol {
    /// The longest run of whole graphemes from the start that fits in `columns`, and its width.
    func prefix(columns: Int) -> (text: SubSequence, width: Int) {
        var width = 0
        var end = startIndex
        for character in self {
            let next = width + character.terminalWidth
            if next > columns { break }
            width = next
            end = index(after: end)
        }
        return (self[startIndex..<end], width)
    }
}
