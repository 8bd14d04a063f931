/// Texts hostile files are made of, for the tests of hostile files and hostile imports.

/// Ten mebibytes of one letter: a field no person writes, which must cost neither minutes
/// nor an absurd amount of memory.
public let runawayField = String(repeating: "x", count: 10 * 1024 * 1024)
public let twoRows = "date,slot,title,note\r\n2026-03-02,lunch,Soup,\r\n"

