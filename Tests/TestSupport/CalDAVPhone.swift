import Foundation

/// A household member's phone: its calendar and tasks apps, played by the `caldav` client
/// (`caldav-phone.py` beside this file) on one calendar of a CalDAV server, each request bounded
/// in time.
public struct CalDAVPhone: Sendable {
    public let server: String
    public let user: String
    public let password: String
    /// The calendar's name on the server, the last part of its address.
    public let calendar: String

    static let script = String(#filePath.dropLast("CalDAVPhone.swift".count)) + "caldav-phone.py"

    public init(server: RadicaleServer, user: String, password: String, calendar: String) {
        self.server = server.url
        self.user = user
        self.password = password
        self.calendar = calendar
    }

    /// Adds an all-day event on `day` (`YYYY-MM-DD`) titled `summary`, as typed on a phone; its UID.
    @discardableResult
    public func addEvent(on day: String, _ summary: String) throws -> String {
        try run(["add-event", day, summary]).trimmingCharacters(in: .newlines)
    }

    /// Adds an event from `start` to `end` (`YYYY-MM-DDTHH:MM`) in the time zone `zone`
    /// ("Europe/Berlin"), written with its `TZID`, as a phone's calendar does; its UID.
    @discardableResult
    public func addEvent(in zone: String, from start: String, to end: String, _ summary: String) throws -> String {
        try run(["add-timed-event", zone, start, end, summary]).trimmingCharacters(in: .newlines)
    }

    /// The `DTSTART` and `DTEND` of the event `uid` as the server holds them, as Python's
    /// `icalendar` reads them: "DTSTART 2026-12-01T20:00:00+01:00 Europe/Berlin", one a line.
    public func times(of uid: String) throws -> [String] {
        try run(["times", uid]).split(separator: "\n").map(String.init)
    }

    /// Ticks off the one open task titled `summary`.
    public func completeTask(_ summary: String) throws {
        try run(["complete-todo", summary])
    }

    /// Each event and task of the calendar: component, UID, `DTSTART` as written (nil for a task
    /// without one), summary and status (nil when it has none); sorted.
    public func items() throws -> [[String?]] {
        try run(["list"]).split(separator: "\n").map {
            guard let row = try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Any] else { throw PhoneAnswer(line: String($0)) }
            return row.map { $0 as? String }
        }
    }

    @discardableResult
    private func run(_ action: [String]) throws -> String {
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"]
        return try BoundedRun(["python3", Self.script, server, user, password, calendar] + action, environment: environment,
                              in: FileManager.default.temporaryDirectory.path, within: 60).succeeded()
    }
}

/// A line of the phone's listing that is not a JSON array.
struct PhoneAnswer: Error, CustomStringConvertible {
    let line: String
    var description: String { "caldav-phone.py printed '\(line)', not a JSON array" }
}
