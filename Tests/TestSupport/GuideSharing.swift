import Foundation

/// The files of the guide's "Sharing" chapter, which the tests set a household up with: the
/// guide shows a person the very files the tests run, so it cannot show one that does not work.
///
/// A test changes only what a test must: the address the server listens on (127.0.0.1 at a port
/// of its own, for the guide's `0.0.0.0:5232`) and the address the clients reach it at.
public enum GuideSharing {
    static let repository = String(#filePath.dropLast("Tests/TestSupport/GuideSharing.swift".count))

    /// The text of the block that the guide writes to `path` (the block after its
    /// `<!-- file: PATH -->` line), with a line break at its end.
    public static func file(_ path: String) throws -> String {
        try block(what: "one block marked `<!-- file: \(path) -->`") { lines, fence in
            fence > 0 && lines[fence - 1] == "<!-- file: \(path) -->"
        }
    }

    /// The text of the `toml` block whose first line is `table` (`[sync]`): the settings the
    /// guide tells a person to add to their config file.
    public static func settings(_ table: String) throws -> String {
        try block("toml", startingWith: table)
    }

    /// The text of the one `language` block whose first line starts with `start`.
    public static func block(_ language: String, startingWith start: String) throws -> String {
        try block(what: "one \(language) block starting with \(start)") { lines, fence in
            lines[fence] == "```" + language && fence + 1 < lines.count && lines[fence + 1].hasPrefix(start)
        }
    }

    /// The text of the one fenced block of the guide whose opening fence (at index `fence` of
    /// `lines`) `isWanted`, with a line break at its end.
    private static func block(what: String, _ isWanted: ([String], Int) -> Bool) throws -> String {
        let guide = try String(contentsOfFile: repository + "docs/GUIDE.md", encoding: .utf8)
        let lines = guide.components(separatedBy: "\n")
        let fences = lines.indices.filter { lines[$0].hasPrefix("```") && lines[$0] != "```" && isWanted(lines, $0) }
        guard fences.count == 1, let fence = fences.first, let end = lines[(fence + 1)...].firstIndex(of: "```") else {
            throw GuideChanged(what: what)
        }
        return lines[(fence + 1)..<end].joined(separator: "\n") + "\n"
    }

    /// The household's account: the user name and password of the guide's users file.
    public static func account() throws -> (user: String, password: String) {
        let line = try file("~/.config/radicale/users").trimmingCharacters(in: .whitespacesAndNewlines)
        guard let colon = line.firstIndex(of: ":") else { throw GuideChanged(what: "a `user:password` users file") }
        return (String(line[..<colon]), String(line[line.index(after: colon)...]))
    }

    /// `text` with `old`, which must be there exactly once, replaced by `new`.
    static func replacing(_ old: String, with new: String, in text: String) throws -> String {
        let parts = text.components(separatedBy: old)
        guard parts.count == 2 else { throw GuideChanged(what: "`\(old)` once in\n\(text)") }
        return parts.joined(separator: new)
    }
}

/// The guide no longer holds what a test reads from it.
public struct GuideChanged: Error, CustomStringConvertible {
    let what: String
    public var description: String { "docs/GUIDE.md no longer has \(what)" }
}

extension RadicaleServer {
    /// A server set up by the guide's Radicale config and users file, listening on 127.0.0.1.
    public static func asTheGuideSetsItUp() throws -> RadicaleServer {
        // Paths in the server's home, which the guide writes as `~/…`.
        let config = ".config/radicale/config", users = ".config/radicale/users"
        return try RadicaleServer(config: config) { port in
            [config: try GuideSharing.replacing("hosts = 0.0.0.0:5232", with: "hosts = 127.0.0.1:\(port)",
                                                in: GuideSharing.file("~/" + config)),
             users: try GuideSharing.file("~/" + users)]
        }
    }
}
