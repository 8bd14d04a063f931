import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A Radicale CalDAV server of its own for one test, as a household would run one: on
/// 127.0.0.1 only, at a port nothing else uses, with its files in a temporary folder that is
/// its home (`HOME`, so `~/` in its config is there). The server stops when the value goes away.
public final class RadicaleServer: @unchecked Sendable {
    /// The server's root, ending in a slash.
    public let url: String
    private let folder = TemporaryFolder()
    private let process = Process()

    /// A server any user name and password reach (`[auth] type = none`), each user only their
    /// own collections (`owner_only`), so `http://127.0.0.1:PORT/USER/` is a user's home.
    public convenience init(within limit: Duration = .seconds(30)) throws {
        try self.init(config: "config", within: limit) { port in
            ["config": """
                [server]
                hosts = 127.0.0.1:\(port)
                [auth]
                type = none
                [rights]
                type = owner_only
                [storage]
                filesystem_folder = ~/collections
                [logging]
                level = warning

                """]
        }
    }

    /// Starts a server whose home holds `files` (paths in the home to their text, made for the
    /// port the server gets), `config` among them its config file, and waits, at most `within`,
    /// until it accepts connections. The config must make it listen on 127.0.0.1 at that port.
    public init(config: String, within limit: Duration = .seconds(30), files: (_ port: UInt16) throws -> [String: String]) throws {
        let port = try Self.freePort()
        url = "http://127.0.0.1:\(port)/"
        for (path, text) in try files(port) { try folder.write(text, to: path) }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-m", "radicale", "--config", folder.file(config)]
        process.environment = ProcessInfo.processInfo.environment.merging(["HOME": folder.path]) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        _ = FileManager.default.createFile(atPath: folder.file("log"), contents: nil)
        process.standardError = FileHandle(forWritingAtPath: folder.file("log"))
        try process.run()
        let deadline = ContinuousClock.now + limit
        while !Self.accepts(port: port) {
            guard process.isRunning, ContinuousClock.now < deadline else {
                stop()
                let log = (try? String(contentsOfFile: folder.file("log"), encoding: .utf8)) ?? ""
                throw RadicaleDidNotStart(log: log)
            }
            usleep(20_000)
        }
    }

    deinit { stop() }

    /// Stops the server, as a computer switched off would (it stops anyway when the value goes).
    /// SIGKILL, not SIGTERM: a child starts with the signal mask of the test thread that made
    /// it, which may hold SIGTERM back for ever; the server keeps nothing that must be saved.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A port on 127.0.0.1 that the system has just handed out and taken back.
    private static func freePort() throws -> UInt16 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(socket, socketAddress, length) == 0 && getsockname(socket, socketAddress, &length) == 0
            }
        }
        guard bound else { throw RadicaleDidNotStart(log: "no free port on 127.0.0.1") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// 127.0.0.1 at `port` (0: any free port).
    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return address
    }

    /// Whether something accepts a TCP connection on 127.0.0.1 at `port`.
    private static func accepts(port: UInt16) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

/// The server did not come up; its log says why.
public struct RadicaleDidNotStart: Error, CustomStringConvertible {
    public let log: String
    public var description: String { "Radicale did not start: \(log)" }
}
