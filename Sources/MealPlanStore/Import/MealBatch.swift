import MealPlanCore

/// Checked meals on their way to the database, their text copied into one buffer, each text
/// followed by a NUL, and each meal's new UID (`ItemUID`, made here, on the thread that checks
/// the meals) as 16 bytes of the same buffer; a meal of a whole plan (`MealStore.importPlan`)
/// keeps its id, UID, position and link to a repeat instead.
///
/// Text bound NUL-terminated is read by SQLite in place; text bound with a length only is
/// copied once more (a malloc and a free per field) as soon as a CHECK constraint calls
/// `length` or `trim` on it. That copy was 6 % of an import's instructions.
public struct MealBatch: Sendable {
    /// One meal as the INSERT binds it.
    struct Entry {
        /// The id a meal of a whole plan keeps; `nil` for a new one.
        var id: Int64?
        var day: Int64
        var slotID: Int64
        /// Known once the importer placed the meal; `nil` when its INSERT asks the index.
        var position: Int64?
        var title: TextSpan
        var note: TextSpan?
        var recipe: TextSpan?
        var servings: Double?
        var status: MealStatus
        var eaters: Double?
        /// Where the meal's UID lies in `text`.
        var uid: Int
        /// The occurrence a meal of a whole plan replaces: its rule's id and day.
        var ruleID: Int64?
        var ruleDay: Int64?
        /// Where the meal is in its file (a line), for an error about this meal alone.
        var line: Int
    }

    /// Where a text lies in `text`, and the length to bind: -1 (read up to the NUL) unless the
    /// text itself holds a NUL, which only a caller other than the CSV reader can pass.
    struct TextSpan {
        var offset: Int
        var bindLength: Int32
    }

    /// Leftovers whose source is linked once every meal is in (`MealImporter.linkLeftovers`):
    /// the source may come later in the file, or be a meal the plan had.
    struct Link {
        var entry: Int
        var source: LeftoversSource
    }

    private(set) var entries: [Entry] = []
    private(set) var text: [UInt8] = []
    private(set) var links: [Link] = []

    /// An empty batch with room for `capacity` meals of typical length.
    public init(capacity: Int = 0) {
        entries.reserveCapacity(capacity)
        text.reserveCapacity(capacity * 48)
    }

    public var count: Int { entries.count }

    /// Adds `meal` (checked) in slot `slotID`: as a new meal with a new UID, or, `keepingIdentity`,
    /// as the meal of a whole plan that it is, with its id, UID (which it must have), position
    /// and occurrence. Leftovers of `source` (or of the meal's `leftoversOf`, a whole plan's
    /// id) are linked to it later.
    mutating func append(
        _ meal: Meal, slotID: Int64, keepingIdentity: Bool = false, line: Int = 0, leftoversOf source: LeftoversSource? = nil
    ) {
        if let source = source ?? meal.leftoversOf.map({ LeftoversSource(id: $0) }) {
            links.append(Link(entry: entries.count, source: source))
        }
        let uid = text.count
        (keepingIdentity ? meal.uid! : ItemUID.fresh()).append(to: &text)
        let title = store(meal.title)
        let note = meal.note.map { store($0) }
        let recipe = meal.recipe.map { store($0) }
        let kept = keepingIdentity ? meal : nil
        entries.append(Entry(
            id: kept?.id, day: Int64(meal.day.number), slotID: slotID, position: kept.map { Int64($0.position) }, title: title,
            note: note, recipe: recipe, servings: meal.servings, status: meal.status, eaters: meal.eaters, uid: uid, ruleID: kept?.occurrence?.rule,
            ruleDay: (kept?.occurrence?.day.number).map(Int64.init), line: line))
    }

    mutating func setPosition(_ position: Int64, at index: Int) {
        entries[index].position = position
    }

    public mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
        links.removeAll(keepingCapacity: true)
    }

    /// The UID of entry `index`, as made or kept.
    func uid(of index: Int) -> ItemUID {
        text.withUnsafeBytes { ItemUID.stored(UnsafeRawBufferPointer(rebasing: $0[entries[index].uid..<entries[index].uid + 16]))! }
    }

    private mutating func store(_ string: String) -> TextSpan {
        var string = string
        return string.withUTF8 { bytes in
            let span = TextSpan(offset: text.count, bindLength: bytes.contains(0) ? Int32(bytes.count) : -1)
            text.append(contentsOf: bytes)
            text.append(0)
            return span
        }
    }
}
