"""A phone's calendar and task apps in the tests: the caldav client reaching a CalDAV server
as a household member's phone would, every request bounded in time (CalDAVPhone.swift runs it).

    python3 caldav-phone.py URL USER PASSWORD CALENDAR add-event YYYY-MM-DD SUMMARY
    python3 caldav-phone.py URL USER PASSWORD CALENDAR add-timed-event ZONE START END SUMMARY
    python3 caldav-phone.py URL USER PASSWORD CALENDAR times UID
    python3 caldav-phone.py URL USER PASSWORD CALENDAR complete-todo SUMMARY
    python3 caldav-phone.py URL USER PASSWORD CALENDAR list

add-event adds an all-day event, as typed on a phone, and prints its UID; add-timed-event adds
one from START to END (YYYY-MM-DDTHH:MM) in the time zone ZONE (Europe/Berlin), with its TZID,
and prints its UID; times prints the DTSTART and DTEND of the event UID as the server holds
them, each as ISO 8601 and its zone's name ("UTC", a TZID, or "floating"); complete-todo ticks
off the one open task with that summary, as a tasks app does (STATUS and COMPLETED); list
prints each event and task of the calendar as a JSON array, one a line, sorted:
[component, UID, DTSTART as written or null, SUMMARY, STATUS or null].
"""
import datetime
import json
import sys
import uuid
import zoneinfo

import caldav
import icalendar

url, user, password, calendar_id, action, *arguments = sys.argv[1:]
client = caldav.DAVClient(url=url, username=user, password=password, timeout=20)
calendar = client.principal().calendar(cal_id=calendar_id)

if action == "add-event":
    day, summary = arguments
    start = datetime.date.fromisoformat(day)
    uid = str(uuid.uuid4()).upper()
    calendar.add_event(uid=uid, dtstart=start, dtend=start + datetime.timedelta(days=1), summary=summary)
    print(uid)
elif action == "add-timed-event":
    zone, start, end, summary = arguments
    tz = zoneinfo.ZoneInfo(zone)
    uid = str(uuid.uuid4()).upper()
    calendar.add_event(uid=uid, dtstart=datetime.datetime.fromisoformat(start).replace(tzinfo=tz),
                       dtend=datetime.datetime.fromisoformat(end).replace(tzinfo=tz), summary=summary)
    print(uid)
elif action == "times":
    (uid,) = arguments
    event = calendar.event_by_uid(uid).icalendar_component
    for name in ("DTSTART", "DTEND"):
        value = event.decoded(name)
        zone = "date" if not isinstance(value, datetime.datetime) else (
            "floating" if value.tzinfo is None else str(getattr(value.tzinfo, "key", value.tzinfo)))
        print(name, value.isoformat(), zone)
elif action == "complete-todo":
    (summary,) = arguments
    matching = [todo for todo in calendar.todos() if str(todo.icalendar_component.get("SUMMARY")) == summary]
    if len(matching) != 1:
        sys.exit(f"{len(matching)} open tasks called {summary!r}")
    matching[0].complete()
elif action == "list":
    rows = []
    for item in calendar.objects(load_objects=True):
        for component in icalendar.Calendar.from_ical(item.data).walk():
            if component.name in ("VEVENT", "VTODO"):
                start = component.get("DTSTART")
                rows.append([component.name, str(component["UID"]), start.to_ical().decode() if start else None,
                             str(component.get("SUMMARY")), str(component["STATUS"]) if "STATUS" in component else None])
    for row in sorted(rows, key=json.dumps):
        print(json.dumps(row, ensure_ascii=False))
else:
    sys.exit(f"unknown action {action!r}")
