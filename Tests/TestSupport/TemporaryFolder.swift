import Foundation

/// A new, empty folder under the system's temporary directory, removed with everything in it
/// when the value goes away.
public final class TemporaryFolder: Sendable {
    public let path: String

    public init() {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("mealplan-test-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` inside the folder (a path, its folders made as needed).
    public func write(_ text: String, to name: String) throws {
        try FileManager.default.createDirectory(atPath: (file(name) as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: file(name), atomically: true, encoding: .utf8)
    }
}
