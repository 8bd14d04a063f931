/// One item's file in a folder mealplan shares with other programs (a vdir, which vdirsyncer
/// keeps in step with a CalDAV server and khal and todoman read): how mealplan writes it, the
/// one way for every kind of item, a meal, a repeat or a shopping task.
///
/// 1. The item is built once, as components in memory: `ICalendarMealWriter.calendar(of:…)`
///    for a meal or a repeat (the export's own encoding, `ICalendarEventEncoder`, into a
///    `CalendarComponentBuilder` instead of a file), and for another kind its own builder of
///    an `ICalendarComponent`.
/// 2. It is merged over the file as the folder holds it, read and parsed once by the caller
///    (nil: there is none yet): `ICalendarComponent.written(over:kind:properties:)` replaces
///    what mealplan writes of the item (`properties`: `writtenProperties` for events,
///    `ICalendarTodo.writtenProperties` for tasks) and keeps every other property and
///    component of the file in its place; each component of `kind` becomes a revision
///    (`LAST-MODIFIED`, `SEQUENCE`) and names the file's revision (`revisionProperty`), so that
///    every version written differs from every earlier one in what vdirsyncer hashes.
/// 3. It is turned into text once (`ICalendarComponent.text`), the bytes the folder gets.
///
/// Nothing is written as text and parsed back: a new kind of item needs a builder of its
/// components and the set of properties it writes, and nothing else.
public enum ICalendarItemFile {
    /// The text of the file that takes the place of `old` (nil: a new file), holding `built`,
    /// as the type's description says.
    public static func text(
        of built: ICalendarComponent, over old: ICalendarComponent?, kind: String = "VEVENT",
        properties: Set<String> = ICalendarComponent.writtenProperties
    ) -> String {
        built.written(over: old, kind: kind, properties: properties).text
    }
}
