import MealPlanExchange

/// One JSON document on standard output, written by `JSONWriter` as it goes (`shop`, `recipe`).
enum JSONOutput {
    /// Calls `write` with a writer to standard output, then ends the document. What `print`
    /// buffered goes out first, so the two never interleave; a failed write throws an I/O error.
    static func write(_ write: (inout JSONWriter) throws -> Void) throws {
        try StandardOutput.flush()
        var json = JSONWriter(fileDescriptor: 1)
        do {
            try write(&json)
            try json.finish()
        } catch let error as OutputWriteError {
            throw StandardOutput.failure(reason: error.reason)
        }
    }
}
