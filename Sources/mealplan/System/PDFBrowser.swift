import Glibc
import MealPlanCore
import PrintedWeek
import Settings
import TextHelpers

/// The program that turns the printed page into a PDF: a Chromium found on `PATH` (its
/// headless print), else WeasyPrint. The PDF is made whole under a hidden name beside the
/// destination and renamed in only once the browser finished and it reads as a PDF: a browser
/// that fails, hangs past its time limit or is killed leaves the destination as it was.
struct PDFBrowser {
    enum Kind {
        case chromium, weasyprint
    }

    let kind: Kind
    /// The program's path.
    let path: String

    /// The names looked for on `PATH`, in order: Chromium's, as Debian and others install
    /// it, then WeasyPrint's.
    static let candidates: [(name: String, kind: Kind)] = [
        ("chromium", .chromium), ("chromium-browser", .chromium), ("google-chrome", .chromium),
        ("google-chrome-stable", .chromium), ("weasyprint", .weasyprint),
    ]

    /// How long the browser may take when `MEALPLAN_BROWSER_TIMEOUT` does not say: a cold
    /// Chromium on a busy machine takes a few seconds.
    static let defaultTimeLimit = 60
    static let timeLimits = 1...3600

    /// The first of `candidates` on the `PATH` of `environment`; else the one line naming
    /// what to install, with its own exit status (69, EX_UNAVAILABLE).
    static func find(in environment: Environment) throws(CommandFailure) -> PDFBrowser {
        let folders = (environment["PATH"] ?? "").split(separator: ":").map { $0.isEmpty ? "." : String($0) }
        for candidate in candidates {
            for folder in folders where access(folder + "/" + candidate.name, X_OK) == 0 {
                return PDFBrowser(kind: candidate.kind, path: folder + "/" + candidate.name)
            }
        }
        throw CommandFailure("a PDF needs a browser on PATH: install chromium (or weasyprint), or write --output FILE.html",
                             status: .unavailable)
    }

    /// The time limit: `MEALPLAN_BROWSER_TIMEOUT` seconds, or the default.
    static func timeLimit(in environment: Environment) throws(CommandFailure) -> Int {
        guard let text = environment["MEALPLAN_BROWSER_TIMEOUT"], !text.isEmpty else { return defaultTimeLimit }
        guard let seconds = Int(text), timeLimits.contains(seconds) else {
            throw CommandFailure.usage("MEALPLAN_BROWSER_TIMEOUT must be a whole number of seconds from "
                                       + "\(timeLimits.lowerBound) to \(timeLimits.upperBound), not '\(text.messageExcerpt)'")
        }
        return seconds
    }

    /// Makes `destination` a PDF of `html`, within `seconds`.
    func makePDF(of html: String, at destination: String, within seconds: Int) throws(CommandFailure) {
        let work = try ScratchFolder()
        defer { work.remove() }
        let page = work.path + "/plan.html"
        try work.write(html, to: page)
        let absolute = destination.hasPrefix("/") ? destination : Self.currentFolder() + "/" + destination
        let partial = temporaryPath(beside: absolute, kind: "partial")
        var madeWhole = false
        defer { if !madeWhole { unlink(partial) } }
        let end = runProcess(arguments(page: page, pdf: partial, profile: work.path + "/profile"), output: .discarded,
                             timeLimit: .seconds(seconds))
        let name = path.split(separator: "/").last.map(String.init) ?? path
        switch end {
        case .exited(0): break
        case .exited(127): throw CommandFailure("cannot start \(path.terminalVisible)", status: .unavailable)
        case .exited(let status): throw CommandFailure("\(name) could not make the PDF (exit status \(status))", status: .failure)
        case .killed(let signal): throw CommandFailure("\(name) was stopped by signal \(signal) making the PDF", status: .failure)
        case .timedOut:
            throw CommandFailure("\(name) did not make the PDF within \(seconds) s (MEALPLAN_BROWSER_TIMEOUT) and was stopped",
                                 status: .failure)
        }
        guard Self.isPDF(partial) else { throw CommandFailure("\(name) finished but made no PDF", status: .failure) }
        guard rename(partial, absolute) == 0 else {
            throw CommandFailure("cannot write '\(destination.terminalVisible)': \(systemErrorText(errno))", status: .ioError)
        }
        madeWhole = true
    }

    /// The browser's command line. Chromium prints headless without its own header and
    /// footer, in a profile of its own that is thrown away, with its background services on
    /// the network off. The page's own policy forbids scripts and loads (turning scripts off
    /// in Chromium's settings stops its headless print altogether); its sandbox is off because
    /// it cannot start as root or in many containers, and the page is mealplan's own.
    private func arguments(page: String, pdf: String, profile: String) -> [String] {
        switch kind {
        case .chromium:
            [path, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-crash-reporter", "--user-data-dir=" + profile,
             "--no-pdf-header-footer", "--print-to-pdf=" + pdf, "file://" + page]
        case .weasyprint:
            [path, "--quiet", page, pdf]
        }
    }

    /// Whether `path` is a file that begins as every PDF does.
    private static func isPDF(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 5)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 5) }
        return count == 5 && header == Array("%PDF-".utf8)
    }

    private static func currentFolder() -> String {
        guard let folder = getcwd(nil, 0) else { return "." }
        defer { free(folder) }
        return String(cString: folder)
    }
}

/// A folder of mealplan's own under `TMPDIR` (else `/tmp`), for the page the browser reads and
/// the profile it writes, removed whole after.
private struct ScratchFolder {
    let path: String

    init() throws(CommandFailure) {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/mealplan-print-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw CommandFailure("cannot make a folder in \(base.terminalVisible): \(systemErrorText(errno))", status: .ioError)
        }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func write(_ text: String, to file: String) throws(CommandFailure) {
        let descriptor = open(file, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CommandFailure("cannot write \(file): \(systemErrorText(errno))", status: .ioError) }
        defer { close(descriptor) }
        if let failed = writeAll(text, to: descriptor) { throw CommandFailure("cannot write \(file): \(systemErrorText(failed))", status: .ioError) }
    }

    /// Removes the folder and everything in it (the browser's profile is a tree of its own),
    /// never following a link.
    func remove() {
        Self.remove(path, depth: 0)
    }

    private static func remove(_ path: String, depth: Int) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFDIR, depth < 64 else {
            unlink(path)
            return
        }
        var names: [String] = []
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
        }
        for name in names { remove(path + "/" + name, depth: depth + 1) }
        rmdir(path)
    }
}
