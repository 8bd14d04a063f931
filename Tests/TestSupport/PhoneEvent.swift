/// An event as a phone's calendar app makes it: all day on `day` (YYYYMMDD), with no
/// X-MEALPLAN- property, so that mealplan must take its slot from the title.
public func phoneEvent(uid: String, day: String, title: String) -> String {
    """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//A phone//EN\r
    BEGIN:VEVENT\r
    UID:\(uid)\r
    DTSTAMP:20260301T100000Z\r
    DTSTART;VALUE=DATE:\(day)\r
    SUMMARY:\(title)\r
    END:VEVENT\r
    END:VCALENDAR\r

    """
}
