/// A meal as it is read to be written out: every field of `Meal`, its texts as UTF-8 bytes
/// borrowed from where they lie (the row SQLite has just read, or a `Meal`'s own strings), so
/// valid only inside the call that hands it over.
///
/// An export of a million meals reads them so: the CSV writer copies the bytes straight into
/// its buffer, where making a `Meal` of Swift strings for every row was most of the export's
/// own work (see Benchmarks/cli-vs-sqlite3.sh). A writer that needs strings makes the
/// `Meal` (`Meal(_:)`).
public struct MealRowView {
    public let id: Int64?
    public let uid: ItemUID?
    public let day: Day
    public let slot: UnsafeBufferPointer<UInt8>
    public let position: Int
    public let title: UnsafeBufferPointer<UInt8>
    /// `nil` when the meal has none, as `recipe`.
    public let note: UnsafeBufferPointer<UInt8>?
    public let recipe: UnsafeBufferPointer<UInt8>?
    public let servings: Double?
    public let occurrence: Occurrence?
    public let status: MealStatus
    public let leftoversOf: Int64?
    public let eaters: Double?
    /// For leftovers, their source as the exchange formats name it, read beside the row when a
    /// writer needs it (`nil` otherwise): its UID (JSON, iCalendar), or its day and slot (CSV,
    /// which has no ids or UIDs).
    public let leftoversSource: LeftoversSource?

    public init(
        id: Int64?, uid: ItemUID?, day: Day, slot: UnsafeBufferPointer<UInt8>, position: Int, title: UnsafeBufferPointer<UInt8>,
        note: UnsafeBufferPointer<UInt8>?, recipe: UnsafeBufferPointer<UInt8>?, servings: Double?, occurrence: Occurrence?,
        status: MealStatus, leftoversOf: Int64?, eaters: Double?, leftoversSource: LeftoversSource? = nil
    ) {
        self.id = id
        self.uid = uid
        self.day = day
        self.slot = slot
        self.position = position
        self.title = title
        self.note = note
        self.recipe = recipe
        self.servings = servings
        self.occurrence = occurrence
        self.status = status
        self.leftoversOf = leftoversOf
        self.eaters = eaters
        self.leftoversSource = leftoversSource
    }
}

/// The meal leftovers come from, as a file names it to another plan, where ids differ: by its
/// UID; in a flat file without UIDs, by its day and slot ("2026-11-23 dinner"); in a whole
/// plan's file, whose meals keep their ids, also by its id.
public struct LeftoversSource: Hashable, Sendable {
    public var uid: ItemUID?
    public var day: Day?
    public var slot: String?
    public var id: Int64?

    public init(uid: ItemUID? = nil, day: Day? = nil, slot: String? = nil, id: Int64? = nil) {
        self.uid = uid
        self.day = day
        self.slot = slot
        self.id = id
    }

    /// The source as a person reads it in a message: its UID, id, or place.
    public var text: String {
        if let uid { return uid.text }
        if let id { return "meal \(id)" }
        return place ?? ""
    }

    /// The day and slot, as a flat file writes them and a person reads them: "2026-11-23 dinner".
    public var place: String? {
        guard let day, let slot else { return nil }
        return "\(day.iso) \(slot)"
    }
}

extension Meal {
    /// The meal the view shows, its texts copied into strings.
    public init(_ row: MealRowView) {
        self.init(
            id: row.id, uid: row.uid, day: row.day, slot: String(decoding: row.slot, as: UTF8.self), position: row.position,
            title: String(decoding: row.title, as: UTF8.self), note: row.note.map { String(decoding: $0, as: UTF8.self) },
            recipe: row.recipe.map { String(decoding: $0, as: UTF8.self) }, servings: row.servings, occurrence: row.occurrence,
            status: row.status, leftoversOf: row.leftoversOf, eaters: row.eaters)
    }

    /// Calls `body` with a view of this meal, over its own strings. Inlinable, so that the CSV
    /// writer's call is specialized for it (a list may write millions of repeat occurrences).
    @inlinable
    public func withRowView<Result, Failure: Error>(_ body: (MealRowView) throws(Failure) -> Result) throws(Failure) -> Result {
        var slot = slot, title = title
        let result = slot.withUTF8 { slot in
            title.withUTF8 { title in
                withOptionalUTF8(note) { note in
                    withOptionalUTF8(recipe) { recipe in
                        Swift.Result { () throws(Failure) in
                            try body(MealRowView(
                                id: id, uid: uid, day: day, slot: slot, position: position, title: title, note: note,
                                recipe: recipe, servings: servings, occurrence: occurrence,
                                status: status, leftoversOf: leftoversOf, eaters: eaters))
                        }
                    }
                }
            }
        }
        return try result.get()
    }
}

/// `body` given the UTF-8 bytes of `text`, or nil when there is no text.
@usableFromInline
func withOptionalUTF8<Result>(_ text: String?, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
    guard var string = text else { return body(nil) }
    return string.withUTF8 { body($0) }
}
