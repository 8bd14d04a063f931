import Foundation

/// The executable `name` that SwiftPM built beside the running test bundle (in the same folder
/// on Linux; next to the `.xctest` bundle where that is a folder of its own).
public func builtExecutable(_ name: String) -> URL {
    let candidates = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    for folder in candidates {
        for url in [folder.appendingPathComponent(name), folder.deletingLastPathComponent().appendingPathComponent(name)]
        where FileManager.default.isExecutableFile(atPath: url.path) {
            return url
        }
    }
    fatalError("the \(name) binary was not found next to the test bundle")
}
