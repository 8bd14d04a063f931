import Foundation

/// One person's computer set up as the guide's "Sharing" chapter says: a home folder of its own
/// holding the guide's vdirsyncer config, the address of `server` for the guide's `localhost`,
/// and the guide's khal config; `vdirsyncer discover` has run, so the vdir is there.
///
/// vdirsyncer and khal run with that folder as `HOME` and nothing of the test's environment but
/// `PATH`, each run bounded in time and with nothing on standard input, so a question it asks
/// fails the test instead of waiting.
public final class VdirsyncerHome: Sendable {
    private let folder = TemporaryFolder()
    /// The folder of one `.ics` file per item that vdirsyncer keeps the same as the calendar on
    /// the server and khal reads: the calendar of the guide's khal config.
    public let vdir: String
    /// The longest one vdirsyncer or khal run may take.
    public static let timeLimitSeconds = 60

    public var home: String { folder.path }

    public init(server: RadicaleServer) throws {
        let vdirsyncerConfig = try GuideSharing.replacing("\"http://localhost:5232/\"", with: "\"\(server.url)\"",
                                                          in: GuideSharing.file("~/.config/vdirsyncer/config"))
        let khalConfig = try GuideSharing.file("~/.config/khal/config")
        try folder.write(vdirsyncerConfig, to: ".config/vdirsyncer/config")
        try folder.write(khalConfig, to: ".config/khal/config")
        guard let path = khalConfig.components(separatedBy: "\n").first(where: { $0.hasPrefix("path = ~/") }) else {
            throw GuideChanged(what: "a khal calendar at `path = ~/…`")
        }
        vdir = folder.path + path.dropFirst("path = ~".count)
        try run(["vdirsyncer", "discover", "meals"]).succeeded()
    }

    /// The environment vdirsyncer and khal run in; `TZ` a zone of the test's choice.
    public func environment(zone: String = "UTC") -> [String: String] {
        ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "TZ": zone]
    }

    /// `vdirsyncer sync meals`: the vdir and the server's calendar made the same.
    public func sync() throws {
        try run(["vdirsyncer", "sync", "meals"]).succeeded()
    }

    /// What `khal arguments…` prints, in time zone `zone`.
    @discardableResult
    public func khal(_ arguments: [String], zone: String = "UTC") throws -> String {
        try run(["khal"] + arguments, zone: zone).succeeded()
    }

    /// Runs `command` in the home, bounded by `timeLimitSeconds`.
    public func run(_ command: [String], zone: String = "UTC") throws -> BoundedRun {
        try BoundedRun(command, environment: environment(zone: zone), in: home, within: Self.timeLimitSeconds)
    }
}
