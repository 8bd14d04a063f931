import MealPlanCore
import Settings

/// Fuzzes the settings files' reader (`config.toml`, `pantry.conf`) and `aisle.conf`'s: every
/// input is read or refused with one line naming a line of the text (and, for the config
/// file, the file); no two keys of a table read differ only in case; no nesting exhausts the
/// stack.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTOML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = max(text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count, 1)
    do {
        let document = try TOMLSubset(text)
        var seen: Set<String> = []
        for entry in document.entries {
            FuzzCheck.require(seen.insert(entry.table.lowercased() + "\u{0}" + entry.key.lowercased()).inserted,
                              "a key is read once, in any case", "key: \(entry.table).\(entry.key)")
            FuzzCheck.require(entry.line >= 1 && entry.line <= lines, "an entry's line is in the text", "line \(entry.line)")
        }
    } catch {
        FuzzCheck.requireOneLine(error.message)
        FuzzCheck.require(error.line >= 1 && error.line <= lines, "an error names a line of the text", "line \(error.line) of \(lines)")
    }
    do {
        _ = try PantryConfig.parse(text)
    } catch {
        check(error, lines: lines)
    }
    do {
        _ = try AisleConfig.parse(text)
    } catch {
        check(error, lines: lines)
    }
    do {
        _ = try ConfigFile.parse(text, path: "/fuzz/config.toml", home: "/home")
    } catch {
        FuzzCheck.requireOneLine(error.message)
        FuzzCheck.require(error.message.hasPrefix("config file '/fuzz/config.toml': line "), "an error names the file and a line", error.message)
    }
    return 0
}

private func check(_ error: ConfigError, lines: Int) {
    FuzzCheck.requireOneLine(error.message)
    FuzzCheck.require(error.line >= 1 && error.line <= lines, "an error names a line of the text", "line \(error.line) of \(lines)")
}
